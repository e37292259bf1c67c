import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { api } from './api-client';
import { getCookie } from './cookies';
import { onUnauthorized } from './session-events';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

/** Answers every call with `status`, remembering the request config. */
function fakeServer(status: number, data: unknown = {}) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError('fail', String(status), config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return seen;
}

describe('api client (spec §7)', () => {
  it('sends credentials, JSON, the AJAX marker and no timeout, to the localhost default', async () => {
    const seen = fakeServer(200);
    await api.post('/api/user/like/1', { a: 1 });
    const c = seen[0]!;
    expect(c.baseURL).toBe('http://localhost:8000');
    expect(c.withCredentials).toBe(true);
    expect(c.timeout).toBe(0);
    expect(c.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(c.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('adds Authorization: Bearer from the token cookie, read at call time', async () => {
    const seen = fakeServer(200);
    await api.get('/api/titles/1');
    expect(seen[0]!.headers.get('Authorization')).toBeUndefined();
    document.cookie = 'token=abc%7C123; path=/';
    await api.get('/api/titles/1');
    expect(seen[1]!.headers.get('Authorization')).toBe('Bearer abc|123');
  });

  it('a 401 on any call clears the token cookie and the stored session', async () => {
    document.cookie = 'token=t1; path=/';
    useAuthStore.setState({ token: 't1', user: { id: 1, name: 'مینا' } });
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fakeServer(401, { message: 'ابتدا وارد شوید.', code: 'UNAUTHENTICATED' });

    await expect(api.get('/api/user/watchlist')).rejects.toMatchObject({ response: { status: 401 } });

    expect(listener).toHaveBeenCalledOnce();
    expect(getCookie('token')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
    off();
  });

  it('other errors leave the session alone', async () => {
    document.cookie = 'token=t1; path=/';
    useAuthStore.setState({ token: 't1', user: { id: 1 } });
    fakeServer(403, { message: 'اشتراک ویژه لازم است.', code: 'SUBSCRIPTION_REQUIRED' });
    await expect(api.get('/api/titles/1')).rejects.toBeInstanceOf(AxiosError);
    expect(getCookie('token')).toBe('t1');
    expect(useAuthStore.getState().user).toEqual({ id: 1 });
  });
});
