import path from 'node:path';
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
import { DiffImpossible, GroupDiffer, keyText, type GroupCounts } from './files/imdb-groups';
import type { ImdbKind, RowByKind } from './files/imdb-rows';
import { FingerprintStore, type FullReasonCode, type Manifest, type PendingSet } from './fingerprint-store';
import { loadSupplement, type Supplement } from './files/supplement';
import { IMDB_GENRES_FA } from './genre-names';
import { KeySet } from './files/key-set';
import { joinList } from './stage';
import { refuseOverEmbeddedLimit, type CatalogueTooLargeError } from './catalogue-size';
import { ImporterRepository, type RemovedTitle, type StagedColumns } from './importer.repository';

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
  /**
   * Where fingerprints of the files are kept (DATA_DIR/imdb-state). With it, an import compares
   * the files with the last import's and applies only what changed, when it can (a daily
   * import), and leaves fingerprints for the next one; without it, every import reads all.
   */
  stateDir?: string;
  /** Read everything even when a daily import is possible. */
  full?: boolean;
  /**
   * On the embedded database, refuse (CatalogueTooLargeError) an import that would leave it more
   * titles than this, before anything is read into it (decision 35); PostgreSQL has no limit.
   * Without it, no limit (the demo catalogue, tests, benchmarks).
   */
  embeddedMaxTitles?: number;
  /** Past `embeddedMaxTitles` anyway (the command's `--force`): told what was found, and the import goes on. */
  forcePastLimit?: (past: CatalogueTooLargeError) => void;
}

/** Where a data directory keeps the fingerprints of the last import's files. */
export const imdbStateDir = (dataDir: string) => path.join(dataDir, 'imdb-state');

/** A file being read (its rows and bytes so far), or a later phase. */
export type ImportProgress =
  | { phase: ImdbKind; file: string; bytesRead: number; totalBytes: number; rows: number }
  | { phase: 'merge' | 'search' | 'vacuum' };

export type ImportMode = 'full' | 'daily';

export interface ImportReport {
  titles: number;
  episodes: number;
  people: number;
  credits: number;
  collections: number;
  issues: RowIssue[];
  /** Every skipped row, also past the first ones kept in `issues`. A daily import reads only the changed rows. */
  issueCount: number;
  supplementIssues: string[];
  seconds: number;
  /** `daily`: only what changed since the last import; `full`: every row. */
  mode: ImportMode;
  /** Why a full import, when one was not asked for: a code the panel names, and the details. */
  fullReason: { code: FullReasonCode; detail: string } | null;
  /** Per file, key groups (a title's rows, a person's row) added, changed, removed, unchanged; a daily import only. */
  changes: Partial<Record<ImdbKind, GroupCounts>> | null;
  /** Titles IMDb no longer publishes, taken off the site (rows kept), with what hangs on them. */
  removedTitles: RemovedTitle[];
  episodesRemoved: number;
  episodesKept: number;
  peopleRemoved: number;
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
 * The order files are read in. Crew comes before principals: a title's credits are replaced as a
 * whole from both files, so a daily import that sees one of them change needs the other's rows
 * too (principals are asked for as they go by; crew, the small file, is read again for them).
 */
const KINDS = ['title.basics', 'title.akas', 'title.ratings', 'title.episode', 'title.crew', 'title.principals', 'name.basics'] as const;
const KEY_COLUMN: Record<ImdbKind, string> = {
  'title.basics': 'tconst',
  'title.akas': 'titleId',
  'title.ratings': 'tconst',
  'title.episode': 'tconst',
  'title.crew': 'tconst',
  'title.principals': 'tconst',
  'name.basics': 'nconst',
};

/** A daily import turned out impossible part-way: the transaction is rolled back and a full one runs. */
class FallBack extends Error {
  constructor(readonly code: FullReasonCode, readonly detail: string) {
    super(detail);
  }
}

/**
 * Loads IMDb dataset files (and the supplementary file) into the catalogue.
 *
 * Everything happens in one transaction: rows are streamed into temporary staging tables in
 * batches, then merged into the catalogue with set-based upserts keyed on IMDb ids. A re-import
 * updates and never duplicates; a fatal problem (a missing column, a file that isn't gzip)
 * rolls the whole import back, while a broken row is reported with its line and skipped.
 *
 * With `stateDir`, the files are compared with the last import's fingerprints and only the key
 * groups that changed are staged and merged (a daily import, decision 33); a title IMDb removed
 * is taken off the site but kept. When that is impossible (no fingerprints for this database,
 * a file out of order, …) the import reads everything and says why.
 */
export async function importCatalogue(opts: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});

  const files = {} as Record<ImdbKind, string | null>;
  for (const kind of KINDS) files[kind] = findImdbFile(opts.imdbDir, kind);
  if (!files['title.basics']) throw new ImportFileError(`title.basics.tsv (or .tsv.gz) not found in ${opts.imdbDir}`, opts.imdbDir);
  if (opts.embeddedMaxTitles !== undefined) await refuseOverEmbeddedLimit(opts.database, files['title.basics'], opts.embeddedMaxTitles, opts.forcePastLimit);

  let supplement: Supplement | undefined;
  let supplementIssues: string[] = [];
  if (opts.supplementFile) {
    const loaded = await loadSupplement(opts.supplementFile);
    supplement = loaded.data;
    supplementIssues = loaded.issues;
  }

  const store = opts.stateDir ? new FingerprintStore(opts.stateDir) : null;
  // One connection for all of it: the caller's session lock (seed.ts) is on it, and the VACUUM
  // after the transaction must not wait for a second connection the embedded database lacks.
  const client = opts.client ?? (await opts.database.pool.connect());
  const conn = onConnection(client);
  try {
    let forced: FallBack | null = opts.full ? new FallBack('forced', 'a full import was asked for') : null;
    let outcome: Awaited<ReturnType<typeof runImport>>;
    for (;;) {
      const pending = store?.begin() ?? null;
      try {
        outcome = await conn.transaction((tx) => runImport(tx, { opts, files, supplement, store, pending, forced, log }));
      } catch (err) {
        pending?.discard();
        if (err instanceof FallBack && !forced) {
          log(`a daily import is impossible (${err.detail}): reading every row instead`);
          forced = err;
          continue;
        }
        throw err;
      }
      // Committed: the set the database now names is the only one kept.
      if (store) store.keepOnly(outcome.record?.token ?? '');
      break;
    }
    searchIndexChanged();
    catalogueChangedHere();
    // New rows carry no visibility information until a vacuum: every first read would set hint
    // bits (writing pages) and index-only scans would visit the heap. Autovacuum gets there some
    // day (or never, where it is off); the title page and search read these tables right away.
    log('vacuuming the catalogue tables …');
    opts.onProgress?.({ phase: 'vacuum' });
    const vacuumStarted = performance.now();
    await repo
      .vacuumCatalogue(conn)
      .then(() => log(`  vacuum: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`))
      .catch((err: Error) => log(`vacuum skipped (the import itself is saved): ${err.message}`));
    const { report } = outcome;
    if (report.issueCount > report.issues.length) log(`${report.issueCount} row issues (first ${report.issues.length} kept)`);
    return { ...report, supplementIssues, seconds: (Date.now() - started) / 1000 };
  } finally {
    if (!opts.client) client.release();
  }
}

interface RunContext {
  opts: ImportOptions;
  files: Record<ImdbKind, string | null>;
  supplement: Supplement | undefined;
  store: FingerprintStore | null;
  /** The new fingerprint set being written (null without a state directory). */
  pending: PendingSet | null;
  /** Set when a full import must run (asked for, or a daily one turned out impossible). */
  forced: FallBack | null;
  log: (line: string) => void;
}

/** One attempt, inside the import's transaction. */
async function runImport(tx: Executor, ctx: RunContext) {
  const { opts, files, supplement, pending, log } = ctx;
  const issues: RowIssue[] = [];
  let issueCount = 0;
  const onIssue = (i: RowIssue) => {
    issueCount++;
    if (issues.length < MAX_ISSUES) issues.push(i);
  };

  // One import at a time, wherever it was started (the site, a command, another machine's
  // command on PostgreSQL): the second waits for the first, then merges onto its result.
  if (!(await repo.tryLockImports(tx))) {
    log('another import is running: waiting for it to finish …');
    await repo.lockImports(tx);
  }

  // Daily or full: only once the lock is held is the recorded fingerprint set the last import's.
  let old: Manifest | null = null;
  let oldDir = '';
  let fullReason: { code: FullReasonCode; detail: string } | null = ctx.forced ? { code: ctx.forced.code, detail: ctx.forced.detail } : null;
  if (ctx.store && !ctx.forced) {
    const loaded = ctx.store.load(await repo.fingerprintRecord(tx));
    if (!loaded.ok) fullReason = { code: loaded.code, detail: loaded.detail };
    else {
      const present = KINDS.filter((k) => files[k]);
      const missing = present.filter((k) => !loaded.manifest.files[k]);
      const gone = (Object.keys(loaded.manifest.files) as ImdbKind[]).filter((k) => !files[k]);
      if (missing.length || gone.length) {
        fullReason = {
          code: 'files',
          detail: [missing.length ? `no fingerprints of ${missing.join(', ')} from the last import` : '', gone.length ? `${gone.join(', ')} missing today` : ''].filter(Boolean).join('; '),
        };
      } else {
        old = loaded.manifest;
        oldDir = loaded.dir;
      }
    }
  }
  const daily = old !== null;
  log(daily ? 'daily import: applying what changed since the last import' : ctx.store ? `full import (${fullReason?.detail ?? 'asked for'})` : 'full import');

  await repo.createStaging(tx);
  if (daily) await repo.createDiffStaging(tx);
  const insertColumns = (table: string, columns: StagedColumns) => repo.insertColumns(tx, table, columns);
  const changes: Partial<Record<ImdbKind, GroupCounts>> = {};

  /** Keys of each file read that changed (added, changed, removed, wanted), for the files read after it. */
  const changedKeys = new Map<ImdbKind, Set<number>>();

  /**
   * Reads one file into staging. `want`: keys whose rows a daily import needs even when they did
   * not change. `only`: a full import parses only the groups of these keys (the rest are
   * fingerprinted from their bytes and never decoded): nine in ten principals belong to episodes,
   * whose credits the catalogue leaves out. Akas are read whole: most groups are wanted (titles
   * and episodes both get Persian names), and parsing group by group cost more than it saved.
   */
  async function read<K extends ImdbKind>(kind: K, each: (rows: RowByKind[K][]) => Promise<void>, keys: { want?: ReadonlySet<number>; only?: KeySet } = {}) {
    const file = files[kind];
    if (!file) return;
    const bar = opts.progress ? createProgressReporter() : undefined;
    const report = opts.onProgress;
    const oldEntry = old?.files[kind];
    const differ = pending
      ? new GroupDiffer({
          out: pending.fileFor(kind),
          keyColumn: KEY_COLUMN[kind],
          parseAll: !daily,
          want: keys.want,
          only: daily ? undefined : keys.only,
          old: oldEntry ? { file: path.join(oldDir, oldEntry.file), sha256: oldEntry.sha256, order: oldEntry.order, prefix: oldEntry.prefix } : undefined,
        })
      : undefined;
    const seen = new Set<number>();
    const readOpts: ReadOptions = {
      onIssue,
      gate: differ,
      onProgress:
        bar || report
          ? (p) => {
              bar?.update({ stage: kind, fraction: p.totalBytes > 0 ? p.bytesRead / p.totalBytes : 0, count: { value: p.rows, unit: 'rows' } });
              report?.({ phase: kind, ...p });
            }
          : undefined,
    };
    try {
      // One batch's statement in flight while the next batch is read: the database stages one
      // while this process decodes the other, on two cores instead of taking turns on one.
      let inflight: Promise<void> = Promise.resolve();
      for await (const batch of readImdbFile(file, kind, readOpts)) {
        await inflight;
        let staged = each(batch);
        if (differ && daily) {
          const d = differ.drain();
          for (const k of d.keys) seen.add(k);
          staged = staged.then(() => stageDrained(kind, differ.prefix ?? '', d));
        }
        inflight = staged;
        // Awaited at the next batch or after the last; until then a failure must not count as unhandled.
        staged.catch(() => {});
      }
      await inflight;
    } catch (err) {
      differ?.abandon();
      if (err instanceof DiffImpossible) throw new FallBack(err.code, `${kind}: ${err.reason}`);
      throw err;
    }
    if (differ) {
      if (daily) {
        const d = differ.drain();
        for (const k of d.keys) seen.add(k);
        await stageDrained(kind, differ.prefix ?? '', d);
        changes[kind] = { ...differ.counts };
        changedKeys.set(kind, seen);
      }
      if (differ.summary) pending!.add(kind, differ.summary);
      else log(`${kind}: no fingerprints kept (${differ.unusable}); the next import reads everything`);
    }
    bar?.done();
  }
  const stageDrained = async (kind: ImdbKind, prefix: string, d: { keys: number[]; changes: string[] }) => {
    if (d.keys.length === 0) return;
    await insertColumns('stg_keys', {
      kind: { type: 'text', values: d.keys.map(() => kind) },
      key: { type: 'text', values: d.keys.map((k) => keyText(prefix, k)) },
      change: { type: '"char"', values: d.changes },
    });
  };

  // 1. Titles (episodes' own rows are kept aside: they become episodes, not titles).
  const keptTitles = new KeySet();
  /** Rows read today that the catalogue leaves out: a daily import hides such a title if it had it. */
  const excluded: string[] = [];
  await read('title.basics', async (rows) => {
    const t = { tconst: [] as string[], type: [] as string[], imdbType: [] as string[], primary: [] as string[], original: [] as (string | null)[], slug: [] as string[], y: [] as (number | null)[], ey: [] as (number | null)[], rt: [] as (number | null)[], genres: [] as string[] };
    const e = { tconst: [] as string[], name: [] as string[], y: [] as (number | null)[], rt: [] as (number | null)[] };
    const x: string[] = [];
    for (const r of rows) {
      if (r.isAdult) {
        x.push(r.tconst);
        continue;
      }
      if (r.titleType === 'tvEpisode') {
        x.push(r.tconst);
        e.tconst.push(r.tconst);
        e.name.push(r.primaryTitle);
        e.y.push(r.startYear);
        e.rt.push(r.runtimeMinutes);
        continue;
      }
      const type = TITLE_TYPES[r.titleType];
      if (!type) {
        x.push(r.tconst);
        continue;
      }
      keptTitles.addId(r.tconst);
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
    if (daily) excluded.push(...x);
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
  if (daily) {
    await insertColumns('stg_keys', {
      kind: { type: 'text', values: excluded.map(() => 'title.basics') },
      key: { type: 'text', values: excluded },
      change: { type: '"char"', values: excluded.map(() => 'x') },
    });
    await repo.indexDiffStaging(tx);
    const promoted = await repo.promotedTitle(tx);
    if (promoted) throw new FallBack('needs-full', `${promoted} is now a title the catalogue keeps, and its other rows did not change`);
  }

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

  // A daily import cannot tell kept titles from the others in the files it skips: the merge's
  // joins with the catalogue do (the same rows are left out as here).
  const isKept = (tconst: string) => daily || keptTitles.hasId(tconst);
  await read('title.episode', async (rows) => {
    const kept = rows.filter((r) => isKept(r.parentTconst));
    await insertColumns('stg_episodes', {
      tconst: { type: 'text', values: kept.map((r) => r.tconst) },
      parent: { type: 'text', values: kept.map((r) => r.parentTconst) },
      season: { type: 'int', values: kept.map((r) => r.seasonNumber ?? 1) },
      episode: { type: 'int', values: kept.map((r) => r.episodeNumber ?? 0) },
    });
  });

  const credited = new KeySet();
  const stageCrew = async (rows: RowByKind['title.crew'][]) => {
    const c = { t: [] as string[], n: [] as string[], role: [] as string[], ord: [] as number[] };
    for (const r of rows) {
      if (!isKept(r.tconst)) continue;
      r.directors.forEach((n, i) => (credited.addId(n), c.t.push(r.tconst), c.n.push(n), c.role.push('director'), c.ord.push(1000 + i)));
      r.writers.forEach((n, i) => (credited.addId(n), c.t.push(r.tconst), c.n.push(n), c.role.push('writer'), c.ord.push(2000 + i)));
    }
    await insertColumns('stg_credits', {
      tconst: { type: 'text', values: c.t },
      nconst: { type: 'text', values: c.n },
      role: { type: 'text', values: c.role },
      character: { type: 'text', values: c.t.map(() => null) },
      billing: { type: 'int', values: c.ord },
    });
  };
  await read('title.crew', stageCrew, { only: keptTitles });

  await read(
    'title.principals',
    async (rows) => {
      const c = { t: [] as string[], n: [] as string[], role: [] as string[], ch: [] as (string | null)[], ord: [] as number[] };
      for (const r of rows) {
        const role = CREDIT_ROLES[r.category];
        if (!role || !isKept(r.tconst)) continue;
        credited.addId(r.nconst);
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
    },
    { want: changedKeys.get('title.crew'), only: keptTitles },
  );

  let wantedPeople: Set<number> | undefined;
  if (daily) {
    // Titles whose principals changed but whose crew did not: their crew rows, read again.
    const crewFile = files['title.crew'];
    const crewChanged = changedKeys.get('title.crew') ?? new Set<number>();
    const again = [...(changedKeys.get('title.principals') ?? [])].filter((k) => !crewChanged.has(k));
    if (crewFile && again.length > 0) {
      const wanted = new Set(again.map((k) => keyText('tt', k)));
      for await (const batch of readImdbFile(crewFile, 'title.crew', { onIssue: () => {} })) await stageCrew(batch.filter((r) => wanted.has(r.tconst)));
    }
    await insertColumns('stg_keys', {
      kind: { type: 'text', values: again.map(() => 'title.crew') },
      key: { type: 'text', values: again.map((k) => keyText('tt', k)) },
      change: { type: '"char"', values: again.map(() => 'w') },
    });
    // People newly credited whom the catalogue lacks: their rows, changed or not.
    wantedPeople = new Set((await repo.creditedPeopleMissing(tx)).map((n) => Number(n.slice(2))));
  }

  await read(
    'name.basics',
    async (rows) => {
      const kept = daily ? rows : rows.filter((r) => credited.hasId(r.nconst));
      await insertColumns('stg_people', {
        nconst: { type: 'text', values: kept.map((r) => r.nconst) },
        name: { type: 'text', values: kept.map((r) => r.primaryName) },
        slug: { type: 'text', values: kept.map((r) => slugify(r.primaryName)) },
        birth: { type: 'int', values: kept.map((r) => r.birthYear) },
        death: { type: 'int', values: kept.map((r) => r.deathYear) },
        professions: { type: 'text', values: kept.map((r) => joinList(r.primaryProfession)) },
      });
    },
    { want: wantedPeople, only: credited },
  );

  log('merging into the catalogue …');
  opts.onProgress?.({ phase: 'merge' });
  /** Runs one step of the merge and says what it took (an operator sees where a long import goes). */
  const timed = async <T,>(name: string, run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await run();
    log(`  ${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };
  let removedTitles: RemovedTitle[] = [];
  let merged = { episodesRemoved: 0, episodesKept: 0, peopleRemoved: 0 };
  if (daily) {
    const early = await repo.episodeNeedingRows(tx);
    if (early) throw new FallBack('needs-full', `episode ${early} is new to the catalogue, and its other rows did not change`);
    await timed('staging indexes', () => repo.indexStaging(tx));
    await timed('genres', () => upsertStagedGenres(tx, supplement));
    removedTitles = await timed('removed titles', () => repo.removedTitles(tx));
    const e = await timed('titles and episodes', () => repo.mergeDaily(tx));
    const p = await timed('people and credits', () => repo.mergeDailyCredits(tx));
    await timed('hiding removed titles', () => repo.hideRemovedTitles(tx));
    merged = { ...e, ...p };
  } else {
    await timed('staging indexes', () => repo.indexStaging(tx));
    await timed('genres', () => upsertStagedGenres(tx, supplement));
    await repo.mergeStaged(tx, timed);
  }
  if (supplement) await timed('supplement', () => applySupplement(tx, supplement));
  await timed('dubbed titles', () => repo.refreshHasDub(tx));
  await timed('people stats', () => (daily ? repo.refreshTouchedPeopleStats(tx) : repo.refreshPeopleStats(tx)));

  // Search words: rebuilt whole for now (a daily import could redo only what it touched).
  log('building the search index …');
  opts.onProgress?.({ phase: 'search' });
  await timed('search words', () => rebuildSearchIndex(tx));
  await timed('statistics', () => repo.analyzeCatalogue(tx));

  // The new fingerprints, named in this transaction: they are the catalogue's once it commits.
  const record = pending ? pending.seal() : null;
  if (ctx.store) await repo.recordFingerprints(tx, record);

  const counts = await repo.counts(tx);
  const report: Omit<ImportReport, 'supplementIssues' | 'seconds'> = {
    ...counts,
    issues,
    issueCount,
    mode: daily ? 'daily' : 'full',
    fullReason: daily ? null : fullReason,
    changes: daily ? changes : null,
    removedTitles,
    ...merged,
  };
  return { report, record };
}

/** Genres of the staged titles: the supplement's Persian names win, then the built-in map. */
async function upsertStagedGenres(tx: Executor, supplement?: Supplement) {
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

/** The report in a few lines, for the command line. */
export function importSummary(r: ImportReport): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines = [
    `${r.mode === 'daily' ? 'daily import' : 'full import'} in ${r.seconds.toFixed(1)} s: ${n(r.titles)} titles, ${n(r.episodes)} episodes, ${n(r.people)} people, ` +
      `${n(r.credits)} credits, ${n(r.collections)} collections; ${n(r.issueCount)} row issues`,
  ];
  if (r.fullReason) lines.push(`full because: ${r.fullReason.detail}`);
  for (const [kind, c] of Object.entries(r.changes ?? {})) {
    lines.push(`  ${kind.padEnd(17)} ${n(c.added).padStart(9)} added ${n(c.changed).padStart(9)} changed ${n(c.removed).padStart(9)} removed ${n(c.unchanged).padStart(11)} unchanged`);
  }
  if (r.mode === 'daily') lines.push(`  episodes removed ${n(r.episodesRemoved)} (${n(r.episodesKept)} kept: history or video hangs on them), people without credits removed ${n(r.peopleRemoved)}`);
  if (r.removedTitles.length) {
    lines.push(`${n(r.removedTitles.length)} titles IMDb no longer publishes, taken off the site (kept, with what hangs on them):`);
    for (const t of r.removedTitles) {
      lines.push(
        `  ${t.imdbId} ${t.titleEn}${t.wasPublished ? '' : ' (already hidden)'}: ${t.watchlist} in watchlists, ${t.comments} comments, ${t.requests} requests, ${t.history} in history, ${t.media} videos`,
      );
    }
  }
  return lines;
}
