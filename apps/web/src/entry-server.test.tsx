// @vitest-environment node
import { sitePages } from '@parde/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './app/router';
import { isServerRendered, render, type FetchApi } from './entry-server';

const card = (id: number, titleFa: string) => ({
  id,
  path: `/titles/${id}/t-${id}`,
  poster: `http://parde.test/api/artwork/titles/${id}/poster.png`,
  titleEn: `Title ${id}`,
  titleFa,
  year: 2000 + id,
  genres: [],
  rating: 7.5,
  rottenTomatoes: { rtMeter: 90, rtStatus: 'fresh' },
  type: 'movie',
  votes: 1000,
  endYear: null,
  hasDub: false,
  isFree: false,
  comingSoon: false,
  expectedDate: null,
});

/** The API as the server renderer sees it: answers by path, every call recorded. */
function fakeApi(failing: string[] = []) {
  const calls: string[] = [];
  const fetchApi: FetchApi = async (path) => {
    calls.push(path);
    const pathname = path.split('?')[0]!;
    const json = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
    if (failing.includes(pathname)) return json(500, { message: 'خطا', code: 'INTERNAL' });
    if (pathname === '/api/titles') return json(200, { data: [card(1, 'ماتریکس'), card(2, 'تلقین')], meta: { currentPage: 1, lastPage: 3, perPage: 24, total: 50 } });
    if (pathname === '/api/titles/slideshow') return json(200, { data: [card(3, 'جدایی')] });
    return json(200, { data: [] });
  };
  return { calls, fetchApi };
}

const stateOf = (tag: string) =>
  JSON.parse(/<script type="application\/json" id="parde-ssr-state">(.*)<\/script>/s.exec(tag)![1]!) as {
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    screens?: string[];
  };

describe('the server-rendered first paint', () => {
  it('renders the home screen with its data, in Persian, right to left', async () => {
    const { calls, fetchApi } = fakeApi();
    const page = await render('/', fetchApi);
    expect(page).not.toBeNull();
    const { html, styles, state, preloads } = page!;
    expect(html).toContain('فیلم‌ها و سریال‌ها');
    expect(html).toContain('ماتریکس');
    expect(html).toContain('جدایی');
    expect(html).toContain('۵۰'); // the result count, in Persian digits
    // The API was asked what the screen shows, through the app's own query functions.
    expect(calls).toEqual(expect.arrayContaining(['/api/titles/slideshow?type=all', '/api/genres', '/api/countries']));
    expect(calls.some((c) => c.startsWith('/api/titles?'))).toBe(true);
    // No MUI on the shell and the home screen (docs/decisions/0010): plain elements styled by the
    // page's own stylesheets, so no Emotion styles to send and none to adopt in the browser.
    expect(html).not.toMatch(/muirtl-|\bcss-[a-z0-9]/);
    expect(styles).toBe('');
    // The browser starts from the same query cache.
    const keys = stateOf(state).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["catalogue","slideshow","all"]', '["catalogue","genres"]']));
    expect(preloads).toContain('rel="preload"');
    expect(preloads).toContain('http://parde.test/api/artwork/titles/3/poster.png');
    // The screen drawn, by its route id, for the server to name its code in the page.
    expect(page!.screens).toEqual(['routes/home']);
    expect(stateOf(state).screens).toEqual(['routes/home']);
  });

  it('draws the visitor’s forms without MUI, sent only by the app', async () => {
    const forms = { '/auth/login': 'login-form', '/auth/register': 'register-form', '/auth/forgot-password': 'forgot-form', '/contact': 'contact-form' };
    for (const [url, testId] of Object.entries(forms)) {
      const page = await render(url, fakeApi().fetchApi);
      expect(page, url).not.toBeNull();
      const form = new RegExp(`<form[^>]*data-testid="${testId}"[^>]*>`).exec(page!.html)?.[0];
      expect(form, url).toBeDefined();
      // Sent by the app (fetch), never by the browser: no action, no method to fall back on.
      expect(form, url).not.toMatch(/\b(action|method)=/);
      expect(page!.html, url).toMatch(/<button type="submit" class=/);
      expect(page!.html, url).not.toMatch(/muirtl-|\bcss-[a-z0-9]/);
      expect(page!.styles, url).toBe('');
    }
  });

  it('draws the catalogue lists without MUI: no Emotion classes in the markup, no styles to send', async () => {
    for (const url of ['/categories', '/collections', '/comingsoon']) {
      const page = await render(url, fakeApi().fetchApi);
      expect(page!.screens, url).toEqual([`routes/${url === '/comingsoon' ? 'coming-soon' : url.slice(1)}`]);
      expect(page!.html, url).not.toMatch(/muirtl-|\bcss-[a-z0-9]/);
      expect(page!.styles, url).toBe('');
    }
  });

  it('shows what the page’s run-time configuration says (the footer’s links), as the browser will', async () => {
    const page = await render('/', fakeApi().fetchApi, { social: { telegram: 'https://t.me/parde_test' } });
    expect(page!.html).toContain('href="https://t.me/parde_test"');
    const without = await render('/', fakeApi().fetchApi);
    expect(without!.html).not.toContain('t.me');
  });

  it('leaves a failed call to the browser: its loading state in the markup, nothing in the cache', async () => {
    const { fetchApi } = fakeApi(['/api/titles/slideshow']);
    const page = await render('/', fetchApi);
    expect(page!.html).toContain('data-testid="slideshow-skeleton"');
    expect(page!.html).toContain('ماتریکس');
    const keys = stateOf(page!.state).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).not.toContain('["catalogue","slideshow","all"]');
  });

  it('renders only the public screens: the catalogue, the plans and the visitor’s forms', async () => {
    for (const url of ['/', '/?page=2', '/tv', '/titles/7/the-matrix', '/people/actor/3/keanu-reeves', '/collections', '/collections/2/nolan', '/categories', '/titles/7/files', '/auth/login', '/auth/register', '/auth/forgot-password', '/contact']) {
      expect(isServerRendered(url), url).toBe(true);
    }
    for (const url of ['/user/watchlist', '/auth/reset-password/abc', '/gopremium', '/no/such/page']) {
      expect(isServerRendered(url), url).toBe(false);
    }
    expect(await render('/user/watchlist', fakeApi().fetchApi)).toBeNull();
  });

  it('draws the not-found screen, inside the shell, for an address the server found nothing at', async () => {
    for (const url of ['/no/such/page', '/titles/99999999/x', '/watch/tt0000000/1', '/premium/plans/9999']) {
      const { calls, fetchApi } = fakeApi();
      const page = await render(url, fetchApi, undefined, { status: 404 });
      expect(page, url).not.toBeNull();
      expect(page!.status, url).toBe(404);
      expect(page!.html, url).toContain('<h1 class="p-h4 p-status__title">صفحه پیدا نشد</h1>');
      expect(page!.html, url).toContain('۴۰۴');
      // The shell is there, so the app can be used from this page.
      expect(page!.html, url).toContain('aria-label="منوی اصلی"');
      // The screen the address would show is not drawn, so nothing of it is asked for.
      expect(calls.filter((c) => /^\/api\/(titles\/\d|plans\/)/.test(c)), url).toEqual([]);
      // The browser's router starts from the same route error, on the error page's route.
      const { errors } = stateOf(page!.state) as { errors?: Record<string, { status: number; statusText: string; internal: boolean; data: null }> };
      expect(Object.values(errors ?? {}), url).toEqual([{ status: 404, statusText: 'Not Found', internal: false, data: null }]);
    }
  });

  it('says on the not-found screen what was not found, when the server names it, and starts the app from the same words', async () => {
    const message = 'فیلم یا سریالی با این نشانی پیدا نشد.';
    const page = await render('/titles/99999999/x', fakeApi().fetchApi, undefined, { status: 404, message });
    expect(page!.html).toContain('<h1 class="p-h4 p-status__title">صفحه پیدا نشد</h1>');
    expect(page!.html).toContain(message);
    const { errors } = stateOf(page!.state) as { errors?: Record<string, { data: unknown }> };
    expect(Object.values(errors ?? {}).map((e) => e.data)).toEqual([{ message }]);
  });

  it('draws the page of a title removed for good for a 410', async () => {
    const page = await render('/titles/12/removed', fakeApi().fetchApi, undefined, { status: 410 });
    expect(page!.status).toBe(410);
    expect(page!.html).toContain('این صفحه دیگر در پرده نیست');
    expect(page!.html).toContain('۴۱۰');
    expect(page!.html).not.toContain('صفحه پیدا نشد');
  });

  it('draws nothing for a status it has no screen for', async () => {
    expect(await render('/', fakeApi().fetchApi, undefined, { status: 500 })).toBeNull();
  });
});

/** Every path of the site's router, absolute (the operators' panel is an app of its own: admin.html). */
function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path && r.path !== '*' ? [r.path] : []), ...routePaths(r.children ?? [])]);
}

describe('the site’s pages as the server knows them', () => {
  it('are the router’s: the server answers 404 for any address not among them', () => {
    const known = Object.values(sitePages) as string[];
    const covered = (path: string) => known.includes(path) || known.some((p) => p.endsWith('/*') && (path === p.slice(0, -2) || path.startsWith(p.slice(0, -1))));
    const paths = routePaths(routes);
    expect(paths.filter((p) => !covered(p))).toEqual([]);
    // And nothing the router does not have.
    expect(known.filter((p) => !p.endsWith('/*') && !paths.includes(p))).toEqual([]);
  });
});
