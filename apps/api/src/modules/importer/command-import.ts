/**
 * `npm run import`, recorded as the panel's imports are: a `catalogue_imports` row (source
 * `command`, this process as its worker, no uploaded files) goes running → done or failed with
 * the same report, so operators see every import in the panel, wherever it was started.
 */
import fs from 'node:fs';
import type { Database } from '../../db/client';
import { workerId } from '../queue/job-queue';
import type { CatalogueTooLargeError } from './catalogue-size';
import { findImdbFile } from './files/imdb-reader';
import { IMDB_KINDS } from './files/imdb-rows';
import { imdbStateDir, importCatalogue, type ImportReport } from './import-catalogue';
import { importFailureText, recordImportReport, trackImport } from './import-job';
import { ImporterRepository } from './importer.repository';

const repo = new ImporterRepository();

export interface CommandImportOptions {
  database: Database;
  dataDir: string;
  imdbDir: string;
  supplementFile?: string;
  full?: boolean;
  /** The embedded database's limit in titles (decision 35). */
  embeddedMaxTitles?: number;
  /** `--force`: an import past the limit goes on, and this is told. */
  forcePastLimit?: (past: CatalogueTooLargeError) => void;
  /** Progress bars on the terminal. */
  progress?: boolean;
  log?: (line: string) => void;
}

/**
 * Imports as `importCatalogue` does, with a row in `catalogue_imports` for the panel. A failure
 * is recorded (its Persian reason) and thrown on: the catalogue is as it was.
 */
export async function importFromCommand(opts: CommandImportOptions): Promise<{ importId: number; report: ImportReport }> {
  const { db } = opts.database;
  const bytesTotal = IMDB_KINDS.map((k) => findImdbFile(opts.imdbDir, k))
    .filter((f): f is string => f !== null)
    .reduce((n, f) => n + fs.statSync(f).size, 0);
  const importId = await repo.startCommandImport(db, workerId(), bytesTotal);
  const tracker = trackImport(db, importId, bytesTotal);
  try {
    const report = await importCatalogue({
      database: opts.database,
      imdbDir: opts.imdbDir,
      supplementFile: opts.supplementFile,
      progress: opts.progress,
      log: opts.log,
      onProgress: tracker.onProgress,
      stateDir: imdbStateDir(opts.dataDir),
      full: opts.full,
      embeddedMaxTitles: opts.embeddedMaxTitles,
      forcePastLimit: opts.forcePastLimit,
    });
    await tracker.settle();
    await db.transaction((tx) => recordImportReport(tx, importId, report, { rowsRead: tracker.rowsRead(), bytesRead: bytesTotal }));
    return { importId, report };
  } catch (err) {
    await tracker.settle();
    await repo.failImport(db, importId, importFailureText(err, opts.imdbDir)).catch(() => {});
    throw err;
  }
}
