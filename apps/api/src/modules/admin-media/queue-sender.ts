import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { startQueue } from '../media/queue';

/**
 * The API's way onto the job queues: a pg-boss that only sends (no supervision, no workers;
 * the processes with MEDIA_WORKER on do the work), started on first use and stopped with the app.
 */
export function queueSender(database: Database, onError: (err: unknown) => void) {
  let boss: Promise<PgBoss> | undefined;
  return {
    get(): Promise<PgBoss> {
      boss ??= startQueue(database, onError, { supervise: false }).catch((err: unknown) => {
        boss = undefined;
        throw err;
      });
      return boss;
    },
    async stop() {
      const started = await boss?.catch(() => undefined);
      await started?.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => {});
    },
  };
}
export type QueueSender = ReturnType<typeof queueSender>;

