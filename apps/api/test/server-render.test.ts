import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';

/**
 * The server-rendered first paint, as the API serves it: the web app's renderer (here a small
 * stand-in with the real one's contract; e2e/specs/server-render.test.ts runs the real build)
 * is handed the page's address and an in-process API, and its screen, styles and dehydrated
 * data land in the page.
 */
const STAND_IN = `
export async function render(url, fetchApi, runtimeConfig, options) {
  const status = options?.status ?? 200;
  if (url.startsWith('/user/')) return null;
  if (url.includes('broken=1')) throw new Error('render failed');
  if (status !== 200) {
    globalThis.__notFoundSaid = options?.message;
    // The app's not-found screen; an older build drew whatever the address showed, and said nothing of it.
    const old = url.startsWith('/old-build/');
    return {
      html: '<main data-status="' + status + '"><h1>صفحه پیدا نشد</h1></main>',
      styles: '',
      preloads: '',
      state: '<script type="application/json" id="parde-ssr-state">{"queries":{"queries":[]},"errors":{"0-0":{"status":' + status + '}}}</script>',
      screens: ['routes/not-found'],
      ...(old ? {} : { status }),
    };
  }
  const res = await fetchApi('/api/titles?per_page=1', { method: 'GET', headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
  const first = JSON.parse(res.body).data[0];
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  return {
    html: '<main data-render="' + globalThis.__renders + '"><h1>' + esc(first.titleFa) + '</h1><img src="' + first.poster + '" alt=""><a href="' + runtimeConfig.social.telegram + '">t</a></main>',
    styles: '<style data-emotion="muirtl 1abc">.muirtl-1abc{margin:0}</style>',
    preloads: '<link rel="preload" as="image" href="' + first.poster + '"/>',
    state: '<script type="application/json" id="parde-ssr-state">' + JSON.stringify({ queries: { queries: [{ queryKey: ['t'], state: { data: first } }] } }).replace(/</g, '\\\\u003c') + '</script>',
    screens: [url === '/' ? 'routes/home' : 'routes/title'],
  };
}
`;

let ctx: TestContext;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-ssr-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><meta charset="UTF-8" /><meta name="description" content="پرده" /><title>پرده</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  // Each screen's code, as the web build lists it: the page names the drawn screen's.
  fs.writeFileSync(path.join(dist, 'screen-code.json'), JSON.stringify({ 'routes/home': ['assets/home.js', 'assets/app.js', 'assets/list.js'], 'routes/title': ['assets/title.js', '../x.css'] }));
  // Found by default beside the web app's dist, where `npm run build` puts it.
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), STAND_IN);
  ctx = await createTestApp({ WEB_DIST: dist, SOCIAL_TELEGRAM: 'https://t.me/parde' });
  await loadFixtureCatalogue(ctx.database);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const firstTitle = async () => (await ctx.database.pool.query<{ id: number; slug: string; title_fa: string }>('SELECT id, slug, title_fa FROM titles ORDER BY votes DESC, id LIMIT 1')).rows[0]!;

describe('server-rendered pages', () => {
  it('serves `/` with the screen in #root, its styles and preloads in the head, and the data for the browser', async () => {
    const t = await firstTitle();
    const res = await ctx.app.inject({ url: '/', headers: { host: 'parde.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('dir="rtl"');
    expect(res.body).toMatch(new RegExp(`<div id="root"><main data-render="\\d+"><h1>${t.title_fa}</h1>`));
    // The data came from this server's own API, with the page's origin in its URLs.
    expect(res.body).toContain(`<img src="http://parde.test/api/artwork/titles/${t.id}/poster.png"`);
    // It had the page's run-time configuration, as /runtime-config.js gives it to the browser.
    expect(res.body).toContain('<a href="https://t.me/parde">');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // The screen's images first in the head, right after the character set.
    expect(head).toContain(`<meta charset="UTF-8" /><link rel="preload" as="image" href="http://parde.test/api/artwork/titles/${t.id}/poster.png"/>`);
    expect(head).toContain('<style data-emotion="muirtl 1abc">');
    const state = /<script type="application\/json" id="parde-ssr-state">(.*?)<\/script>/.exec(res.body);
    expect(JSON.parse(state![1]!).queries.queries[0].state.data.id).toBe(t.id);
    // The code only makes the drawn page live: it waits, inert, until the page has loaded. The
    // drawn screen's own code is named with it, once each.
    expect(res.body).toContain(
      '<template id="app-code"><script type="module" src="/assets/app.js"></script><link rel="modulepreload" crossorigin href="/assets/home.js"><link rel="modulepreload" crossorigin href="/assets/list.js"></template><script defer src="/app-start.js"></script>',
    );
    expect(res.body.match(/<script type="module"/g)).toHaveLength(1);
    // The state block sits before the app's script, which reads it.
    expect(res.body.indexOf('parde-ssr-state')).toBeLessThan(res.body.indexOf('/assets/app.js'));
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
    expect(String(res.headers.vary)).toMatch(/Cookie/);
  });

  it('serves a title page rendered, with its link preview', async () => {
    const t = await firstTitle();
    const res = await ctx.app.inject({ url: `/titles/${t.id}/${t.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<meta property="og:title" content="${t.title_fa}`);
    expect(res.body).toMatch(new RegExp(`<div id="root"><main data-render="\\d+"><h1>${t.title_fa}</h1>`));
    expect(res.body).toContain('id="parde-ssr-state"');
    // Only script files of the build are named: anything else in the list is left out.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/title.js">');
    expect(res.body).not.toContain('x.css');
  });

  it('compresses the page as the browser allows', async () => {
    const br = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('id="parde-ssr-state"');
    const gz = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<div id="root"><main data-render=');
  });

  it('renders a visitor’s page once for a while: it is the same for every visitor', async () => {
    const render = async () => /data-render="(\d+)"/.exec((await ctx.app.inject({ url: '/tv?page=2' })).body)![1];
    const first = await render();
    expect(await render()).toBe(first);
    expect(await ctx.app.inject({ url: '/tv?page=3' }).then((r) => /data-render="(\d+)"/.exec(r.body)![1])).not.toBe(first);
  });

  it('leaves a member’s page to the app: their session lives in the browser', async () => {
    const res = await ctx.app.inject({ url: '/', cookies: { token: '1|abc' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('parde-ssr-state');
  });

  it('draws the not-found screen for an address that names nothing, with its status', async () => {
    for (const url of ['/no/such/page', '/titles/99999999/x', '/premium/plans/99999']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"><main data-status="404"><h1>صفحه پیدا نشد</h1></main></div>');
      expect(res.body, url).toContain('<title>صفحه پیدا نشد | پرده</title>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      // The app starts on it, from the same route error.
      expect(res.body, url).toContain('"errors":{"0-0":{"status":404}}');
      expect(res.body, url).toContain('<template id="app-code"><script type="module" src="/assets/app.js"></script>');
    }
    // A member's not-found page is the app's to draw, with the same status.
    const member = await ctx.app.inject({ url: '/no/such/page', cookies: { token: '1|abc' } });
    expect(member.statusCode).toBe(404);
    expect(member.body).toContain('<div id="root"></div>');
  });

  it('tells the renderer what was not found, so the page says it as the screen would', async () => {
    const said = async (url: string) => {
      (globalThis as { __notFoundSaid?: string }).__notFoundSaid = 'unset';
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
      return (globalThis as { __notFoundSaid?: string }).__notFoundSaid;
    };
    expect(await said('/titles/99999998/x')).toBe('فیلم یا سریالی با این نشانی پیدا نشد.');
    expect(await said('/watch/tt0000000/99999998')).toBe('فیلم یا سریالی با این نشانی پیدا نشد.');
    expect(await said('/collections/99998/x')).toBe('مجموعه‌ای با این نشانی پیدا نشد.');
    expect(await said('/people/actor/99999998/x')).toBe('هنرمندی با این نشانی پیدا نشد.');
    expect(await said('/no/such/page/2')).toBeUndefined();
  });

  it('serves the app shell for a not-found page a renderer cannot draw as one (an older build)', async () => {
    const res = await ctx.app.inject({ url: '/old-build/x' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('data-status');
  });

  it('serves the plain app shell for screens it does not render and when rendering fails', async () => {
    for (const url of ['/user/watchlist', '/tv?broken=1']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('parde-ssr-state');
      expect(res.body, url).toContain('<script type="module" src="/assets/app.js">');
    }
  });
});
