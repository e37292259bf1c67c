import { PERSON_CREDITS_PAGE_MAX, PERSON_PAGE_CREDITS } from '@parde/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWithin } from '../src/db/executors';
import { CatalogueRepository, roughly } from '../src/modules/catalogue/catalogue.repository';
import { jsonBytes, keptWithIndex, searchIndexFor } from '../src/modules/search/memory-index';
import { createTestApp, type TestContext } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';

let ctx: TestContext;
const ids = new Map<string, number>();
const personIds = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  await loadFixtureCatalogue(ctx.database);
  // The app takes in the import's catalogue version now, not at its next look a second later:
  // that look would empty the caches in the middle of the first test (CI, PostgreSQL, a slow run).
  await ctx.app.catalogue.check();
  const { rows } = await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles');
  for (const r of rows) ids.set(r.imdb_id, r.id);
  const people = await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM people');
  for (const r of people.rows) personIds.set(r.imdb_id, r.id);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const id = (tconst: string) => ids.get(tconst)!;

describe('GET /api/titles (home list)', () => {
  it('lists released titles by votes with pagination meta', async () => {
    const res = await get('/api/titles?per_page=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((t: { titleEn: string }) => t.titleEn)).toEqual(['The Dark Knight', 'Inception', 'Breaking Bad']);
    // 12 movies and series: not the episodes, the short, the adult title or the coming-soon one.
    expect(body.meta).toEqual({ currentPage: 1, lastPage: 4, perPage: 3, total: 11 });
    const second = (await get('/api/titles?per_page=3&page=2')).json();
    expect(second.data[0].titleEn).toBe('Joker');
  });

  it('filters by type, dub, genre, country and years', async () => {
    const series = (await get('/api/titles?type=series')).json();
    expect(series.data.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Breaking Bad']);
    const dubbed = (await get('/api/titles?is_dubbed=1')).json();
    expect(dubbed.data.map((t: { titleEn: string }) => t.titleEn).sort()).toEqual(['Inception', 'Spider-Man']);
    const drama = (await get('/api/titles?genre=drama&country=IR')).json();
    expect(drama.data.map((t: { titleEn: string }) => t.titleEn).sort()).toEqual(['A Separation', 'Children of Heaven']);
    // By slug or by id, the same list; a slug that names no genre finds nothing.
    const dramaId = (await get('/api/genres')).json().data.find((g: { slug: string }) => g.slug === 'drama').id;
    expect((await get(`/api/titles?genre=${dramaId}&country=IR`)).json().data).toEqual(drama.data);
    expect((await get('/api/titles?genre=no-such-genre')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    const years = (await get('/api/titles?year_from=2010&year_to=2016&order_by=year')).json();
    expect(years.data.map((t: { year: number }) => t.year)).toEqual([2016, 2015, 2011, 2010]);
  });

  it('orders by rating, Rotten Tomatoes and newest', async () => {
    const rating = (await get('/api/titles?order_by=rating&per_page=2')).json();
    expect(rating.data.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Breaking Bad', 'The Dark Knight']);
    const rt = (await get('/api/titles?order_by=rotten_tomatoes&per_page=1')).json();
    expect(rt.data[0].titleEn).toBe('A Separation');
  });

  it('searches within the list with q, relevance first', async () => {
    const res = (await get('/api/titles?q=joker&order_by=votes&type=all')).json();
    expect(res.data.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Joker', 'Joker: Folie à Deux']);
    expect(res.meta.total).toBe(2);
  });

  it('answers bad parameters with 422 and Persian field errors', async () => {
    for (const q of ['order_by=popularity', 'type=anime', 'page=0', 'per_page=1000', 'year_from=abc', 'is_dubbed=maybe']) {
      const res = await get(`/api/titles?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.values(res.json().errors).flat()[0]).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('sends Cache-Control and an ETag, and answers 304 when nothing changed', async () => {
    const res = await get('/api/titles?per_page=5');
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/titles?per_page=5', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/api/titles?per_page=6', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('keeps a public answer for a few seconds and says so', async () => {
    const first = await get('/api/titles?per_page=7');
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await get('/api/titles?per_page=7');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('weighs each kept answer by its size, so RESPONSE_CACHE_MB bounds them whatever addresses are asked', async () => {
    const kept = ctx.app.catalogue.responses;
    // From an empty cache: an answer an earlier test kept could expire (30 s) mid-test on a slow run.
    kept.clear();
    const before = kept.totalWeight;
    const answer = await get(`/api/titles/${id('tt0000007')}?any=1`);
    expect(answer.statusCode).toBe(200);
    expect(kept.totalWeight - before).toBe(answer.body.length * 2);
    // A second address of the same page is a second answer, weighed again.
    const other = await get(`/api/titles/${id('tt0000007')}?any=2`);
    expect(kept.totalWeight - before).toBe(answer.body.length * 2 + other.body.length * 2);
  });
});

describe('rows kept with the search index', () => {
  it('keeps a person\'s page and a title page, each shelf bounded by what its rows weigh', async () => {
    const index = await searchIndexFor(ctx.database.pool);
    const page = await get(`/api/people/${personIds.get('nm0000005')}`);
    expect(page.statusCode).toBe(200);
    const people = index.shelves.get('person-pages')!;
    expect(people.size).toBeGreaterThanOrEqual(1);
    // The same page again (another address: not the micro-cache) comes from the shelf: the very
    // rows kept, not read again, and the same answer.
    // One shelf, four entries a person (every role's titles, then each role's): key id × 4 + role.
    const pid = personIds.get('nm0000005')!;
    const keptRows = people.get(String(pid * 4));
    expect(keptRows).toBeDefined();
    expect((await get(`/api/people/${pid}?again=1`)).body).toBe(page.body);
    expect(people.get(String(pid * 4))).toBe(keptRows);
    await get(`/api/people/${pid}?role=actor`);
    expect(people.get(String(pid * 4 + 1))).toBeDefined();
    expect(people.get(String(pid * 4 + 2))).toBeUndefined();
    await get(`/api/titles/${id('tt0000014')}?kept=1`);
    expect(index.shelves.get('title-pages')!.totalWeight).toBeGreaterThan(1000);
    // A bound of 250 bytes holds two rows of ~100 (JSON, two bytes a character), not three.
    const row = (n: number) => ({ id: n, name: 'x'.repeat(35) });
    const read = async (ids: number[]) => ids.map(row);
    for (const n of [1, 2, 3]) await keptWithIndex(ctx.database.pool, 'bound-test', [n], read, (r) => r.id, 100, { maxBytes: 250, bytesOf: jsonBytes });
    const shelf = index.shelves.get('bound-test')!;
    expect(jsonBytes(row(1))).toBe(2 * JSON.stringify(row(1)).length);
    expect(shelf.size).toBe(2);
    expect(shelf.totalWeight).toBe(2 * jsonBytes(row(1)));
    expect(shelf.get('1')).toBeUndefined();
  });
});

describe('a list too long to count (decision 42)', () => {
  it('counts exactly up to its limit, and past it gives the planner\'s estimate, rounded and said to be one', async () => {
    // The fixture's 11 listed titles against a limit of 5: the list is "too long".
    const repo = new CatalogueRepository(ctx.database.pool, undefined, 5);
    const long = await repo.list({}, 'votes', 3, 0);
    expect(long.rows.map((r) => r.title_en)).toEqual(['The Dark Knight', 'Inception', 'Breaking Bad']);
    expect(long.estimated).toBe(true);
    expect(long.total).toBeGreaterThanOrEqual(6);
    expect(long.total).toBe(roughly(long.total));
    // Under the limit the count is exact, and says so.
    const short = await repo.list({ type: 'series' }, 'votes', 3, 0);
    expect(short).toMatchObject({ total: 1, estimated: false });
    const roomy = await new CatalogueRepository(ctx.database.pool, undefined, 20).list({}, 'votes', 3, 0);
    expect(roomy).toMatchObject({ total: 11, estimated: false });
    // The limit itself is still exact: 11 titles, limit 11.
    expect(await new CatalogueRepository(ctx.database.pool, undefined, 11).list({}, 'votes', 3, 0)).toMatchObject({ total: 11, estimated: false });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a read past its deadline is cancelled and says so; the connection goes back without the deadline', async () => {
    const pool = ctx.database.pool;
    expect(await readWithin(pool, 50, async (c) => (await c.query('SELECT pg_sleep(1)')).rowCount)).toBeNull();
    expect(await readWithin(pool, 1000, async (c) => (await c.query<{ n: number }>('SELECT 41 + 1 AS n')).rows[0]!.n)).toBe(42);
    // Any other failure is the caller's, and the transaction is read-only.
    await expect(readWithin(pool, 1000, (c) => c.query('UPDATE titles SET votes = votes'))).rejects.toMatchObject({ code: '25006' });
    await expect(readWithin(pool, 1000, (c) => c.query('SELECT * FROM no_such_table'))).rejects.toMatchObject({ code: '42P01' });
    // Every connection of the pool still runs long statements.
    await Promise.all(Array.from({ length: 4 }, () => pool.query('SELECT pg_sleep(0.1)')));
  });

  it('on a large catalogue asks the planner first, and counts no filter it expects ten times past the limit', async () => {
    // Every statement the repository sends through the pool is seen, and every connection it
    // takes (the count under its deadline runs on one of its own).
    const pool = ctx.database.pool;
    const sent: string[] = [];
    const seen = new Proxy(pool, {
      get(target, prop) {
        if (prop === 'query') return (q: string | { text: string }, v?: unknown[]) => (sent.push(typeof q === 'string' ? q : q.text), target.query(q as string, v));
        if (prop === 'connect') return () => (sent.push('count(*) under its deadline'), target.connect());
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // Limit 1, every catalogue "large": eleven listed titles are over ten times the limit.
    const repo = new CatalogueRepository(seen, undefined, 1, 10_000, 0);
    const broad = await repo.list({}, 'votes', 3, 0);
    expect(broad).toMatchObject({ estimated: true });
    expect(broad.total).toBeGreaterThanOrEqual(10);
    expect(sent.filter((t) => t.includes('count(*)'))).toEqual([]);
    expect(sent.filter((t) => t.startsWith('EXPLAIN'))).toHaveLength(1);
    // One series is expected: it is counted, exactly.
    sent.length = 0;
    expect(await repo.list({ type: 'series' }, 'votes', 3, 0)).toMatchObject({ total: 1, estimated: false });
    expect(sent.filter((t) => t.includes('count(*)'))).toHaveLength(1);
  });

  it('a count past its deadline gives way to the estimate', async () => {
    // On PostgreSQL the repository reads, through its own pool, a view in front of the titles that
    // spends 10 ms a row, so counting eleven titles outlasts a 30 ms deadline whatever the machine's
    // speed (a deadline of a millisecond alone is met by a fast machine); the total is then the
    // planner's, said to be one. The embedded database has no statement timer, so its count always
    // finishes.
    if (process.env.TEST_DATABASE_URL) {
      const pool = ctx.database.pool;
      await pool.query('CREATE SCHEMA slow_titles');
      const slow = new pg.Pool({ ...pool.options, max: 3, options: '-c search_path=slow_titles,public' });
      try {
        await pool.query('CREATE VIEW slow_titles.titles AS SELECT t.* FROM public.titles t CROSS JOIN LATERAL (SELECT pg_sleep(0.01) WHERE t.id IS NOT NULL) s');
        const list = await new CatalogueRepository(slow, undefined, 10_000, 30, 0).list({}, 'votes', 3, 0);
        expect(list.rows.map((r) => r.title_en)).toEqual(['The Dark Knight', 'Inception', 'Breaking Bad']);
        expect(list.estimated).toBe(true);
        expect(list.total).toBeGreaterThan(0);
        // The same count with time enough is exact.
        expect(await new CatalogueRepository(slow, undefined, 10_000, 30_000, 0).list({}, 'votes', 3, 0)).toMatchObject({ total: 11, estimated: false });
      } finally {
        await slow.end();
        await pool.query('DROP SCHEMA slow_titles CASCADE');
      }
    } else {
      const list = await new CatalogueRepository(ctx.database.pool, undefined, 10_000, 1, 0).list({}, 'votes', 3, 0);
      expect(list).toMatchObject({ total: 11, estimated: false });
    }
    // A catalogue this small has no deadline at all: its counts are always exact.
    expect(await new CatalogueRepository(ctx.database.pool, undefined, 10_000, 0.001).list({}, 'votes', 3, 0)).toMatchObject({ total: 11, estimated: false });
  });

  it('rounds an estimate to two digits, as people say it', () => {
    expect([0, 7, 99, 155, 10_001, 1_234_567, 2_850_000].map(roughly)).toEqual([0, 7, 99, 160, 10_000, 1_200_000, 2_900_000]);
  });

  it('an exact total has no estimated flag in the answer', async () => {
    const res = await get('/api/titles?per_page=3&type=movie');
    expect(res.json().meta).not.toHaveProperty('estimated');
  });
});

describe('GET /api/titles/:id', () => {
  it('returns everything the title page shows', async () => {
    const res = await get(`/api/titles/${id('tt0000014')}`);
    expect(res.statusCode).toBe(200);
    const t = res.json().data;
    expect(t).toMatchObject({
      titleEn: 'Inception',
      titleFa: 'تلقین', // the supplement's Arabic yeh is folded to the Persian letter
      year: 2010,
      runtime: 148,
      type: 'movie',
      rating: 8.8,
      rottenTomatoes: { rtMeter: 87, rtStatus: 'fresh' },
      hasDub: true,
      plotFa: 'دزدی که رویاها را می‌دزدد.',
      countries: [{ code: 'US', nameFa: 'ایالات متحده' }],
      languages: [{ code: 'en', nameFa: 'انگلیسی' }],
      path: `/titles/${id('tt0000014')}/inception`,
      fileCount: 2,
    });
    expect(t.genres.map((g: { titleFa: string }) => g.titleFa)).toEqual(['اکشن', 'ماجرایی', 'علمی-تخیلی']);
    expect(t.directors[0]).toMatchObject({ fullnameEn: 'Christopher Nolan', fullnameFa: 'کریستوفر نولان' });
    expect(t.directors[0].path).toMatch(/^\/people\/director\/\d+\/christopher-nolan$/);
    expect(t.cast[0]).toMatchObject({ fullnameEn: 'Leonardo DiCaprio', character: 'Cobb' });
    expect(t.dubs.map((d: { studio: string }) => d.studio)).toEqual(['سورن', 'نواهنگ']);
    expect(t.trailer).toMatchObject({ youtubeId: 'YoHD9XEInc0', path: '/watch/trailer/tt0000014' });
    expect(t.poster).toMatch(/^http:\/\/localhost(:\d+)?\/api\/artwork\/titles\/\d+\/poster\.png$/);
  });

  it('groups a series into seasons and episodes with their Persian names', async () => {
    const t = (await get(`/api/titles/${id('tt0000007')}`)).json().data;
    expect(t.titleFa).toBe('بریکینگ بد');
    expect(t.endYear).toBe(2013);
    expect(t.seasons.map((s: { number: number; episodes: unknown[] }) => [s.number, s.episodes.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(t.seasons[0].episodes[0]).toMatchObject({ number: 1, nameEn: 'Pilot', nameFa: 'قسمت آزمایشی' });
  });

  it("carries a long series' first 200 episodes and every season's count; the season's route pages the rest", async () => {
    // A daily soap: 230 episodes in season 1, 40 in season 2 (270 in all, past the page's 200).
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_fa, slug, year) VALUES ('tt0999001', 'series', 'tvSeries', 'Long Soap', 'سریال بلند', 'long-soap', 2001) RETURNING id`,
    );
    const soap = rows[0]!.id;
    await ctx.database.pool.query(
      `INSERT INTO episodes (imdb_id, title_id, season_number, episode_number, name_en)
       SELECT 'tt09' || lpad(n::text, 6, '0'), $1, CASE WHEN n <= 230 THEN 1 ELSE 2 END, CASE WHEN n <= 230 THEN n ELSE n - 230 END, 'Day ' || n
       FROM generate_series(1, 270) n`,
      [soap],
    );
    await ctx.database.pool.query(`INSERT INTO seasons (title_id, number, year) VALUES ($1, 1, 2001), ($1, 2, 2002)`, [soap]);
    await ctx.app.catalogue.changed();
    try {

      const t = (await get(`/api/titles/${soap}`)).json().data;
      expect(t.seasons.map((s: { number: number; year: number; episodeCount: number; episodes: unknown[] }) => [s.number, s.year, s.episodeCount, s.episodes.length])).toEqual([
        [1, 2001, 230, 200],
        [2, 2002, 40, 0],
      ]);
      expect(t.seasons[0].episodes.at(-1)).toMatchObject({ number: 200, nameEn: 'Day 200' });
      // A file of an episode past the page's 200 is named by the files route all the same.
      await ctx.database.pool.query(
        `INSERT INTO media_files (title_id, episode_id, season_number, episode_number, quality, size_mb, codec, source)
         SELECT title_id, id, season_number, episode_number, '720p', 300, 'H.264', 'WEB-DL' FROM episodes WHERE title_id = $1 AND season_number = 1 AND episode_number = 230`,
        [soap],
      );
      expect((await get(`/api/titles/${soap}/files`)).json().data).toMatchObject([{ seasonNumber: 1, episodeNumber: 230, episodeName: 'Day 230' }]);

      const page3 = await get(`/api/titles/${soap}/seasons/1/episodes?page=3`);
      expect(page3.statusCode).toBe(200);
      expect(page3.json().meta).toEqual({ currentPage: 3, lastPage: 3, perPage: 100, total: 230 });
      expect(page3.json().data.map((e: { number: number }) => e.number)).toEqual(Array.from({ length: 30 }, (_, k) => 201 + k));
      const second = (await get(`/api/titles/${soap}/seasons/2/episodes?per_page=15`)).json();
      expect(second.meta).toEqual({ currentPage: 1, lastPage: 3, perPage: 15, total: 40 });
      expect(second.data[0]).toMatchObject({ number: 1, nameEn: 'Day 231', nameFa: null });
      // Past the last page: an empty page, not an error.
      expect((await get(`/api/titles/${soap}/seasons/2/episodes?page=9`)).json()).toMatchObject({ data: [], meta: { total: 40 } });

    } finally {
      // The other tests count the fixture's titles.
      await ctx.database.pool.query('DELETE FROM titles WHERE id = $1', [soap]);
      await ctx.app.catalogue.changed();
    }

    // A short series still carries every episode, each season complete.
    const short = (await get(`/api/titles/${id('tt0000007')}`)).json().data;
    expect(short.seasons.map((s: { episodeCount: number; episodes: unknown[] }) => [s.episodeCount, s.episodes.length])).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });

  it("answers a season that is not there 404 in Persian, and a bad season or page 422", async () => {
    expect((await get(`/api/titles/${id('tt0000007')}/seasons/7/episodes`)).json()).toEqual({ code: 'NOT_FOUND', message: 'این سریال فصلی با این شماره ندارد.' });
    // A film has no seasons; an unknown title is not found.
    expect((await get(`/api/titles/${id('tt0000014')}/seasons/1/episodes`)).statusCode).toBe(404);
    expect((await get('/api/titles/999999/seasons/1/episodes')).json()).toEqual({ code: 'NOT_FOUND', message: 'فیلم یا سریالی با این نشانی پیدا نشد.' });
    for (const bad of ['seasons/-1/episodes', 'seasons/x/episodes', 'seasons/1/episodes?page=0', 'seasons/1/episodes?per_page=101']) {
      const res = await get(`/api/titles/${id('tt0000007')}/${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().code, bad).toBe('VALIDATION_FAILED');
    }
  });

  it('answers unknown ids with a Persian 404 and bad ids with 422', async () => {
    const missing = await get('/api/titles/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'فیلم یا سریالی با این نشانی پیدا نشد.' });
    expect((await get('/api/titles/abc')).statusCode).toBe(422);
    expect((await get('/api/titles/-3')).statusCode).toBe(422);
    expect((await get('/api/titles/99999999999')).statusCode).toBe(422); // past int4: a 422, not a database error
    expect((await get('/api/titles/999999/similar')).statusCode).toBe(404);
  });

  it('finds a title by its IMDb id for the trailer and watch routes', async () => {
    const byImdb = await get('/api/titles/imdb/tt0000014');
    expect(byImdb.statusCode).toBe(200);
    expect(byImdb.json().data).toMatchObject({ id: id('tt0000014'), imdbId: 'tt0000014', titleEn: 'Inception', trailer: { youtubeId: 'YoHD9XEInc0' } });
    const missing = await get('/api/titles/imdb/tt9999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('فیلم یا سریالی با این نشانی پیدا نشد.');
    const bad = await get('/api/titles/imdb/nm0000001');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.imdbId[0]).toMatch(/^شناسهٔ IMDb/);
  });

  it('lists similar titles and the director’s other titles', async () => {
    const similar = (await get(`/api/titles/${id('tt0000001')}/similar`)).json().data;
    // Both share all three genres; then votes decide.
    expect(similar.slice(0, 2).map((t: { titleEn: string }) => t.titleEn)).toEqual(['Inception', 'Spider-Man 2']);
    expect(similar.map((t: { id: number }) => t.id)).not.toContain(id('tt0000001'));
    const byDirector = (await get(`/api/titles/${id('tt0000003')}/director-titles`)).json().data;
    expect(byDirector.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Inception']);
  });

  it('lists media files with their audio edition', async () => {
    const files = (await get(`/api/titles/${id('tt0000014')}/files`)).json().data;
    expect(files).toHaveLength(2);
    expect(files.map((f: { audio: { kind: string; studio: string | null } }) => f.audio)).toEqual([
      { kind: 'original', studio: null },
      { kind: 'dub', studio: 'سورن' },
    ]);
    expect(files.map((f: { episodeName: string | null }) => f.episodeName)).toEqual([null, null]);
    const episodeFiles = (await get(`/api/titles/${id('tt0000007')}/files`)).json().data;
    // Each episode's file carries its name: the files page of a long series needs no title page for it.
    expect(episodeFiles[0]).toMatchObject({ seasonNumber: 1, episodeNumber: 1, quality: '720p', subtitles: ['fa', 'en'], episodeName: 'قسمت آزمایشی' });
  });
});

describe('slideshow and coming soon', () => {
  it('returns the picks for a placement in order', async () => {
    const all = (await get('/api/titles/slideshow?type=all')).json().data;
    expect(all.map((t: { titleEn: string }) => t.titleEn).sort()).toEqual(['Breaking Bad', 'Spider-Man']);
    const series = (await get('/api/titles/slideshow?type=series')).json().data;
    expect(series.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Breaking Bad']);
    expect((await get('/api/titles/slideshow?type=anime')).statusCode).toBe(422);
  });

  it('lists coming-soon titles with their expected date', async () => {
    const res = (await get('/api/titles/comingsoon')).json();
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ titleFa: 'تلماسه: بخش سوم', comingSoon: true, expectedDate: '2026-12-18' });
  });
});

describe('people', () => {
  it('returns a person with the filmography by role', async () => {
    const res = await get(`/api/people/${personIds.get('nm0000005')}`);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ fullnameEn: 'Asghar Farhadi', fullnameFa: 'اصغر فرهادی', job: 'director', birthYear: 1972 });
    expect(p.filmography.director.map((t: { titleEn: string }) => t.titleEn)).toEqual(['The Salesman', 'A Separation']);
    expect(p.filmography.writer).toHaveLength(2);
    expect(p.filmographyCounts).toMatchObject({ director: 2, writer: 2 });
    expect(p.filmographyCounts.actor).toBe(p.filmography.actor.length);
    expect(p.bestDirected.titleEn).toBe('A Separation');
    // The page reads the titles a person is known for with the person's row; search reads them
    // from the kept title references: the same answer either way.
    const found = (await get('/api/people/search?q=asghar%20farhadi')).json().data.find((r: { id: number }) => r.id === p.id);
    expect({ bestDirected: p.bestDirected, bestStarred: p.bestStarred }).toEqual({ bestDirected: found.bestDirected, bestStarred: found.bestStarred });
    expect((await get('/api/people/999999')).statusCode).toBe(404);
    expect((await get('/api/people/999999?role=actor')).statusCode).toBe(404);
  });

  it('does not import people no kept title credits', async () => {
    expect(personIds.has('nm0000099')).toBe(false);
  });
});

describe('collections and genres', () => {
  it('lists collections and their titles in order', async () => {
    const list = (await get('/api/collections')).json();
    expect(list.meta.total).toBe(2);
    const nolan = list.data.find((c: { slug: string }) => c.slug === 'nolan');
    expect(nolan).toMatchObject({ titleFa: 'فیلم‌های نولان', titleCount: 2, listing: 'ranked' });
    expect(nolan.posters).toHaveLength(2);
    const titles = (await get(`/api/collections/${nolan.id}/titles`)).json();
    expect(titles.data.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Inception', 'The Dark Knight']);
    const alt = (await get(`/api/collections/${nolan.id}?type=alt`)).json().data;
    expect(alt.titles).toHaveLength(2);
    const plain = (await get(`/api/collections/${nolan.id}`)).json().data;
    expect(plain.titles).toBeUndefined();
    expect((await get('/api/collections/9999')).statusCode).toBe(404);
  });

  it('lists genres with Persian names and counts, and countries', async () => {
    const genres = (await get('/api/genres')).json().data;
    const drama = genres.find((g: { slug: string }) => g.slug === 'drama');
    expect(drama).toMatchObject({ nameFa: 'درام', nameEn: 'Drama' });
    expect(drama.titleCount).toBe(8);
    const countries = (await get('/api/countries')).json().data;
    expect(countries.map((c: { code: string }) => c.code).sort()).toEqual(['IR', 'US']);
  });

  it('keeps each title’s copy of its genres (the list filter’s) in step with title_genres, whoever writes', async () => {
    const client = await ctx.database.pool.connect();
    // Titles whose copy differs from title_genres, and the copy of one title.
    const drift = async () =>
      (
        await client.query<{ id: number }>(
          `SELECT t.id FROM titles t
            WHERE t.genre_ids IS DISTINCT FROM coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.position, tg.genre_id) FROM title_genres tg WHERE tg.title_id = t.id), '{}')`,
        )
      ).rows;
    const copy = async (titleId: number) => (await client.query<{ g: number[] }>('SELECT genre_ids AS g FROM titles WHERE id = $1', [titleId])).rows[0]!.g;
    try {
      // As the fixture's import left it.
      expect(await drift()).toEqual([]);
      expect((await copy(id('tt0000004'))).length).toBeGreaterThan(0);
      // Inside a transaction rolled back at the end: the other tests keep the fixture.
      await client.query('BEGIN');
      const genre = (await client.query<{ id: number }>(`INSERT INTO genres (name_en, name_fa, slug) VALUES ('Test', 'آزمون', 'test-genre') RETURNING id`)).rows[0]!.id;
      // Many rows in one statement.
      await client.query('INSERT INTO title_genres (title_id, genre_id) SELECT id, $1 FROM titles', [genre]);
      expect(await drift()).toEqual([]);
      expect(await copy(id('tt0000004'))).toContain(genre);
      // One title's genres taken away, then one row moved to another title's genre.
      await client.query('DELETE FROM title_genres WHERE title_id = $1', [id('tt0000004')]);
      expect(await copy(id('tt0000004'))).toEqual([]);
      await client.query('UPDATE title_genres SET title_id = $1 WHERE title_id = $2 AND genre_id = $3', [id('tt0000004'), id('tt0000005'), genre]);
      expect(await copy(id('tt0000004'))).toEqual([genre]);
      expect(await copy(id('tt0000005'))).not.toContain(genre);
      // A deleted genre takes its rows with it (the foreign key's cascade), and out of every copy.
      await client.query('DELETE FROM genres WHERE id = $1', [genre]);
      expect(await drift()).toEqual([]);
      expect(await copy(id('tt0000004'))).toEqual([]);
      // The filter reads the copy: an id, a slug, and a slug that names no genre.
      const filtered = async (where: string, param: unknown) =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM titles t WHERE ${where}`, [param])).rows[0]!.n;
      expect(await filtered('t.genre_ids @> ARRAY[$1::int]', genre)).toBe(0);
      expect(await filtered(`t.genre_ids @> ARRAY[(SELECT g.id FROM genres g WHERE g.slug = $1)]`, 'no-such-genre')).toBe(0);
      const dramas = await filtered(`EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = t.id AND g.slug = $1)`, 'drama');
      expect(dramas).toBeGreaterThan(0);
      expect(await filtered(`t.genre_ids @> ARRAY[(SELECT g.id FROM genres g WHERE g.slug = $1)]`, 'drama')).toBe(dramas);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('artwork', () => {
  /** Width and height from a PNG's header. */
  const pngSize = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

  it('draws a distinct PNG poster and backdrop per title, the same each time, and a fallback for unknown ids', async () => {
    const a = await get(`/api/artwork/titles/${id('tt0000004')}/poster.png`);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/png');
    expect(a.headers['cache-control']).toMatch(/max-age=86400/);
    expect(a.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngSize(a.rawPayload)).toEqual({ width: 160, height: 240 });
    const again = await get(`/api/artwork/titles/${id('tt0000004')}/poster.png`);
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    const b = await get(`/api/artwork/titles/${id('tt0000011')}/poster.png`);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(false);
    const wide = await get(`/api/artwork/titles/${id('tt0000004')}/backdrop.png`);
    expect(pngSize(wide.rawPayload)).toEqual({ width: 480, height: 270 });
    const missing = await get('/api/artwork/titles/999999/poster.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('draws portraits and screenshots, and sends the old SVG addresses to the PNGs', async () => {
    const personId = [...personIds.values()][0]!;
    const person = await get(`/api/artwork/people/${personId}.png`);
    expect(person.statusCode).toBe(200);
    expect(pngSize(person.rawPayload)).toEqual({ width: 160, height: 160 });
    const shot = await get(`/api/artwork/titles/${id('tt0000004')}/screenshots/2.png`);
    expect(pngSize(shot.rawPayload)).toEqual({ width: 480, height: 270 });
    const old = await get(`/api/artwork/titles/${id('tt0000004')}/poster.svg`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/artwork/titles/${id('tt0000004')}/poster.png`);
    expect((await get(`/api/artwork/people/${personId}.svg`)).headers.location).toBe(`/api/artwork/people/${personId}.png`);
    expect((await get('/api/artwork/people/999999.png')).statusCode).toBe(404);
    expect((await get('/api/artwork/titles/0/poster.png')).statusCode).toBe(422);
  });
});

describe('the home list of over 10,000 titles (decision 42)', () => {
  it('answers an estimated total, said to be one, and names no page past the last one served', async () => {
    // 10,050 titles of one year no other title has (so no kept total answers for them), removed after.
    await ctx.database.pool.query(
      `INSERT INTO titles (imdb_id, type, imdb_type, title_en, slug, year, votes)
       SELECT 'tt9' || lpad(g::text, 8, '0'), 'movie', 'movie', 'Estimate ' || g, 'estimate-' || g, 1871, g FROM generate_series(1, 10050) g`,
    );
    try {
      await ctx.database.pool.query('ANALYZE titles');
      const body = (await get('/api/titles?type=movie&year_from=1871&year_to=1871&per_page=2')).json();
      expect(body.data.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Estimate 10050', 'Estimate 10049']);
      expect(body.meta).toMatchObject({ currentPage: 1, perPage: 2, estimated: true });
      // The planner's ~10,050, rounded to two digits.
      expect(body.meta.total).toBeGreaterThanOrEqual(10_000);
      expect(body.meta.lastPage).toBe(Math.min(10_000, Math.ceil(body.meta.total / 2)));
      // The year before: no title, counted exactly.
      const exact = (await get('/api/titles?type=movie&year_to=1870')).json();
      expect(exact.meta).not.toHaveProperty('estimated');
    } finally {
      await ctx.database.pool.query(`DELETE FROM titles WHERE year = 1871 AND imdb_id LIKE 'tt9%'`);
    }
  });
});

describe('a person with more titles than their page carries (decision 44)', () => {
  it('carries each role\'s first titles with the counts, and the credits route pages the rest in the same order', async () => {
    // A voice actor of 130 titles (one of them hidden) and the director of 3, removed after.
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO people (imdb_id, name_en, slug) VALUES ('nm9000001', 'Busy Voice', 'busy-voice') RETURNING id`,
    );
    const busy = rows[0]!.id;
    await ctx.database.pool.query(
      `INSERT INTO titles (imdb_id, type, imdb_type, title_en, slug, year, votes, published)
       SELECT 'tt8' || lpad(g::text, 8, '0'), 'movie', 'movie', 'Voiced ' || g, 'voiced-' || g, 1872 + g % 100, g, g <> 7 FROM generate_series(1, 131) g`,
    );
    await ctx.database.pool.query(
      `INSERT INTO credits (title_id, person_id, role, character)
       SELECT t.id, $1::int, 'actor', 'Voice ' || t.votes FROM titles t WHERE t.imdb_id LIKE 'tt8%' AND t.votes <= 131 AND t.title_en LIKE 'Voiced %'
       UNION ALL SELECT t.id, $1::int, 'director', NULL FROM titles t WHERE t.title_en IN ('Voiced 1', 'Voiced 2', 'Voiced 3')`,
      [busy],
    );
    try {
      const p = (await get(`/api/people/${busy}`)).json().data;
      expect(p.filmographyCounts).toEqual({ actor: 130, director: 3, writer: 0 });
      expect(p.filmography.actor).toHaveLength(PERSON_PAGE_CREDITS);
      expect(p.filmography.director.map((t: { titleEn: string }) => t.titleEn)).toEqual(['Voiced 3', 'Voiced 2', 'Voiced 1']);
      // The page of one role (the one its address names) carries that role's titles, and every count.
      const directing = (await get(`/api/people/${busy}?role=director`)).json().data;
      expect(directing.filmographyCounts).toEqual({ actor: 130, director: 3, writer: 0 });
      expect(directing.filmography.actor).toEqual([]);
      expect(directing.filmography.director).toEqual(p.filmography.director);
      const acting = (await get(`/api/people/${busy}?role=actor`)).json().data;
      expect(acting.filmography).toEqual({ ...p.filmography, director: [] });
      expect((await get(`/api/people/${busy}?role=producer`)).statusCode).toBe(422);
      // The newest first, then the most voted: the order a sort of every credit gives (the years
      // repeat a hundred titles apart, so each page ends inside a year of ties).
      const { rows: sorted } = await ctx.database.pool.query<{ id: number }>(
        `SELECT t.id FROM credits c JOIN titles t ON t.id = c.title_id WHERE c.person_id = $1 AND c.role = 'actor' AND t.published
          ORDER BY t.year DESC NULLS LAST, t.votes DESC, t.id`,
        [busy],
      );
      expect(p.filmography.actor.map((t: { id: number }) => t.id)).toEqual(sorted.slice(0, PERSON_PAGE_CREDITS).map((r) => r.id));

      const all = [...p.filmography.actor];
      const lastPage = Math.ceil(130 / PERSON_PAGE_CREDITS);
      for (let page = 2; page <= lastPage; page++) {
        const res = await get(`/api/people/${busy}/credits?role=actor&page=${page}`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.meta).toEqual({ currentPage: page, lastPage, perPage: PERSON_PAGE_CREDITS, total: 130 });
        all.push(...body.data);
      }
      expect(all).toHaveLength(130);
      expect(all.map((t) => t.id)).toEqual(sorted.map((r) => r.id));
      expect(all.some((t) => t.titleEn === 'Voiced 7')).toBe(false);
      expect(all.find((t) => t.titleEn === 'Voiced 12')).toMatchObject({ character: 'Voice 12' });
      // The whole list in one walk is the same order the pages gave.
      const one = (await get(`/api/people/${busy}/credits?role=actor&per_page=${PERSON_CREDITS_PAGE_MAX}&page=2`)).json().data;
      expect(one.map((t: { id: number }) => t.id)).toEqual(all.slice(PERSON_CREDITS_PAGE_MAX, 2 * PERSON_CREDITS_PAGE_MAX).map((t) => t.id));
      // A role without titles is an empty page; a page past the last is empty.
      expect((await get(`/api/people/${busy}/credits?role=writer`)).json()).toMatchObject({ data: [], meta: { total: 0 } });
      expect((await get(`/api/people/${busy}/credits?role=actor&page=9`)).json().data).toEqual([]);
      // Bad input is a 422 in Persian; an unknown person a 404.
      for (const q of ['role=producer', `role=actor&per_page=${PERSON_CREDITS_PAGE_MAX + 1}`, 'role=actor&page=0', '']) {
        const res = await get(`/api/people/${busy}/credits?${q}`);
        expect(res.statusCode, q).toBe(422);
        expect(Object.values(res.json().errors).flat()[0]).toMatch(/[\u0600-\u06FF]/);
      }
      const missing = await get('/api/people/999999/credits?role=actor');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('هنرمندی با این نشانی پیدا نشد.');
    } finally {
      await ctx.database.pool.query(`DELETE FROM credits WHERE person_id = $1`, [busy]);
      await ctx.database.pool.query(`DELETE FROM titles WHERE imdb_id LIKE 'tt8%' AND title_en LIKE 'Voiced %'`);
      await ctx.database.pool.query(`DELETE FROM people WHERE id = $1`, [busy]);
    }
  });

  it('reads a role in the order its titles\' years and flags have now: the credits follow a title changed after them (migration 0025)', async () => {
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO people (imdb_id, name_en, slug) VALUES ('nm9000002', 'Host', 'host') RETURNING id`,
    );
    const host = rows[0]!.id;
    // Twelve shows over four years, three a year with their own votes, and one without a year.
    await ctx.database.pool.query(
      `INSERT INTO titles (imdb_id, type, imdb_type, title_en, slug, year, votes)
       SELECT 'tt9' || lpad(g::text, 8, '0'), 'series', 'tvSeries', 'Hosted ' || g, 'hosted-' || g, CASE WHEN g = 13 THEN NULL ELSE 2000 + g % 4 END, (g * 37) % 11
         FROM generate_series(1, 13) g`,
    );
    await ctx.database.pool.query(
      `INSERT INTO credits (title_id, person_id, role) SELECT t.id, $1::int, 'actor' FROM titles t WHERE t.title_en LIKE 'Hosted %'`,
      [host],
    );
    const repo = new CatalogueRepository(ctx.database.pool);
    const full = async () =>
      (
        await ctx.database.pool.query<{ id: number }>(
          `SELECT t.id FROM credits c JOIN titles t ON t.id = c.title_id WHERE c.person_id = $1 AND t.published
            ORDER BY t.year DESC NULLS LAST, t.votes DESC, t.id`,
          [host],
        )
      ).rows.map((r) => r.id);
    const pages = async (perPage: number) => {
      const out: number[] = [];
      for (let offset = 0; ; offset += perPage) {
        const { rows: page, total } = (await repo.personCredits(host, 'actor', perPage, offset))!;
        expect(total).toBe((await full()).length);
        if (page.length === 0) return out;
        out.push(...page.map((r) => r.id));
      }
    };
    try {
      for (const n of [1, 2, 3, 4, 5, 12, 13, 20]) {
        const first = await repo.filmography(host, n);
        expect(first.rows.map((r) => r.id), `first ${n}`).toEqual((await full()).slice(0, n));
        expect(first.counts).toEqual({ actor: 13, director: 0, writer: 0 });
        // A role not carried is counted all the same.
        expect(await repo.filmography(host, n, false, ['writer'])).toEqual({ rows: [], counts: { actor: 13, director: 0, writer: 0 } });
      }
      for (const perPage of [1, 2, 5, 13]) expect(await pages(perPage), `pages of ${perPage}`).toEqual(await full());

      // An operator moves a title to a new year and hides another: the role's order and count follow.
      await ctx.database.pool.query(`UPDATE titles SET year = 2030 WHERE title_en = 'Hosted 13'`);
      await ctx.database.pool.query(`UPDATE titles SET published = false WHERE title_en = 'Hosted 3'`);
      const now = await full();
      expect(now).toHaveLength(12);
      expect((await repo.filmography(host, 3)).rows.map((r) => r.id)).toEqual(now.slice(0, 3));
      expect((await repo.filmography(host, 3)).counts.actor).toBe(12);
      expect(await pages(5)).toEqual(now);
      const { rows: carried } = await ctx.database.pool.query(
        `SELECT count(*)::int AS n FROM credits c JOIN titles t ON t.id = c.title_id
          WHERE c.person_id = $1 AND (c.title_year IS DISTINCT FROM t.year OR c.title_published IS DISTINCT FROM t.published)`,
        [host],
      );
      expect(carried[0].n).toBe(0);
    } finally {
      await ctx.database.pool.query(`DELETE FROM credits WHERE person_id = $1`, [host]);
      await ctx.database.pool.query(`DELETE FROM titles WHERE title_en LIKE 'Hosted %'`);
      await ctx.database.pool.query(`DELETE FROM people WHERE id = $1`, [host]);
    }
  });
});
