import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';

/** Splits counts keyed `a|b` into the three arrays an unnest'ed upsert takes. */
function split(m: Map<string, number>): [string[], string[], number[]] {
  const a: string[] = [];
  const b: string[] = [];
  const n: number[] = [];
  for (const [k, v] of m) {
    const i = k.indexOf('|');
    a.push(k.slice(0, i));
    b.push(k.slice(i + 1));
    n.push(v);
  }
  return [a, b, n];
}

/**
 * The dashboard's daily counters: each write adds to what the day already has. Hand-written: one
 * upsert that adds, over unnest'ed arrays (each passed whole as one parameter), per table.
 */
export class DailyCountsRepository {
  /** Adds the counts keyed `day|metric` to the days' totals. */
  async addDailyCounts(db: Executor, counts: Map<string, number>): Promise<void> {
    const [days, metrics, n] = split(counts);
    await db.execute(sql`
      INSERT INTO daily_counts (day, metric, count) SELECT * FROM unnest(${sql.param(days)}::date[], ${sql.param(metrics)}::text[], ${sql.param(n)}::bigint[])
      ON CONFLICT (day, metric) DO UPDATE SET count = daily_counts.count + EXCLUDED.count`);
  }

  /** Adds the counts keyed `day|query` to the days' missed searches. */
  async addSearchMisses(db: Executor, misses: Map<string, number>): Promise<void> {
    const [days, queries, n] = split(misses);
    await db.execute(sql`
      INSERT INTO search_misses (day, query, count) SELECT * FROM unnest(${sql.param(days)}::date[], ${sql.param(queries)}::text[], ${sql.param(n)}::int[])
      ON CONFLICT (day, query) DO UPDATE SET count = search_misses.count + EXCLUDED.count`);
  }
}
