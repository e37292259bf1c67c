import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { IMDB_KINDS, type ImdbKind } from '../src/modules/importer/files/imdb-rows';
import { generateImdbShaped, type DayChanges } from '../src/modules/importer/files/synthetic-imdb';
import { importCatalogue, type ImportReport } from '../src/modules/importer/import-catalogue';
import { createTestDatabase } from './helpers/database';
import { fixtureDir } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext } from './helpers/members';

/*
 * The daily import (decision 33): the next day's files applied as changes against the last
 * import's fingerprints. The synthetic catalogue's next day says exactly what changed.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-daily-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;

/** Keys (first column) of a file, each once: the groups the differ sees. */
function groups(file: string): number {
  const keys = new Set<string>();
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (const l of lines.slice(1)) {
    const k = l.slice(0, l.indexOf('\t'));
    if (/^[a-z]{2}\d{7,}$/.test(k)) keys.add(k);
  }
  return keys.size;
}

/** The catalogue as visitors' data, by IMDb ids (row ids differ between databases). */
async function snapshot(db: Database) {
  const q = async (text: string) => (await db.pool.query(text)).rows;
  return {
    titles: await q(`
      SELECT t.imdb_id, t.type, t.imdb_type, t.title_en, t.title_original, t.title_fa, t.slug, t.year, t.end_year, t.runtime, t.rating, t.votes, t.published,
        array(SELECT g.name_en FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = t.id ORDER BY tg.position) AS genres
      FROM titles t WHERE t.removed_upstream_at IS NULL ORDER BY t.imdb_id`),
    episodes: await q(`
      SELECT e.imdb_id, t.imdb_id AS parent, e.season_number, e.episode_number, e.name_en, e.name_fa, e.year, e.runtime, e.rating, e.votes
      FROM episodes e JOIN titles t ON t.id = e.title_id ORDER BY e.imdb_id`),
    seasons: await q(`SELECT t.imdb_id, s.number, s.year FROM seasons s JOIN titles t ON t.id = s.title_id ORDER BY 1, 2`),
    people: await q(`
      SELECT p.imdb_id, p.name_en, p.slug, p.birth_year, p.death_year, p.professions, p.popularity,
        (SELECT imdb_id FROM titles WHERE id = p.best_starred_id) AS best_starred, (SELECT imdb_id FROM titles WHERE id = p.best_directed_id) AS best_directed
      FROM people p ORDER BY p.imdb_id`),
    credits: await q(`
      SELECT t.imdb_id AS title, p.imdb_id AS person, c.role, c.character, c.billing, c.title_year, c.title_published,
        c.title_year IS NOT DISTINCT FROM t.year AND c.title_published = t.published AS in_step
      FROM credits c JOIN titles t ON t.id = c.title_id JOIN people p ON p.id = c.person_id ORDER BY 1, 2, 3`),
  };
}

describe('daily import of the synthetic catalogue', () => {
  let daily: TestDb;
  let fresh: TestDb;
  const day1 = path.join(tmp, 'day1');
  const day2 = path.join(tmp, 'day2');
  const state = path.join(tmp, 'state');
  let changes: DayChanges;
  let first: ImportReport;
  let second: ImportReport;

  beforeAll(async () => {
    // Seed 2 at 5,000 titles: titles added, changed and removed, people added and changed.
    await generateImdbShaped({ titles: 5000, outDir: day1, seed: 2, parallel: false });
    changes = (await generateImdbShaped({ titles: 5000, outDir: day2, seed: 2, nextDay: true, parallel: false })).changes!;
    [daily, fresh] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    first = await importCatalogue({ database: daily, imdbDir: day1, stateDir: state });
    second = await importCatalogue({ database: daily, imdbDir: day2, stateDir: state });
  }, 240_000);
  afterAll(async () => {
    await daily?.drop();
    await fresh?.drop();
  });

  it('the first import reads everything, and says why', () => {
    expect(first.mode).toBe('full');
    expect(first.fullReason?.code).toBe('first');
    expect(first.changes).toBeNull();
  });

  it('the next day is a daily import that finds exactly what the day changed', () => {
    expect(second.mode).toBe('daily');
    expect(second.fullReason).toBeNull();
    const c = second.changes!;
    const unchanged = (kind: ImdbKind, added: number, changed: number) => groups(path.join(day2, `${kind}.tsv`)) - added - changed;
    expect(c['title.basics']).toEqual({
      added: changes.titlesAdded,
      changed: changes.titlesChanged,
      removed: changes.titlesRemoved,
      unchanged: unchanged('title.basics', changes.titlesAdded, changes.titlesChanged),
    });
    expect(c['name.basics']).toEqual({ added: changes.peopleAdded, changed: changes.peopleChanged, removed: 0, unchanged: unchanged('name.basics', changes.peopleAdded, changes.peopleChanged) });
    expect(c['title.ratings']!.changed).toBe(changes.ratingsMoved);
    // Titles are changed only in title.basics: the other title files only gain and lose whole titles.
    for (const kind of ['title.akas', 'title.principals', 'title.crew', 'title.episode'] as const) {
      expect(c[kind]!.changed, kind).toBe(0);
      expect(c[kind]!.added + c[kind]!.unchanged, kind).toBe(groups(path.join(day2, `${kind}.tsv`)));
    }
    expect(Object.keys(c).sort()).toEqual([...IMDB_KINDS].sort());
  });

  it('leaves the catalogue a full import of the next day makes (the removed titles aside)', async () => {
    const full = await importCatalogue({ database: fresh, imdbDir: day2 });
    expect(full.mode).toBe('full');
    const [a, b] = await Promise.all([snapshot(daily), snapshot(fresh)]);
    expect(a.titles.length).toBeGreaterThan(500);
    expect(a.credits.length).toBeGreaterThan(1000);
    for (const key of Object.keys(a) as (keyof typeof a)[]) expect(a[key], key).toEqual(b[key]);
    // Every credit carries its title's year and flag as they are now, the changed titles' too.
    expect(a.credits.filter((c) => !c.in_step)).toEqual([]);
    const { rows } = await daily.pool.query(`SELECT count(*)::int AS n FROM search_words`);
    expect(rows[0].n).toBeGreaterThan(0);
    // A whole import of 5,000 titles: 8 s alone, over 30 s beside a busy test run.
  }, 180_000);

  it('the same files again change nothing', async () => {
    const before = await snapshot(daily);
    const again = await importCatalogue({ database: daily, imdbDir: day2, stateDir: state });
    expect(again.mode).toBe('daily');
    for (const c of Object.values(again.changes!)) expect(c.added + c.changed + c.removed).toBe(0);
    expect(await snapshot(daily)).toEqual(before);
  }, 180_000);
});

/**
 * A copy of the fixture catalogue in key order, as IMDb publishes (its title.crew is not: the
 * full import does not mind), with the lines of some titles left out of every file.
 */
function fixtureWithout(name: string, tconsts: string[], edit?: (dir: string) => void): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(fixtureDir)) {
    const text = fs.readFileSync(path.join(fixtureDir, f), 'utf8');
    if (!f.endsWith('.tsv')) {
      fs.writeFileSync(path.join(dir, f), text);
      continue;
    }
    const [header, ...lines] = text.trimEnd().split('\n');
    const key = (l: string) => l.slice(0, l.indexOf('\t'));
    const kept = lines.filter((l) => !tconsts.includes(key(l))).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    fs.writeFileSync(path.join(dir, f), `${[header, ...kept].join('\n')}\n`);
  }
  edit?.(dir);
  return dir;
}
const sortedFixture = fixtureWithout('sorted', []);

describe('titles IMDb removes', () => {
  let ctx: MemberTestContext;
  const state = path.join(tmp, 'removal-state');
  let titleId: number;
  let hiddenId: number;

  beforeAll(async () => {
    ctx = await createMemberTestApp();
    const report = await importCatalogue({ database: ctx.database, imdbDir: sortedFixture, stateDir: state });
    expect(report.mode).toBe('full');
    const { rows } = await ctx.database.pool.query(`SELECT id, imdb_id FROM titles WHERE imdb_id IN ('tt0000004', 'tt0000005') ORDER BY imdb_id`);
    [titleId, hiddenId] = rows.map((r) => r.id);
    // A member's watchlist entry and comment on one; the other hidden by an operator.
    const member = await registerMember(ctx.app);
    const { rows: profiles } = await ctx.database.pool.query(`SELECT id FROM profiles WHERE user_id = $1 ORDER BY id LIMIT 1`, [member.id]);
    await ctx.database.pool.query(`INSERT INTO watchlist_items (user_id, profile_id, title_id) VALUES ($1, $2, $3)`, [member.id, profiles[0].id, titleId]);
    await ctx.database.pool.query(`INSERT INTO comments (title_id, user_id, body) VALUES ($1, $2, 'دیدنی است')`, [titleId, member.id]);
    await ctx.database.pool.query(`UPDATE titles SET published = false WHERE id = $1`, [hiddenId]);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('takes them off the site but keeps their rows and what hangs on them, and lists them in the report', async () => {
    expect((await ctx.app.inject({ url: `/api/titles/${titleId}` })).statusCode).toBe(200);
    const report = await importCatalogue({ database: ctx.database, imdbDir: fixtureWithout('gone', ['tt0000004', 'tt0000005']), stateDir: state });
    expect(report.mode).toBe('daily');
    expect(report.changes!['title.basics']).toMatchObject({ removed: 2, added: 0, changed: 0 });
    expect(report.removedTitles.map((t) => [t.imdbId, t.wasPublished, t.watchlist, t.comments])).toEqual([
      ['tt0000004', true, 1, 1],
      ['tt0000005', false, 0, 0],
    ]);
    const res = await ctx.app.inject({ url: `/api/titles/${titleId}` });
    expect([404, 410]).toContain(res.statusCode);
    const { rows } = await ctx.database.pool.query(
      `SELECT (SELECT count(*) FROM watchlist_items WHERE title_id = $1)::int AS w, (SELECT count(*) FROM comments WHERE title_id = $1)::int AS c,
              (SELECT count(*) FROM credits WHERE title_id = $1)::int AS credits,
              (SELECT published FROM titles WHERE id = $1) AS published, (SELECT removed_upstream_at IS NOT NULL FROM titles WHERE id = $1) AS marked,
              (SELECT removed_upstream_at IS NULL FROM titles WHERE id = $2) AS hidden_unmarked`,
      [titleId, hiddenId],
    );
    expect(rows[0]).toEqual({ w: 1, c: 1, credits: 0, published: false, marked: true, hidden_unmarked: true });
  });

  it('publishes a removed title again when IMDb does, and leaves the one an operator hid hidden', async () => {
    const report = await importCatalogue({ database: ctx.database, imdbDir: sortedFixture, stateDir: state });
    expect(report.mode).toBe('daily');
    expect(report.changes!['title.basics']).toMatchObject({ added: 2, removed: 0 });
    const { rows } = await ctx.database.pool.query(`SELECT id, published, removed_upstream_at FROM titles WHERE id IN ($1, $2) ORDER BY imdb_id`, [titleId, hiddenId]);
    expect(rows.map((r) => [r.published, r.removed_upstream_at])).toEqual([
      [true, null],
      [false, null],
    ]);
    expect((await ctx.app.inject({ url: `/api/titles/${titleId}` })).statusCode).toBe(200);
    const { rows: credits } = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM credits WHERE title_id = $1`, [titleId]);
    expect(credits[0].n).toBeGreaterThan(0);
  });
});

describe('when a daily import is impossible', () => {
  let db: TestDb;
  const state = path.join(tmp, 'fallback-state');
  beforeAll(async () => {
    db = await createTestDatabase();
    await importCatalogue({ database: db, imdbDir: sortedFixture, stateDir: state });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  });
  const again = (dir = sortedFixture, extra: { full?: boolean } = {}) => importCatalogue({ database: db, imdbDir: dir, stateDir: state, ...extra });

  it('a failed import leaves the last fingerprints in force', async () => {
    const broken = fixtureWithout('broken', [], (d) => fs.writeFileSync(path.join(d, 'title.ratings.tsv'), 'tconst\tnumVotes\ntt0000003\t5\n'));
    await expect(again(broken)).rejects.toThrow(/averageRating/);
    expect((await again()).mode).toBe('daily');
  });

  it('reads everything when the fingerprints the database names are not there, and says why', async () => {
    for (const d of fs.readdirSync(state)) fs.rmSync(path.join(state, d), { recursive: true });
    const r = await again();
    expect(r.mode).toBe('full');
    expect(r.fullReason?.code).toBe('missing');
    expect((await again()).mode).toBe('daily');
  });

  it('… or when the database names another set (a restored backup, another database)', async () => {
    await db.pool.query(`UPDATE catalogue_fingerprints SET manifest_sha256 = 'x'`);
    const r = await again();
    expect(r.fullReason?.code).toBe('mismatch');
    await db.pool.query(`UPDATE catalogue_fingerprints SET token = '0123456789abcdef0123456789abcdef'`);
    expect((await again()).fullReason?.code).toBe('missing');
    await db.pool.query(`DELETE FROM catalogue_fingerprints`);
    expect((await again()).fullReason?.code).toBe('first');
  });

  it('… or when a file is out of order, and keeps no fingerprints of it', async () => {
    const shuffled = fixtureWithout('shuffled', [], (d) => {
      const file = path.join(d, 'title.ratings.tsv');
      const [header, ...rows] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      fs.writeFileSync(file, `${[header, ...rows.reverse()].join('\n')}\n`);
    });
    const r = await again(shuffled);
    expect(r.mode).toBe('full');
    expect(r.fullReason).toMatchObject({ code: 'order' });
    expect(r.fullReason?.detail).toMatch(/title\.ratings: out of order/);
    const next = await again(shuffled);
    expect(next.fullReason).toMatchObject({ code: 'files' });
    expect(next.fullReason?.detail).toMatch(/title\.ratings/);
    expect((await again()).mode).toBe('full');
    expect((await again()).mode).toBe('daily');
  });

  it('… and the fixture as it is, whose title.crew is out of order, always reads everything', async () => {
    const r = await again(fixtureDir);
    expect(r.fullReason).toMatchObject({ code: 'order' });
    expect(r.fullReason?.detail).toMatch(/title\.crew: out of order/);
    expect((await again()).fullReason?.code).toBe('files');
    expect((await again()).mode).toBe('daily');
  });

  it('… or when asked to', async () => {
    expect((await again(sortedFixture, { full: true })).fullReason?.code).toBe('forced');
    expect((await again()).mode).toBe('daily');
  });
});
