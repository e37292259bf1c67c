/**
 * An IMDb dataset import started from the panel, run as a pg-boss job (so exactly one process
 * runs it, whichever API processes exist): the uploaded files are named the way the importer
 * looks for them, the importer runs (its advisory lock keeps imports in line), and
 * `catalogue_imports` says how far it got and, when it failed, why — in Persian.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DatasetKind } from '@parde/contract';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { IMPORT_QUEUE, reclaimOrphans } from '../media/queue';
import { ImportFileError } from './files/imdb-reader';
import { importCatalogue, type ImportProgress } from './import-catalogue';

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
const HEARTBEAT_MS = 15_000;

/** Runs one import to the end; throws for a failure worth another try (after recording it). */
export async function runImportJob(ctx: ImportJobContext, importId: number): Promise<void> {
  const { pool } = ctx.database;
  const claimed = await pool.query<{ files: ImportFile[] }>(
    `UPDATE catalogue_imports SET status = 'running', phase = 'queued', percent = 0, rows_read = 0, bytes_read = 0, error = NULL, worker = $2,
       attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
     WHERE id = $1 AND status IN ('queued', 'running', 'failed') RETURNING files`,
    [importId, ctx.worker],
  );
  if (claimed.rowCount === 0) return;
  const files = claimed.rows[0]!.files;
  const dir = path.join(ctx.dataDir, 'imports', String(importId));

  // Progress goes through the pool, never awaited by the importer: on the embedded database the
  // import's transaction holds the one connection, and these wait for it rather than block it.
  let writing: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let pending = false;
  const write = (sql: string, values: unknown[]) => {
    lastWrite = Date.now();
    pending = true;
    writing = writing.then(() => pool.query(sql, values).catch(() => {})).finally(() => (pending = false));
  };
  const tsvBytes = files.filter((f) => f.kind !== 'supplement').reduce((n, f) => n + f.size, 0);
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
    write(`UPDATE catalogue_imports SET phase = $2, percent = greatest(percent, $3), rows_read = $4, bytes_read = $5, updated_at = now() WHERE id = $1 AND status = 'running'`, [
      importId,
      p.phase,
      percent,
      done.rows + current.rows,
      bytesRead,
    ]);
  };
  // A heartbeat while nothing else is written (the merge of a large catalogue), so other machines see it alive.
  const heartbeat = setInterval(() => {
    if (!pending && Date.now() - lastWrite >= HEARTBEAT_MS) write(`UPDATE catalogue_imports SET updated_at = now() WHERE id = $1 AND status = 'running'`, [importId]);
  }, HEARTBEAT_MS);
  heartbeat.unref();

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
    const report = await importCatalogue({ database: ctx.database, imdbDir: dir, supplementFile, log: ctx.log, onProgress });
    clearInterval(heartbeat);
    await writing;
    const counts = { titles: report.titles, episodes: report.episodes, people: report.people, credits: report.credits, collections: report.collections };
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `UPDATE catalogue_imports SET status = 'done', phase = 'done', percent = 100, rows_read = $2, bytes_read = $3, counts = $4, issues = $5,
           error = NULL, finished_at = now(), updated_at = now() WHERE id = $1`,
        [importId, done.rows + current.rows, tsvBytes, JSON.stringify(counts), report.issueCount],
      );
      await client.query(`UPDATE media_uploads SET status = 'used', import_id = $1 WHERE id = ANY($2::text[])`, [importId, files.map((f) => f.uploadId)]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
    ctx.log(`import ${importId}: ${counts.titles} titles, ${counts.people} people, ${report.issueCount} row issues, ${report.seconds.toFixed(1)} s`);
    // The catalogue has them now; a dataset can be gigabytes.
    for (const f of files) {
      const source = path.join(uploadsDirOf(ctx.dataDir), f.uploadId);
      await Promise.all([fs.promises.rm(source, { force: true }), fs.promises.rm(`${source}.json`, { force: true })]);
    }
  } catch (err) {
    clearInterval(heartbeat);
    await writing;
    await pool
      .query(`UPDATE catalogue_imports SET status = 'failed', error = $2, finished_at = now(), updated_at = now() WHERE id = $1`, [importId, importFailureText(err, dir)])
      .catch(() => {});
    ctx.log(`import ${importId} failed: ${(err as Error)?.message ?? String(err)}`);
    if (!(err instanceof ImportFileError || err instanceof ImportInputError)) throw err;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** Imports marked running whose worker is gone: back to the queue, as ingests are. */
export const reclaimImportOrphans = (database: Database, boss: PgBoss) =>
  reclaimOrphans(database, boss, { table: 'catalogue_imports', queue: IMPORT_QUEUE, staleOnlyElsewhere: true });
