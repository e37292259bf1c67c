import type pg from 'pg';
import { normalizeDisplay, slugify } from '@parde/persian';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { onConnection } from '../../db/executors';
import { catalogueChangedHere } from '../../lib/catalogue-version';
import { searchIndexChanged } from '../search/memory-index';
import { rebuildSearchIndex } from '../search/search-index';
import { createProgressReporter } from '../../lib/progress';
import { findImdbFile, ImportFileError, readImdbFile, type ReadOptions, type RowIssue } from './files/imdb-reader';
import type { ImdbKind, RowByKind } from './files/imdb-rows';
import { loadSupplement, type Supplement } from './files/supplement';
import { IMDB_GENRES_FA } from './genre-names';
import { joinList } from './stage';
import { ImporterRepository, type StagedColumns } from './importer.repository';

const repo = new ImporterRepository();

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

  // One connection for all of it: the caller's session lock (seed.ts) is on it, and the VACUUM
  // after the transaction must not wait for a second connection the embedded database lacks.
  const client = opts.client ?? (await opts.database.pool.connect());
  const conn = onConnection(client);
  try {
    const counts = await conn.transaction(async (tx) => {
      // One import at a time, wherever it was started (the site, a command, another machine's
      // command on PostgreSQL): the second waits for the first, then merges onto its result.
      if (!(await repo.tryLockImports(tx))) {
        log('another import is running: waiting for it to finish …');
        await repo.lockImports(tx);
      }
      await repo.createStaging(tx);
      const insertColumns = (table: string, columns: StagedColumns) => repo.insertColumns(tx, table, columns);

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
        await insertColumns('stg_titles', {
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
        await insertColumns('stg_episode_names', {
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
      await insertColumns('stg_akas', {
        tconst: { type: 'text', values: a.id },
        title: { type: 'text', values: a.title },
        rank: { type: 'int', values: a.rank },
        });
      });

      await read('title.ratings', async (rows) => {
        await insertColumns('stg_ratings', {
          tconst: { type: 'text', values: rows.map((r) => r.tconst) },
          rating: { type: 'real', values: rows.map((r) => r.averageRating) },
          votes: { type: 'int', values: rows.map((r) => r.numVotes) },
        });
      });

      await read('title.episode', async (rows) => {
        const kept = rows.filter((r) => keptTitles.has(r.parentTconst));
        await insertColumns('stg_episodes', {
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
        await insertColumns('stg_credits', {
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
        await insertColumns('stg_credits', {
          tconst: { type: 'text', values: c.t },
          nconst: { type: 'text', values: c.n },
          role: { type: 'text', values: c.role },
          character: { type: 'text', values: c.t.map(() => null) },
          billing: { type: 'int', values: c.ord },
        });
      });

      await read('name.basics', async (rows) => {
        const kept = rows.filter((r) => credited.has(r.nconst));
        await insertColumns('stg_people', {
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
      await mergeStaging(tx, supplement);
      if (supplement) await applySupplement(tx, supplement);
      await repo.refreshHasDub(tx);
      await repo.refreshPeopleStats(tx);

      log('building the search index …');
      opts.onProgress?.({ phase: 'search' });
      await rebuildSearchIndex(tx);
      await repo.analyzeCatalogue(tx);
      return repo.counts(tx);
    });
    searchIndexChanged();
    catalogueChangedHere();
    // New rows carry no visibility information until a vacuum: every first read would set hint
    // bits (writing pages) and index-only scans would visit the heap. Autovacuum gets there some
    // day (or never, where it is off); the title page and search read these tables right away.
    log('vacuuming the catalogue tables …');
    opts.onProgress?.({ phase: 'vacuum' });
    await repo.vacuumCatalogue(conn).catch((err: Error) => log(`vacuum skipped (the import itself is saved): ${err.message}`));
    if (issueCount > issues.length) log(`${issueCount} row issues (first ${issues.length} kept)`);
    return { ...counts, issues, issueCount, supplementIssues, seconds: (Date.now() - started) / 1000 };
  } finally {
    if (!opts.client) client.release();
  }
}

async function mergeStaging(tx: Executor, supplement?: Supplement) {
  await repo.indexStaging(tx);

  // Genres: the supplement's Persian names win, then the built-in map.
  const genreNames = new Map<string, { fa: string; slug: string }>();
  for (const [en, fa] of Object.entries(IMDB_GENRES_FA)) genreNames.set(en, { fa, slug: slugify(en) });
  for (const [en, g] of Object.entries(supplement?.genres ?? {})) genreNames.set(en, { fa: g.titleFa, slug: g.slug });
  const gs = (await repo.stagedGenres(tx)).filter(Boolean);
  await repo.upsertGenres(
    tx,
    gs,
    gs.map((g) => genreNames.get(g)?.fa ?? g),
    gs.map((g) => genreNames.get(g)?.slug ?? slugify(g)),
  );
  await repo.mergeStaged(tx);
}

async function applySupplement(tx: Executor, s: Supplement) {
  const insertColumns = (table: string, columns: StagedColumns) => repo.insertColumns(tx, table, columns);
  const entries = <T,>(o: Record<string, T> | undefined) => Object.entries(o ?? {});

  const countries = entries(s.countries);
  await repo.upsertCountries(
    tx,
    countries.map(([c]) => c),
    countries.map(([, v]) => v.nameFa),
    countries.map(([, v]) => v.nameEn),
  );
  const langs = entries(s.languages);
  await repo.upsertLanguages(
    tx,
    langs.map(([c]) => c),
    langs.map(([, v]) => v.nameFa),
    langs.map(([, v]) => v.nameEn),
  );

  const ts = entries(s.titles);
  await insertColumns('stg_supp', {
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
  await repo.applySupplementTitles(tx);

  // Lists attached to a title are replaced as a whole for every title the supplement names.
  const rel = { t: [] as string[], code: [] as string[], pos: [] as number[], kind: [] as string[] };
  for (const [k, v] of ts) {
    v.countries.forEach((c, i) => (rel.t.push(k), rel.code.push(c), rel.pos.push(i), rel.kind.push('country')));
    v.languages.forEach((c, i) => (rel.t.push(k), rel.code.push(c), rel.pos.push(i), rel.kind.push('language')));
    (v.slideshow ?? []).forEach((c, i) => (rel.t.push(k), rel.code.push(c), rel.pos.push(i), rel.kind.push('slideshow')));
    (v.dubs ?? []).forEach((d, i) => (rel.t.push(k), rel.code.push(`${d.language}\u001f${normalizeDisplay(d.studio)}`), rel.pos.push(i), rel.kind.push('dub')));
  }
  await insertColumns('stg_rel', {
    tconst: { type: 'text', values: rel.t },
    code: { type: 'text', values: rel.code },
    pos: { type: 'int', values: rel.pos },
    kind: { type: 'text', values: rel.kind },
  });
  await repo.replaceSupplementLists(tx);

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
  await insertColumns('stg_files', {
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
  await repo.insertSupplementFiles(tx);

  const ps = entries(s.people);
  await repo.updatePeopleNames(
    tx,
    ps.map(([k]) => k),
    ps.map(([, v]) => normalizeDisplay(v.fullnameFa)),
    ps.map(([, v]) => v.bioFa ?? null),
    ps.map(([, v]) => v.bioEn ?? null),
  );

  for (const c of s.collections ?? []) {
    const id = await repo.upsertCollection(tx, { slug: c.slug, titleFa: normalizeDisplay(c.titleFa), titleEn: c.titleEn, descriptionFa: c.descriptionFa ?? null, listing: c.listing });
    await repo.replaceCollectionTitles(tx, id, c.titles);
  }
}
