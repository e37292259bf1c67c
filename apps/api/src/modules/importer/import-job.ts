/**
 * An IMDb dataset import started from the panel, run as a pg-boss job (so exactly one process
 * runs it, whichever API processes exist): the uploaded files are named the way the importer
 * looks for them, the importer runs (its advisory lock keeps imports in line), and
 * `catalogue_imports` says how far it got and, when it failed, why — in Persian.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatasetKind } from '@parde/contract';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { IMPORT_QUEUE, reclaimJobs, workerGone } from '../queue/job-queue';
import { CatalogueTooLargeError } from './catalogue-size';
import { ImportFileError } from './files/imdb-reader';
import { imdbStateDir, importCatalogue, importSummary, type ImportProgress, type ImportReport } from './import-catalogue';
import { ImporterRepository } from './importer.repository';

const repo = new ImporterRepository();

export interface ImportJob {
  importId: number;
}

/** One file of an import, as the row keeps it. */
export interface ImportFile {
  uploadId: string;
  kind: DatasetKind;
  fileName: string;
  size: number;
}

export interface ImportJobContext {
  database: Database;
  dataDir: string;
  worker: string;
  log: (msg: string) => void;
  /** The embedded database's limit in titles (config IMPORT_EMBEDDED_MAX_TITLES, decision 35). */
  embeddedMaxTitles?: number;
}

/** Where uploaded files are kept: DATA_DIR/uploads/{id} (the tus store). */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/** Input that will not get better by trying again. */
export class ImportInputError extends Error {}

const FAILED = 'ورود از IMDb با خطا متوقف شد و چیزی در کاتالوگ تغییر نکرد.';
const BAD_FILE = 'ورود از IMDb انجام نشد و چیزی در کاتالوگ تغییر نکرد: یکی از فایل‌ها خوانا نیست یا ستون‌هایش با فایل‌های IMDb نمی‌خواند.';

/** The reason a person reads, in Persian, with the importer's own words after (paths shortened). */
export function importFailureText(err: unknown, dir: string): string {
  const detail = ((err as Error)?.message ?? String(err)).split(`${dir}${path.sep}`).join('');
  if (err instanceof ImportInputError) return detail;
  if (err instanceof CatalogueTooLargeError) return err.persian;
  if (err instanceof ImportFileError) return `${BAD_FILE}\n${detail}`;
  return `${FAILED}\n${detail}`;
}

/** The importer looks for `title.basics.tsv` or `.tsv.gz`; the supplement is passed by path. */
function linkName(file: ImportFile): string {
  if (file.kind === 'supplement') return 'supplement.json';
  return `${file.kind}${/\.gz$/i.test(file.fileName) ? '.tsv.gz' : '.tsv'}`;
}

/** Share of the bar for reading the files; the merge and the search index take the rest. */
const READING = 90;
const PHASE_PERCENT: Record<string, number> = { merge: 92, search: 96, vacuum: 98 };
const WRITE_EVERY_MS = 500;
/** Row issues the panel lists (the count is whole). */
const ISSUE_SAMPLES = 20;
/** Removed titles the panel lists: IMDb removes ~0.01% of its titles a day, about 1,200. */
const MAX_REMOVED_LISTED = 5000;
const HEARTBEAT_MS = 15_000;

/**
 * Keeps an import's row up to date while it runs: progress as the files are read (the percent
 * of the bytes), the phases after, and a heartbeat while nothing else is written. Shared by the
 * panel's job and the command, so both show in the panel alike.
 */
export function trackImport(db: Database['db'], importId: number, tsvBytes: number) {
  // Progress goes through the pool, never awaited by the importer: on the embedded database the
  // import's transaction holds the one connection, and these wait for it rather than block it.
  let writing: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let pending = false;
  const write = (statement: () => Promise<void>) => {
    lastWrite = Date.now();
    pending = true;
    writing = writing.then(() => statement().catch(() => {})).finally(() => (pending = false));
  };
  const done = { bytes: 0, rows: 0 };
  let current: { phase: string; bytes: number; rows: number; total: number } = { phase: 'queued', bytes: 0, rows: 0, total: 0 };
  const onProgress = (p: ImportProgress) => {
    const changed = p.phase !== current.phase;
    if (changed) {
      done.bytes += current.total;
      done.rows += current.rows;
    }
    current = 'file' in p ? { phase: p.phase, bytes: p.bytesRead, rows: p.rows, total: p.totalBytes } : { phase: p.phase, bytes: 0, rows: 0, total: 0 };
    if (!changed && Date.now() - lastWrite < WRITE_EVERY_MS) return;
    const bytesRead = Math.min(tsvBytes, done.bytes + current.bytes);
    const percent = PHASE_PERCENT[p.phase] ?? Math.min(READING, Math.floor((READING * bytesRead) / Math.max(1, tsvBytes)));
    const rowsRead = done.rows + current.rows;
    write(() => repo.importProgress(db, importId, { phase: p.phase, percent, rowsRead, bytesRead }));
  };
  // A heartbeat while nothing else is written (the merge of a large catalogue), so other machines see it alive.
  const heartbeat = setInterval(() => {
    if (!pending && Date.now() - lastWrite >= HEARTBEAT_MS) write(() => repo.importHeartbeat(db, importId));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    onProgress,
    rowsRead: () => done.rows + current.rows,
    /** Stops the heartbeat and waits for the writes under way, before the row's last word. */
    async settle() {
      clearInterval(heartbeat);
      await writing;
    },
  };
}

/** The report of a finished import on its row (in the caller's transaction). */
export async function recordImportReport(tx: Executor, importId: number, report: ImportReport, read: { rowsRead: number; bytesRead: number }): Promise<void> {
  const counts = { titles: report.titles, episodes: report.episodes, people: report.people, credits: report.credits, collections: report.collections };
  await repo.finishImport(tx, importId, {
    ...read,
    counts,
    issues: report.issueCount,
    mode: report.mode,
    modeReason: report.fullReason?.code ?? null,
    changes: report.changes,
    removedTitles: report.removedTitles.slice(0, MAX_REMOVED_LISTED),
    issueSamples: report.issues.slice(0, ISSUE_SAMPLES).map((i) => `${path.basename(i.file)}:${i.line}: ${i.message}`),
    seconds: report.seconds,
  });
}

/** Runs one import to the end; throws for a failure worth another try (after recording it). */
export async function runImportJob(ctx: ImportJobContext, importId: number): Promise<void> {
  const { db } = ctx.database;
  const claimed = await repo.claimImport(db, importId, ctx.worker);
  if (claimed === undefined) return;
  const files = claimed as ImportFile[];
  const dir = path.join(ctx.dataDir, 'imports', String(importId));
  const tsvBytes = files.filter((f) => f.kind !== 'supplement').reduce((n, f) => n + f.size, 0);
  const tracker = trackImport(db, importId, tsvBytes);

  try {
    await fs.promises.rm(dir, { recursive: true, force: true });
    await fs.promises.mkdir(dir, { recursive: true });
    let supplementFile: string | undefined;
    for (const f of files) {
      const source = path.join(uploadsDirOf(ctx.dataDir), f.uploadId);
      if (!fs.existsSync(source)) throw new ImportInputError(`فایل «${f.fileName}» دیگر روی سرور نیست. آن را دوباره بارگذاری کنید و ورود را از نو شروع کنید.`);
      const link = path.join(dir, linkName(f));
      await fs.promises.symlink(source, link);
      if (f.kind === 'supplement') supplementFile = link;
    }
    const report = await importCatalogue({
      database: ctx.database,
      imdbDir: dir,
      supplementFile,
      log: ctx.log,
      onProgress: tracker.onProgress,
      stateDir: imdbStateDir(ctx.dataDir),
      embeddedMaxTitles: ctx.embeddedMaxTitles,
    });
    await tracker.settle();
    await db.transaction(async (tx) => {
      await recordImportReport(tx, importId, report, { rowsRead: tracker.rowsRead(), bytesRead: tsvBytes });
      await repo.markUploadsUsed(tx, importId, files.map((f) => f.uploadId));
    });
    for (const line of importSummary(report)) ctx.log(`import ${importId}: ${line}`);
    // The catalogue has them now; a dataset can be gigabytes.
    for (const f of files) {
      const source = path.join(uploadsDirOf(ctx.dataDir), f.uploadId);
      await Promise.all([fs.promises.rm(source, { force: true }), fs.promises.rm(`${source}.json`, { force: true })]);
    }
  } catch (err) {
    await tracker.settle();
    await repo.failImport(db, importId, importFailureText(err, dir)).catch(() => {});
    ctx.log(`import ${importId} failed: ${(err as Error)?.message ?? String(err)}`);
    if (!isPermanentImportFailure(err)) throw err;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** Input that will not get better by trying again: the job is not run again for it. */
const isPermanentImportFailure = (err: unknown) => err instanceof ImportFileError || err instanceof ImportInputError || err instanceof CatalogueTooLargeError;

/** Imports marked running whose worker is gone: back to the queue, as ingests are. */
export const reclaimImportOrphans = async (database: Database, boss: PgBoss) => {
  await failAbandonedCommandImports(database);
  return reclaimJobs(database, boss, { table: 'catalogue_imports', queue: IMPORT_QUEUE, staleOnlyElsewhere: true });
};

const COMMAND_GONE = 'فرمان ورود پیش از پایان متوقف شد (بسته شد یا از کار افتاد) و چیزی در کاتالوگ تغییر نکرد. آن را دوباره اجرا کنید.';
/** Another machine's command, silent this long, is gone (its heartbeat goes through a pool of its own). */
const COMMAND_STALE_SECONDS = 120;

/**
 * A command-line import whose process is gone (killed, its terminal closed) has no queue to go
 * back to: its row is failed, so the panel does not show it running for ever. Its transaction
 * died with it, so the catalogue is as it was. On this host a live pid is what counts (the
 * embedded database's one connection can keep it from beating); elsewhere, the heartbeat.
 */
export async function failAbandonedCommandImports(database: Database): Promise<void> {
  for (const r of await repo.runningCommandImports(database.db, COMMAND_STALE_SECONDS)) {
    const elsewhere = r.worker !== null && r.worker.split(':')[0] !== os.hostname();
    if (workerGone(r.worker) || (elsewhere && r.stale)) await repo.failRunningImport(database.db, r.id, COMMAND_GONE);
  }
}
