/**
 * The media job queue: ingests run on the site's job queue (../queue/job-queue.ts);
 * `media_ingests` keeps what people read — progress in percent, and why a job failed — and the
 * heartbeat by which a job whose worker died is handed back.
 */
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { INGEST_QUEUE, reclaimJobs, type TrackedJobs } from '../queue/job-queue';

export { IMPORT_QUEUE, INGEST_QUEUE, startQueue, workerGone, workerId, type TrackedJobs } from '../queue/job-queue';

export interface IngestJob {
  ingestId: number;
}

const ingests: TrackedJobs = { table: 'media_ingests', queue: INGEST_QUEUE };

/**
 * Jobs marked running whose worker is gone: back to the queue (pg-boss counts it as a failed
 * try, so a job that kills its worker every time ends failed, not looping).
 */
export const reclaimOrphans = (database: Database, boss: PgBoss, jobs: TrackedJobs = ingests): Promise<number> => reclaimJobs(database, boss, jobs);
