import crypto from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app';
import { guestPool, type Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { auditLabel } from '../src/modules/admin/audit';
import { previewFor } from '../src/modules/previews/previews';
import { searchIndexFor } from '../src/modules/search/memory-index';
import { csrf } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, type MemberTestContext, type TestMember } from './helpers/members';
import { startServer, type ServerProcess } from './helpers/process';
import { auditOf, registerCast } from './helpers/staff';

/**
 * The catalogue area of the admin panel over the real app and database: who may call it, that
 * every change is audited and moves the catalogue version, bad input (422, Persian, nothing
 * written), search after an edit (here and in another instance), and hidden titles gone from
 * every public endpoint.
 */
let ctx: MemberTestContext;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
const ids = new Map<string, number>();
const people = new Map<string, number>();
const persian = /[\u0600-\u06FF]/;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  for (const r of (await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles')).rows) ids.set(r.imdb_id, r.id);
  for (const r of (await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM people')).rows) people.set(r.imdb_id, r.id);
  cast = await registerCast(ctx.app, ctx.database);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (who: TestMember, method: Method, url: string, payload?: unknown) => ctx.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const ed = (method: Method, url: string, payload?: unknown) => call(cast.editor, method, url, payload);
const get = (url: string) => ctx.app.inject({ url });
const version = async () => Number((await ctx.database.pool.query<{ version: number }>('SELECT version FROM search_index_state WHERE id = 1')).rows[0]?.version ?? 0);
const count = async (sql: string, params: unknown[] = []) => (await ctx.database.pool.query<{ n: number }>(sql, params)).rows[0]!.n;

async function createTitle(body: Record<string, unknown>) {
  const res = await ed('POST', '/api/admin/titles', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; imdbId: string; published: boolean; path: string; [k: string]: unknown };
}

describe('who may use the catalogue area', () => {
  it('answers every route of it: visitor 401, member 403, editor and admin allowed', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.includes('admin-catalogue'))
        .map(([method, op]) => ({ method: method.toUpperCase() as Method, path, security: op.security })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(40);
    const { cookie, header } = await csrf(ctx.app);
    const wrong: string[] = [];
    for (const op of ops) {
      expect(op.security, `${op.method} ${op.path}`).toEqual([{ bearer: [] }]);
      // An id nothing has: a role that may call the route gets 404 or 422, never a change.
      const url = op.path.replace('{placement}', 'all').replace('{role}', 'actor').replace(/\{[^}]+\}/g, '2000000000');
      const visitor = await ctx.app.inject({ method: op.method, url, headers: { cookie, ...header }, payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {} });
      if (visitor.statusCode !== 401) wrong.push(`${op.method} ${url}: visitor ${visitor.statusCode}`);
      const member = await call(cast.member, op.method, url, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
      if (member.statusCode !== 403 || member.json().code !== 'STAFF_ONLY') wrong.push(`${op.method} ${url}: member ${member.statusCode}`);
      for (const who of [cast.editor, cast.admin]) {
        const res = await call(who, op.method, url, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${op.method} ${url}: ${who === cast.editor ? 'editor' : 'admin'} ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets an admin make changes too, audited under their name', async () => {
    const res = await call(cast.admin, 'POST', '/api/admin/genres', { name_fa: 'مستند کوتاه', name_en: 'Short Documentary' });
    expect(res.statusCode).toBe(201);
    const entries = await auditOf(ctx.database, 'genre', res.json().data.id);
    expect(entries).toEqual([expect.objectContaining({ action: 'genre.create', actor_id: cast.admin.id })]);
  });
});

describe('titles', () => {
  it('creates a hidden title with a local IMDb id and slug, audited, moving the catalogue version once', async () => {
    const before = await version();
    const t = await createTitle({ type: 'movie', title_fa: 'باغ انار', title_en: 'The Pomegranate Garden', year: 2023, runtime: 95, genre_ids: [], country_codes: ['IR'], language_codes: ['fa'] });
    expect(t).toMatchObject({ published: false, localImdbId: true, slug: 'the-pomegranate-garden', path: `/titles/${t.id}/the-pomegranate-garden`, type: 'movie' });
    expect(t.imdbId).toMatch(/^tt9\d{8}$/);
    expect(t.countries).toEqual([{ code: 'IR', nameFa: expect.stringMatching(persian) }]);
    expect(await version()).toBe(before + 1);
    const [entry] = await auditOf(ctx.database, 'title', t.id);
    expect(entry).toMatchObject({ action: 'title.create', actor_id: cast.editor.id, before: null, after: expect.objectContaining({ title_fa: 'باغ انار', published: false }) });
    // Hidden: visitors do not see it; the panel does.
    expect((await get(`/api/titles/${t.id}`)).statusCode).toBe(404);
    expect((await ed('GET', `/api/admin/titles/${t.id}`)).json().data.titleFa).toBe('باغ انار');
    const listed = (await ed('GET', '/api/admin/titles?status=hidden')).json();
    expect(listed.data.map((r: { id: number }) => r.id)).toContain(t.id);
    // Published, it is on the site, and the audit log says who did it.
    const pub = await ed('POST', `/api/admin/titles/${t.id}/publish`);
    expect(pub.json().data.published).toBe(true);
    expect((await get(`/api/titles/${t.id}`)).json().data.titleFa).toBe('باغ انار');
    expect((await auditOf(ctx.database, 'title', t.id)).map((e) => e.action)).toEqual(['title.create', 'title.publish']);
    expect(auditLabel('title.publish')).toMatch(persian);
    // A real IMDb id already in use is refused under its field.
    const dup = await ed('PATCH', `/api/admin/titles/${t.id}`, { imdb_id: 'tt0000003' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.imdb_id[0]).toMatch(persian);
  });

  it('refuses bad input with Persian field errors and writes nothing', async () => {
    const titles = await count('SELECT count(*)::int AS n FROM titles');
    const audits = await count('SELECT count(*)::int AS n FROM audit_log');
    const v = await version();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ type: 'movie', title_fa: '', title_en: 'X', year: 3000 }, ['title_fa', 'year']],
      [{ type: 'film', title_fa: 'الف', title_en: 'X' }, ['type']],
      [{ type: 'series', title_fa: 'الف', title_en: 'X', year: 2020, end_year: 2019 }, ['end_year']],
      [{ type: 'movie', title_fa: 'الف', title_en: 'X', coming_soon: true }, ['expected_date']],
      [{ type: 'movie', title_fa: 'الف', title_en: 'X', genre_ids: [999999] }, ['genre_ids']],
      [{ type: 'movie', title_fa: 'الف', title_en: 'X', country_codes: ['QQ'] }, ['country_codes']],
      [{ type: 'movie', title_fa: 'الف', title_en: 'X', trailer_youtube_id: 'not a video' }, ['trailer_youtube_id']],
      [{ type: 'movie', title_fa: 'الف', title_en: 'X', imdb_id: 'tt0000003' }, ['imdb_id']],
    ];
    for (const [body, fields] of cases) {
      const res = await ed('POST', '/api/admin/titles', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      for (const f of fields) expect(errors[f]?.[0], `${f} of ${JSON.stringify(body)}`).toMatch(persian);
    }
    const tdk = ids.get('tt0000003')!;
    const bad = await ed('PATCH', `/api/admin/titles/${tdk}`, { year: 2010, end_year: 2001 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.end_year[0]).toMatch(persian);
    expect(await count('SELECT count(*)::int AS n FROM titles')).toBe(titles);
    expect(await count('SELECT count(*)::int AS n FROM audit_log')).toBe(audits);
    expect(await version()).toBe(v);
    expect((await get(`/api/titles/${tdk}`)).json().data.year).toBe(2008);
  });

  it('finds a title by its new Persian name right after an edit, and no longer by the old one', async () => {
    const joker = ids.get('tt0000005')!;
    const search = async (q: string) => (await get(`/api/titles/search?q=${encodeURIComponent(q)}`)).json().data.map((r: { id: number }) => r.id) as number[];
    const home = async (q: string) => (await get(`/api/titles?q=${encodeURIComponent(q)}`)).json().data.map((r: { id: number }) => r.id) as number[];
    expect(await search('جوکر')).toContain(joker);
    expect(await search('دلقک‌سالار')).not.toContain(joker);
    const res = await ed('PATCH', `/api/admin/titles/${joker}`, { title_fa: 'دلقک‌سالار خیابان' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await search('دلقک‌سالار')).toContain(joker);
    expect(await search('دلقک سالار خیابان')).toContain(joker);
    expect(await home('دلقک‌سالار')).toContain(joker);
    expect(await search('جوکر')).not.toContain(joker);
    // The English name still finds it, and the title page shows the new name.
    expect(await search('joker')).toContain(joker);
    expect((await get(`/api/titles/${joker}`)).json().data.titleFa).toBe('دلقک‌سالار خیابان');
    const { rows } = await ctx.database.pool.query<{ search_text: string; n: number }>(
      `SELECT search_text, (SELECT count(*)::int FROM search_words w WHERE w.id = ANY(t.word_ids)) AS n FROM titles t WHERE id = $1`,
      [joker],
    );
    expect(rows[0]!.search_text).toContain('joker');
    expect(rows[0]!.n).toBeGreaterThan(2);
    // The panel's own search finds hidden titles, by name and by IMDb id.
    const hidden = await createTitle({ type: 'series', title_fa: 'کوچه‌باغ‌های پنهان', title_en: 'Hidden Alleys', year: 2024 });
    const panel = (await ed('GET', `/api/admin/titles?q=${encodeURIComponent('کوچه‌باغ‌های')}`)).json();
    expect(panel.data.map((r: { id: number }) => r.id)).toEqual([hidden.id]);
    expect((await ed('GET', `/api/admin/titles?q=${hidden.imdbId}`)).json().data[0].id).toBe(hidden.id);
    expect(await search('کوچه‌باغ‌های')).toEqual([]);
  });

  it('edits every field of the form and keeps the change in the audit log (before and after)', async () => {
    const t = await createTitle({ type: 'movie', title_fa: 'آزمون', title_en: 'Test Film' });
    const genres = (await ed('GET', '/api/admin/catalogue/options')).json().data;
    expect(genres.countries.length).toBeGreaterThan(0);
    const g = genres.genres[0].id;
    const res = await ed('PATCH', `/api/admin/titles/${t.id}`, {
      title_en: 'Test Film Renamed',
      title_original: 'Film d’essai',
      year: 2022,
      runtime: 101,
      plot_fa: 'داستانی کوتاه.',
      plot_en: 'A short story.',
      age_rating: 'PG-13',
      release_date: '2022-05-01',
      genre_ids: [g],
      trailer_youtube_id: 'dQw4w9WgXcQ',
      is_free: true,
      coming_soon: true,
      expected_date: '2030-01-01',
      imdb_id: 'tt7654321',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ titleEn: 'Test Film Renamed', slug: 'test-film-renamed', imdbId: 'tt7654321', localImdbId: false, ageRating: 'PG-13', isFree: true, comingSoon: true, expectedDate: '2030-01-01', genres: [{ id: g }] });
    const entries = await auditOf(ctx.database, 'title', t.id);
    expect(entries.at(-1)).toMatchObject({ action: 'title.update', before: expect.objectContaining({ title_en: 'Test Film', is_free: false }), after: expect.objectContaining({ title_en: 'Test Film Renamed', is_free: true, genre_ids: [g] }) });
    // Saving the same values again changes nothing and logs nothing.
    const again = await ed('PATCH', `/api/admin/titles/${t.id}`, { title_en: 'Test Film Renamed', is_free: true });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(ctx.database, 'title', t.id)).toHaveLength(entries.length);
    // Clearing the IMDb id gives the title a local one again.
    expect((await ed('PATCH', `/api/admin/titles/${t.id}`, { imdb_id: '' })).json().data.imdbId).toMatch(/^tt9\d{8}$/);
  });

  it('deletes only a hidden title no member has used, audited', async () => {
    const t = await createTitle({ type: 'movie', title_fa: 'حذفی', title_en: 'Deletable' });
    await ed('POST', `/api/admin/titles/${t.id}/publish`);
    const refused = await ed('DELETE', `/api/admin/titles/${t.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(persian);
    await ed('POST', `/api/admin/titles/${t.id}/hide`);
    await ctx.database.pool.query(`INSERT INTO watch_history (user_id, profile_id, title_id) SELECT $1, id, $2 FROM profiles WHERE user_id = $1 AND main`, [cast.member.id, t.id]);
    expect((await ed('DELETE', `/api/admin/titles/${t.id}`)).statusCode).toBe(409);
    await ctx.database.pool.query('DELETE FROM watch_history WHERE title_id = $1', [t.id]);
    expect((await ed('DELETE', `/api/admin/titles/${t.id}`)).statusCode).toBe(200);
    expect((await ed('GET', `/api/admin/titles/${t.id}`)).statusCode).toBe(404);
    expect((await auditOf(ctx.database, 'title', t.id)).map((e) => e.action)).toEqual(['title.create', 'title.publish', 'title.hide', 'title.delete']);
  });
});

describe('seasons, episodes, credits and dubs', () => {
  it('builds a series season by season, audited, and the title page shows it', async () => {
    const s = await createTitle({ type: 'series', title_fa: 'شهرزاد تازه', title_en: 'New Shahrzad', year: 2020, end_year: 2022 });
    const season = await ed('POST', `/api/admin/titles/${s.id}/seasons`, { number: 1, year: 2020 });
    expect(season.statusCode).toBe(201);
    const seasonId = season.json().data.seasons[0].id;
    expect((await ed('POST', `/api/admin/titles/${s.id}/seasons`, { number: 1 })).json().errors.number[0]).toMatch(persian);
    const missing = await ed('POST', `/api/admin/titles/${s.id}/episodes`, { season_number: 2, episode_number: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.season_number[0]).toMatch(persian);
    const ep = await ed('POST', `/api/admin/titles/${s.id}/episodes`, { season_number: 1, episode_number: 1, name_fa: 'آغاز', name_en: 'Beginning', runtime: 45, year: 2020 });
    expect(ep.statusCode).toBe(201);
    const episode = ep.json().data.seasons[0].episodes[0];
    expect(episode).toMatchObject({ nameFa: 'آغاز', runtime: 45, hasVideo: false });
    expect(episode.imdbId).toMatch(/^tt8\d{8}$/);
    await ed('POST', `/api/admin/titles/${s.id}/episodes`, { season_number: 1, episode_number: 2, name_fa: 'دوم' });
    expect((await ed('POST', `/api/admin/titles/${s.id}/episodes`, { season_number: 1, episode_number: 2 })).json().errors.episode_number[0]).toMatch(persian);
    const edited = await ed('PATCH', `/api/admin/episodes/${episode.id}`, { name_fa: 'سرآغاز', runtime: 50 });
    expect(edited.json().data.seasons[0].episodes[0]).toMatchObject({ nameFa: 'سرآغاز', runtime: 50 });
    const renumbered = await ed('PATCH', `/api/admin/seasons/${seasonId}`, { number: 3, year: 2021 });
    expect(renumbered.json().data.seasons).toEqual([expect.objectContaining({ number: 3, year: 2021, episodes: [expect.objectContaining({ seasonNumber: 3 }), expect.objectContaining({ seasonNumber: 3 })] })]);
    await ed('POST', `/api/admin/titles/${s.id}/publish`);
    const page = (await get(`/api/titles/${s.id}`)).json().data;
    expect(JSON.stringify(page)).toContain('سرآغاز');
    // A movie has no seasons; a series with seasons does not become a movie.
    expect((await ed('PATCH', `/api/admin/titles/${s.id}`, { type: 'movie' })).json().errors.type[0]).toMatch(persian);
    const second = (await ed('GET', `/api/admin/titles/${s.id}`)).json().data.seasons[0].episodes[1];
    expect((await ed('DELETE', `/api/admin/episodes/${second.id}`)).json().data.seasons[0].episodes).toHaveLength(1);
    expect((await ed('DELETE', `/api/admin/seasons/${seasonId}`)).json().data.seasons).toEqual([]);
    expect(await count('SELECT count(*)::int AS n FROM episodes WHERE title_id = $1', [s.id])).toBe(0);
    expect((await auditOf(ctx.database, 'season', seasonId)).map((e) => e.action)).toEqual(['season.create', 'season.update', 'season.delete']);
    expect((await auditOf(ctx.database, 'episode', episode.id)).map((e) => e.action)).toEqual(['episode.create', 'episode.update']);
    expect((await auditOf(ctx.database, 'episode', second.id)).map((e) => e.action)).toEqual(['episode.create', 'episode.delete']);
  });

  it('makes people, credits them with roles and characters, reorders and removes credits', async () => {
    const made = await ed('POST', '/api/admin/people', { name_en: 'Leila Hatami Test', name_fa: 'لیلا حاتمی آزمایشی', birth_year: 1972, professions: ['actress'] });
    expect(made.statusCode, made.body).toBe(201);
    const person = made.json().data;
    expect(person.imdbId).toMatch(/^nm9\d{8}$/);
    expect((await ed('POST', '/api/admin/people', { name_en: 'X', birth_year: 1990, death_year: 1980 })).json().errors.death_year[0]).toMatch(persian);
    // Found by the people search (the public one and the panel's) right away.
    expect((await get(`/api/people/search?q=${encodeURIComponent('حاتمی آزمایشی')}`)).json().data.map((p: { id: number }) => p.id)).toContain(person.id);
    const renamed = await ed('PATCH', `/api/admin/people/${person.id}`, { name_fa: 'لیلا حاتمی‌نو' });
    expect(renamed.json().data.nameFa).toBe('لیلا حاتمی‌نو');
    expect((await ed('GET', `/api/admin/people?q=${encodeURIComponent('حاتمی‌نو')}`)).json().data[0].id).toBe(person.id);

    const sep = ids.get('tt0000004')!;
    const bale = people.get('nm0000003')!;
    const add = await ed('POST', `/api/admin/titles/${sep}/credits`, { person_id: person.id, role: 'actor', character: 'سیمین' });
    expect(add.statusCode, add.body).toBe(201);
    await ed('POST', `/api/admin/titles/${sep}/credits`, { person_id: bale, role: 'actor', character: null });
    expect((await ed('POST', `/api/admin/titles/${sep}/credits`, { person_id: bale, role: 'actor' })).statusCode).toBe(422);
    const actors = (list: { role: string; personId: number }[]) => list.filter((c) => c.role === 'actor').map((c) => c.personId);
    const current = actors((await ed('GET', `/api/admin/titles/${sep}`)).json().data.credits);
    expect(current.slice(-2)).toEqual([person.id, bale]);
    const order = [bale, person.id, ...current.filter((x) => x !== bale && x !== person.id)];
    const reordered = await ed('PUT', `/api/admin/titles/${sep}/credits/order`, { role: 'actor', person_ids: order });
    expect(actors(reordered.json().data.credits)).toEqual(order);
    expect((await ed('PUT', `/api/admin/titles/${sep}/credits/order`, { role: 'actor', person_ids: [bale] })).statusCode).toBe(422);
    const page = (await get(`/api/titles/${sep}`)).json().data;
    expect(JSON.stringify(page)).toContain('سیمین');
    expect((await ed('PATCH', `/api/admin/titles/${sep}/credits/${person.id}/actor`, { character: 'سیمینِ دیگر' })).json().data.credits.find((c: { personId: number }) => c.personId === person.id).character).toBe('سیمینِ دیگر');
    expect((await ed('DELETE', `/api/admin/titles/${sep}/credits/${bale}/actor`)).statusCode).toBe(200);
    expect((await ed('DELETE', `/api/admin/titles/${sep}/credits/${bale}/actor`)).statusCode).toBe(404);
    expect((await auditOf(ctx.database, 'title', sep)).map((e) => e.action)).toEqual(['title.credit_add', 'title.credit_add', 'title.credits_reorder', 'title.credit_update', 'title.credit_remove']);
    expect((await auditOf(ctx.database, 'person', person.id)).map((e) => e.action)).toEqual(['person.create', 'person.update']);
  });

  it('adds, renames and removes dub editions, keeping has_dub right', async () => {
    const t = await createTitle({ type: 'movie', title_fa: 'دوبله‌ای', title_en: 'Dubbed One' });
    expect(t.hasDub).toBe(false);
    const added = await ed('POST', `/api/admin/titles/${t.id}/dubs`, { studio: 'سورن' });
    expect(added.json().data).toMatchObject({ hasDub: true, dubs: [{ studio: 'سورن', language: 'fa', files: 0 }] });
    expect((await ed('POST', `/api/admin/titles/${t.id}/dubs`, { studio: 'سورن' })).json().errors.studio[0]).toMatch(persian);
    const dub = added.json().data.dubs[0].id;
    expect((await ed('PATCH', `/api/admin/dubs/${dub}`, { studio: 'گلوری' })).json().data.dubs[0].studio).toBe('گلوری');
    const removed = await ed('DELETE', `/api/admin/dubs/${dub}`);
    expect(removed.json().data).toMatchObject({ hasDub: false, dubs: [] });
    expect((await auditOf(ctx.database, 'title', t.id)).map((e) => e.action)).toEqual(['title.create', 'title.dub_add', 'title.dub_update', 'title.dub_remove']);
  });
});

describe('genres, collections and the slideshow', () => {
  it('creates, renames and removes genres (only unused ones)', async () => {
    const made = await ed('POST', '/api/admin/genres', { name_fa: 'نوآر', name_en: 'Film Noir' });
    expect(made.json().data).toMatchObject({ slug: 'film-noir', nameFa: 'نوآر', titleCount: 0 });
    const id = made.json().data.id;
    expect((await ed('POST', '/api/admin/genres', { name_fa: 'دیگر', name_en: 'Film Noir' })).json().errors.name_en[0]).toMatch(persian);
    expect((await ed('PATCH', `/api/admin/genres/${id}`, { name_fa: 'فیلم نوآر' })).json().data).toMatchObject({ nameFa: 'فیلم نوآر', slug: 'film-noir' });
    expect((await get('/api/genres')).json().data.find((g: { id: number }) => g.id === id).nameFa).toBe('فیلم نوآر');
    // A title's genres keep the order the operator gave them, on its page and on its card, whatever
    // their ids; a renamed genre shows its new name on both at once.
    const drama = (await get('/api/genres')).json().data.find((g: { slug: string }) => g.slug === 'drama').id;
    expect(drama).toBeLessThan(id);
    const t = await createTitle({ type: 'movie', title_fa: 'سیاه', title_en: 'Noir Test', genre_ids: [id, drama] });
    await ed('POST', `/api/admin/titles/${t.id}/publish`);
    const shown = async () => {
      const page = (await get(`/api/titles/${t.id}`)).json().data.genres;
      const card = (await get(`/api/titles?genre=film-noir`)).json().data.find((c: { id: number }) => c.id === t.id).genres;
      expect(card).toEqual(page);
      return page.map((g: { titleFa: string }) => g.titleFa);
    };
    expect(await shown()).toEqual(['فیلم نوآر', 'درام']);
    await ed('PATCH', `/api/admin/titles/${t.id}`, { genre_ids: [drama, id] });
    expect(await shown()).toEqual(['درام', 'فیلم نوآر']);
    await ed('PATCH', `/api/admin/genres/${id}`, { name_fa: 'نوآر سیاه' });
    expect(await shown()).toEqual(['درام', 'نوآر سیاه']);
    const busy = await ed('DELETE', `/api/admin/genres/${id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(persian);
    await ed('PATCH', `/api/admin/titles/${t.id}`, { genre_ids: [] });
    expect((await ed('DELETE', `/api/admin/genres/${id}`)).statusCode).toBe(200);
    expect((await auditOf(ctx.database, 'genre', id)).map((e) => e.action)).toEqual(['genre.create', 'genre.update', 'genre.update', 'genre.delete']);
  });

  it('builds a collection, reorders it with the full list, and the public collection follows', async () => {
    const made = await ed('POST', '/api/admin/collections', { title_fa: 'برگزیده‌ها', title_en: 'Picks', description_fa: 'چند فیلم.', listing: 'ranked' });
    expect(made.statusCode).toBe(201);
    const c = made.json().data;
    const [a, b, d] = [ids.get('tt0000001')!, ids.get('tt0000004')!, ids.get('tt0000014')!];
    for (const t of [a, b, d]) expect((await ed('POST', `/api/admin/collections/${c.id}/titles`, { title_id: t })).statusCode).toBe(201);
    expect((await ed('POST', `/api/admin/collections/${c.id}/titles`, { title_id: a })).statusCode).toBe(422);
    const publicOrder = async () => (await get(`/api/collections/${c.id}/titles`)).json().data.map((t: { id: number }) => t.id);
    expect(await publicOrder()).toEqual([a, b, d]);
    const reordered = await ed('PUT', `/api/admin/collections/${c.id}/titles`, { title_ids: [d, a, b] });
    expect(reordered.json().data.titles.map((t: { id: number }) => t.id)).toEqual([d, a, b]);
    expect(await publicOrder()).toEqual([d, a, b]);
    for (const bad of [[d, a], [d, a, b, b], [d, a, 999999]]) {
      const res = await ed('PUT', `/api/admin/collections/${c.id}/titles`, { title_ids: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.title_ids[0]).toMatch(persian);
    }
    expect(await publicOrder()).toEqual([d, a, b]);
    expect((await ed('DELETE', `/api/admin/collections/${c.id}/titles/${a}`)).json().data.titles.map((t: { id: number }) => t.id)).toEqual([d, b]);
    expect((await ed('PATCH', `/api/admin/collections/${c.id}`, { title_fa: 'برگزیده‌های تازه' })).json().data.titleFa).toBe('برگزیده‌های تازه');
    expect((await get(`/api/collections/${c.id}`)).json().data.titleFa).toBe('برگزیده‌های تازه');
    expect((await ed('DELETE', `/api/admin/collections/${c.id}`)).statusCode).toBe(200);
    expect((await get(`/api/collections/${c.id}`)).statusCode).toBe(404);
    expect((await auditOf(ctx.database, 'collection', c.id)).map((e) => e.action)).toEqual([
      'collection.create',
      'collection.add_title',
      'collection.add_title',
      'collection.add_title',
      'collection.reorder',
      'collection.remove_title',
      'collection.update',
      'collection.delete',
    ]);
  });

  it('adds, reorders and removes slideshow picks, and the public slideshow follows', async () => {
    const picks = async () => (await get('/api/titles/slideshow?type=series')).json().data.map((t: { id: number }) => t.id);
    const bb = ids.get('tt0000007')!;
    const s = await createTitle({ type: 'series', title_fa: 'سریال اسلاید', title_en: 'Slide Series' });
    await ed('POST', `/api/admin/titles/${s.id}/publish`);
    expect(await picks()).toEqual([bb]);
    expect((await ed('POST', '/api/admin/slideshow/series', { title_id: ids.get('tt0000003') })).statusCode).toBe(422);
    const added = await ed('POST', '/api/admin/slideshow/series', { title_id: s.id });
    expect(added.json().data.series.map((t: { id: number }) => t.id)).toEqual([bb, s.id]);
    expect(await picks()).toEqual([bb, s.id]);
    await ed('PUT', '/api/admin/slideshow/series', { title_ids: [s.id, bb] });
    expect(await picks()).toEqual([s.id, bb]);
    expect((await ed('PUT', '/api/admin/slideshow/series', { title_ids: [s.id] })).statusCode).toBe(422);
    await ed('DELETE', `/api/admin/slideshow/series/${s.id}`);
    expect(await picks()).toEqual([bb]);
    const { rows } = await ctx.database.pool.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'title.slideshow%' ORDER BY id`);
    expect(rows.map((r) => r.action)).toEqual(['title.slideshow_add', 'title.slideshow_reorder', 'title.slideshow_remove']);
  });
});

describe('a hidden title', () => {
  it('is gone from every public endpoint, and back when published again', async () => {
    const tdk = ids.get('tt0000003')!;
    const inception = ids.get('tt0000014')!;
    const nolan = people.get('nm0000004')!;
    const bale = people.get('nm0000003')!;
    const nolanFilms = (await ctx.database.pool.query<{ id: number }>(`SELECT id FROM collections WHERE slug = 'nolan'`)).rows[0]!.id;
    // Free, with video, in the slideshow: every place a visitor could meet it.
    await ed('PATCH', `/api/admin/titles/${tdk}`, { is_free: true });
    await ctx.database.pool.query(
      `INSERT INTO media_assets (key, title_id, duration_sec, renditions, audio, subtitles) VALUES ($1, $2, 60, '[]', '[]', '[]')`,
      [`tdk-${crypto.randomBytes(3).toString('hex')}`, tdk],
    );
    await ed('POST', '/api/admin/slideshow/all', { title_id: tdk });
    const soon = await createTitle({ type: 'movie', title_fa: 'به‌زودی پنهان', title_en: 'Soon Hidden', coming_soon: true, expected_date: '2031-03-21' });
    const origin = 'http://localhost';
    const tdkCountry = (await ctx.database.pool.query<{ code: string }>('SELECT code FROM countries ORDER BY code LIMIT 1')).rows[0]!.code;
    await ed('PATCH', `/api/admin/titles/${tdk}`, { country_codes: [tdkCountry] });
    const tdkGenre = ((await ed('GET', `/api/admin/titles/${tdk}`)).json().data as { genres: { id: number }[] }).genres[0]!.id;

    const has = (list: { id: number }[]) => list.some((t) => t.id === tdk);
    const look = async () => ({
      home: has((await get('/api/titles?per_page=100')).json().data),
      movies: has((await get('/api/titles?type=movie&per_page=100&order_by=rating')).json().data),
      genre: has((await get(`/api/titles?genre=${(await ed('GET', `/api/admin/titles/${tdk}`)).json().data.genres[0].id}&per_page=100`)).json().data),
      query: has((await get('/api/titles?q=dark%20knight')).json().data),
      playable: has((await get('/api/titles?playable=1&per_page=100')).json().data),
      search: has((await get('/api/titles/search?q=dark%20knight')).json().data),
      suggestions: has((await get('/api/titles/search?q=dark')).json().data),
      page: (await get(`/api/titles/${tdk}`)).statusCode,
      byImdb: (await get('/api/titles/imdb/tt0000003')).statusCode,
      files: (await get(`/api/titles/${tdk}/files`)).statusCode,
      similarPage: (await get(`/api/titles/${tdk}/similar`)).statusCode,
      directorPage: (await get(`/api/titles/${tdk}/director-titles`)).statusCode,
      comments: (await get(`/api/titles/${tdk}/topcomments`)).statusCode,
      access: (await get(`/api/titles/${tdk}/access`)).statusCode,
      play: (await get(`/api/titles/${tdk}/play`)).statusCode,
      screenshots: (await call(cast.member, 'GET', `/api/titles/${tdk}/screenshots`)).statusCode,
      similar: has((await get(`/api/titles/${inception}/similar`)).json().data),
      directorTitles: has((await get(`/api/titles/${inception}/director-titles`)).json().data),
      director: has((await get(`/api/people/${nolan}`)).json().data.filmography.director),
      actor: has((await get(`/api/people/${bale}`)).json().data.filmography.actor),
      collection: has((await get(`/api/collections/${nolanFilms}/titles`)).json().data),
      collectionAlt: has((await get(`/api/collections/${nolanFilms}?type=alt`)).json().data.titles),
      collectionCount: (await get(`/api/collections/${nolanFilms}`)).json().data.titleCount,
      slideshow: has((await get('/api/titles/slideshow?type=all')).json().data),
      // The filters' counts: a hidden title is not counted under its genre or country.
      genreCount: ((await get('/api/genres')).json().data as { id: number; titleCount: number }[]).find((g) => g.id === tdkGenre)!.titleCount,
      countryCount: ((await get('/api/countries')).json().data as { code: string; titleCount: number }[]).find((c) => c.code === tdkCountry)?.titleCount ?? 0,
      comingSoon: (await get('/api/titles/comingsoon?per_page=100')).json().data.some((t: { id: number }) => t.id === soon.id),
      poster: (await get(`/api/artwork/titles/${tdk}/poster.png`)).statusCode,
      sitemap: (await get('/sitemaps/titles-1.xml')).body.includes(`/titles/${tdk}/`),
      preview: (await previewFor(ctx.database.pool, `/titles/${tdk}/the-dark-knight`, origin)) !== null,
    });

    await ed('POST', `/api/admin/titles/${soon.id}/publish`);
    const shown = await look();
    expect(shown).toEqual({
      home: true,
      movies: true,
      genre: true,
      query: true,
      playable: true,
      search: true,
      suggestions: true,
      page: 200,
      byImdb: 200,
      files: 200,
      similarPage: 200,
      directorPage: 200,
      comments: 200,
      access: 200,
      play: 200,
      screenshots: 200,
      similar: true,
      directorTitles: true,
      director: true,
      actor: true,
      collection: true,
      collectionAlt: true,
      collectionCount: 2,
      slideshow: true,
      genreCount: expect.any(Number),
      countryCount: expect.any(Number),
      comingSoon: true,
      poster: 200,
      sitemap: true,
      preview: true,
    });

    const v = await version();
    expect((await ed('POST', `/api/admin/titles/${tdk}/hide`)).json().data.published).toBe(false);
    await ed('POST', `/api/admin/titles/${soon.id}/hide`);
    expect(await version()).toBe(v + 2);
    expect(await look()).toEqual({
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
      comments: 404,
      access: 404,
      play: 404,
      screenshots: 404,
      similar: false,
      directorTitles: false,
      director: false,
      actor: false,
      collection: false,
      collectionAlt: false,
      collectionCount: 1,
      slideshow: false,
      genreCount: shown.genreCount - 1,
      countryCount: shown.countryCount - 1,
      comingSoon: false,
      poster: 404,
      sitemap: false,
      preview: false,
    });
    // The panel still has it, with its places in collections and the slideshow kept.
    const inPanel = (await ed('GET', `/api/admin/titles/${tdk}`)).json().data;
    expect(inPanel).toMatchObject({ published: false, slideshow: ['all'], collections: [expect.objectContaining({ id: nolanFilms })] });

    await ed('POST', `/api/admin/titles/${tdk}/publish`);
    await ed('POST', `/api/admin/titles/${soon.id}/publish`);
    expect(await look()).toEqual(shown);
  }, 60_000);
});

describe('another instance of the site', () => {
  it('sees an edit within seconds: its search index and kept answers follow the catalogue version', async () => {
    const { database } = ctx;
    // A second app on the same database, as a second API process would be.
    const pool = database.kind === 'pglite' ? guestPool(database.url, 2) : new pg.Pool({ connectionString: database.url, max: 3 });
    const second: Database = { ...database, pool, db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database['db'], close: async () => pool.end() };
    const app2: App = await buildApp({ config: { ...ctx.config, CATALOGUE_CHECK_MS: 200 }, database: second }, { logger: false });
    await app2.ready();
    try {
      const id = ids.get('tt0000011')!;
      const find = async (q: string) => (await app2.inject({ url: `/api/titles/search?q=${encodeURIComponent(q)}` })).json().data.map((r: { id: number }) => r.id) as number[];
      expect(await find('فروشنده')).toContain(id);
      expect((await app2.inject({ url: `/api/titles/${id}` })).json().data.titleFa).toBe('فروشنده');
      // A person's page is kept whole (the person, the titles they are known for, their titles).
      const person = (await database.pool.query<{ id: number }>(`SELECT id FROM people WHERE imdb_id = 'nm0000005'`)).rows[0]!.id;
      const personPage = async () => (await app2.inject({ url: `/api/people/${person}?role=director` })).json().data;
      expect(await personPage()).toMatchObject({ fullnameFa: 'اصغر فرهادی', bestDirected: { titleFa: 'جدایی نادر از سیمین' } });
      await ed('PATCH', `/api/admin/titles/${id}`, { title_fa: 'بازاریاب تهرانی' });
      await ed('PATCH', `/api/admin/people/${person}`, { name_fa: 'اصغر فرهادیِ نو' });
      const dbVersion = await version();
      await vi.waitFor(
        async () => {
          expect((await searchIndexFor(pool)).version).toBe(dbVersion);
          expect(await find('بازاریاب تهرانی')).toContain(id);
          expect((await app2.inject({ url: `/api/titles/${id}` })).json().data.titleFa).toBe('بازاریاب تهرانی');
          const page = await personPage();
          expect(page.fullnameFa).toBe('اصغر فرهادیِ نو');
          expect(page.filmography.director.map((t: { titleFa: string }) => t.titleFa)).toContain('بازاریاب تهرانی');
        },
        { timeout: 5_000, interval: 100 },
      );
    } finally {
      await app2.close();
      await pool.end();
    }
  }, 30_000);

  // A second server process needs a database server: the embedded one has a single session,
  // which only commands share (as guests, without named statements), never a second site.
  it.runIf(process.env.TEST_DATABASE_URL)('in its own process, sees an edit within 5 s', async () => {
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ DATABASE_URL: ctx.database.url, CATALOGUE_CHECK_MS: '1000', APP_SECRET: 'test-secret-test-secret-test-secret' });
      const id = ids.get('tt0000012')!;
      const find = async (q: string) => ((await (await fetch(`${server!.url}/api/titles/search?q=${encodeURIComponent(q)}`)).json()) as { data: { id: number }[] }).data.map((r) => r.id);
      expect(await find('بچه‌های آسمان')).toContain(id);
      await ed('PATCH', `/api/admin/titles/${id}`, { title_fa: 'کودکان آسمان آبی' });
      const started = Date.now();
      await vi.waitFor(async () => expect(await find('کودکان آسمان آبی')).toContain(id), { timeout: 5_000, interval: 100 });
      expect(Date.now() - started).toBeLessThan(5_000);
      await ed('POST', `/api/admin/titles/${id}/hide`);
      await vi.waitFor(async () => expect((await fetch(`${server!.url}/api/titles/${id}`)).status).toBe(404), { timeout: 5_000, interval: 100 });
    } finally {
      await server?.stop();
    }
  }, 90_000);
});

describe('the audit log', () => {
  it('has an entry, with a Persian label, for every kind of change the area makes', async () => {
    const { rows } = await ctx.database.pool.query<{ action: string }>(`SELECT DISTINCT action FROM audit_log WHERE action ~ '^(title|season|episode|person|genre|collection)\\.'`);
    const seen = new Set(rows.map((r) => r.action));
    const kinds = [
      'title.create', 'title.update', 'title.publish', 'title.hide', 'title.delete',
      'title.credit_add', 'title.credit_update', 'title.credit_remove', 'title.credits_reorder',
      'title.dub_add', 'title.dub_update', 'title.dub_remove',
      'title.slideshow_add', 'title.slideshow_remove', 'title.slideshow_reorder',
      'season.create', 'season.update', 'season.delete', 'episode.create', 'episode.update', 'episode.delete',
      'person.create', 'person.update', 'genre.create', 'genre.update', 'genre.delete',
      'collection.create', 'collection.update', 'collection.delete', 'collection.add_title', 'collection.remove_title', 'collection.reorder',
    ];
    expect(kinds.filter((k) => !seen.has(k))).toEqual([]);
    for (const k of kinds) expect(auditLabel(k), k).toMatch(persian);
    const list = await call(cast.admin, 'GET', '/api/admin/audit?action=title&per_page=5');
    expect(list.json().data[0].actionLabel).toMatch(persian);
  });
});
