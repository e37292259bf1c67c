import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../src/openapi-doc';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, type MemberTestContext } from './helpers/members';
import { registerStaff } from './helpers/staff';
import { tehranJalaliYear } from '@parde/persian';

let ctx: MemberTestContext;
let dist: string;
beforeAll(async () => {
  // A tiny stand-in for the built web app: only the file layout matters here.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><meta name="description" content="پرده" /><title>پرده</title></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'admin.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><meta name="robots" content="noindex, nofollow" /><title>پنل گردانندگان پرده</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createMemberTestApp({
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
    for (const url of ['/', '/user/watchlist?page=2', '/tv/', '/auth/reset-password/abc']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('dir="rtl"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the panel’s addresses with the panel’s own page, never indexed, with the site’s security headers', async () => {
    const site = await ctx.app.inject({ url: '/' });
    // Any address under /admin, a screen of the panel or not: the panel shows its own not-found screen.
    for (const url of ['/admin', '/admin/', '/admin/titles/3', '/admin/members?q=x', '/admin/no-such-screen/9', '/Admin/titles']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('پنل گردانندگان پرده');
      expect(res.body, url).not.toContain('name="description"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      for (const header of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy']) {
        expect(res.headers[header], `${url} ${header}`).toBe(site.headers[header]);
      }
    }
    // Sent compressed when asked, like the site's pages.
    const br = await ctx.app.inject({ url: '/admin/titles', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('پنل گردانندگان پرده');
    // Only the panel's addresses: a look-alike is the site's (and not found there).
    const lookalike = await ctx.app.inject({ url: '/administration' });
    expect(lookalike.statusCode).toBe(404);
    expect(lookalike.body).not.toContain('پنل گردانندگان پرده');
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

/** What an import or the panel does after a change: the app forgets what it kept of the catalogue. */
const bumpCatalogue = () => ctx.app.catalogue.changed();

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

  it('lists people in the sitemap, and when each address last changed', async () => {
    const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
    const lastmods = (xml: string) => [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/(?:url|sitemap)>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2] }));
    const get = async (url: string) => (await ctx.app.inject({ url, headers: { host: 'parde.test' } })).body;
    const index = lastmods(await get('/sitemap.xml'));
    expect(index.map((e) => e.loc)).toEqual(['http://parde.test/sitemaps/titles-1.xml', 'http://parde.test/sitemaps/people-1.xml', 'http://parde.test/sitemaps/collections.xml']);
    const files = await Promise.all(index.map((e) => get(new URL(e.loc).pathname)));
    const entries = [...index, ...files.flatMap(lastmods)];
    expect(entries.length).toBeGreaterThan(20);
    for (const e of entries) expect(e.lastmod, e.loc).toMatch(isoTime);
    // People credited in a released title, each at the address of the role they are known for.
    const farhadi = (await ctx.database.pool.query(`SELECT id FROM people WHERE imdb_id = 'nm0000005'`)).rows[0].id;
    const people = lastmods(files[1]!);
    expect(people.map((e) => e.loc)).toContain(`http://parde.test/people/director/${farhadi}/asghar-farhadi`);
    const credited = (await ctx.database.pool.query(
      `SELECT count(DISTINCT c.person_id)::int AS n FROM credits c JOIN titles t ON t.id = c.title_id AND t.published AND NOT t.coming_soon`,
    )).rows[0].n;
    expect(people).toHaveLength(credited);
    // A person's time is the latest change of their released titles.
    const changed = (await ctx.database.pool.query(
      `SELECT to_char(max(t.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM credits c JOIN titles t ON t.id = c.title_id AND t.published AND NOT t.coming_soon WHERE c.person_id = $1`,
      [farhadi],
    )).rows[0].at;
    expect(people.find((e) => e.loc.includes(`/${farhadi}/`))!.lastmod).toBe(changed);
    expect(lastmods(files[2]!).map((e) => e.loc)).toEqual(expect.arrayContaining(['http://parde.test/', 'http://parde.test/tv', 'http://parde.test/collections']));
    expect((await ctx.app.inject({ url: '/sitemaps/people-99.xml' })).statusCode).toBe(404);
  });
});

/** The head of a page that is not there: the app, its Persian not-found title, and no indexing. */
function expectMissing(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: 404 | 410, url: string) {
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type'], url).toMatch(/text\/html/);
  expect(res.body, url).toContain('dir="rtl"');
  expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
  expect(res.headers['x-robots-tag'], url).toBe('noindex');
  expect(res.body, url).toContain(status === 404 ? '<title>صفحه پیدا نشد | پرده</title>' : '<title>این صفحه دیگر در پرده نیست | پرده</title>');
  // No preview and no structured data for a page that is not there.
  expect(res.body, url).not.toContain('og:title');
  expect(res.body, url).not.toContain('application/ld+json');
}

describe('pages that are not there', () => {
  const titleOf = async (imdb: string) => (await ctx.database.pool.query<{ id: number; slug: string }>('SELECT id, slug FROM titles WHERE imdb_id = $1', [imdb])).rows[0]!;

  it('answer 404 with the not-found page for every address that names nothing', async () => {
    const plan = (await ctx.database.pool.query<{ id: number }>('SELECT max(id) AS id FROM plans')).rows[0]!.id ?? 0;
    for (const url of [
      '/no/such/page',
      '/titles/99999999/x',
      '/titles/99999999',
      '/titles/abc/x',
      '/titles/99999999/files',
      '/people/99999999/x',
      '/people/actor/99999999/x',
      '/people/singer/1/x',
      '/collections/99999',
      '/collections/99999/x',
      `/premium/plans/${plan + 9999}`,
      '/watch/tt0000000/1',
      '/watch/nonsense/1',
      '/watch/trailer/tt0000000',
      '/tv/extra',
    ]) {
      expectMissing(await ctx.app.inject({ url, headers: { host: 'parde.test' } }), 404, url);
    }
  });

  it('keeps the pages of real titles, plans and players at 200', async () => {
    const free = await titleOf('tt0000012');
    const plan = (await ctx.database.pool.query<{ id: number }>('SELECT id FROM plans WHERE is_active ORDER BY id LIMIT 1')).rows[0];
    for (const url of [`/titles/${free.id}/${free.slug}`, `/titles/${free.id}/files`, `/watch/tt0000012/${free.id}`, '/watch/trailer/tt0000014', ...(plan ? [`/premium/plans/${plan.id}`] : [])]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('noindex');
    }
  });

  it('answers 404 for a hidden title, to visitors and operators alike, and 410 once it is deleted', async () => {
    const t = await titleOf('tt0000013');
    const editor = await registerStaff(ctx.app, ctx.database, 'editor');
    const hide = await ctx.app.inject({ method: 'POST', url: `/api/admin/titles/${t.id}/hide`, headers: editor.headers });
    expect(hide.statusCode, hide.body).toBe(200);
    const pages = [`/titles/${t.id}/${t.slug}`, `/titles/${t.id}/files`, `/watch/tt0000013/${t.id}`, '/watch/trailer/tt0000013'];
    for (const url of pages) {
      expectMissing(await ctx.app.inject({ url }), 404, url);
      // An operator sees a hidden title in the panel; its public page is not there for them either.
      expect((await ctx.app.inject({ url, headers: { cookie: `token=${editor.token}` } })).statusCode, url).toBe(404);
    }
    // Deleted by an operator: gone for good, and said so.
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/titles/${t.id}`, headers: editor.headers });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    for (const url of [...pages, `/titles/${t.id}`]) expectMissing(await ctx.app.inject({ url }), 410, url);
    // A member following an old link gets the same answer; the app still starts on the page.
    expectMissing(await ctx.app.inject({ url: pages[0]!, headers: { cookie: `token=${editor.token}` } }), 410, 'a member');
    // Another title at a removed one's player address is still not that title.
    expectMissing(await ctx.app.inject({ url: `/watch/tt0000012/${t.id}` }), 404, 'another imdb id');
  });
});

/** Every JSON-LD block of a page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]!);
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}
/** Parsed JSON-LD, read field by field by the assertions below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const ofType = (data: Record<string, unknown>[], type: string): Json => data.find((d) => d['@type'] === type);

describe('structured data (schema.org JSON-LD)', () => {
  const titleOf = async (imdb: string) => (await ctx.database.pool.query<{ id: number; slug: string }>('SELECT id, slug FROM titles WHERE imdb_id = $1', [imdb])).rows[0]!;

  it('is on every page of the sitemap, parses, and names what the page is', async () => {
    const get = (url: string) => ctx.app.inject({ url, headers: { host: 'parde.test' } });
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const files = locs((await get('/sitemap.xml')).body);
    const pages = (await Promise.all(files.map(async (f) => locs((await get(new URL(f).pathname)).body)))).flat();
    const kinds = { title: 0, person: 0, collection: 0 };
    for (const loc of pages) {
      const res = await get(new URL(loc).pathname);
      expect(res.statusCode, loc).toBe(200);
      const data = structuredData(res.body); // throws on a block that does not parse
      for (const d of data) expect(d['@context'], loc).toBe('https://schema.org');
      const crumbs = ofType(data, 'BreadcrumbList');
      if (loc.includes('/titles/')) {
        const work = ofType(data, 'Movie') ?? ofType(data, 'TVSeries');
        expect(work, loc).toMatchObject({ url: loc, name: expect.any(String), image: expect.stringContaining('/poster.png') });
        expect(work.name, loc).toMatch(/\S/);
        expect(crumbs.itemListElement.at(-1).item, loc).toBe(loc);
        kinds.title++;
      } else if (loc.includes('/people/')) {
        expect(ofType(data, 'Person'), loc).toMatchObject({ url: loc, name: expect.any(String) });
        expect(crumbs.itemListElement.at(-1).item, loc).toBe(loc);
        kinds.person++;
      } else if (/\/collections\/\d+\//.test(loc)) {
        expect(crumbs.itemListElement.map((i: { item: string }) => i.item), loc).toEqual(['http://parde.test/', 'http://parde.test/collections', loc]);
        kinds.collection++;
      }
    }
    expect(kinds.title).toBeGreaterThan(5);
    expect(kinds.person).toBeGreaterThan(5);
    expect(kinds.collection).toBeGreaterThan(0);
  });

  it('describes a movie: Persian name, rating, director, actors, date, genres, language, breadcrumbs', async () => {
    const t = await titleOf('tt0000004');
    const res = await ctx.app.inject({ url: `/titles/${t.id}/${t.slug}`, headers: { host: 'parde.test' } });
    const data = structuredData(res.body);
    const movie = ofType(data, 'Movie')!;
    expect(movie).toMatchObject({
      '@context': 'https://schema.org',
      url: `http://parde.test/titles/${t.id}/${t.slug}`,
      name: 'جدایی نادر از سیمین',
      datePublished: '2011-03-16',
      genre: ['درام'],
      inLanguage: 'fa',
      contentRating: 'PG-13',
      duration: 'PT123M',
      image: `http://parde.test/api/artwork/titles/${t.id}/poster.png`,
      description: 'زن و شوهری بر سر رفتن از ایران از هم جدا می‌شوند.',
      sameAs: 'https://www.imdb.com/title/tt0000004/',
    });
    expect(movie.alternateName).toContain('A Separation');
    expect(movie.countryOfOrigin).toEqual([{ '@type': 'Country', name: 'ایران' }]);
    expect(movie.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 10, worstRating: 1 });
    expect(movie.aggregateRating.ratingValue).toBeGreaterThan(0);
    expect(movie.aggregateRating.ratingCount).toBeGreaterThan(0);
    const farhadi = (await ctx.database.pool.query(`SELECT id FROM people WHERE imdb_id = 'nm0000005'`)).rows[0].id;
    expect(movie.director).toEqual([expect.objectContaining({ '@type': 'Person', name: 'اصغر فرهادی', url: expect.stringContaining(`/people/director/${farhadi}/`) })]);
    expect(movie.actor.length).toBeGreaterThan(0);
    for (const a of movie.actor) expect(a).toMatchObject({ '@type': 'Person', name: expect.any(String), url: expect.stringMatching(/^http:\/\/parde\.test\/people\/actor\/\d+\//) });
    expect(ofType(data, 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'خانه', item: 'http://parde.test/' },
      { '@type': 'ListItem', position: 2, name: 'جدایی نادر از سیمین', item: `http://parde.test/titles/${t.id}/${t.slug}` },
    ]);
  });

  it('describes a series with its seasons and episodes', async () => {
    const t = await titleOf('tt0000007');
    const data = structuredData((await ctx.app.inject({ url: `/titles/${t.id}/${t.slug}` })).body);
    const series = ofType(data, 'TVSeries')!;
    expect(series).toMatchObject({ name: expect.any(String), startDate: '2008', endDate: '2013', genre: expect.any(Array), inLanguage: 'en' });
    expect(series.containsSeason.length).toBe(series.numberOfSeasons);
    const season = series.containsSeason[0];
    expect(season).toMatchObject({ '@type': 'TVSeason', seasonNumber: 1, name: 'فصل ۱' });
    expect(season.episode.length).toBe(season.numberOfEpisodes);
    expect(season.episode[0]).toMatchObject({ '@type': 'TVEpisode', episodeNumber: 1, name: expect.any(String) });
    const names = (await ctx.database.pool.query<{ name: string }>(
      'SELECT coalesce(name_fa, name_en) AS name FROM episodes WHERE title_id = $1 AND season_number = 1 ORDER BY episode_number',
      [t.id],
    )).rows.map((r) => r.name);
    expect(season.episode.map((e: { name: string }) => e.name)).toEqual(names);
    expect(ofType(data, 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name)).toEqual(['خانه', 'سریال‌ها', series.name]);
  });

  it('describes a trailer and a free title one can play here as videos', async () => {
    const inception = await titleOf('tt0000014');
    const nameFa = (await ctx.database.pool.query(`SELECT title_fa FROM titles WHERE id = $1`, [inception.id])).rows[0].title_fa as string;
    const movie = ofType(structuredData((await ctx.app.inject({ url: `/titles/${inception.id}/${inception.slug}`, headers: { host: 'parde.test' } })).body), 'Movie')!;
    expect(movie.trailer).toMatchObject({
      '@type': 'VideoObject',
      name: `تریلر ${nameFa}`,
      embedUrl: 'https://www.youtube.com/embed/YoHD9XEInc0',
      duration: 'PT148S',
      thumbnailUrl: `http://parde.test/api/artwork/titles/${inception.id}/poster.png`,
      uploadDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const free = await titleOf('tt0000012');
    const url = `/titles/${free.id}/${free.slug}`;
    // Free, but nothing to play yet: no video.
    expect(ofType(structuredData((await ctx.app.inject({ url })).body), 'VideoObject')).toBeUndefined();
    await ctx.database.pool.query(
      `INSERT INTO media_assets (key, title_id, duration_sec, renditions, audio, subtitles) VALUES ('seo-free', $1, 5340, '[]', '[]', '[]')`,
      [free.id],
    );
    await bumpCatalogue();
    const video = ofType(structuredData((await ctx.app.inject({ url, headers: { host: 'parde.test' } })).body), 'VideoObject')!;
    expect(video).toMatchObject({ isAccessibleForFree: true, duration: 'PT5340S', embedUrl: `http://parde.test/watch/tt0000012/${free.id}`, inLanguage: 'fa' });
  });

  it('describes a person', async () => {
    const id = (await ctx.database.pool.query(`SELECT id FROM people WHERE imdb_id = 'nm0000005'`)).rows[0].id;
    const data = structuredData((await ctx.app.inject({ url: `/people/director/${id}/asghar-farhadi`, headers: { host: 'parde.test' } })).body);
    expect(ofType(data, 'Person')).toMatchObject({
      name: 'اصغر فرهادی',
      alternateName: ['Asghar Farhadi'],
      url: `http://parde.test/people/director/${id}/asghar-farhadi`,
      image: `http://parde.test/api/artwork/people/${id}.png`,
      description: 'کارگردان و فیلمنامه‌نویس ایرانی.',
      sameAs: 'https://www.imdb.com/name/nm0000005/',
    });
    expect(ofType(data, 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name)).toEqual(['خانه', 'اصغر فرهادی']);
  });

  it('cannot be broken out of: a name with </script> stays data', async () => {
    const t = await titleOf('tt0000011');
    const hostile = 'فروشنده</script><script>alert(1)</script><!-- & \u2028';
    await ctx.database.pool.query('UPDATE titles SET title_fa = $2 WHERE id = $1', [t.id, hostile]);
    await bumpCatalogue();
    const res = await ctx.app.inject({ url: `/titles/${t.id}/${t.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<script/g)!.length).toBe(res.body.match(/<\/script>/g)!.length);
    expect(ofType(structuredData(res.body), 'Movie')!.name).toBe(hostile);
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
