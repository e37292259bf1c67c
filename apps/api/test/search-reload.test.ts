import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guestPool, type Database } from '../src/db/client';
import { filterSql } from '../src/modules/catalogue/catalogue.repository';
import { plantedTitles } from '../src/modules/importer/files/planted-titles';
import { importCatalogue } from '../src/modules/importer/import-catalogue';
import { reloadSearchIndexIfChanged, searchIndexFor } from '../src/modules/search/memory-index';
import { queryVariants } from '../src/modules/search/query-variants';
import { searchIds } from '../src/modules/search/search.service';
import { demoCatalogue } from '../src/seed';
import { createTestDatabase } from './helpers/database';

const newFilms = path.join(__dirname, 'fixtures', 'new-films');

/**
 * A running process that reloaded its index after an import must answer exactly as a process
 * started after it. One pool is the running site (its index loaded before the import, then
 * reloaded on the version change); another, opened afterwards, loads the index fresh.
 */
describe('a reloaded search index answers as a fresh one', () => {
  let database: Database & { drop(): Promise<void> };
  let fresh: pg.Pool;
  let queries: { q: string; tconst: string; kind: string }[];
  let people: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalogue({ database, ...demoCatalogue });
    // The running site has searched (and so loaded its index) before the import.
    expect(await searchIds(database.pool, 'titles', 'wallace gromit', { limit: 5 })).toEqual([]);
    const before = (await searchIndexFor(database.pool)).version;
    expect(await reloadSearchIndexIfChanged(database.pool)).toBe(false);

    await importCatalogue({ database, imdbDir: newFilms });
    expect(await reloadSearchIndexIfChanged(database.pool)).toBe(true);
    expect((await searchIndexFor(database.pool)).version).toBeGreaterThan(before);

    // On the embedded database the second pool is a guest on the same session, as a command is.
    fresh = database.kind === 'pglite' ? guestPool(database.url) : new pg.Pool({ connectionString: database.url, max: 1 });
    const { rows } = await database.pool.query<{ imdb_id: string; title_en: string; title_fa: string | null; year: number | null }>(
      'SELECT imdb_id, title_en, title_fa, year FROM titles ORDER BY id',
    );
    // Every title's variants, and the benchmark's own query set (its planted titles' variants).
    queries = [...queryVariants(rows.map((r) => ({ tconst: r.imdb_id, titleEn: r.title_en, titleFa: r.title_fa, year: r.year }))), ...queryVariants(plantedTitles)];
    people = (await database.pool.query<{ name_en: string; name_fa: string | null }>('SELECT name_en, name_fa FROM people ORDER BY id LIMIT 300')).rows.flatMap((r) =>
      [r.name_en, r.name_fa, r.name_en.slice(0, 4)].filter((x): x is string => Boolean(x)),
    );
  }, 120_000);

  afterAll(async () => {
    await fresh?.end();
    await database?.drop();
  });

  it('gives the same titles in the same order for every query of the set, as the dropdown and as the home list', async () => {
    expect(queries.length).toBeGreaterThan(2000);
    const where = filterSql({});
    const differ: string[] = [];
    for (const { q } of queries) {
      const a = (await searchIds(database.pool, 'titles', q, { limit: 20 })).map((h) => h.id);
      const b = (await searchIds(fresh, 'titles', q, { limit: 20 })).map((h) => h.id);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${q}: ${a} ≠ ${b}`);
    }
    for (const { q } of queries.filter((_, i) => i % 5 === 0)) {
      const a = (await searchIds(database.pool, 'titles', q, { limit: 50, where })).map((h) => h.id);
      const b = (await searchIds(fresh, 'titles', q, { limit: 50, where })).map((h) => h.id);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`home list ${q}: ${a} ≠ ${b}`);
    }
    expect(differ).toEqual([]);
  }, 120_000);

  it('gives the same people', async () => {
    const differ: string[] = [];
    for (const q of people) {
      const a = (await searchIds(database.pool, 'people', q, { limit: 10 })).map((h) => h.id);
      const b = (await searchIds(fresh, 'people', q, { limit: 10 })).map((h) => h.id);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${q}: ${a} ≠ ${b}`);
    }
    expect(differ).toEqual([]);
  }, 60_000);

  it('reports a change even when a search noticed it first and reloaded the index', async () => {
    expect(await reloadSearchIndexIfChanged(database.pool)).toBe(false);
    await importCatalogue({ database, imdbDir: newFilms });
    const { rows } = await database.pool.query<{ version: number }>('SELECT version FROM search_index_state');
    // A search after the lazy check's interval reloads the index by itself…
    await new Promise((r) => setTimeout(r, 2_100));
    await searchIds(database.pool, 'titles', 'wallace', { limit: 1 });
    await vi.waitFor(async () => expect((await searchIndexFor(database.pool)).version).toBe(rows[0]!.version), { timeout: 5_000 });
    // …and the keepers (answers, pages, totals) are still told, once.
    expect(await reloadSearchIndexIfChanged(database.pool)).toBe(true);
    expect(await reloadSearchIndexIfChanged(database.pool)).toBe(false);
  }, 30_000);

  it('finds the imported titles however their connecting words and symbols are typed', async () => {
    const idOf = new Map(
      (await database.pool.query<{ id: number; imdb_id: string }>(`SELECT id, imdb_id FROM titles WHERE imdb_id = ANY($1)`, [
        ['tt0312004', 'tt6263850', 'tt0790736', 'tt1361336', 'tt0083866', 'tt0356910', 'tt9000001'],
      ])).rows.map((r) => [r.imdb_id, r.id]),
    );
    const cases: [string, string][] = [
      ['wallace gromit', 'tt0312004'],
      ['wallace and gromit', 'tt0312004'],
      ['Wallace & Gromit', 'tt0312004'],
      ['wallace & gromit the curse of the were-rabbit', 'tt0312004'],
      ['wallace gromit the curse of the were rabbit', 'tt0312004'],
      ['والاس و گرومیت', 'tt0312004'],
      ['والاس گرومیت', 'tt0312004'],
      ['deadpool and wolverine', 'tt6263850'],
      ['deadpool & wolverine', 'tt6263850'],
      ['deadpool wolverine', 'tt6263850'],
      ['ددپول و ولورین', 'tt6263850'],
      ['ددپول ولورین', 'tt6263850'],
      ['ripd', 'tt0790736'],
      ['r.i.p.d.', 'tt0790736'],
      ['r i p d', 'tt0790736'],
      ['tom & jerry', 'tt1361336'],
      ['tom jerry', 'tt1361336'],
      ['tom and jerry', 'tt1361336'],
      ['تام و جری', 'tt1361336'],
      ['تام جری', 'tt1361336'],
      ['et the extra terrestrial', 'tt0083866'],
      ['e.t.', 'tt0083866'],
      ['mr and mrs smith', 'tt0356910'],
      ['mr. & mrs. smith', 'tt0356910'],
      ['mr mrs smith', 'tt0356910'],
      ['لیلی مجنون', 'tt9000001'],
      ['لیلی و مجنون', 'tt9000001'],
      ['leili majnun: a story', 'tt9000001'],
      ['leili - majnun', 'tt9000001'],
    ];
    const missed: string[] = [];
    for (const [q, tconst] of cases) {
      for (const pool of [database.pool, fresh]) {
        const ids = (await searchIds(pool, 'titles', q, { limit: 3 })).map((h) => h.id);
        if (!ids.includes(idOf.get(tconst)!)) missed.push(`${q} → ${ids.join(',') || 'nothing'}`);
      }
    }
    expect(missed).toEqual([]);
  });
});
