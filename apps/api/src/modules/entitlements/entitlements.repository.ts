import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { kidsAnd } from '../catalogue/kids';

export class EntitlementsRepository {
  /**
   * Whether a published title (one a kids profile may see, for a kids session) is free; undefined
   * when there is no such title. Hand-written: the kids filter is SQL text shared with the catalogue.
   */
  async titleIsFree(db: Executor, titleId: number, kids: boolean): Promise<boolean | undefined> {
    const { rows } = await db.execute<{ is_free: boolean }>(sql`SELECT t.is_free FROM titles t WHERE t.id = ${titleId} AND t.published${sql.raw(kidsAnd(kids))}`);
    return rows[0]?.is_free;
  }
}
