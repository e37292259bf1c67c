import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';

/*
 * The search index's statements: the rebuild (search-index.ts) and the in-memory index's loads
 * (memory-index.ts). Hand-written: they walk whole tables in id batches over columns the schema
 * keeps for search alone (`word_ids`, `search_text`), rebuild a GIN index around a bulk update,
 * and hand word ids over as text so pg's array parser is skipped on the hot load.
 */

export type SearchKind = 'titles' | 'people';

/** What a row holds of the search index now (the rebuild's second pass compares with it). */
export type IndexedColumns = {
  /** The row's word ids as `1,2,3` ('' for none, null before any build). */
  words?: string | null;
  search_text?: string | null;
};

export type TitleNamesRow = IndexedColumns & {
  id: number;
  title_en: string;
  title_fa: string | null;
  title_original: string | null;
  year: number | null;
  votes: number;
};

export type PersonNamesRow = IndexedColumns & {
  id: number;
  name_en: string;
  name_fa: string | null;
  popularity: number;
};

export type DictionaryRow = {
  id: number;
  word: string;
  tv: number;
  tc: number;
  pp: number;
  pc: number;
};

export type IndexDocRow = {
  id: number;
  w: number;
  s: boolean;
  words: string;
  names: string;
};

export type WordRows = {
  ids: number[];
  words: string[];
  titleVotes: number[];
  titleCounts: number[];
  personPopularity: number[];
  personCounts: number[];
};

const INDEXED_COLUMNS = `, array_to_string(word_ids, ',') AS words, search_text`;

export class SearchRepository {
  // The rebuild.

  /** `indexed`: with the row's word ids and search text as they are now. */
  async titleNames(db: Executor, afterId: number, limit: number, indexed = false): Promise<TitleNamesRow[]> {
    const { rows } = await db.execute<TitleNamesRow>(
      sql`SELECT id, title_en, title_fa, title_original, year, votes${sql.raw(indexed ? INDEXED_COLUMNS : '')} FROM titles WHERE id > ${afterId} ORDER BY id LIMIT ${sql.raw(String(limit))}`,
    );
    return rows;
  }

  async personNames(db: Executor, afterId: number, limit: number, indexed = false): Promise<PersonNamesRow[]> {
    const { rows } = await db.execute<PersonNamesRow>(
      sql`SELECT id, name_en, name_fa, popularity${sql.raw(indexed ? INDEXED_COLUMNS : '')} FROM people WHERE id > ${afterId} ORDER BY id LIMIT ${sql.raw(String(limit))}`,
    );
    return rows;
  }

  /** A batch of the dictionary's words with their ids, after `afterId`. */
  async wordIds(db: Executor, afterId: number, limit: number): Promise<{ id: number; word: string }[]> {
    const { rows } = await db.execute<{ id: number; word: string }>(sql`SELECT id, word FROM search_words WHERE id > ${afterId} ORDER BY id LIMIT ${sql.raw(String(limit))}`);
    return rows;
  }

  /** Empties the dictionary with row deletes: TRUNCATE would lock its readers out until the commit. */
  async clearWords(tx: Executor): Promise<void> {
    await tx.execute(sql`DELETE FROM search_words`);
  }

  async insertWords(tx: Executor, w: WordRows): Promise<void> {
    await tx.execute(sql`
      INSERT INTO search_words (id, word, title_votes, title_count, person_popularity, person_count)
      SELECT * FROM unnest(${sql.param(w.ids)}::int[], ${sql.param(w.words)}::text[], ${sql.param(w.titleVotes)}::int[], ${sql.param(w.titleCounts)}::int[], ${sql.param(w.personPopularity)}::int[], ${sql.param(w.personCounts)}::int[])`);
  }

  /** The words' id sequence continues after the ids the rebuild gave. */
  async syncWordIds(tx: Executor): Promise<void> {
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('search_words', 'id'), greatest((SELECT max(id) FROM search_words), 1))`);
  }

  /** Each row's word ids (as `{1,2,3}` text) and search text. */
  async setWordIds(tx: Executor, kind: SearchKind, ids: number[], words: string[], texts: string[]): Promise<void> {
    await tx.execute(sql`
      UPDATE ${sql.raw(kind)} t SET word_ids = x.w::int[], search_text = x.s
      FROM unnest(${sql.param(ids)}::int[], ${sql.param(words)}::text[], ${sql.param(texts)}::text[]) AS x(id, w, s) WHERE t.id = x.id`);
  }

  async analyze(tx: Executor): Promise<void> {
    await tx.execute(sql.raw('ANALYZE search_words; ANALYZE titles; ANALYZE people'));
  }

  /** Every API process holds the index in memory: a new version tells them to reload it. */
  async bumpVersion(tx: Executor): Promise<void> {
    await tx.execute(sql`
      INSERT INTO search_index_state (id, version, built_at) VALUES (1, 1, now())
      ON CONFLICT (id) DO UPDATE SET version = search_index_state.version + 1, built_at = now()`);
  }

  // The in-memory index's loads.

  /** The index's version: 0 before the first build. */
  async version(db: Executor): Promise<number> {
    const { rows } = await db.execute<{ version: number }>(sql`SELECT version FROM search_index_state WHERE id = 1`);
    return Number(rows[0]?.version ?? 0);
  }

  /**
   * The version and when its row was written (microseconds since 1970, as text): together they
   * name an index file, and tell one database's version 5 from another's (a database restored
   * or replaced under the same data directory). Absent before the first change.
   */
  async state(db: Executor): Promise<{ version: number; built: string } | undefined> {
    const { rows } = await db.execute<{ version: number; built: string }>(
      sql`SELECT version, (extract(epoch FROM built_at) * 1000000)::bigint::text AS built FROM search_index_state WHERE id = 1`,
    );
    return rows[0] ? { version: Number(rows[0].version), built: rows[0].built } : undefined;
  }

  async dictionary(db: Executor): Promise<DictionaryRow[]> {
    const { rows } = await db.execute<DictionaryRow>(
      sql`SELECT id, word, title_votes AS tv, title_count AS tc, person_popularity AS pp, person_count AS pc FROM search_words`,
    );
    return rows;
  }

  /** One past the highest word id. */
  async dictionarySize(db: Executor): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT coalesce(max(id), 0)::int + 1 AS n FROM search_words`);
    return rows[0]!.n;
  }

  /** A batch of the documents a visitor can find (a hidden title is not one), after `afterId`. */
  async indexDocs(db: Executor, kind: SearchKind, afterId: number, limit: number): Promise<IndexDocRow[]> {
    const weight = kind === 'titles' ? 'votes' : 'popularity';
    const isSeries = kind === 'titles' ? `type = 'series'` : 'false';
    // Visitors never find a hidden title; the panel's search reads the database (search.service, `where`).
    const visible = kind === 'titles' ? ' AND published' : '';
    // Word ids as one string each (split by the caller) rather than through pg's array parser.
    const { rows } = await db.execute<IndexDocRow>(sql`
      SELECT id, ${sql.raw(weight)} AS w, ${sql.raw(isSeries)} AS s, array_to_string(word_ids, ',') AS words, search_text AS names
      FROM ${sql.raw(kind)} WHERE id > ${afterId}${sql.raw(visible)} ORDER BY id LIMIT ${sql.raw(String(limit))}`);
    return rows;
  }
}
