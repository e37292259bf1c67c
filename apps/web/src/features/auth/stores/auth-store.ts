import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getCookie, removeCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { onUnauthorized } from '../../../lib/session-events';
import type { User } from '../types';

export const AUTH_STORAGE_KEY = 'auth-storage';

export type AuthState = {
  token: string | null;
  user: User | null;
  isLoading: boolean;
  isError: boolean;
  hasTriedFetchingUser: boolean;
  /** Spec §4 start-up: fetch the member once; no token means no user. */
  fetchUser: (load?: () => Promise<User>) => Promise<void>;
  /**
   * While the site stays open: the member again, for the notification dot. A failure keeps what
   * is shown (a network blip is no reason to look signed out; a 401 ends the session through the
   * HTTP client), and an answer that crossed a local change of the user is dropped.
   */
  refreshUser: (load?: () => Promise<User>) => Promise<void>;
  /** After login or register: the token is already in its cookie. */
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  /** After the notifications were marked read: the header dot goes. */
  markNotificationsSeen: () => void;
  /** Logout and any 401: the token cookie, token and user go. */
  clearSession: () => void;
};

// Loaded on demand: a visitor without a token never needs the HTTP client at start-up.
const loadUser = () => import('../api/get-user').then((m) => m.getUser());

const readToken = () => (typeof document === 'undefined' ? null : getCookie(TOKEN_COOKIE));

// Bumped by every local write of the user. A refresh that started before one (say, the dot
// cleared after the notifications were marked read) must not put back what it read earlier.
let userWrites = 0;
let refreshing: Promise<void> | null = null;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: readToken(),
      user: null,
      isLoading: false,
      isError: false,
      hasTriedFetchingUser: false,

      fetchUser: async (load = loadUser) => {
        if (get().isLoading) return;
        const token = readToken();
        if (!token) {
          set({ token: null, user: null, isLoading: false, isError: true, hasTriedFetchingUser: true });
          return;
        }
        set({ token, isLoading: true, isError: false });
        try {
          const user = await load();
          set({ user, isLoading: false, isError: false, hasTriedFetchingUser: true });
        } catch {
          set({ user: null, isLoading: false, isError: true, hasTriedFetchingUser: true });
        }
      },

      refreshUser: (load = loadUser) => {
        // One at a time: a focus and a timer firing together make one request.
        if (refreshing) return refreshing;
        const { token, user, isLoading } = get();
        if (!token || !user || isLoading) return Promise.resolve();
        const writes = userWrites;
        refreshing = load()
          .then(
            (fresh) => {
              if (writes === userWrites && get().token === token && get().user) set({ user: fresh });
            },
            () => undefined,
          )
          .finally(() => {
            refreshing = null;
          });
        return refreshing;
      },

      setSession: (token, user) => {
        userWrites++;
        set({ token, user, isLoading: false, isError: false, hasTriedFetchingUser: true });
      },

      setUser: (user) => {
        userWrites++;
        set({ user });
      },

      markNotificationsSeen: () => {
        const user = get().user;
        userWrites++;
        if (user) set({ user: { ...user, newNotifications: false, unreadNotifications: 0 } });
      },

      clearSession: () => {
        userWrites++;
        removeCookie(TOKEN_COOKIE);
        set({ token: null, user: null, isLoading: false });
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, user: s.user }),
      // The cookie is the truth for the token: a stored user without a token is no user.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Pick<AuthState, 'token' | 'user'>>;
        const token = readToken();
        return { ...current, token, user: token && p.token === token ? (p.user ?? null) : null };
      },
    },
  ),
);

// Spec §7: a 401 on any call ends the session, wherever the call was made.
onUnauthorized(() => useAuthStore.getState().clearSession());

/** Whether the start-up fetch should run now (spec §4: once per page load). */
export const shouldFetchUserOnStart = (s: Pick<AuthState, 'hasTriedFetchingUser' | 'isLoading'>) =>
  !s.hasTriedFetchingUser && !s.isLoading;
