import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';

export class HealthRepository {
  /** Readiness: one round trip that touches no table, so it answers whatever the schema holds. */
  async ping(db: Executor): Promise<void> {
    await db.execute(sql`select 1`);
  }

  /** For the test routes only: a query that holds its connection this long. */
  async sleep(db: Executor, seconds: number): Promise<void> {
    await db.execute(sql`select pg_sleep(${seconds})`);
  }
}
