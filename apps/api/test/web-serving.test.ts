import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../src/openapi-doc';
import { createTestApp, type TestContext } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { tehranJalaliYear } from '@parde/persian';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  // A tiny stand-in for the built web app: only the file layout matters here.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><meta name="description" content="پرده" /><title>پرده</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({
    WEB_DIST: dist,
    ANALYTICS_URL: 'http://127.0.0.1:9/stats',
    ANALYTICS_SITE_ID: 'site-1',
    SOCIAL_TELEGRAM: 'https://t.me/parde',
  });
  await loadFixtureCatalogue(ctx.database);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client routes with index.html so deep links work', async () => {
    for (const url of ['/', '/titles/999999/unknown', '/user/watchlist?page=2', '/no/such/page']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('dir="rtl"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the precompressed file when the browser accepts it', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeGreaterThan(0);
  });

  it('falls back to gzip, then to the file as it is, by what the browser accepts', async () => {
    const gzip = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers a repeated request with 304 when the browser has the file', async () => {
    const first = await ctx.app.inject({ url: '/favicon.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ctx.app.inject({ url: '/favicon.svg', headers: { 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await ctx.app.inject({ url: '/favicon.svg', headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
  });

  it('caches hashed assets for a year and 404s a missing one instead of sending HTML', async () => {
    const ok = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ url: '/assets/app-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('serves the run-time configuration the web app reads', async () => {
    const res = await ctx.app.inject({ url: '/runtime-config.js', headers: { host: 'localhost:8000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const json = JSON.parse(res.body.replace(/^window\.__PARDE__=/, '').replace(/;\s*$/, ''));
    expect(json).toEqual({
      apiBase: 'http://localhost:8000',
      analytics: { url: 'http://127.0.0.1:9/stats', siteId: 'site-1' },
      social: { telegram: 'https://t.me/parde', instagram: null, x: null },
      supportEmail: null,
      jalaliYear: tehranJalaliYear(),
    });
  });
});

/** The head's description and Open Graph / Twitter tags, unescaped, by name. */
function metas(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return Object.fromEntries([...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, unescape(m[2]!)]));
}

/** What a messaging app shows: the same title, text and picture in every set of tags. */
function expectCard(html: string, card: { title: string; description: string; image: string; type: string }) {
  const m = metas(html);
  expect(m).toMatchObject({
    description: card.description,
    'og:title': card.title,
    'og:description': card.description,
    'og:image': card.image,
    'og:type': card.type,
    'og:locale': 'fa_IR',
    'og:site_name': 'پرده',
    'twitter:card': 'summary_large_image',
    'twitter:title': card.title,
    'twitter:description': card.description,
    'twitter:image': card.image,
  });
}

describe('link previews, robots and sitemap', () => {
  const titleId = async (imdb: string) => (await ctx.database.pool.query('SELECT id FROM titles WHERE imdb_id = $1', [imdb])).rows[0].id as number;

  it('fills a title page’s head with its Persian name, plot and poster', async () => {
    const id = await titleId('tt0000004');
    const res = await ctx.app.inject({ url: `/titles/${id}/a-separation`, headers: { host: 'parde.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>جدایی نادر از سیمین (A Separation) — ۲۰۱۱ | پرده</title>');
    expect(res.body).toContain('<meta property="og:description" content="زن و شوهری بر سر رفتن از ایران از هم جدا می‌شوند." />');
    expect(res.body).toContain(`<meta property="og:image" content="http://parde.test/api/artwork/titles/${id}/poster.png" />`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.body).toContain(`<link rel="canonical" href="http://parde.test/titles/${id}/a-separation" />`);
    expectCard(res.body, {
      title: 'جدایی نادر از سیمین (A Separation) — ۲۰۱۱ | پرده',
      description: 'زن و شوهری بر سر رفتن از ایران از هم جدا می‌شوند.',
      image: `http://parde.test/api/artwork/titles/${id}/poster.png`,
      type: 'video.movie',
    });
    expect(metas(res.body)['og:url']).toBe(`http://parde.test/titles/${id}/a-separation`);
  });

  it('redirects a wrong or missing slug to the right address, keeping the query', async () => {
    const id = await titleId('tt0000004');
    for (const url of [`/titles/${id}/wrong-slug`, `/titles/${id}`]) {
      const res = await ctx.app.inject({ url: `${url}?dub=1` });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(`/titles/${id}/a-separation?dub=1`);
    }
  });

  it('previews people and collections, and escapes what it writes', async () => {
    const person = (await ctx.database.pool.query(`SELECT id FROM people WHERE imdb_id = 'nm0000005'`)).rows[0].id;
    const p = await ctx.app.inject({ url: `/people/director/${person}/asghar-farhadi`, headers: { host: 'parde.test' } });
    expect(p.body).toContain('<title>اصغر فرهادی (Asghar Farhadi) | پرده</title>');
    const bio = (await ctx.database.pool.query(`SELECT bio_fa FROM people WHERE id = $1`, [person])).rows[0].bio_fa as string;
    expect(bio).toBeTruthy();
    expectCard(p.body, { title: 'اصغر فرهادی (Asghar Farhadi) | پرده', description: bio, image: `http://parde.test/api/artwork/people/${person}.png`, type: 'profile' });
    await ctx.database.pool.query(`UPDATE collections SET title_fa = 'a "quoted" <b>name</b>' WHERE slug = 'nolan'`);
    const c = (await ctx.database.pool.query(`SELECT id FROM collections WHERE slug = 'nolan'`)).rows[0].id;
    const res = await ctx.app.inject({ url: `/collections/${c}/nolan`, headers: { host: 'parde.test' } });
    expect(res.body).toContain('a &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; | پرده');
    expect(res.body).not.toContain('<b>name</b>');
    const m = metas(res.body);
    expect(m['og:title']).toBe('a "quoted" <b>name</b> | پرده');
    expect(m['twitter:title']).toBe(m['og:title']);
    expect(m['og:description']).toBeTruthy();
    expect(m.description).toBe(m['og:description']);
    // The picture is a poster of one of the collection's titles.
    expect(m['og:image']).toMatch(/^http:\/\/parde\.test\/api\/artwork\/titles\/\d+\/poster\.png$/);
    const poster = Number(m['og:image']!.split('/')[6]);
    const members = (await ctx.database.pool.query('SELECT title_id FROM collection_titles WHERE collection_id = $1', [c])).rows.map((r: { title_id: number }) => r.title_id);
    expect(members).toContain(poster);
  });

  it('serves the plain app for unknown ids and other pages', async () => {
    const res = await ctx.app.inject({ url: '/titles/999999/nothing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>پرده</title>');
  });

  it('serves robots.txt and a sitemap of titles', async () => {
    const robots = await ctx.app.inject({ url: '/robots.txt', headers: { host: 'parde.test' } });
    expect(robots.body).toContain('Disallow: /user/');
    // The sign-in pages may be found (Lighthouse's SEO audit "is-crawlable"); a reset link may not.
    expect(robots.body).not.toMatch(/^Disallow: \/auth\/$/m);
    expect(robots.body).toContain('Disallow: /auth/reset-password/');
    expect(robots.body).toContain('Sitemap: http://parde.test/sitemap.xml');
    const index = await ctx.app.inject({ url: '/sitemap.xml', headers: { host: 'parde.test' } });
    expect(index.headers['content-type']).toMatch(/xml/);
    expect(index.body).toContain('<loc>http://parde.test/sitemaps/titles-1.xml</loc>');
    const page = await ctx.app.inject({ url: '/sitemaps/titles-1.xml', headers: { host: 'parde.test' } });
    expect(page.body.match(/<url>/g)).toHaveLength(11); // released titles only
    expect(page.body).toContain('/a-separation</loc>');
    expect((await ctx.app.inject({ url: '/sitemaps/titles-99.xml' })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/healthz']).toBeTruthy();
  });

  it('matches the committed openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed = fs.readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8');
    expect(await generateOpenApi()).toBe(committed);
  });
});
