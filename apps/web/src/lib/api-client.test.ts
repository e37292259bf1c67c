import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { api, buildUrl, fillPath, HttpError, type Adapter, type AsTyped, type RequestConfig } from './api-client';
import { getCookie } from './cookies';
import { setProfileHeader } from './profile-header';
import { onProfileChanged, onUnauthorized } from './session-events';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.unstubAllGlobals();
});

/** Answers every call with `status`, remembering the request config. */
function fakeServer(status: number, data: unknown = {}) {
  const seen: RequestConfig[] = [];
  const adapter: Adapter = async (config) => {
    seen.push(config);
    const response = { data, status, headers: new Headers(), config };
    if (status >= 400) throw new HttpError('fail', config, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return seen;
}

describe('api client (spec §7)', () => {
  it('sends credentials, JSON, the AJAX marker and no timeout, to the localhost default', async () => {
    const seen = fakeServer(200);
    await api.post('/api/contact', { body: { a: 1 } as AsTyped });
    const c = seen[0]!;
    expect(c.baseURL).toBe('http://localhost:8000');
    expect(c.withCredentials).toBe(true);
    expect(c.signal).toBeUndefined();
    expect(c.method).toBe('post');
    expect(c.data).toBe('{"a":1}');
    expect(c.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(c.headers.get('Accept')).toBe('application/json');
    expect(c.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('claims no JSON body when there is none (the API refuses an empty JSON body)', async () => {
    const seen = fakeServer(200);
    await api.post('/api/user/like/{id}', { path: { id: 1 } });
    await api.get('/api/titles/{id}', { path: { id: 1 } });
    expect(seen.map((c) => c.headers.get('Content-Type'))).toEqual([null, null]);
  });

  it('adds Authorization: Bearer from the token cookie, read at call time', async () => {
    const seen = fakeServer(200);
    await api.get('/api/titles/{id}', { path: { id: 1 } });
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
    document.cookie = 'token=abc%7C123; path=/';
    await api.get('/api/titles/{id}', { path: { id: 1 } });
    expect(seen[1]!.headers.get('Authorization')).toBe('Bearer abc|123');
  });

  it('sends the CSRF cookie back as X-XSRF-TOKEN', async () => {
    const seen = fakeServer(200);
    document.cookie = 'XSRF-TOKEN=x%3Dy; path=/';
    await api.post('/api/contact', { body: {} as AsTyped });
    expect(seen[0]!.headers.get('X-XSRF-TOKEN')).toBe('x=y');
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; path=/';
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
    await expect(api.get('/api/titles/{id}', { path: { id: 1 } })).rejects.toBeInstanceOf(HttpError);
    expect(getCookie('token')).toBe('t1');
    expect(useAuthStore.getState().user).toEqual({ id: 1 });
  });
});

describe('api client over fetch', () => {
  it('writes the query string without absent values', () => {
    expect(buildUrl({ baseURL: 'http://a', url: '/api/titles', params: { page: 2, type: 'all', genre: undefined, q: null } })).toBe('http://a/api/titles?page=2&type=all');
    expect(buildUrl({ baseURL: '', url: '/api/titles/1' })).toBe('/api/titles/1');
  });

  it('calls fetch with credentials and the headers, and parses JSON', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 1 }] }), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const res = await api.get('/api/titles', { query: { page: 1 }, signal: controller.signal });
    expect(res.data.data[0]!.id).toBe(1);
    expect(res.status).toBe(200);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://localhost:8000/api/titles?page=1');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', signal: controller.signal });
    expect((init.headers as Headers).get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('an answer outside 2xx rejects with the status and the parsed body', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'پیدا نشد.', code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    await expect(api.get('/api/titles/{id}', { path: { id: 99 } })).rejects.toMatchObject({ isHttpError: true, response: { status: 404, data: { message: 'پیدا نشد.', code: 'NOT_FOUND' } } });
  });

  it('no answer at all rejects without a response; an abort stays an abort', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/api/titles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response).toBeUndefined();

    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.get('/api/titles', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an empty answer (204) is an empty body', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(api.delete('/api/user/history')).resolves.toMatchObject({ status: 204, data: '' });
  });
});

describe('the profile watching (household profiles)', () => {
  afterEach(() => setProfileHeader(null));

  it("names the profile on a member's calls, never on a visitor's", async () => {
    const seen = fakeServer(200);
    setProfileHeader(4);
    await api.get('/api/titles/{id}', { path: { id: 1 } });
    expect(seen[0]!.headers.get('X-Profile')).toBeNull();
    document.cookie = 'token=tok; path=/';
    await api.get('/api/user/watchlist');
    expect(seen[1]!.headers.get('X-Profile')).toBe('4');
  });

  it('tells the app when the session moved to another profile (409 PROFILE_CHANGED), and only then', async () => {
    let heard = 0;
    const off = onProfileChanged(() => heard++);
    fakeServer(409, { message: 'عوض شده است', code: 'PROFILE_CHANGED' });
    await expect(api.get('/api/user/watchlist')).rejects.toBeInstanceOf(HttpError);
    fakeServer(409, { message: 'تکراری', code: 'CONFLICT' });
    await expect(api.get('/api/user/watchlist')).rejects.toBeInstanceOf(HttpError);
    off();
    expect(heard).toBe(1);
  });
});

describe('calls by the route table (docs/decisions/0031)', () => {
  it('fills the path parameters of the template', async () => {
    const seen = fakeServer(200);
    await api.get('/api/titles/{id}/similar', { path: { id: 42 } });
    await api.delete('/api/admin/titles/{id}/credits/{personId}/{role}', { path: { id: 7, personId: 12, role: 'director' } });
    expect(seen.map((c) => `${c.method} ${c.url}`)).toEqual(['get /api/titles/42/similar', 'delete /api/admin/titles/7/credits/12/director']);
  });

  it('encodes each path parameter as one segment', () => {
    expect(fillPath('/api/titles/imdb/{imdbId}', { imdbId: 'tt0068646' })).toBe('/api/titles/imdb/tt0068646');
    expect(fillPath('/api/titles/imdb/{imdbId}', { imdbId: 'a/b?c=d#e f' })).toBe('/api/titles/imdb/a%2Fb%3Fc%3Dd%23e%20f');
    expect(fillPath('/api/admin/slideshow/{placement}/{titleId}', { placement: 'پیشنهاد', titleId: 3 })).toBe(
      `/api/admin/slideshow/${encodeURIComponent('پیشنهاد')}/3`,
    );
    expect(fillPath('/api/titles/imdb/{imdbId}', { imdbId: '...' })).toBe('/api/titles/imdb/...');
    expect(() => fillPath('/api/titles/imdb/{imdbId}', { imdbId: '..' })).toThrow(/path parameter imdbId of/);
    expect(() => fillPath('/api/titles/imdb/{imdbId}', { imdbId: '.' })).toThrow(/path parameter imdbId of/);
    expect(fillPath('/api/genres')).toBe('/api/genres');
  });

  it('refuses a missing path parameter instead of calling /undefined', async () => {
    const seen = fakeServer(200);
    expect(() => fillPath('/api/titles/{id}', {})).toThrow(/path parameter id of/);
    expect(() => fillPath('/api/titles/{id}', { id: '' })).toThrow(/path parameter id of/);
    await expect(api.get('/api/titles/{id}', { path: {} as { id: number } })).rejects.toThrow(/path parameter id of/);
    expect(seen).toEqual([]);
  });

  it('sends the query parameters, without the absent ones, after the filled path', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/titles/{id}/play', { path: { id: 5 }, query: { episode: 9 } });
    await api.get('/api/titles', { query: { page: 2, type: 'series', is_dubbed: true, genre: undefined, q: null } });
    await api.get('/api/titles/search', { query: { q: 'پدر خوانده&x=1' } });
    expect(fetchMock.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([
      'http://localhost:8000/api/titles/5/play?episode=9',
      'http://localhost:8000/api/titles?page=2&type=series&is_dubbed=true',
      `http://localhost:8000/api/titles/search?q=${new URLSearchParams({ q: 'پدر خوانده&x=1' }).toString().slice(2)}`,
    ]);
  });

  it('sends the body as JSON, and a delete its body too', async () => {
    const seen = fakeServer(200);
    await api.post('/api/user/rating/{id}', { path: { id: 3 }, body: { rating: 8 } });
    await api.delete('/api/user/profiles/{id}', { path: { id: 2 }, body: { password: 'secret' } });
    await api.post('/api/user/watchlist/{id}', { path: { id: 3 } });
    expect(seen.map((c) => [c.url, c.data])).toEqual([
      ['/api/user/rating/3', '{"rating":8}'],
      ['/api/user/profiles/2', '{"password":"secret"}'],
      ['/api/user/watchlist/3', undefined],
    ]);
  });

  it('passes the extra headers and the signal of the call', async () => {
    const seen = fakeServer(200);
    const controller = new AbortController();
    await api.post('/api/admin/members/{id}/premium', { path: { id: 1 }, body: { days: 30, reason: 'جبران قطعی' }, headers: { 'Idempotency-Key': 'k1' }, signal: controller.signal });
    expect(seen[0]!.headers.get('Idempotency-Key')).toBe('k1');
    expect(seen[0]!.signal).toBe(controller.signal);
  });

  it('makes a path outside the table, a missing parameter or a wrong body a type error', () => {
    // Never run: what the type checker refuses (npx tsc -p apps/web) is the test.
    const refused = () => {
      // @ts-expect-error: no such route
      void api.get('/api/titles/{slug}/episodes', { path: { slug: 'x' } });
      // @ts-expect-error: a renamed route's old path
      void api.get('/api/title/{id}', { path: { id: 1 } });
      // @ts-expect-error: the route has a path parameter
      void api.get('/api/titles/{id}');
      // @ts-expect-error: the parameter is named id
      void api.get('/api/titles/{id}', { path: { slug: 1 } });
      // @ts-expect-error: the route reads no such query parameter
      void api.get('/api/titles', { query: { order: 'year' } });
      // @ts-expect-error: the route is a post
      void api.get('/api/user/watchlist/{id}', { path: { id: 1 } });
      // @ts-expect-error: the rating is a number
      void api.post('/api/user/rating/{id}', { path: { id: 1 }, body: { rating: 'ده' } });
    };
    expect(typeof refused).toBe('function');
  });

  it("types the answer as the route's", async () => {
    fakeServer(200, { data: { inWatchlist: true } });
    const res = await api.post('/api/user/watchlist/{id}', { path: { id: 1 } });
    const inWatchlist: boolean = res.data.data.inWatchlist;
    expect(inWatchlist).toBe(true);
  });
});
