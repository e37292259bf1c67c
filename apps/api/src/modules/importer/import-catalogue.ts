import type pg from 'pg';
import { normalizeDisplay, slugify } from '@parde/persian';
import type { Database } from '../../db/client';
import { catalogueChangedHere } from '../../lib/catalogue-version';
import { searchIndexChanged } from '../search/memory-index';
import { rebuildSearchIndex } from '../search/search-index';
import { createProgressReporter } from '../../lib/progress';
import { findImdbFile, ImportFileError, readImdbFile, type ReadOptions, type RowIssue } from './files/imdb-reader';
import type { ImdbKind, RowByKind } from './files/imdb-rows';
import { loadSupplement, type Supplement } from './files/supplement';
import { IMDB_GENRES_FA } from './genre-names';
import { insertColumns, joinList } from './stage';

export interface ImportOptions {
  database: Database;
  /** A folder with IMDb dataset files (`title.basics.tsv[.gz]`, …). */
  imdbDir: string;
  supplementFile?: string;
  /** A connection to run on (the caller may hold a lock on it); otherwise one from the pool. */
  client?: pg.PoolClient;
  /** Draw progress bars (the CLI); silent in tests and at start-up. */
  progress?: boolean;
  log?: (line: string) => void;
  /**
   * Where the import is, for a panel to show: each file as it is read (about ten calls a second),
   * then the phases after reading. Called synchronously; the import does not wait for it.
   */
  onProgress?: (p: ImportProgress) => void;
}

/** A file being read (its rows and bytes so far), or a later phase. */
export type ImportProgress =
  | { phase: ImdbKind; file: string; bytesRead: number; totalBytes: number; rows: number }
  | { phase: 'merge' | 'search' | 'vacuum' };

export interface ImportReport {
  titles: number;
  episodes: number;
  people: number;
  credits: number;
  collections: number;
  issues: RowIssue[];
  /** Every skipped row, also past the first ones kept in `issues`. */
  issueCount: number;
  supplementIssues: string[];
  seconds: number;
}

const TITLE_TYPES: Record<string, 'movie' | 'series'> = {
  movie: 'movie',
  tvMovie: 'movie',
  tvSeries: 'series',
  tvMiniSeries: 'series',
};
const CREDIT_ROLES: Record<string, 'actor' | 'director' | 'writer'> = {
  actor: 'actor',
  actress: 'actor',
  self: 'actor',
  director: 'director',
  writer: 'writer',
};
const MAX_ISSUES = 1000;
/** The advisory lock that puts imports in line. */
const IMPORT_LOCK = 727002;

/**
 * Loads IMDb dataset files (and the supplementary file) into the catalogue.
 *
 * Everything happens in one transaction: rows are streamed into temporary staging tables in
 * batches, then merged into the catalogue with set-based upserts keyed on IMDb ids. A re-import
 * updates and never duplicates; a fatal problem (a missing column, a file that isn't gzip)
 * rolls the whole import back, while a broken row is reported with its line and skipped.
 */
export async function importCatalogue(opts: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const issues: RowIssue[] = [];
  let issueCount = 0;
  const onIssue = (i: RowIssue) => {
    issueCount++;
    if (issues.length < MAX_ISSUES) issues.push(i);
  };

  const files = {} as Record<ImdbKind, string | null>;
  for (const kind of ['title.basics', 'title.akas', 'title.ratings', 'title.principals', 'title.crew', 'title.episode', 'name.basics'] as const) {
    files[kind] = findImdbFile(opts.imdbDir, kind);
  }
  if (!files['title.basics']) throw new ImportFileError(`title.basics.tsv (or .tsv.gz) not found in ${opts.imdbDir}`, opts.imdbDir);

  let supplement: Supplement | undefined;
  let supplementIssues: string[] = [];
  if (opts.supplementFile) {
    const loaded = await loadSupplement(opts.supplementFile);
    supplement = loaded.data;
    supplementIssues = loaded.issues;
  }

  const client = opts.client ?? (await opts.database.pool.connect());
  try {
    await client.query('BEGIN');
    // One import at a time, wherever it was started (the site, a command, another machine's
    // command on PostgreSQL): the second waits for the first, then merges onto its result.
    const free = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [IMPORT_LOCK]);
    if (!free.rows[0]!.ok) {
      log('another import is running: waiting for it to finish …');
      await client.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
    }
    await createStaging(client);

    async function read<K extends ImdbKind>(kind: K, each: (rows: RowByKind[K][]) => Promise<void>) {
      const file = files[kind];
      if (!file) return;
      const bar = opts.progress ? createProgressReporter() : undefined;
      const report = opts.onProgress;
      const readOpts: ReadOptions = {
        onIssue,
        onProgress:
          bar || report
            ? (p) => {
                bar?.update({ stage: kind, fraction: p.totalBytes > 0 ? p.bytesRead / p.totalBytes : 0, count: { value: p.rows, unit: 'rows' } });
                report?.({ phase: kind, ...p });
              }
            : undefined,
      };
      for await (const batch of readImdbFile(file, kind, readOpts)) await each(batch);
      bar?.done();
    }

    // 1. Titles (episodes' own rows are kept aside: they become episodes, not titles).
    const keptTitles = new Set<string>();
    await read('title.basics', async (rows) => {
      const t = { tconst: [] as string[], type: [] as string[], imdbType: [] as string[], primary: [] as string[], original: [] as (string | null)[], slug: [] as string[], y: [] as (number | null)[], ey: [] as (number | null)[], rt: [] as (number | null)[], genres: [] as string[] };
      const e = { tconst: [] as string[], name: [] as string[], y: [] as (number | null)[], rt: [] as (number | null)[] };
      for (const r of rows) {
        if (r.isAdult) continue;
        if (r.titleType === 'tvEpisode') {
          e.tconst.push(r.tconst);
          e.name.push(r.primaryTitle);
          e.y.push(r.startYear);
          e.rt.push(r.runtimeMinutes);
          continue;
        }
        const type = TITLE_TYPES[r.titleType];
        if (!type) continue;
        keptTitles.add(r.tconst);
        t.tconst.push(r.tconst);
        t.type.push(type);
        t.imdbType.push(r.titleType);
        t.primary.push(r.primaryTitle);
        t.original.push(r.originalTitle && r.originalTitle !== r.primaryTitle ? r.originalTitle : null);
        t.slug.push(slugify(r.primaryTitle));
        t.y.push(r.startYear);
        t.ey.push(r.endYear);
        t.rt.push(r.runtimeMinutes);
        t.genres.push(joinList(r.genres));
      }
      await insertColumns(client, 'stg_titles', {
        tconst: { type: 'text', values: t.tconst },
        type: { type: 'text', values: t.type },
        imdb_type: { type: 'text', values: t.imdbType },
        primary_title: { type: 'text', values: t.primary },
        original_title: { type: 'text', values: t.original },
        slug: { type: 'text', values: t.slug },
        start_year: { type: 'int', values: t.y },
        end_year: { type: 'int', values: t.ey },
        runtime: { type: 'int', values: t.rt },
        genres: { type: 'text', values: t.genres },
      });
      await insertColumns(client, 'stg_episode_names', {
        tconst: { type: 'text', values: e.tconst },
        name: { type: 'text', values: e.name },
        year: { type: 'int', values: e.y },
        runtime: { type: 'int', values: e.rt },
      });
    });

    // 2. Persian names: akas for Iran or in Persian (the file is huge; keep only those rows).
    await read('title.akas', async (rows) => {
      const a = { id: [] as string[], title: [] as string[], rank: [] as number[] };
      for (const r of rows) {
        if (r.region !== 'IR' && r.language !== 'fa') continue;
        a.id.push(r.titleId);
        a.title.push(normalizeDisplay(r.title));
        // Prefer a row that is both Iranian and Persian, then the lowest ordering.
        a.rank.push((r.region === 'IR' && r.language === 'fa' ? 0 : r.language === 'fa' ? 100_000 : 200_000) + r.ordering);
      }
      await insertColumns(client, 'stg_akas', {
        tconst: { type: 'text', values: a.id },
        title: { type: 'text', values: a.title },
        rank: { type: 'int', values: a.rank },
      });
    });

    await read('title.ratings', async (rows) => {
      await insertColumns(client, 'stg_ratings', {
        tconst: { type: 'text', values: rows.map((r) => r.tconst) },
        rating: { type: 'real', values: rows.map((r) => r.averageRating) },
        votes: { type: 'int', values: rows.map((r) => r.numVotes) },
      });
    });

    await read('title.episode', async (rows) => {
      const kept = rows.filter((r) => keptTitles.has(r.parentTconst));
      await insertColumns(client, 'stg_episodes', {
        tconst: { type: 'text', values: kept.map((r) => r.tconst) },
        parent: { type: 'text', values: kept.map((r) => r.parentTconst) },
        season: { type: 'int', values: kept.map((r) => r.seasonNumber ?? 1) },
        episode: { type: 'int', values: kept.map((r) => r.episodeNumber ?? 0) },
      });
    });

    const credited = new Set<string>();
    await read('title.principals', async (rows) => {
      const c = { t: [] as string[], n: [] as string[], role: [] as string[], ch: [] as (string | null)[], ord: [] as number[] };
      for (const r of rows) {
        const role = CREDIT_ROLES[r.category];
        if (!role || !keptTitles.has(r.tconst)) continue;
        credited.add(r.nconst);
        c.t.push(r.tconst);
        c.n.push(r.nconst);
        c.role.push(role);
        c.ch.push(r.characters.length ? r.characters.join(' / ') : null);
        c.ord.push(r.ordering);
      }
      await insertColumns(client, 'stg_credits', {
        tconst: { type: 'text', values: c.t },
        nconst: { type: 'text', values: c.n },
        role: { type: 'text', values: c.role },
        character: { type: 'text', values: c.ch },
        billing: { type: 'int', values: c.ord },
      });
    });

    await read('title.crew', async (rows) => {
      const c = { t: [] as string[], n: [] as string[], role: [] as string[], ord: [] as number[] };
      for (const r of rows) {
        if (!keptTitles.has(r.tconst)) continue;
        r.directors.forEach((n, i) => (credited.add(n), c.t.push(r.tconst), c.n.push(n), c.role.push('director'), c.ord.push(1000 + i)));
        r.writers.forEach((n, i) => (credited.add(n), c.t.push(r.tconst), c.n.push(n), c.role.push('writer'), c.ord.push(2000 + i)));
      }
      await insertColumns(client, 'stg_credits', {
        tconst: { type: 'text', values: c.t },
        nconst: { type: 'text', values: c.n },
        role: { type: 'text', values: c.role },
        character: { type: 'text', values: c.t.map(() => null) },
        billing: { type: 'int', values: c.ord },
      });
    });

    await read('name.basics', async (rows) => {
      const kept = rows.filter((r) => credited.has(r.nconst));
      await insertColumns(client, 'stg_people', {
        nconst: { type: 'text', values: kept.map((r) => r.nconst) },
        name: { type: 'text', values: kept.map((r) => r.primaryName) },
        slug: { type: 'text', values: kept.map((r) => slugify(r.primaryName)) },
        birth: { type: 'int', values: kept.map((r) => r.birthYear) },
        death: { type: 'int', values: kept.map((r) => r.deathYear) },
        professions: { type: 'text', values: kept.map((r) => joinList(r.primaryProfession)) },
      });
    });

    log('merging into the catalogue …');
    opts.onProgress?.({ phase: 'merge' });
    await mergeStaging(client, supplement);
    if (supplement) await applySupplement(client, supplement);
    await client.query(`
      UPDATE titles t SET has_dub = EXISTS (SELECT 1 FROM dubs d WHERE d.title_id = t.id)
      WHERE t.imdb_id IN (SELECT tconst FROM stg_titles)`);
    await refreshPeopleStats(client);

    log('building the search index …');
    opts.onProgress?.({ phase: 'search' });
    await rebuildSearchIndex(client);
    await client.query(
      'ANALYZE genres; ANALYZE title_genres; ANALYZE title_countries; ANALYZE title_languages; ANALYZE episodes; ANALYZE seasons; ANALYZE credits; ANALYZE collection_titles; ANALYZE dubs; ANALYZE media_files',
    );

    const counts = await client.query<{ titles: number; episodes: number; people: number; credits: number; collections: number }>(`
      SELECT (SELECT count(*) FROM titles)::int AS titles, (SELECT count(*) FROM episodes)::int AS episodes,
             (SELECT count(*) FROM people)::int AS people, (SELECT count(*) FROM credits)::int AS credits,
             (SELECT count(*) FROM collections)::int AS collections`);
    await client.query('COMMIT');
    searchIndexChanged();
    catalogueChangedHere();
    // New rows carry no visibility information until a vacuum: every first read would set hint
    // bits (writing pages) and index-only scans would visit the heap. Autovacuum gets there some
    // day (or never, where it is off); the title page and search read these tables right away.
    log('vacuuming the catalogue tables …');
    opts.onProgress?.({ phase: 'vacuum' });
    await client
      .query('VACUUM (ANALYZE) titles, people, credits, title_genres, title_countries, title_languages, episodes, seasons, dubs, media_files, search_words')
      .catch((err: Error) => log(`vacuum skipped (the import itself is saved): ${err.message}`));
    if (issueCount > issues.length) log(`${issueCount} row issues (first ${issues.length} kept)`);
    return { ...counts.rows[0]!, issues, issueCount, supplementIssues, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    if (!opts.client) client.release();
  }
}

async function createStaging(client: pg.PoolClient) {
  await client.query(`
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
  `);
}

async function mergeStaging(client: pg.PoolClient, supplement?: Supplement) {
  await client.query(`
    CREATE INDEX ON stg_titles (tconst); CREATE INDEX ON stg_akas (tconst, rank); CREATE INDEX ON stg_ratings (tconst);
    CREATE INDEX ON stg_episodes (tconst); CREATE INDEX ON stg_episode_names (tconst); CREATE INDEX ON stg_people (nconst);
    ANALYZE stg_titles; ANALYZE stg_akas; ANALYZE stg_ratings; ANALYZE stg_episodes; ANALYZE stg_people; ANALYZE stg_credits;`);

  // Genres: the supplement's Persian names win, then the built-in map.
  const genreNames = new Map<string, { fa: string; slug: string }>();
  for (const [en, fa] of Object.entries(IMDB_GENRES_FA)) genreNames.set(en, { fa, slug: slugify(en) });
  for (const [en, g] of Object.entries(supplement?.genres ?? {})) genreNames.set(en, { fa: g.titleFa, slug: g.slug });
  const used = await client.query<{ g: string }>(`SELECT DISTINCT unnest(string_to_array(genres, E'\\x1f')) AS g FROM stg_titles WHERE genres <> ''`);
  const gs = used.rows.map((r) => r.g).filter(Boolean);
  await client.query(
    `INSERT INTO genres (name_en, name_fa, slug)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (name_en) DO UPDATE SET name_fa = excluded.name_fa`,
    [gs, gs.map((g) => genreNames.get(g)?.fa ?? g), gs.map((g) => genreNames.get(g)?.slug ?? slugify(g))],
  );

  await client.query(`
    INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_original, title_fa, slug, year, end_year, runtime, rating, votes)
    SELECT s.tconst, s.type, s.imdb_type, s.primary_title, s.original_title,
           (SELECT a.title FROM stg_akas a WHERE a.tconst = s.tconst ORDER BY a.rank LIMIT 1),
           s.slug, s.start_year, s.end_year, s.runtime, r.rating, coalesce(r.votes, 0)
    FROM stg_titles s LEFT JOIN stg_ratings r ON r.tconst = s.tconst
    ON CONFLICT (imdb_id) DO UPDATE SET
      type = excluded.type, imdb_type = excluded.imdb_type, title_en = excluded.title_en, title_original = excluded.title_original,
      title_fa = coalesce(excluded.title_fa, titles.title_fa), slug = excluded.slug, year = excluded.year, end_year = excluded.end_year,
      runtime = excluded.runtime, rating = coalesce(excluded.rating, titles.rating),
      votes = CASE WHEN excluded.rating IS NULL THEN titles.votes ELSE excluded.votes END, updated_at = now();

    CREATE TEMP TABLE imported ON COMMIT DROP AS SELECT t.id, t.imdb_id FROM titles t JOIN stg_titles s ON s.tconst = t.imdb_id;
    CREATE INDEX ON imported (imdb_id);

    DELETE FROM title_genres WHERE title_id IN (SELECT id FROM imported);
    INSERT INTO title_genres (title_id, genre_id, position)
    SELECT i.id, g.id, (x.ord - 1)::smallint
    FROM stg_titles s JOIN imported i ON i.imdb_id = s.tconst
    CROSS JOIN LATERAL unnest(string_to_array(s.genres, E'\\x1f')) WITH ORDINALITY AS x(name, ord)
    JOIN genres g ON g.name_en = x.name
    ON CONFLICT DO NOTHING;

    INSERT INTO episodes (imdb_id, title_id, season_number, episode_number, name_en, year, runtime, rating, votes, name_fa)
    SELECT e.tconst, i.id, e.season, e.episode, n.name, n.year, n.runtime, r.rating, coalesce(r.votes, 0),
           (SELECT a.title FROM stg_akas a WHERE a.tconst = e.tconst ORDER BY a.rank LIMIT 1)
    FROM stg_episodes e JOIN imported i ON i.imdb_id = e.parent
    LEFT JOIN stg_episode_names n ON n.tconst = e.tconst
    LEFT JOIN stg_ratings r ON r.tconst = e.tconst
    ON CONFLICT (imdb_id) DO UPDATE SET title_id = excluded.title_id, season_number = excluded.season_number,
      episode_number = excluded.episode_number, name_en = coalesce(excluded.name_en, episodes.name_en),
      name_fa = coalesce(excluded.name_fa, episodes.name_fa),
      year = excluded.year, runtime = excluded.runtime, rating = excluded.rating, votes = excluded.votes;

    INSERT INTO seasons (title_id, number, year)
    SELECT title_id, season_number, min(year) FROM episodes WHERE title_id IN (SELECT id FROM imported) GROUP BY 1, 2
    ON CONFLICT (title_id, number) DO UPDATE SET year = excluded.year;

    INSERT INTO people (imdb_id, name_en, slug, birth_year, death_year, professions)
    SELECT nconst, name, slug, birth, death, coalesce(string_to_array(nullif(professions, ''), E'\\x1f'), '{}') FROM stg_people
    ON CONFLICT (imdb_id) DO UPDATE SET name_en = excluded.name_en, slug = excluded.slug, birth_year = excluded.birth_year,
      death_year = excluded.death_year, professions = excluded.professions;

    DELETE FROM credits WHERE title_id IN (SELECT id FROM imported);
    INSERT INTO credits (title_id, person_id, role, character, billing)
    SELECT DISTINCT ON (i.id, p.id, c.role) i.id, p.id, c.role, c.character, c.billing
    FROM stg_credits c JOIN imported i ON i.imdb_id = c.tconst JOIN people p ON p.imdb_id = c.nconst
    ORDER BY i.id, p.id, c.role, c.billing;
  `);
}

async function applySupplement(client: pg.PoolClient, s: Supplement) {
  const entries = <T,>(o: Record<string, T> | undefined) => Object.entries(o ?? {});

  const countries = entries(s.countries);
  await client.query(
    `INSERT INTO countries (code, name_fa, name_en) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (code) DO UPDATE SET name_fa = excluded.name_fa, name_en = excluded.name_en`,
    [countries.map(([c]) => c), countries.map(([, v]) => v.nameFa), countries.map(([, v]) => v.nameEn)],
  );
  const langs = entries(s.languages);
  await client.query(
    `INSERT INTO languages (code, name_fa, name_en) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (code) DO UPDATE SET name_fa = excluded.name_fa, name_en = excluded.name_en`,
    [langs.map(([c]) => c), langs.map(([, v]) => v.nameFa), langs.map(([, v]) => v.nameEn)],
  );

  const ts = entries(s.titles);
  await insertColumns(client, 'stg_supp', {
    tconst: { type: 'text', values: ts.map(([k]) => k) },
    title_fa: { type: 'text', values: ts.map(([, v]) => (v.titleFa ? normalizeDisplay(v.titleFa) : null)) },
    plot_fa: { type: 'text', values: ts.map(([, v]) => v.plotFa) },
    plot_en: { type: 'text', values: ts.map(([, v]) => v.plotEn) },
    age_rating: { type: 'text', values: ts.map(([, v]) => v.ageRating ?? null) },
    release_date: { type: 'date', values: ts.map(([, v]) => v.releaseDate ?? null) },
    rt_meter: { type: 'int', values: ts.map(([, v]) => v.rottenTomatoes?.meter ?? null) },
    rt_status: { type: 'text', values: ts.map(([, v]) => v.rottenTomatoes?.status ?? null) },
    is_free: { type: 'bool', values: ts.map(([, v]) => v.free === true) },
    coming_soon: { type: 'bool', values: ts.map(([, v]) => Boolean(v.comingSoon)) },
    expected_date: { type: 'date', values: ts.map(([, v]) => v.comingSoon?.expectedDate ?? null) },
    trailer_youtube: { type: 'text', values: ts.map(([, v]) => v.trailer?.youtubeId ?? null) },
    trailer_duration: { type: 'int', values: ts.map(([, v]) => v.trailer?.durationSec ?? null) },
  });
  await client.query(`
    UPDATE titles t SET title_fa = coalesce(s.title_fa, t.title_fa), plot_fa = s.plot_fa, plot_en = s.plot_en,
      age_rating = s.age_rating, release_date = s.release_date, rt_meter = s.rt_meter, rt_status = s.rt_status,
      is_free = s.is_free, coming_soon = s.coming_soon, expected_date = s.expected_date,
      trailer_youtube_id = s.trailer_youtube, trailer_duration = s.trailer_duration, updated_at = now()
    FROM stg_supp s WHERE s.tconst = t.imdb_id`);

  // Lists attached to a title are replaced as a whole for every title the supplement names.
  const rel = { t: [] as string[], code: [] as string[], pos: [] as number[], kind: [] as string[] };
  for (const [k, v] of ts) {
    v.countries.forEach((c, i) => (rel.t.push(k), rel.code.push(c), rel.pos.push(i), rel.kind.push('country')));
    v.languages.forEach((c, i) => (rel.t.push(k), rel.code.push(c), rel.pos.push(i), rel.kind.push('language')));
    (v.slideshow ?? []).forEach((c, i) => (rel.t.push(k), rel.code.push(c), rel.pos.push(i), rel.kind.push('slideshow')));
    (v.dubs ?? []).forEach((d, i) => (rel.t.push(k), rel.code.push(`${d.language}\u001f${normalizeDisplay(d.studio)}`), rel.pos.push(i), rel.kind.push('dub')));
  }
  await insertColumns(client, 'stg_rel', {
    tconst: { type: 'text', values: rel.t },
    code: { type: 'text', values: rel.code },
    pos: { type: 'int', values: rel.pos },
    kind: { type: 'text', values: rel.kind },
  });
  await client.query(`
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
  `);

  const f = { t: [] as string[], season: [] as (number | null)[], episode: [] as (number | null)[], quality: [] as string[], size: [] as number[], codec: [] as string[], source: [] as string[], dub: [] as (string | null)[], subs: [] as string[], dur: [] as (number | null)[] };
  for (const [k, v] of ts) {
    for (const file of v.files ?? []) {
      f.t.push(k);
      f.season.push(file.season ?? null);
      f.episode.push(file.episode ?? null);
      f.quality.push(file.quality);
      f.size.push(file.sizeMb);
      f.codec.push(file.codec);
      f.source.push(file.source);
      f.dub.push(file.audio.startsWith('dub:') ? normalizeDisplay(file.audio.slice(4)) : null);
      f.subs.push(joinList(file.subtitles));
      f.dur.push(file.durationSec ?? null);
    }
  }
  await insertColumns(client, 'stg_files', {
    tconst: { type: 'text', values: f.t },
    season: { type: 'int', values: f.season },
    episode: { type: 'int', values: f.episode },
    quality: { type: 'text', values: f.quality },
    size_mb: { type: 'int', values: f.size },
    codec: { type: 'text', values: f.codec },
    source: { type: 'text', values: f.source },
    dub_studio: { type: 'text', values: f.dub },
    subtitles: { type: 'text', values: f.subs },
    duration: { type: 'int', values: f.dur },
  });
  await client.query(`
    INSERT INTO media_files (title_id, episode_id, season_number, episode_number, quality, size_mb, codec, source, dub_id, subtitles, duration_sec)
    SELECT st.id, e.id, f.season, f.episode, f.quality, f.size_mb, f.codec, f.source, d.id,
           coalesce(string_to_array(nullif(f.subtitles, ''), E'\\x1f'), '{}'), f.duration
    FROM stg_files f JOIN supp_titles st ON st.imdb_id = f.tconst
    LEFT JOIN episodes e ON e.title_id = st.id AND e.season_number = f.season AND e.episode_number = f.episode
    LEFT JOIN dubs d ON d.title_id = st.id AND d.studio = f.dub_studio
    WHERE NOT EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = st.id AND coalesce(a.episode_id, 0) = coalesce(e.id, 0))`);

  const ps = entries(s.people);
  await client.query(
    `UPDATE people p SET name_fa = x.fa, bio_fa = coalesce(x.bio_fa, p.bio_fa), bio_en = coalesce(x.bio_en, p.bio_en)
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS x(nconst, fa, bio_fa, bio_en) WHERE p.imdb_id = x.nconst`,
    [ps.map(([k]) => k), ps.map(([, v]) => normalizeDisplay(v.fullnameFa)), ps.map(([, v]) => v.bioFa ?? null), ps.map(([, v]) => v.bioEn ?? null)],
  );

  for (const c of s.collections ?? []) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO collections (slug, title_fa, title_en, description_fa, listing) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (slug) DO UPDATE SET title_fa = excluded.title_fa, title_en = excluded.title_en,
         description_fa = excluded.description_fa, listing = excluded.listing RETURNING id`,
      [c.slug, normalizeDisplay(c.titleFa), c.titleEn, c.descriptionFa ?? null, c.listing],
    );
    const id = rows[0]!.id;
    await client.query('DELETE FROM collection_titles WHERE collection_id = $1', [id]);
    await client.query(
      `INSERT INTO collection_titles (collection_id, title_id, position)
       SELECT $1, t.id, x.pos FROM unnest($2::text[]) WITH ORDINALITY AS x(tconst, pos) JOIN titles t ON t.imdb_id = x.tconst
       ON CONFLICT DO NOTHING`,
      [id, c.titles],
    );
  }
}

/** How well known each person is, and their best work as actor and as director (search shows them). */
async function refreshPeopleStats(client: pg.PoolClient) {
  await client.query(`
    UPDATE people p SET popularity = x.pop, best_starred_id = x.best_starred, best_directed_id = x.best_directed
    FROM (
      SELECT c.person_id,
        least(sum(t.votes), 2147483647)::int AS pop,
        (array_agg(t.id ORDER BY t.votes DESC) FILTER (WHERE c.role = 'actor'))[1] AS best_starred,
        (array_agg(t.id ORDER BY t.votes DESC) FILTER (WHERE c.role = 'director'))[1] AS best_directed
      FROM credits c JOIN titles t ON t.id = c.title_id
      GROUP BY c.person_id
    ) x WHERE x.person_id = p.id`);
}
