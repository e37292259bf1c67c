import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/modules/importer/files/imdb-reader';
import { generateImdbShaped } from '../src/modules/importer/files/synthetic-imdb';
import { importCatalogue, type ImportReport } from '../src/modules/importer/import-catalogue';
import { createTestDatabase } from './helpers/database';
import { fixtureDir, loadFixtureCatalogue } from './helpers/catalogue';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
const tmpDirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function counts() {
  const { rows } = await database.pool.query(`
    SELECT (SELECT count(*) FROM titles)::int AS titles, (SELECT count(*) FROM episodes)::int AS episodes,
           (SELECT count(*) FROM seasons)::int AS seasons, (SELECT count(*) FROM people)::int AS people,
           (SELECT count(*) FROM credits)::int AS credits, (SELECT count(*) FROM title_genres)::int AS genres,
           (SELECT count(*) FROM collections)::int AS collections, (SELECT count(*) FROM collection_titles)::int AS ct,
           (SELECT count(*) FROM dubs)::int AS dubs, (SELECT count(*) FROM media_files)::int AS files,
           (SELECT count(*) FROM search_words)::int AS words`);
  return rows[0];
}

/** Titles whose `genre_ids` is not their `title_genres` in order (the copy's rule). */
async function genreCopiesOff(db: TestDb = database): Promise<string[]> {
  const { rows } = await db.pool.query<{ imdb_id: string }>(
    `SELECT t.imdb_id FROM titles t
     WHERE t.genre_ids IS DISTINCT FROM coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.position, tg.genre_id) FROM title_genres tg WHERE tg.title_id = t.id), '{}')`,
  );
  return rows.map((r) => r.imdb_id);
}

/** A copy of the fixture with some files rewritten by the test. */
function fixtureCopy(edit: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-imdb-'));
  tmpDirs.push(dir);
  for (const f of fs.readdirSync(fixtureDir)) fs.copyFileSync(path.join(fixtureDir, f), path.join(dir, f));
  edit(dir);
  return dir;
}

describe('importer', () => {
  it('loads the fixture and reports what it loaded', async () => {
    const report = await loadFixtureCatalogue(database);
    expect(report).toMatchObject({ titles: 12, episodes: 3, people: 12, collections: 2, issues: [] });
    expect(await counts()).toMatchObject({ seasons: 2, dubs: 3, files: 3 });
    // The importer writes each title's genre copy with the title; it must be the trigger's.
    expect(await genreCopiesOff(), 'titles whose genre_ids differ from title_genres').toEqual([]);
    expect((await database.pool.query(`SELECT count(*)::int AS n FROM titles WHERE genre_ids <> '{}'`)).rows[0].n).toBeGreaterThan(5);
  });

  it('is idempotent: a second import updates and never duplicates', async () => {
    const before = await counts();
    await database.pool.query(`UPDATE titles SET votes = 1 WHERE imdb_id = 'tt0000003'`);
    await loadFixtureCatalogue(database);
    expect(await counts()).toEqual(before);
    expect(await genreCopiesOff(), 'titles whose genre_ids differ from title_genres').toEqual([]);
    const { rows } = await database.pool.query(`SELECT votes FROM titles WHERE imdb_id = 'tt0000003'`);
    expect(rows[0].votes).toBe(2900000);
  });

  it('reports broken rows with their line numbers and still loads the good ones', async () => {
    const dir = fixtureCopy((d) => {
      const file = path.join(d, 'title.basics.tsv');
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      lines.push('tt0000020\tmovie\tGood New Film\tGood New Film\t0\t2020\t\\N\t100\tDrama');
      lines.push('tt0000021\tmovie\tBad Year\tBad Year\t0\t19x4\t\\N\t100\tDrama');
      lines.push('tt0000022\tmovie\tToo few fields');
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      // Invalid UTF-8 in one aka row.
      const akas = path.join(d, 'title.akas.tsv');
      fs.appendFileSync(akas, Buffer.concat([Buffer.from('tt0000020\t1\t'), Buffer.from([0xff, 0xfe]), Buffer.from('\tIR\tfa\t\\N\t\\N\t0\n')]));
    });
    const report = await importCatalogue({ database, imdbDir: dir });
    const basicsIssues = report.issues.filter((i) => i.file.endsWith('title.basics.tsv')).map((i) => i.line);
    expect(basicsIssues).toEqual([20, 21]);
    const akaIssue = report.issues.find((i) => i.file.endsWith('title.akas.tsv'));
    expect(akaIssue?.line).toBe(16);
    expect(akaIssue?.message).toMatch(/UTF-8/i);
    const { rows } = await database.pool.query(`SELECT title_en FROM titles WHERE imdb_id IN ('tt0000020','tt0000021','tt0000022')`);
    expect(rows.map((r) => r.title_en)).toEqual(['Good New Film']);
  });

  it('writes nothing when a file is unusable (missing columns), and says which', async () => {
    const before = await counts();
    const dir = fixtureCopy((d) => {
      const file = path.join(d, 'title.ratings.tsv');
      fs.writeFileSync(file, 'tconst\tnumVotes\ntt0000003\t5\n');
      // A title that would be new, to prove the earlier files' rows were rolled back too.
      fs.appendFileSync(path.join(d, 'title.basics.tsv'), 'tt0000030\tmovie\tNever Written\tNever Written\t0\t2020\t\\N\t100\tDrama\n');
    });
    const err = await importCatalogue({ database, imdbDir: dir }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect(err.message).toContain('averageRating');
    expect(await counts()).toEqual(before);
    const { rows } = await database.pool.query(`SELECT 1 FROM titles WHERE imdb_id = 'tt0000030'`);
    expect(rows).toHaveLength(0);
  });

  it('reports a broken supplement entry by its path and loads the rest', async () => {
    const dir = fixtureCopy((d) => {
      const file = path.join(d, 'supplement.json');
      const s = JSON.parse(fs.readFileSync(file, 'utf8'));
      s.titles.tt0000004.rottenTomatoes.meter = 140;
      s.titles.tt0000011 = { plotFa: 'روایتی تازه.', plotEn: 'New.', countries: ['IR'], languages: ['fa'] };
      fs.writeFileSync(file, JSON.stringify(s));
    });
    const report = await importCatalogue({ database, imdbDir: dir, supplementFile: path.join(dir, 'supplement.json') });
    expect(report.supplementIssues).toEqual(['titles.tt0000004.rottenTomatoes.meter: too big (maximum 100)']);
    const { rows } = await database.pool.query(`SELECT plot_fa FROM titles WHERE imdb_id = 'tt0000011'`);
    expect(rows[0].plot_fa).toBe('روایتی تازه.');
  });

  it('refuses a supplement that is not JSON, with the line', async () => {
    const dir = fixtureCopy((d) => fs.writeFileSync(path.join(d, 'supplement.json'), '{\n  "version": 1,\n  "titles": {,\n}'));
    const err = await importCatalogue({ database, imdbDir: dir, supplementFile: path.join(dir, 'supplement.json') }).catch((e) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect(err.message).toMatch(/line 3/);
  });

  it('reads gzipped files the same way', async () => {
    const zlib = await import('node:zlib');
    const dir = fixtureCopy((d) => {
      for (const f of fs.readdirSync(d).filter((x) => x.endsWith('.tsv'))) {
        fs.writeFileSync(path.join(d, `${f}.gz`), zlib.gzipSync(fs.readFileSync(path.join(d, f))));
        fs.rmSync(path.join(d, f));
      }
    });
    const before = await counts();
    const report = await importCatalogue({ database, imdbDir: dir, supplementFile: path.join(dir, 'supplement.json') });
    expect(report.issues).toEqual([]);
    expect((await counts()).titles).toBe(before.titles);
  });
});

describe('demo seeding', () => {
  it('loads the catalogue into an empty database once, even when two processes start together', async () => {
    const { seedIfEmpty } = await import('../src/seed');
    const fresh = await createTestDatabase();
    try {
      const log = { info: () => {}, warn: () => {} } as never;
      const source = { imdbDir: fixtureDir, supplementFile: path.join(fixtureDir, 'supplement.json') };
      const results = await Promise.all([seedIfEmpty({ database: fresh, log } as never, source), seedIfEmpty({ database: fresh, log } as never, source)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const { rows } = await fresh.pool.query('SELECT count(*)::int AS n FROM titles');
      expect(rows[0].n).toBe(12);
      expect(await seedIfEmpty({ database: fresh, log } as never, source)).toBe(false);
    } finally {
      await fresh.drop();
    }
    // A database of its own and two imports in line: 20 s alone, over 30 s while CI's lanes share the cores.
  }, 120_000);
});

// An import runs in one transaction for minutes at IMDb's size; visitors read the catalogue all
// along (the old one until the commit). A lock that shuts readers out (ACCESS EXCLUSIVE: DROP
// INDEX, TRUNCATE, ALTER TABLE) held on a visitor's table would stall every page until the
// commit, so none may be taken on the site's own tables. PostgreSQL only: the embedded database
// serves one transaction at a time, so no one could look while the import runs.
describe.runIf(process.env.TEST_DATABASE_URL)('an import beside visitors', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDatabase();
    await loadFixtureCatalogue(db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  /** Runs an import while a visitor reads and every lock that would stop them is polled. */
  async function watched(run: () => Promise<ImportReport>): Promise<{ report: ImportReport; blocked: string[]; reads: number }> {
    const watcher = await db.pool.connect();
    const seen = new Set<string>();
    let reads = 0;
    let importing = true;
    try {
      await watcher.query(`SET lock_timeout = '1s'`);
      const watching = (async () => {
        while (importing) {
          const { rows } = await watcher.query<{ relname: string }>(
            `SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
             WHERE l.mode = 'AccessExclusiveLock' AND c.relnamespace = 'public'::regnamespace`,
          );
          for (const r of rows) seen.add(r.relname);
          try {
            await watcher.query(
              `SELECT (SELECT count(*) FROM (SELECT 1 FROM titles WHERE word_ids && '{1,2,3}' LIMIT 5) x), (SELECT count(*) FROM (SELECT 1 FROM people LIMIT 5) p),
                      (SELECT count(*) FROM (SELECT 1 FROM episodes LIMIT 5) e), (SELECT count(*) FROM (SELECT 1 FROM credits LIMIT 5) c),
                      (SELECT count(*) FROM search_words WHERE id < 10)`,
            );
            reads++;
          } catch (err) {
            if ((err as { code?: string }).code !== '55P03') throw err;
            seen.add('(a read waited past 1 s)');
          }
        }
      })();
      const report = await run().finally(() => {
        importing = false;
      });
      await watching;
      return { report, blocked: [...seen], reads };
    } finally {
      watcher.release();
    }
  }

  it('a first import that rewrites every title and person, then the next day, never lock readers out of a table', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-imdb-locks-'));
    tmpDirs.push(tmp);
    const [day1, day2, state] = ['day1', 'day2', 'state'].map((d) => path.join(tmp, d));
    await generateImdbShaped({ titles: 4000, outDir: day1!, seed: 3, parallel: false });
    await generateImdbShaped({ titles: 4000, outDir: day2!, seed: 3, nextDay: true, parallel: false });

    const first = await watched(() => importCatalogue({ database: db, imdbDir: day1!, stateDir: state }));
    expect(first.report.mode).toBe('full');
    expect(first.reads).toBeGreaterThan(3);
    expect(first.blocked).toEqual([]);
    expect(await genreCopiesOff(db)).toEqual([]);

    const next = await watched(() => importCatalogue({ database: db, imdbDir: day2!, stateDir: state }));
    expect(next.report.mode).toBe('daily');
    expect(next.reads).toBeGreaterThan(3);
    expect(next.blocked).toEqual([]);
    expect(await genreCopiesOff(db)).toEqual([]);
  }, 180_000);
});
