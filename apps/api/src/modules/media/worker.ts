import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { reclaimImportOrphans, runImportJob, type ImportJob } from '../importer/import-job';
import { failureText, isPermanent, runIngest, type IngestRequest } from './ingest';
import { IngestsRepository } from './media.repository';
import { IMPORT_QUEUE, INGEST_QUEUE, reclaimOrphans, startQueue, workerId, type IngestJob } from './queue';

const repo = new IngestsRepository();

export interface MediaWorker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Works the ingest queue in this process, one job at a time (ffmpeg takes every core it gets),
 * and the panel's IMDb imports, one at a time (../importer/import-job.ts).
 * A job whose worker died is handed back at start and every 30 s (./queue.ts).
 */
export async function startMediaWorker(opts: {
  database: Database;
  dataDir: string;
  log: (msg: string) => void;
  onError: (err: unknown) => void;
  /** The embedded database's limit for the panel's imports (config IMPORT_EMBEDDED_MAX_TITLES). */
  embeddedMaxTitles?: number;
}): Promise<MediaWorker> {
  const { database, log } = opts;
  const boss = await startQueue(database, opts.onError);
  const ctx = { database, dataDir: opts.dataDir, worker: workerId(), log, embeddedMaxTitles: opts.embeddedMaxTitles };
  await reclaimOrphans(database, boss).then((n) => n && log(`${n} media jobs of a stopped worker queued again`));
  await reclaimImportOrphans(database, boss).then((n) => n && log(`${n} imports of a stopped worker queued again`));
  const timer = setInterval(() => {
    void reclaimOrphans(database, boss).catch(opts.onError);
    void reclaimImportOrphans(database, boss).catch(opts.onError);
  }, 30_000);
  timer.unref();
  await boss.work<IngestJob>(INGEST_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    const { ingestId } = job!.data;
    try {
      await runIngest(ctx, ingestId);
    } catch (err) {
      await repo.fail(database.db, ingestId, failureText(err)).catch(() => {});
      log(`ingest ${ingestId} failed: ${failureText(err).split('\n')[0]}`);
      // Bad input stays bad: only other failures are tried again.
      if (!isPermanent(err)) throw err;
    }
  });
  // Its failures are recorded (in Persian) by the job itself; what it throws is worth another try.
  await boss.work<ImportJob>(IMPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => runImportJob(ctx, job!.data.importId));
  return {
    boss,
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 5_000, wait: true }).catch(() => {});
    },
  };
}

/** Queues an ingest; resolves with its id (`media_ingests`). */
export async function enqueueIngest(database: Database, boss: PgBoss, target: { titleId: number; episodeId: number | null }, request: IngestRequest): Promise<number> {
  const id = await repo.create(database.db, target.titleId, target.episodeId, request);
  const jobId = await boss.send(INGEST_QUEUE, { ingestId: id } satisfies IngestJob);
  await repo.setJob(database.db, id, jobId);
  return id;
}
