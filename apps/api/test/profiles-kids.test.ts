import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kidsAgeRatings } from '@parde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewFor } from '../src/modules/previews/previews';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { seedPlans, type SeededPlans } from './helpers/premium';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { registerStaff } from './helpers/staff';

/**
 * A kids profile (decision 21) over the real app and database: every public answer that a hidden
 * title is gone from (the list in admin-catalogue.test.ts, "a hidden title") also drops grown-up
 * and unrated titles for a kids session — lists, search and suggestions, people, collections,
 * similar, slideshow, coming soon, the title page and the server-drawn one, files and the player —
 * while children's titles stay. Kept answers never cross between kids and everyone else.
 */
let ctx: MemberTestContext;
let dist: string;
let editor: TestMember;
let family: TestMember;
let grownUp: TestMember;
let kidsHeaders: Record<string, string>;
let plans: SeededPlans;
const ids = new Map<string, number>();
const people = new Map<string, number>();
const persian = /[\u0600-\u06FF]/;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-kids-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>پرده</title></head><body><div id="root"></div></body></html>');
  ctx = await createMemberTestApp({ WEB_DIST: dist });
  await loadFixtureCatalogue(ctx.database);
  plans = await seedPlans(ctx.database);
  for (const r of (await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles')).rows) ids.set(r.imdb_id, r.id);
  for (const r of (await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM people')).rows) people.set(r.imdb_id, r.id);
  editor = await registerStaff(ctx.app, ctx.database, 'editor');
  family = await registerMember(ctx.app, { name: 'خانواده' });
  grownUp = await registerMember(ctx.app, { name: 'بزرگسال' });
  const kid = await ctx.app.inject({ method: 'POST', url: '/api/user/profiles', headers: family.headers, payload: { name: 'کوچولو', kids: true, password: family.password } });
  expect(kid.statusCode, kid.body).toBe(201);
  const chosen = await ctx.app.inject({ method: 'POST', url: `/api/user/profiles/${kid.json().data.id}/select`, headers: family.headers, payload: {} });
  expect(chosen.statusCode, chosen.body).toBe(200);
  kidsHeaders = family.headers;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const ed = (method: Method, url: string, payload?: object) => ctx.app.inject({ method, url, headers: editor.headers, ...(payload ? { payload } : {}) });
const as = (headers: Record<string, string>) => (url: string) => ctx.app.inject({ url, headers });

describe("a kids profile's catalogue", () => {
  it('shows no grown-up or unrated title on any public answer, and keeps the children’s ones', async () => {
    const tdk = ids.get('tt0000003')!; // The Dark Knight: a grown-up rating
    const inception = ids.get('tt0000014')!; // for the test, rated PG
    const nolan = people.get('nm0000004')!;
    const bale = people.get('nm0000003')!;
    const nolanFilms = (await ctx.database.pool.query<{ id: number }>(`SELECT id FROM collections WHERE slug = 'nolan'`)).rows[0]!.id;
    // Every title is grown-up (or unrated) but Inception; the editor sets ratings in the panel.
    await ctx.database.pool.query(`UPDATE titles SET age_rating = CASE WHEN id % 2 = 0 THEN 'R' ELSE NULL END`);
    expect((await ed('PATCH', `/api/admin/titles/${inception}`, { age_rating: 'PG' })).statusCode).toBe(200);
    expect((await ed('PATCH', `/api/admin/titles/${tdk}`, { age_rating: 'PG-13', is_free: true })).statusCode).toBe(200);
    for (const id of [tdk, inception]) {
      await ctx.database.pool.query(`INSERT INTO media_assets (key, title_id, duration_sec, renditions, audio, subtitles) VALUES ($1, $2, 60, '[]', '[]', '[]')`, [
        `kids-${id}-${crypto.randomBytes(3).toString('hex')}`,
        id,
      ]);
    }
    await ed('PATCH', `/api/admin/titles/${inception}`, { is_free: true });
    await ed('POST', '/api/admin/slideshow/all', { title_id: tdk });
    await ed('POST', '/api/admin/slideshow/all', { title_id: inception });
    const soon = (await ed('POST', '/api/admin/titles', { type: 'movie', title_fa: 'به‌زودی بزرگسال', title_en: 'Soon Grown', coming_soon: true, expected_date: '2031-03-21', age_rating: 'R' })).json().data;
    await ed('POST', `/api/admin/titles/${soon.id}/publish`);
    const soonKids = (await ed('POST', '/api/admin/titles', { type: 'movie', title_fa: 'به‌زودی کودک', title_en: 'Soon Kids', coming_soon: true, expected_date: '2031-03-22', age_rating: 'G' })).json().data;
    await ed('POST', `/api/admin/titles/${soonKids.id}/publish`);
    const genreOf = async (id: number) => ((await ed('GET', `/api/admin/titles/${id}`)).json().data.genres as { id: number }[])[0]!.id;
    const tdkGenre = await genreOf(tdk);
    const origin = 'http://localhost';

    const look = async (headers: Record<string, string>, id: number) => {
      const get = as(headers);
      const has = (list: { id: number }[]) => list.some((t) => t.id === id);
      const json = async (url: string) => (await get(url)).json();
      return {
        home: has((await json('/api/titles?per_page=100')).data),
        movies: has((await json('/api/titles?type=movie&per_page=100&order_by=rating')).data),
        genre: has((await json(`/api/titles?genre=${await genreOf(id)}&per_page=100`)).data),
        query: has((await json(`/api/titles?q=${id === tdk ? 'dark%20knight' : 'inception'}`)).data),
        playable: has((await json('/api/titles?playable=1&per_page=100')).data),
        search: has((await json(`/api/titles/search?q=${id === tdk ? 'dark%20knight' : 'inception'}`)).data),
        suggestions: has((await json(`/api/titles/search?q=${id === tdk ? 'dark' : 'incep'}`)).data),
        page: (await get(`/api/titles/${id}`)).statusCode,
        byImdb: (await get(`/api/titles/imdb/${id === tdk ? 'tt0000003' : 'tt0000014'}`)).statusCode,
        files: (await get(`/api/titles/${id}/files`)).statusCode,
        similarPage: (await get(`/api/titles/${id}/similar`)).statusCode,
        directorPage: (await get(`/api/titles/${id}/director-titles`)).statusCode,
        access: (await get(`/api/titles/${id}/access`)).statusCode,
        play: (await get(`/api/titles/${id}/play`)).statusCode,
        director: has((await json(`/api/people/${nolan}`)).data.filmography.director),
        collection: has((await json(`/api/collections/${nolanFilms}/titles`)).data),
        collectionAlt: has((await json(`/api/collections/${nolanFilms}?type=alt`)).data.titles),
        slideshow: has((await json('/api/titles/slideshow?type=all')).data),
      };
    };
    const visitor = {};
    const shown = { home: true, movies: true, genre: true, query: true, playable: true, search: true, suggestions: true, page: 200, byImdb: 200, files: 200, similarPage: 200, directorPage: 200, access: 200, play: 200, director: true, collection: true, collectionAlt: true, slideshow: true };
    // Everyone else sees both; the kids profile sees Inception only — asked in either order, so no kept answer crosses.
    expect(await look(visitor, tdk)).toEqual(shown);
    expect(await look(kidsHeaders, tdk)).toEqual({
      home: false,
      movies: false,
      genre: false,
      query: false,
      playable: false,
      search: false,
      suggestions: false,
      page: 404,
      byImdb: 404,
      files: 404,
      similarPage: 404,
      directorPage: 404,
      access: 404,
      play: 404,
      director: false,
      collection: false,
      collectionAlt: false,
      slideshow: false,
    });
    expect(await look(grownUp.headers, tdk)).toEqual(shown);
    expect(await look(kidsHeaders, inception)).toEqual(shown);
    expect(await look(visitor, inception)).toEqual(shown);

    const kids = as(kidsHeaders);
    const json = async (url: string) => (await kids(url)).json();
    // Nothing grown-up or unrated anywhere in the kids lists.
    const rated = new Map((await ctx.database.pool.query<{ id: number; age_rating: string | null }>('SELECT id, age_rating FROM titles')).rows.map((r) => [r.id, r.age_rating]));
    const forKids = (list: { id: number }[]) => list.every((t) => (kidsAgeRatings as readonly string[]).includes(rated.get(t.id) ?? ''));
    for (const url of ['/api/titles?per_page=100', '/api/titles/comingsoon?per_page=100', '/api/titles/slideshow?type=all', `/api/titles/${inception}/similar`, `/api/titles/${inception}/director-titles`, `/api/collections/${nolanFilms}/titles`]) {
      const list = (await json(url)).data as { id: number }[];
      expect(forKids(list), url).toBe(true);
    }
    expect(((await json('/api/titles?per_page=100')).data as { id: number }[]).map((t) => t.id)).toEqual([inception]);
    expect(((await json('/api/titles/comingsoon?per_page=100')).data as { id: number }[]).map((t) => t.id)).toEqual([soonKids.id]);
    expect(((await json('/api/titles/comingsoon?per_page=100')).data as { id: number }[]).map((t) => t.id)).not.toContain(soon.id);
    const balePage = (await json(`/api/people/${bale}`)).data as { filmography: { actor: { id: number }[] }; filmographyCounts: { actor: number } };
    const actor = balePage.filmography.actor;
    expect(actor.some((t) => t.id === tdk)).toBe(false);
    // The role's count and its paged route are the kids profile's too.
    expect(balePage.filmographyCounts.actor).toBe(actor.length);
    const paged = (await json(`/api/people/${bale}/credits?role=actor`)) as { data: { id: number }[]; meta: { total: number } };
    expect(paged.data.map((t) => t.id)).toEqual(actor.map((t) => t.id));
    expect(paged.meta.total).toBe(actor.length);
    expect((await json(`/api/collections/${nolanFilms}`)).data.titleCount).toBe(1);
    // The filters' counts are the kids profile's too.
    const kidsGenre = ((await json('/api/genres')).data as { id: number; titleCount: number }[]).find((g) => g.id === tdkGenre)!.titleCount;
    const allGenre = ((await (await as(visitor)('/api/genres')).json()).data as { id: number; titleCount: number }[]).find((g) => g.id === tdkGenre)!.titleCount;
    expect(kidsGenre).toBeLessThan(allGenre);
    // Signed-in routes for a grown-up title answer 404 too.
    expect((await kids(`/api/titles/${tdk}/screenshots`)).statusCode).toBe(404);
    expect((await kids(`/api/titles/${tdk}/downloads`)).statusCode).toBe(404);
    expect((await kids(`/api/user/titles/${tdk}/state`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/watchlist/${tdk}`, headers: kidsHeaders })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/history/${tdk}`, headers: kidsHeaders, payload: {} })).statusCode).toBe(404);
    // A grown-up series' seasons too: the episodes its page does not carry are not the kids' either.
    const series = ids.get('tt0000007')!;
    expect(rated.get(series) ?? 'unrated').not.toMatch(/^(G|PG|TV-Y|TV-G|TV-PG)$/);
    expect((await kids(`/api/titles/${series}/seasons/1/episodes`)).statusCode).toBe(404);
    expect((await as(visitor)(`/api/titles/${series}/seasons/1/episodes`)).statusCode).toBe(200);
    // The link preview and the server-drawn page: a grown-up title is not found for the kids session's cookie.
    expect(await previewFor(ctx.database.pool, `/titles/${tdk}/the-dark-knight`, origin, true)).toBeNull();
    expect(await previewFor(ctx.database.pool, `/titles/${tdk}/the-dark-knight`, origin)).not.toBeNull();
    const slug = (await json(`/api/titles/${inception}`)).data.slug as string;
    const tdkSlug = (await (await as(visitor)(`/api/titles/${tdk}`)).json()).data.slug as string;
    const kidsCookie = { cookie: `token=${family.token}` };
    expect((await ctx.app.inject({ url: `/titles/${tdk}/${tdkSlug}`, headers: kidsCookie })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/titles/${tdk}/${tdkSlug}/files`, headers: kidsCookie })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/titles/${inception}/${slug}`, headers: kidsCookie })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/titles/${tdk}/${tdkSlug}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/titles/${tdk}/${tdkSlug}`, headers: { cookie: `token=${grownUp.token}` } })).statusCode).toBe(200);
  }, 120_000);

  it('keeps its answers apart from everyone else’s: its own cache key, private, no-store, and Vary for shared caches', async () => {
    // The earlier tests changed the catalogue; the app's 1 s check may not have noticed the last
    // change yet, and would empty the kept answers in the middle of this test when it does.
    await ctx.app.catalogue.check();
    ctx.app.catalogue.responses.clear();
    const url = '/api/titles?per_page=100&order_by=year';
    const visitor = await ctx.app.inject({ url });
    expect(visitor.headers['cache-control']).toBe('public, max-age=5');
    expect(String(visitor.headers.vary)).toMatch(/X-Profile/);
    expect(String(visitor.headers.vary)).toMatch(/Authorization/);
    const again = await ctx.app.inject({ url });
    expect(again.headers['x-cache']).toBe('HIT');
    const kid = await ctx.app.inject({ url, headers: kidsHeaders });
    expect(kid.headers['x-cache']).toBeUndefined();
    expect(kid.headers['cache-control']).toBe('private, no-store');
    expect(kid.json().data.length).toBeLessThan(visitor.json().data.length);
    const kidAgain = await ctx.app.inject({ url, headers: kidsHeaders });
    expect(kidAgain.headers['x-cache']).toBe('HIT');
    expect(kidAgain.headers['cache-control']).toBe('private, no-store');
    expect(kidAgain.body).toBe(kid.body);
    // The kept kids answer never reaches anyone else, nor a grown-up member's.
    expect((await ctx.app.inject({ url })).body).toBe(visitor.body);
    expect((await ctx.app.inject({ url, headers: grownUp.headers })).body).toBe(visitor.body);
  });
});

describe('a kids profile and the account', () => {
  it('hears nothing about a grown-up title: its notifications and unread count leave them out', async () => {
    const [tdk, inception] = [ids.get('tt0000003')!, ids.get('tt0000014')!];
    for (const data of [{ titleId: tdk }, { titleId: inception }, { giftId: 1 }]) {
      await ctx.database.pool.query(`INSERT INTO notifications (user_id, kind, title, body, data) VALUES ($1, 'title_released', 'منتشر شد', 'متن', $2)`, [family.id, JSON.stringify(data)]);
    }
    const kidsList = (await ctx.app.inject({ url: '/api/user/notifications', headers: kidsHeaders })).json();
    expect(kidsList.data).toHaveLength(2);
    expect(kidsList.meta.total).toBe(2);
    expect((await ctx.app.inject({ url: '/api/user', headers: kidsHeaders })).json().data.unreadNotifications).toBe(2);
    // The account's grown-up device sees all three.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/sanc/login', headers: { authorization: 'Bearer none' }, payload: { email: family.email, password: family.password } });
    const grown = { authorization: `Bearer ${login.json().token}` };
    expect((await ctx.app.inject({ url: '/api/user/notifications', headers: grown })).json().data).toHaveLength(3);
    expect((await ctx.app.inject({ url: '/api/user', headers: grown })).json().data.unreadNotifications).toBe(3);
  });

  it('neither reads nor writes comments', async () => {
    const inception = ids.get('tt0000014')!;
    const posted = await ctx.app.inject({ method: 'POST', url: '/api/user/comment', headers: grownUp.headers, payload: { title_id: inception, body: 'فیلم خوبی بود' } });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data.author.name).toBe('بزرگسال');
    const list = await ctx.app.inject({ url: `/api/titles/${inception}/topcomments`, headers: kidsHeaders });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/titles/${inception}/topcomments` })).json().data).toHaveLength(1);
    for (const [method, url, payload] of [
      ['POST', '/api/user/comment', { title_id: inception, body: 'سلام سلام' }],
      ['POST', `/api/user/comments/${posted.json().data.id}/like`, undefined],
      ['POST', `/api/user/comments/${posted.json().data.id}/report`, {}],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: kidsHeaders, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('KIDS_NO_COMMENTS');
      expect(res.json().message).toMatch(persian);
    }
  });

  it('cannot pay; a grown-up profile other than the main one pays with the password or main PIN, signed with its name', async () => {
    const planId = plans.monthly.id;
    const kidsPay = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: kidsHeaders, payload: { plan_id: planId, password: family.password } });
    expect(kidsPay.statusCode).toBe(403);
    expect(kidsPay.json().code).toBe('KIDS_PROFILE');
    const m = await registerMember(ctx.app, { name: 'حساب اصلی' });
    const teen = (await ctx.app.inject({ method: 'POST', url: '/api/user/profiles', headers: m.headers, payload: { name: 'نوجوان', password: m.password } })).json().data;
    // The main profile pays as before.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: m.headers, payload: { plan_id: planId } })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: `/api/user/profiles/${teen.id}/select`, headers: m.headers, payload: {} });
    const noProof = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: m.headers, payload: { plan_id: planId } });
    expect(noProof.statusCode).toBe(403);
    expect(noProof.json().code).toBe('HOLDER_PROOF_REQUIRED');
    const paid = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: m.headers, payload: { plan_id: planId, password: m.password } });
    expect(paid.statusCode, paid.body).toBe(200);
    const { rows } = await ctx.database.pool.query<{ profile_name: string }>('SELECT profile_name FROM payments WHERE user_id = $1 ORDER BY id', [m.id]);
    expect(rows.map((r) => r.profile_name)).toEqual(['حساب اصلی', 'نوجوان']);
    // The receipt says which profile paid.
    const receipts = (await ctx.app.inject({ url: '/api/user/payments', headers: m.headers })).json().data as { profileName: string | null }[];
    expect(receipts.map((r) => r.profileName).sort()).toEqual(['حساب اصلی', 'نوجوان'].sort());
  });

  it("a password sent to pay from a kids device counts toward that device's limit, not the account's", async () => {
    const planId = plans.monthly.id;
    const m = await registerMember(ctx.app, { name: 'خانوادهٔ پرداخت' });
    const post = (headers: Record<string, string>, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
    const device = async () => {
      const login = await post({ authorization: 'Bearer none' }, '/api/sanc/login', { email: m.email, password: m.password });
      return { authorization: `Bearer ${login.json().token}` };
    };
    const kid = (await post(m.headers, '/api/user/profiles', { name: 'کودک', kids: true, password: m.password })).json().data;
    const teen = (await post(m.headers, '/api/user/profiles', { name: 'نوجوان', password: m.password })).json().data;
    const kids = await device();
    expect((await post(kids, `/api/user/profiles/${kid.id}/select`, {})).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await post(kids, '/api/user/join2', { plan_id: planId, password: `guess-${i}` })).json().code).toBe('KIDS_PROFILE');
    expect((await post(kids, '/api/user/join2', { plan_id: planId, password: m.password })).statusCode).toBe(429);
    // The teen pays on another device with the password: the child's tries were not the account's.
    const other = await device();
    expect((await post(other, `/api/user/profiles/${teen.id}/select`, {})).statusCode).toBe(200);
    const paid = await post(other, '/api/user/join2', { plan_id: planId, password: m.password });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it("cannot change the account's password, even knowing it: the parent's password and devices stay", async () => {
    const m = await registerMember(ctx.app, { name: 'خانوادهٔ رمز' });
    const post = (headers: Record<string, string>, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
    const kid = (await post(m.headers, '/api/user/profiles', { name: 'کودک', kids: true, password: m.password })).json().data;
    const login = await post({ authorization: 'Bearer none' }, '/api/sanc/login', { email: m.email, password: m.password });
    const kids = { authorization: `Bearer ${login.json().token}` };
    expect((await post(kids, `/api/user/profiles/${kid.id}/select`, {})).statusCode).toBe(200);
    for (const current of ['a-wrong-guess', m.password]) {
      const res = await post(kids, '/api/sanc/password', { current_password: current, password: 'taken-over-pass', password_confirmation: 'taken-over-pass' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('KIDS_PROFILE');
      expect(res.json().message).toMatch(persian);
    }
    // The parent's session is still signed in and the password is the old one.
    expect((await ctx.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(200);
    expect((await post({ authorization: 'Bearer none' }, '/api/sanc/login', { email: m.email, password: m.password })).statusCode).toBe(200);
  });
});
