import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { catalogueFingerprints, catalogueImports, mediaUploads } from '../../db/schema/index';
import type { FingerprintRecord } from './fingerprint-store';

/*
 * The importer's statements. An import is one transaction on one connection (import-catalogue.ts
 * runs it through db/executors.ts, so the caller's session lock and the VACUUM after it stay
 * on that connection). Most of it is hand-written: set-based merges of temporary staging tables,
 * several statements to a round trip, which the query builder has no words for.
 */

/** The advisory lock that puts imports in line. */
const IMPORT_LOCK = 727002;
/** The advisory lock that keeps two processes starting together from loading the demo catalogue twice. */
const SEED_LOCK = 727001;

/** Runs one named step of a merge (the import times it); the default just runs it. */
export type MergeStep = (name: string, run: () => Promise<void>) => Promise<void>;

/** A column of rows to insert: its SQL type and its values. */
export type StagedColumns = Record<string, { type: string; values: unknown[] }>;

export type CatalogueCounts = {
  titles: number;
  episodes: number;
  people: number;
  credits: number;
  collections: number;
};

/** A title IMDb no longer publishes, taken off the site, and what hangs on it. */
export type RemovedTitle = {
  id: number;
  imdbId: string;
  titleEn: string;
  titleFa: string | null;
  /** False when an operator had hidden it already (the import leaves it to them). */
  wasPublished: boolean;
  watchlist: number;
  comments: number;
  requests: number;
  history: number;
  media: number;
};

export interface DailyMergeCounts {
  episodesRemoved: number;
  /** Removed upstream but kept: something (a member's history, packaged video) hangs on them. */
  episodesKept: number;
  peopleRemoved: number;
}

export interface ImportCollection {
  slug: string;
  titleFa: string;
  titleEn: string;
  descriptionFa: string | null;
  listing: string;
}

/**
 * The staged titles upserted by IMDb id, with their genres replaced; leaves `imported` (id, imdb_id
 * of every staged title) for the statements after it. A full import takes each staged title's
 * rating from the staged ratings (keeping the last one when IMDb has none); a daily import stages a
 * title's own row without its ratings group, which it applies apart, so the rating is kept here.
 * A title IMDb brings back after removing it is published again.
 */
function stagedTitlesMerge(ratings: 'staged' | 'keep'): string {
  const rating =
    ratings === 'staged'
      ? `rating = coalesce(excluded.rating, titles.rating),
      votes = CASE WHEN excluded.rating IS NULL THEN titles.votes ELSE excluded.votes END, `
      : '';
  return `
    INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_original, title_fa, slug, year, end_year, runtime, rating, votes, genre_ids)
    SELECT s.tconst, s.type, s.imdb_type, s.primary_title, s.original_title,
           (SELECT a.title FROM stg_akas a WHERE a.tconst = s.tconst ORDER BY a.rank LIMIT 1),
           s.slug, s.start_year, s.end_year, s.runtime, r.rating, coalesce(r.votes, 0),
           -- The copy of the genres below, as title_genres' trigger would write it (in the file's
           -- order, their position; a genre named twice at its first place): then the trigger
           -- leaves the new title alone instead of writing every row a second time.
           coalesce((SELECT array_agg(d.id ORDER BY d.ord) FROM (SELECT g.id, min(x.ord) AS ord FROM unnest(string_to_array(nullif(s.genres, ''), E'\\x1f')) WITH ORDINALITY AS x(name, ord)
                     JOIN genres g ON g.name_en = x.name GROUP BY g.id) d), '{}')
    FROM stg_titles s LEFT JOIN stg_ratings r ON r.tconst = s.tconst
    ON CONFLICT (imdb_id) DO UPDATE SET
      type = excluded.type, imdb_type = excluded.imdb_type, title_en = excluded.title_en, title_original = excluded.title_original,
      genre_ids = excluded.genre_ids,
      title_fa = coalesce(excluded.title_fa, titles.title_fa), slug = excluded.slug, year = excluded.year, end_year = excluded.end_year,
      runtime = excluded.runtime, ${rating}updated_at = now(),
      published = titles.published OR titles.removed_upstream_at IS NOT NULL, removed_upstream_at = NULL;

    CREATE TEMP TABLE imported ON COMMIT DROP AS SELECT t.id, t.imdb_id, t.year, t.published FROM titles t JOIN stg_titles s ON s.tconst = t.imdb_id;
    CREATE INDEX ON imported (imdb_id);

    DELETE FROM title_genres WHERE title_id IN (SELECT id FROM imported);
    INSERT INTO title_genres (title_id, genre_id, position)
    SELECT i.id, g.id, (x.ord - 1)::smallint
    FROM stg_titles s JOIN imported i ON i.imdb_id = s.tconst
    CROSS JOIN LATERAL unnest(string_to_array(s.genres, E'\\x1f')) WITH ORDINALITY AS x(name, ord)
    JOIN genres g ON g.name_en = x.name
    ON CONFLICT DO NOTHING;`;
}

/**
 * Each person's popularity (the votes of their titles) and best work as actor and as director,
 * for the credits `where` keeps (everyone when empty). Ties go to the older IMDb id, so every
 * database, and a daily import beside a full one, picks the same.
 */
function peopleStatsUpdate(where: string): string {
  return `
    UPDATE people p SET popularity = x.pop, best_starred_id = x.best_starred, best_directed_id = x.best_directed
    FROM (
      SELECT c.person_id,
        least(sum(t.votes), 2147483647)::int AS pop,
        (array_agg(t.id ORDER BY t.votes DESC, t.imdb_id) FILTER (WHERE c.role = 'actor'))[1] AS best_starred,
        (array_agg(t.id ORDER BY t.votes DESC, t.imdb_id) FILTER (WHERE c.role = 'director'))[1] AS best_directed
      FROM credits c JOIN titles t ON t.id = c.title_id
      ${where}
      GROUP BY c.person_id
    ) x WHERE x.person_id = p.id
      -- Unchanged people keep their row: a full import of a known catalogue rewrites few.
      AND (p.popularity, p.best_starred_id, p.best_directed_id) IS DISTINCT FROM (x.pop, x.best_starred, x.best_directed)`;
}

export class ImporterRepository {
  /** Takes the import lock for the transaction if it is free; false when another import holds it. */
  async tryLockImports(tx: Executor): Promise<boolean> {
    const { rows } = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK}) AS ok`);
    return rows[0]!.ok;
  }

  /** Waits for the import lock, for the rest of the transaction. */
  async lockImports(tx: Executor): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
  }

  /** The temporary staging tables the files are read into; dropped with the transaction. */
  async createStaging(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`
    CREATE TEMP TABLE stg_titles (tconst text, type text, imdb_type text, primary_title text, original_title text, slug text,
      start_year int, end_year int, runtime int, genres text) ON COMMIT DROP;
    CREATE TEMP TABLE stg_episode_names (tconst text, name text, year int, runtime int) ON COMMIT DROP;
    CREATE TEMP TABLE stg_akas (tconst text, title text, rank int) ON COMMIT DROP;
    CREATE TEMP TABLE stg_ratings (tconst text, rating real, votes int) ON COMMIT DROP;
    CREATE TEMP TABLE stg_episodes (tconst text, parent text, season int, episode int) ON COMMIT DROP;
    CREATE TEMP TABLE stg_credits (tconst text, nconst text, role text, character text, billing int) ON COMMIT DROP;
    CREATE TEMP TABLE stg_people (nconst text, name text, slug text, birth int, death int, professions text) ON COMMIT DROP;
    CREATE TEMP TABLE stg_supp (tconst text, title_fa text, plot_fa text, plot_en text, age_rating text, release_date date,
      rt_meter int, rt_status text, is_free bool, coming_soon bool, expected_date date, trailer_youtube text, trailer_duration int) ON COMMIT DROP;
    CREATE TEMP TABLE stg_rel (tconst text, code text, pos int, kind text) ON COMMIT DROP;
    CREATE TEMP TABLE stg_files (tconst text, season int, episode int, quality text, size_mb int, codec text, source text,
      dub_studio text, subtitles text, duration int) ON COMMIT DROP;
  `));
  }

  /**
   * Inserts rows into a table with one parameter per column (`unnest` of arrays): a 5,000-row
   * batch is one statement and one round trip, on PostgreSQL and on the embedded database alike.
   * The table and column names are the importer's own, never input.
   */
  async insertColumns(tx: Executor, table: string, columns: StagedColumns): Promise<void> {
    const names = Object.keys(columns);
    const first = columns[names[0]!];
    if (!first || first.values.length === 0) return;
    const unnest = sql.join(
      names.map((n) => sql`${sql.param(columns[n]!.values)}::${sql.raw(columns[n]!.type)}[]`),
      sql`, `,
    );
    await tx.execute(sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(', '))}) SELECT * FROM unnest(${unnest})`);
  }

  /** Indexes and statistics on the staging tables before the merge reads them. */
  async indexStaging(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`
    CREATE INDEX ON stg_titles (tconst); CREATE INDEX ON stg_akas (tconst, rank); CREATE INDEX ON stg_ratings (tconst);
    CREATE INDEX ON stg_episodes (tconst); CREATE INDEX ON stg_episode_names (tconst); CREATE INDEX ON stg_people (nconst);
    ANALYZE stg_titles; ANALYZE stg_akas; ANALYZE stg_ratings; ANALYZE stg_episodes; ANALYZE stg_people; ANALYZE stg_credits;`));
  }

  /** The genre names the staged titles use. */
  async stagedGenres(tx: Executor): Promise<string[]> {
    const { rows } = await tx.execute<{ g: string }>(sql.raw(`SELECT DISTINCT unnest(string_to_array(genres, E'\\x1f')) AS g FROM stg_titles WHERE genres <> ''`));
    return rows.map((r) => r.g);
  }

  async upsertGenres(tx: Executor, namesEn: string[], namesFa: string[], slugs: string[]): Promise<void> {
    await tx.execute(sql`
      INSERT INTO genres (name_en, name_fa, slug)
      SELECT * FROM unnest(${sql.param(namesEn)}::text[], ${sql.param(namesFa)}::text[], ${sql.param(slugs)}::text[])
      ON CONFLICT (name_en) DO UPDATE SET name_fa = excluded.name_fa`);
  }

  /**
   * Titles, their genres, episodes, seasons, people and credits from the staging tables, keyed on
   * IMDb ids: one statement (or a few) a step, each run through `step` so the import can say what
   * each one took.
   */
  async mergeStaged(tx: Executor, step: MergeStep = (_, run) => run()): Promise<void> {
    const steps: [string, string][] = [
      ['titles', stagedTitlesMerge('staged')],
      ['episodes', `
    INSERT INTO episodes (imdb_id, title_id, season_number, episode_number, name_en, year, runtime, rating, votes, name_fa)
    SELECT e.tconst, i.id, e.season, e.episode, n.name, n.year, n.runtime, r.rating, coalesce(r.votes, 0),
           (SELECT a.title FROM stg_akas a WHERE a.tconst = e.tconst ORDER BY a.rank LIMIT 1)
    FROM stg_episodes e JOIN imported i ON i.imdb_id = e.parent
    LEFT JOIN stg_episode_names n ON n.tconst = e.tconst
    LEFT JOIN stg_ratings r ON r.tconst = e.tconst
    ON CONFLICT (imdb_id) DO UPDATE SET title_id = excluded.title_id, season_number = excluded.season_number,
      episode_number = excluded.episode_number, name_en = coalesce(excluded.name_en, episodes.name_en),
      name_fa = coalesce(excluded.name_fa, episodes.name_fa),
      year = excluded.year, runtime = excluded.runtime, rating = excluded.rating, votes = excluded.votes;`],
      ['seasons', `
    INSERT INTO seasons (title_id, number, year)
    SELECT title_id, season_number, min(year) FROM episodes WHERE title_id IN (SELECT id FROM imported) GROUP BY 1, 2
    ON CONFLICT (title_id, number) DO UPDATE SET year = excluded.year;`],
      ['people', `
    INSERT INTO people (imdb_id, name_en, slug, birth_year, death_year, professions)
    SELECT nconst, name, slug, birth, death, coalesce(string_to_array(nullif(professions, ''), E'\\x1f'), '{}') FROM stg_people
    ON CONFLICT (imdb_id) DO UPDATE SET name_en = excluded.name_en, slug = excluded.slug, birth_year = excluded.birth_year,
      death_year = excluded.death_year, professions = excluded.professions;`],
      ['credits', `
    DELETE FROM credits WHERE title_id IN (SELECT id FROM imported);
    INSERT INTO credits (title_id, person_id, role, character, billing, title_year, title_published)
    SELECT DISTINCT ON (i.id, p.id, c.role) i.id, p.id, c.role, c.character, c.billing, i.year, i.published
    FROM stg_credits c JOIN imported i ON i.imdb_id = c.tconst JOIN people p ON p.imdb_id = c.nconst
    ORDER BY i.id, p.id, c.role, c.billing;`],
    ];
    for (const [name, statement] of steps) await step(name, () => tx.execute(sql.raw(statement)).then(() => undefined));
  }

  // A daily import (import-catalogue.ts, diff mode): only the key groups that changed are staged,
  // with `stg_keys` saying which keys of which file were added ('a'), changed ('c'), removed ('r')
  // or are wanted unchanged ('w'). Each statement below is restricted to those keys.

  /** Which fingerprint set matches this catalogue (null: none recorded). */
  async fingerprintRecord(tx: Executor): Promise<FingerprintRecord | null> {
    const rows = await tx.select({ token: catalogueFingerprints.token, manifestSha256: catalogueFingerprints.manifestSha256 }).from(catalogueFingerprints).limit(1);
    return rows[0] ?? null;
  }

  async recordFingerprints(tx: Executor, r: FingerprintRecord | null): Promise<void> {
    if (!r) {
      await tx.delete(catalogueFingerprints);
      return;
    }
    await tx
      .insert(catalogueFingerprints)
      .values({ id: 1, token: r.token, manifestSha256: r.manifestSha256 })
      .onConflictDoUpdate({ target: catalogueFingerprints.id, set: { token: r.token, manifestSha256: r.manifestSha256, writtenAt: sql`now()` } });
  }

  async createDiffStaging(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`CREATE TEMP TABLE stg_keys (kind text, key text, change "char") ON COMMIT DROP;`));
  }

  async indexDiffStaging(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`CREATE INDEX ON stg_keys (key, kind); CREATE INDEX ON stg_credits (tconst); ANALYZE stg_keys;`));
  }

  /**
   * A staged title that is not in the catalogue and was not added today: it was in the files
   * before as something the catalogue leaves out (a short, an adult title) and is now kept. Its
   * akas, ratings and credits did not change, so they were not staged: only a full read has them.
   */
  async promotedTitle(tx: Executor): Promise<string | null> {
    const { rows } = await tx.execute<{ tconst: string }>(sql.raw(`
      SELECT s.tconst FROM stg_titles s
      WHERE NOT EXISTS (SELECT 1 FROM titles t WHERE t.imdb_id = s.tconst)
        AND NOT EXISTS (SELECT 1 FROM stg_keys k WHERE k.key = s.tconst AND k.kind = 'title.basics' AND k.change = 'a')
      LIMIT 1`));
    return rows[0]?.tconst ?? null;
  }

  /** The same for an episode: new to the catalogue, but its own rows unchanged (so not staged). */
  async episodeNeedingRows(tx: Executor): Promise<string | null> {
    const { rows } = await tx.execute<{ tconst: string }>(sql.raw(`
      SELECT e.tconst FROM stg_episodes e JOIN titles p ON p.imdb_id = e.parent
      WHERE NOT EXISTS (SELECT 1 FROM episodes x WHERE x.imdb_id = e.tconst)
        AND NOT EXISTS (SELECT 1 FROM stg_keys k WHERE k.key = e.tconst AND k.kind = 'title.basics' AND k.change = 'a')
      LIMIT 1`));
    return rows[0]?.tconst ?? null;
  }

  /**
   * Titles IMDb removed today (or that became something the catalogue leaves out), with what
   * members and operators hung on them; read before they are hidden.
   */
  async removedTitles(tx: Executor): Promise<RemovedTitle[]> {
    // 'x': a row read today that the catalogue now leaves out (an adult title, a video).
    await tx.execute(sql.raw(`
      CREATE TEMP TABLE removed_now ON COMMIT DROP AS
        SELECT t.id FROM titles t
        WHERE t.imdb_id IN (SELECT key FROM stg_keys WHERE kind = 'title.basics' AND change IN ('r', 'x'))
        AND t.removed_upstream_at IS NULL`));
    const { rows } = await tx.execute<RemovedTitle>(sql.raw(`
      SELECT t.id, t.imdb_id AS "imdbId", t.title_en AS "titleEn", t.title_fa AS "titleFa", t.published AS "wasPublished",
        (SELECT count(*) FROM watchlist_items w WHERE w.title_id = t.id)::int AS watchlist,
        (SELECT count(*) FROM comments c WHERE c.title_id = t.id)::int AS comments,
        (SELECT count(*) FROM content_requests r WHERE r.title_id = t.id)::int AS requests,
        (SELECT count(*) FROM watch_history h WHERE h.title_id = t.id)::int AS history,
        (SELECT count(*) FROM media_assets a WHERE a.title_id = t.id)::int AS media
      FROM titles t WHERE t.id IN (SELECT id FROM removed_now) ORDER BY t.id`));
    return rows;
  }

  /**
   * Takes the removed titles off the site, keeping their rows: only those visitors could see are
   * hidden and marked (the mark publishes them again when IMDb does); one an operator hid stays
   * theirs. Their credits went with their principals and crew rows.
   */
  async hideRemovedTitles(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`
      UPDATE titles SET published = false, removed_upstream_at = now(), updated_at = now()
      WHERE id IN (SELECT id FROM removed_now) AND published`));
  }

  /**
   * Everything of a daily import but people and credits: staged titles (their genres, names,
   * ratings) as a full import merges them, then what changed in the other files for titles and
   * episodes that are not staged themselves, and the episodes IMDb removed.
   */
  async mergeDaily(tx: Executor): Promise<Pick<DailyMergeCounts, 'episodesRemoved' | 'episodesKept'>> {
    await tx.execute(sql.raw(`
${stagedTitlesMerge('keep')}

    -- Ratings and Persian names that changed, of titles whose own row did not.
    UPDATE titles t SET rating = r.rating, votes = r.votes, updated_at = now() FROM stg_ratings r
      WHERE t.imdb_id = r.tconst AND (t.rating IS DISTINCT FROM r.rating OR t.votes <> r.votes);
    UPDATE titles t SET rating = NULL, votes = 0, updated_at = now() FROM stg_keys k
      WHERE k.kind = 'title.ratings' AND k.change = 'r' AND t.imdb_id = k.key;
    UPDATE titles t SET title_fa = a.title, updated_at = now()
      FROM (SELECT DISTINCT ON (tconst) tconst, title FROM stg_akas ORDER BY tconst, rank) a
      WHERE t.imdb_id = a.tconst AND t.title_fa IS DISTINCT FROM a.title;

    -- Episodes: new ones whole (their basics row was added too), then each file's changes.
    CREATE TEMP TABLE touched_series (id int) ON COMMIT DROP;
    WITH up AS (
      INSERT INTO episodes (imdb_id, title_id, season_number, episode_number, name_en, year, runtime, rating, votes, name_fa)
      SELECT e.tconst, p.id, e.season, e.episode, n.name, n.year, n.runtime, r.rating, coalesce(r.votes, 0),
             (SELECT a.title FROM stg_akas a WHERE a.tconst = e.tconst ORDER BY a.rank LIMIT 1)
      FROM stg_episodes e JOIN titles p ON p.imdb_id = e.parent
      LEFT JOIN stg_episode_names n ON n.tconst = e.tconst
      LEFT JOIN stg_ratings r ON r.tconst = e.tconst
      ON CONFLICT (imdb_id) DO UPDATE SET title_id = excluded.title_id, season_number = excluded.season_number,
        episode_number = excluded.episode_number
      RETURNING title_id)
    INSERT INTO touched_series SELECT DISTINCT title_id FROM up;
    WITH up AS (
      UPDATE episodes e SET name_en = n.name, year = n.year, runtime = n.runtime FROM stg_episode_names n WHERE e.imdb_id = n.tconst RETURNING e.title_id)
    INSERT INTO touched_series SELECT DISTINCT title_id FROM up;
    UPDATE episodes e SET rating = r.rating, votes = r.votes FROM stg_ratings r
      WHERE e.imdb_id = r.tconst AND (e.rating IS DISTINCT FROM r.rating OR e.votes <> r.votes);
    UPDATE episodes e SET rating = NULL, votes = 0 FROM stg_keys k WHERE k.kind = 'title.ratings' AND k.change = 'r' AND e.imdb_id = k.key;
    UPDATE episodes e SET name_fa = a.title
      FROM (SELECT DISTINCT ON (tconst) tconst, title FROM stg_akas ORDER BY tconst, rank) a
      WHERE e.imdb_id = a.tconst AND e.name_fa IS DISTINCT FROM a.title;

    -- Episodes IMDb removed go, unless a member's history or packaged video hangs on one.
    CREATE TEMP TABLE removed_episodes ON COMMIT DROP AS
      SELECT e.id, e.title_id, EXISTS (SELECT 1 FROM watch_history h WHERE h.episode_id = e.id)
        OR EXISTS (SELECT 1 FROM media_assets a WHERE a.episode_id = e.id)
        OR EXISTS (SELECT 1 FROM media_files f WHERE f.episode_id = e.id) AS held
      FROM episodes e JOIN stg_keys k ON k.key = e.imdb_id AND k.kind = 'title.basics' AND k.change = 'r';
    DELETE FROM episodes WHERE id IN (SELECT id FROM removed_episodes WHERE NOT held);
    INSERT INTO touched_series SELECT DISTINCT title_id FROM removed_episodes;

    INSERT INTO seasons (title_id, number, year)
    SELECT title_id, season_number, min(year) FROM episodes WHERE title_id IN (SELECT id FROM touched_series) GROUP BY 1, 2
    ON CONFLICT (title_id, number) DO UPDATE SET year = excluded.year;
    DELETE FROM seasons s WHERE s.title_id IN (SELECT id FROM touched_series)
      AND NOT EXISTS (SELECT 1 FROM episodes e WHERE e.title_id = s.title_id AND e.season_number = s.number);
  `));
    const { rows } = await tx.execute<{ removed: number; kept: number }>(
      sql.raw(`SELECT count(*) FILTER (WHERE NOT held)::int AS removed, count(*) FILTER (WHERE held)::int AS kept FROM removed_episodes`),
    );
    return { episodesRemoved: rows[0]!.removed, episodesKept: rows[0]!.kept };
  }

  /** People credited by today's staged credits whom the catalogue lacks: their name.basics rows are wanted, changed or not. */
  async creditedPeopleMissing(tx: Executor): Promise<string[]> {
    const { rows } = await tx.execute<{ nconst: string }>(sql.raw(`
      SELECT DISTINCT c.nconst FROM stg_credits c
      WHERE (EXISTS (SELECT 1 FROM titles t WHERE t.imdb_id = c.tconst) OR EXISTS (SELECT 1 FROM stg_titles s WHERE s.tconst = c.tconst))
        AND NOT EXISTS (SELECT 1 FROM people p WHERE p.imdb_id = c.nconst)`));
    return rows.map((r) => r.nconst);
  }

  /**
   * People and credits of a daily import: changed people who are in the catalogue and wanted
   * ones (newly credited) are written; the credits of every title whose principals or crew
   * changed are replaced as a whole; a person left with no credit goes.
   */
  async mergeDailyCredits(tx: Executor): Promise<Pick<DailyMergeCounts, 'peopleRemoved'>> {
    await tx.execute(sql.raw(`
    -- By person too: the EXISTS below looks staged credits up once per staged person, and without
    -- this index read them all each time (over four minutes at IMDb's size for one day's people).
    CREATE INDEX ON stg_people (nconst); CREATE INDEX ON stg_credits (nconst); ANALYZE stg_people; ANALYZE stg_credits;

    INSERT INTO people (imdb_id, name_en, slug, birth_year, death_year, professions)
    SELECT s.nconst, s.name, s.slug, s.birth, s.death, coalesce(string_to_array(nullif(s.professions, ''), E'\\x1f'), '{}') FROM stg_people s
    WHERE EXISTS (SELECT 1 FROM people p WHERE p.imdb_id = s.nconst)
       OR EXISTS (SELECT 1 FROM stg_credits c JOIN titles t ON t.imdb_id = c.tconst WHERE c.nconst = s.nconst)
    ON CONFLICT (imdb_id) DO UPDATE SET name_en = excluded.name_en, slug = excluded.slug, birth_year = excluded.birth_year,
      death_year = excluded.death_year, professions = excluded.professions;

    CREATE TEMP TABLE credited_titles ON COMMIT DROP AS
      SELECT DISTINCT t.id, t.imdb_id, t.year, t.published FROM titles t JOIN stg_keys k ON k.key = t.imdb_id AND k.kind IN ('title.principals', 'title.crew');
    CREATE INDEX ON credited_titles (imdb_id);
    CREATE TEMP TABLE touched_people ON COMMIT DROP AS
      SELECT DISTINCT person_id AS id FROM credits WHERE title_id IN (SELECT id FROM credited_titles);

    DELETE FROM credits WHERE title_id IN (SELECT id FROM credited_titles);
    INSERT INTO credits (title_id, person_id, role, character, billing, title_year, title_published)
    SELECT DISTINCT ON (i.id, p.id, c.role) i.id, p.id, c.role, c.character, c.billing, i.year, i.published
    FROM stg_credits c JOIN credited_titles i ON i.imdb_id = c.tconst JOIN people p ON p.imdb_id = c.nconst
    ORDER BY i.id, p.id, c.role, c.billing;

    -- Whose popularity and best work may have moved: everyone credited on a title whose votes
    -- or credits changed, and whoever lost a credit. Joins, not "IN (…) OR IN (…)": an OR of IN
    -- subqueries runs as a subplan per credit, hashed only while its rows fit in work_mem; at
    -- IMDb's size the day's moved ratings (~700,000 titles) did not, and it scanned them for each
    -- of 8 million credits (stopped after 10 minutes on 2026-12-01).
    INSERT INTO touched_people
      SELECT c.person_id FROM credits c JOIN credited_titles i ON i.id = c.title_id
      UNION
      SELECT c.person_id FROM credits c JOIN titles t ON t.id = c.title_id JOIN stg_ratings r ON r.tconst = t.imdb_id
      UNION
      SELECT c.person_id FROM credits c JOIN titles t ON t.id = c.title_id
        JOIN stg_keys k ON k.key = t.imdb_id AND k.kind = 'title.ratings' AND k.change = 'r';
  `));
    const { rows } = await tx.execute<{ removed: number }>(sql.raw(`
    -- The candidates as one id list first, for the same reason as touched_people's joins.
    WITH candidates AS (
      SELECT id FROM touched_people
      UNION
      SELECT p.id FROM people p JOIN stg_keys k ON k.key = p.imdb_id AND k.kind = 'name.basics' AND k.change = 'r'),
    gone AS (
      DELETE FROM people p USING candidates x WHERE p.id = x.id
        AND NOT EXISTS (SELECT 1 FROM credits c WHERE c.person_id = p.id)
      RETURNING 1)
    SELECT count(*)::int AS removed FROM gone`));
    return { peopleRemoved: rows[0]!.removed };
  }

  /** Popularity and best work of the people a daily import touched (refreshPeopleStats does everyone). */
  async refreshTouchedPeopleStats(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(peopleStatsUpdate('WHERE c.person_id IN (SELECT DISTINCT id FROM touched_people)')));
  }

  async upsertCountries(tx: Executor, codes: string[], namesFa: string[], namesEn: string[]): Promise<void> {
    await tx.execute(sql`
      INSERT INTO countries (code, name_fa, name_en) SELECT * FROM unnest(${sql.param(codes)}::text[], ${sql.param(namesFa)}::text[], ${sql.param(namesEn)}::text[])
      ON CONFLICT (code) DO UPDATE SET name_fa = excluded.name_fa, name_en = excluded.name_en`);
  }

  async upsertLanguages(tx: Executor, codes: string[], namesFa: string[], namesEn: string[]): Promise<void> {
    await tx.execute(sql`
      INSERT INTO languages (code, name_fa, name_en) SELECT * FROM unnest(${sql.param(codes)}::text[], ${sql.param(namesFa)}::text[], ${sql.param(namesEn)}::text[])
      ON CONFLICT (code) DO UPDATE SET name_fa = excluded.name_fa, name_en = excluded.name_en`);
  }

  /** The supplement's words on each title it names (staged in stg_supp). */
  async applySupplementTitles(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`
    UPDATE titles t SET title_fa = coalesce(s.title_fa, t.title_fa), plot_fa = s.plot_fa, plot_en = s.plot_en,
      age_rating = s.age_rating, release_date = s.release_date, rt_meter = s.rt_meter, rt_status = s.rt_status,
      is_free = s.is_free, coming_soon = s.coming_soon, expected_date = s.expected_date,
      trailer_youtube_id = s.trailer_youtube, trailer_duration = s.trailer_duration, updated_at = now()
    FROM stg_supp s WHERE s.tconst = t.imdb_id`));
  }

  /** Lists attached to a title are replaced as a whole for every title the supplement names (staged in stg_rel). */
  async replaceSupplementLists(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`
    CREATE TEMP TABLE supp_titles ON COMMIT DROP AS SELECT t.id, t.imdb_id FROM titles t JOIN stg_supp s ON s.tconst = t.imdb_id;
    DELETE FROM title_countries WHERE title_id IN (SELECT id FROM supp_titles);
    INSERT INTO title_countries (title_id, country_code, position)
      SELECT st.id, r.code, r.pos FROM stg_rel r JOIN supp_titles st ON st.imdb_id = r.tconst JOIN countries c ON c.code = r.code
      WHERE r.kind = 'country' ON CONFLICT DO NOTHING;
    DELETE FROM title_languages WHERE title_id IN (SELECT id FROM supp_titles);
    INSERT INTO title_languages (title_id, language_code, position)
      SELECT st.id, r.code, r.pos FROM stg_rel r JOIN supp_titles st ON st.imdb_id = r.tconst JOIN languages l ON l.code = r.code
      WHERE r.kind = 'language' ON CONFLICT DO NOTHING;
    DELETE FROM slideshow_picks WHERE title_id IN (SELECT id FROM supp_titles);
    INSERT INTO slideshow_picks (title_id, placement, position)
      SELECT st.id, r.code, r.pos FROM stg_rel r JOIN supp_titles st ON st.imdb_id = r.tconst WHERE r.kind = 'slideshow'
      ON CONFLICT DO NOTHING;
    -- What was packaged for streaming (media_assets) describes its own files: the supplement's
    -- list stands for the rest, and a dub that packaged files are in stays.
    DELETE FROM media_files m WHERE m.title_id IN (SELECT id FROM supp_titles)
      AND NOT EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = m.title_id AND coalesce(a.episode_id, 0) = coalesce(m.episode_id, 0));
    DELETE FROM dubs d WHERE d.title_id IN (SELECT id FROM supp_titles) AND NOT EXISTS (SELECT 1 FROM media_files m WHERE m.dub_id = d.id);
    INSERT INTO dubs (title_id, language, studio)
      SELECT st.id, split_part(r.code, E'\\x1f', 1), split_part(r.code, E'\\x1f', 2)
      FROM stg_rel r JOIN supp_titles st ON st.imdb_id = r.tconst WHERE r.kind = 'dub' ORDER BY st.id, r.pos ON CONFLICT DO NOTHING;
  `));
  }

  /** The supplement's files (staged in stg_files), where nothing packaged describes the title or episode. */
  async insertSupplementFiles(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(`
    INSERT INTO media_files (title_id, episode_id, season_number, episode_number, quality, size_mb, codec, source, dub_id, subtitles, duration_sec)
    SELECT st.id, e.id, f.season, f.episode, f.quality, f.size_mb, f.codec, f.source, d.id,
           coalesce(string_to_array(nullif(f.subtitles, ''), E'\\x1f'), '{}'), f.duration
    FROM stg_files f JOIN supp_titles st ON st.imdb_id = f.tconst
    LEFT JOIN episodes e ON e.title_id = st.id AND e.season_number = f.season AND e.episode_number = f.episode
    LEFT JOIN dubs d ON d.title_id = st.id AND d.studio = f.dub_studio
    WHERE NOT EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = st.id AND coalesce(a.episode_id, 0) = coalesce(e.id, 0))`));
  }

  async updatePeopleNames(tx: Executor, nconsts: string[], namesFa: string[], biosFa: (string | null)[], biosEn: (string | null)[]): Promise<void> {
    await tx.execute(sql`
      UPDATE people p SET name_fa = x.fa, bio_fa = coalesce(x.bio_fa, p.bio_fa), bio_en = coalesce(x.bio_en, p.bio_en)
      FROM unnest(${sql.param(nconsts)}::text[], ${sql.param(namesFa)}::text[], ${sql.param(biosFa)}::text[], ${sql.param(biosEn)}::text[]) AS x(nconst, fa, bio_fa, bio_en) WHERE p.imdb_id = x.nconst`);
  }

  /** The collection by its slug, made or brought up to date; answers its id. */
  async upsertCollection(tx: Executor, c: ImportCollection): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO collections (slug, title_fa, title_en, description_fa, listing) VALUES (${c.slug}, ${c.titleFa}, ${c.titleEn}, ${c.descriptionFa}, ${c.listing})
      ON CONFLICT (slug) DO UPDATE SET title_fa = excluded.title_fa, title_en = excluded.title_en,
        description_fa = excluded.description_fa, listing = excluded.listing RETURNING id`);
    return rows[0]!.id;
  }

  /** The collection's titles, in the order given, replacing what it had (unknown IMDb ids are left out). */
  async replaceCollectionTitles(tx: Executor, collectionId: number, tconsts: string[]): Promise<void> {
    await tx.execute(sql`DELETE FROM collection_titles WHERE collection_id = ${collectionId}`);
    await tx.execute(sql`
      INSERT INTO collection_titles (collection_id, title_id, position)
      SELECT ${collectionId}, t.id, x.pos FROM unnest(${sql.param(tconsts)}::text[]) WITH ORDINALITY AS x(tconst, pos) JOIN titles t ON t.imdb_id = x.tconst
      ON CONFLICT DO NOTHING`);
  }

  /** The dubbed flag of every imported title, from its dubs. */
  async refreshHasDub(tx: Executor): Promise<void> {
    // Only the rows whose flag changes: rewriting every imported title (a new version of each row,
    // and of every index on it) was 6.6 s of a 1M-title import, for a flag that almost never moves.
    await tx.execute(sql.raw(`
      UPDATE titles t SET has_dub = NOT t.has_dub
      WHERE t.imdb_id IN (SELECT tconst FROM stg_titles UNION SELECT tconst FROM stg_supp)
        AND t.has_dub <> EXISTS (SELECT 1 FROM dubs d WHERE d.title_id = t.id)`));
  }

  /**
   * How well known each person is, and their best work as actor and as director (search shows
   * them). Ties go to the older IMDb id, so every database (and a daily import) picks the same.
   */
  async refreshPeopleStats(tx: Executor): Promise<void> {
    await tx.execute(sql.raw(peopleStatsUpdate('')));
  }

  async analyzeCatalogue(tx: Executor): Promise<void> {
    await tx.execute(sql.raw('ANALYZE genres; ANALYZE title_genres; ANALYZE title_countries; ANALYZE title_languages; ANALYZE episodes; ANALYZE seasons; ANALYZE credits; ANALYZE collection_titles; ANALYZE dubs; ANALYZE media_files'));
  }

  async counts(tx: Executor): Promise<CatalogueCounts> {
    const { rows } = await tx.execute<CatalogueCounts>(sql.raw(`
      SELECT (SELECT count(*) FROM titles)::int AS titles, (SELECT count(*) FROM episodes)::int AS episodes,
             (SELECT count(*) FROM people)::int AS people, (SELECT count(*) FROM credits)::int AS credits,
             (SELECT count(*) FROM collections)::int AS collections`));
    return rows[0]!;
  }

  /** Outside any transaction (VACUUM cannot run in one). */
  async vacuumCatalogue(db: Executor): Promise<void> {
    await db.execute(sql.raw('VACUUM (ANALYZE) titles, people, credits, title_genres, title_countries, title_languages, episodes, seasons, dubs, media_files, search_words'));
  }

  // The demo catalogue at start (seed.ts).

  /** A session-level lock: held across the import's own transaction, on the connection that takes it. */
  async lockSeeding(conn: Executor): Promise<void> {
    await conn.execute(sql`SELECT pg_advisory_lock(${SEED_LOCK})`);
  }

  async unlockSeeding(conn: Executor): Promise<void> {
    await conn.execute(sql`SELECT pg_advisory_unlock(${SEED_LOCK})`);
  }

  async countTitles(db: Executor): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM titles`);
    return rows[0]!.n;
  }

  /** Titles and episodes: the rows title.basics gave the catalogue, to weigh against the embedded database's limit. */
  async catalogueRows(db: Executor): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT ((SELECT count(*) FROM titles) + (SELECT count(*) FROM episodes))::int AS n`);
    return rows[0]!.n;
  }

  // Imports started from the panel (import-job.ts) or the command (command-import.ts): `catalogue_imports` says how far each got.

  /** An import run by `npm run import`: recorded running from the start, with no uploaded files. */
  async startCommandImport(db: Executor, worker: string, bytesTotal: number): Promise<number> {
    const [row] = await db
      .insert(catalogueImports)
      .values({ source: 'command', status: 'running', worker, files: [], bytesTotal, attempts: 1, startedAt: sql`now()` })
      .returning({ id: catalogueImports.id });
    return row!.id;
  }

  /** Takes the import for this worker (again after a failure or a dead worker); its files, or undefined when it is done or gone. */
  async claimImport(db: Executor, id: number, worker: string): Promise<unknown | undefined> {
    const rows = await db
      .update(catalogueImports)
      .set({
        status: 'running',
        phase: 'queued',
        percent: 0,
        rowsRead: 0,
        bytesRead: 0,
        error: null,
        worker,
        attempts: sql`${catalogueImports.attempts} + 1`,
        startedAt: sql`coalesce(${catalogueImports.startedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(catalogueImports.id, id), inArray(catalogueImports.status, ['queued', 'running', 'failed'])))
      .returning({ files: catalogueImports.files });
    return rows[0]?.files;
  }

  /** Progress (the percent only grows); it doubles as the heartbeat. */
  async importProgress(db: Executor, id: number, p: { phase: string; percent: number; rowsRead: number; bytesRead: number }): Promise<void> {
    await db
      .update(catalogueImports)
      .set({ phase: p.phase, percent: sql`greatest(${catalogueImports.percent}, ${p.percent})`, rowsRead: p.rowsRead, bytesRead: p.bytesRead, updatedAt: sql`now()` })
      .where(and(eq(catalogueImports.id, id), eq(catalogueImports.status, 'running')));
  }

  async importHeartbeat(db: Executor, id: number): Promise<void> {
    await db
      .update(catalogueImports)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(catalogueImports.id, id), eq(catalogueImports.status, 'running')));
  }

  async finishImport(
    tx: Executor,
    id: number,
    r: { rowsRead: number; bytesRead: number; counts: unknown; issues: number; mode: string; modeReason: string | null; changes: unknown; removedTitles: unknown; issueSamples: string[]; seconds: number },
  ): Promise<void> {
    await tx
      .update(catalogueImports)
      .set({
        status: 'done',
        phase: 'done',
        percent: 100,
        rowsRead: r.rowsRead,
        bytesRead: r.bytesRead,
        counts: r.counts,
        issues: r.issues,
        mode: r.mode,
        modeReason: r.modeReason,
        changes: r.changes,
        removedTitles: r.removedTitles,
        issueSamples: r.issueSamples,
        seconds: r.seconds,
        error: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(catalogueImports.id, id));
  }

  /** The uploads an import read are used up by it. */
  async markUploadsUsed(tx: Executor, importId: number, uploadIds: string[]): Promise<void> {
    if (uploadIds.length === 0) return;
    await tx.update(mediaUploads).set({ status: 'used', importId }).where(inArray(mediaUploads.id, uploadIds));
  }

  /** Command-line imports still marked running, with whether their heartbeat is older than `staleSeconds`. */
  async runningCommandImports(db: Executor, staleSeconds: number): Promise<{ id: number; worker: string | null; stale: boolean }[]> {
    return db
      .select({ id: catalogueImports.id, worker: catalogueImports.worker, stale: sql<boolean>`${catalogueImports.updatedAt} < now() - make_interval(secs => ${staleSeconds})` })
      .from(catalogueImports)
      .where(and(eq(catalogueImports.source, 'command'), eq(catalogueImports.status, 'running')));
  }

  /** Failed, if it is still running (its command may have finished meanwhile). */
  async failRunningImport(db: Executor, id: number, error: string): Promise<void> {
    await db
      .update(catalogueImports)
      .set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(catalogueImports.id, id), eq(catalogueImports.status, 'running')));
  }

  async failImport(db: Executor, id: number, error: string): Promise<void> {
    await db.update(catalogueImports).set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(catalogueImports.id, id));
  }
}
