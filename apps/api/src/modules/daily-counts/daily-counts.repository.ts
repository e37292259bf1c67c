import type pg from 'pg';

/** The dashboard's daily counters: each write adds to what the day already has. */
export class DailyCountsRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** Adds `counts[i]` to metric `metrics[i]` of day `days[i]`, in one statement. */
  async addCounts(days: string[], metrics: string[], counts: number[]): Promise<void> {
    await this.pool.query(
      `INSERT INTO daily_counts (day, metric, count) SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
       ON CONFLICT (day, metric) DO UPDATE SET count = daily_counts.count + EXCLUDED.count`,
      [days, metrics, counts],
    );
  }

  /** Adds `counts[i]` to the searches for `queries[i]` that found nothing on day `days[i]`. */
  async addMisses(days: string[], queries: string[], counts: number[]): Promise<void> {
    await this.pool.query(
      `INSERT INTO search_misses (day, query, count) SELECT * FROM unnest($1::date[], $2::text[], $3::int[])
       ON CONFLICT (day, query) DO UPDATE SET count = search_misses.count + EXCLUDED.count`,
      [days, queries, counts],
    );
  }
}
