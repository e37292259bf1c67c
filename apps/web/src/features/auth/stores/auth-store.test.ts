import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../../../lib/cookies';
import type { User } from '../types';
import { AUTH_STORAGE_KEY, shouldFetchUserOnStart, useAuthStore } from './auth-store';

const initial = useAuthStore.getState();
const member: User = { id: 7, name: 'سارا', email: 's@example.com', newNotifications: true };

beforeEach(() => {
  useAuthStore.setState({ ...initial, token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: false }, true);
});

describe('auth store start-up (spec §4)', () => {
  it('starts untried and asks for the start-up fetch exactly once', () => {
    const s = useAuthStore.getState();
    expect(s).toMatchObject({ user: null, isLoading: false, isError: false, hasTriedFetchingUser: false });
    expect(shouldFetchUserOnStart(s)).toBe(true);
    expect(shouldFetchUserOnStart({ hasTriedFetchingUser: true, isLoading: false })).toBe(false);
    expect(shouldFetchUserOnStart({ hasTriedFetchingUser: false, isLoading: true })).toBe(false);
  });

  it('no token cookie → user null and the error flag, without calling the API', async () => {
    const load = vi.fn<() => Promise<User>>();
    await useAuthStore.getState().fetchUser(load);
    expect(load).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isError: true, isLoading: false, hasTriedFetchingUser: true });
  });

  it('token and a successful fetch → the user is stored (and persisted)', async () => {
    document.cookie = 'token=tok-1; path=/';
    let resolve!: (u: User) => void;
    const pending = useAuthStore.getState().fetchUser(() => new Promise<User>((r) => (resolve = r)));
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-1', isLoading: true, isError: false });
    resolve(member);
    await pending;
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-1', user: member, isLoading: false, isError: false, hasTriedFetchingUser: true });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!).state).toEqual({ token: 'tok-1', user: member });
  });

  it('token and a failed fetch → user null and the error flag', async () => {
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.setState({ user: member });
    await useAuthStore.getState().fetchUser(() => Promise.reject(new Error('401')));
    expect(useAuthStore.getState()).toMatchObject({ user: null, isError: true, isLoading: false, hasTriedFetchingUser: true });
  });

  it('logout clears the token cookie, the token and the user', () => {
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.getState().setSession('tok-1', member);
    useAuthStore.getState().clearSession();
    expect(getCookie('token')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });
});

describe('auth store persistence', () => {
  it('restores the stored user only while the same token cookie exists', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: { token: 'tok-1', user: member }, version: 0 }));
    document.cookie = 'token=tok-1; path=/';
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-1', user: member });

    document.cookie = 'token=; Max-Age=0; path=/';
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });
});

describe('refreshing the member while the site is open', () => {
  const fresh: User = { ...member, newNotifications: true, unreadNotifications: 2 };

  it('replaces the user with the fresh one (the dot appears)', async () => {
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.getState().setSession('tok-1', { ...member, newNotifications: false });
    await useAuthStore.getState().refreshUser(() => Promise.resolve(fresh));
    expect(useAuthStore.getState().user).toEqual(fresh);
  });

  it('keeps what is shown when the call fails (a blip is not a sign-out)', async () => {
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.getState().setSession('tok-1', member);
    await useAuthStore.getState().refreshUser(() => Promise.reject(new Error('offline')));
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok-1', user: member, isError: false });
  });

  it('makes one request however many ask at once, and none for a visitor', async () => {
    const load = vi.fn(() => Promise.resolve(fresh));
    await useAuthStore.getState().refreshUser(load);
    expect(load).not.toHaveBeenCalled();
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.getState().setSession('tok-1', member);
    await Promise.all([useAuthStore.getState().refreshUser(load), useAuthStore.getState().refreshUser(load)]);
    expect(load).toHaveBeenCalledTimes(1);
    await useAuthStore.getState().refreshUser(load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that crossed the notifications being marked read', async () => {
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.getState().setSession('tok-1', member);
    let resolve!: (u: User) => void;
    const pending = useAuthStore.getState().refreshUser(() => new Promise<User>((r) => (resolve = r)));
    useAuthStore.getState().markNotificationsSeen();
    resolve(fresh);
    await pending;
    expect(useAuthStore.getState().user?.newNotifications).toBe(false);
  });

  it('drops an answer that arrives after logout', async () => {
    document.cookie = 'token=tok-1; path=/';
    useAuthStore.getState().setSession('tok-1', member);
    let resolve!: (u: User) => void;
    const pending = useAuthStore.getState().refreshUser(() => new Promise<User>((r) => (resolve = r)));
    useAuthStore.getState().clearSession();
    resolve(fresh);
    await pending;
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });
});
