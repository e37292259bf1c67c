import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';

/** The tables that keep a queued job's state beside pg-boss's own. */
export type JobTable = 'media_ingests' | 'catalogue_imports';

export type RunningJob = {
  id: number;
  job_id: string;
  worker: string | null;
  stale: boolean;
};

/**
 * Hand-written: the same statements serve either table, named as an identifier, and staleness is
 * judged by the database's clock (the heartbeat is written with its `now()`).
 */
export class QueueRepository {
  /** Jobs marked running, with whether their heartbeat is older than `staleSeconds`. */
  async running(db: Executor, table: JobTable, staleSeconds: number): Promise<RunningJob[]> {
    const { rows } = await db.execute<RunningJob>(sql`
      SELECT id, job_id, worker, updated_at < now() - make_interval(secs => ${staleSeconds}) AS stale
      FROM ${sql.identifier(table)} WHERE status = 'running' AND job_id IS NOT NULL`);
    return rows;
  }

  /** Back to queued, if it is still running; false when someone else moved it first. */
  async requeue(db: Executor, table: JobTable, id: number): Promise<boolean> {
    const moved = await db.execute(sql`UPDATE ${sql.identifier(table)} SET status = 'queued', updated_at = now() WHERE id = ${id} AND status = 'running'`);
    return (moved.rowCount ?? 0) > 0;
  }
}

/** pg-boss writes its own SQL: it is handed the site's pool as its driver, through this adapter. */
export const pgBossDriver = (database: Pick<Database, 'pool'>) => ({
  executeSql: (text: string, values?: unknown[]) => database.pool.query(text, values),
});
