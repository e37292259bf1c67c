/**
 * The site's job queue: pg-boss on the site's own database (PostgreSQL, or the embedded one
 * through its socket), so a queued job outlives any process. pg-boss keeps the job (state,
 * retries, expiry); each kind of job keeps what people read in a table of its own — progress,
 * and why a job failed — and a heartbeat: a job whose worker died (a restart, a crash) is handed
 * back to the queue by the next worker that looks, at once when that worker ran on this machine
 * and is gone, otherwise when its heartbeat is a minute old.
 *
 * Media ingests (../media) and catalogue imports (../importer) both run on it; neither module
 * depends on the other for it.
 */
import os from 'node:os';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { processStartTime } from '../../db/owner';
import { pgBossDriver, QueueRepository, type JobTable } from './queue.repository';

export const INGEST_QUEUE = 'media-ingest';
/** IMDb dataset imports started from the panel (../importer/import-job.ts). */
export const IMPORT_QUEUE = 'catalogue-import';

const repo = new QueueRepository();

/** Who works a job: host, pid and the pid's start time (a reused pid is not the same worker). */
export const workerId = () => `${os.hostname()}:${process.pid}:${processStartTime(process.pid) ?? ''}`;

export function workerGone(worker: string | null): boolean {
  if (!worker) return true;
  const [host, pid, started] = worker.split(':');
  if (host !== os.hostname()) return false;
  try {
    process.kill(Number(pid), 0);
  } catch {
    return true;
  }
  return started !== '' && processStartTime(Number(pid)) !== started;
}

/**
 * pg-boss over the site's pool: its statements unnamed, so it is a good guest on the embedded
 * session. A process that only sends jobs (an API process queuing an upload's ingest) passes
 * `supervise: false`: the workers' processes keep the queues tidy.
 */
export async function startQueue(database: Database, onError: (err: unknown) => void, opts: { supervise?: boolean } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: pgBossDriver(database),
    schedule: false,
    supervise: opts.supervise ?? true,
    migrate: true,
  });
  boss.on('error', onError);
  await boss.start();
  await boss.createQueue(INGEST_QUEUE, { name: INGEST_QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: 6 * 3600 });
  // An import is one transaction: a failure left nothing behind, so one more try is safe.
  await boss.createQueue(IMPORT_QUEUE, { name: IMPORT_QUEUE, retryLimit: 1, retryDelay: 30, expireInSeconds: 6 * 3600 });
  return boss;
}

/** Stale heartbeats after which another machine's job is taken back. */
const STALE_SECONDS = 60;

/** Where a kind of job keeps its state, and whether a stale heartbeat on this host means it is gone. */
export interface TrackedJobs {
  table: JobTable;
  queue: string;
  /**
   * An import's transaction can hold the embedded database's one connection, so it cannot beat
   * while alive: only a live pid counts on this host, the heartbeat only for another machine.
   */
  staleOnlyElsewhere?: boolean;
}

/**
 * Jobs marked running whose worker is gone: back to the queue (pg-boss counts it as a failed
 * try, so a job that kills its worker every time ends failed, not looping).
 */
export async function reclaimJobs(database: Database, boss: PgBoss, jobs: TrackedJobs): Promise<number> {
  const rows = await repo.running(database.db, jobs.table, STALE_SECONDS);
  let n = 0;
  for (const r of rows) {
    const elsewhere = r.worker !== null && r.worker.split(':')[0] !== os.hostname();
    const staleCounts = r.stale && (!jobs.staleOnlyElsewhere || elsewhere);
    if (!staleCounts && !workerGone(r.worker)) continue;
    if (!(await repo.requeue(database.db, jobs.table, r.id))) continue;
    await boss.fail(jobs.queue, r.job_id, { message: 'worker gone (restart or crash)' }).catch(() => {});
    n++;
  }
  return n;
}
