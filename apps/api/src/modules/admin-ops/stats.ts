import type { AdminStats, AdminStatsDay } from '@parde/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportedCount } from './comments';
import { dailyCounts, tehranDay } from '../daily-counts/daily-counts';
import { openRequestCounts } from './requests';

const DAY_MS = 86_400_000;
const MISSES_SHOWN = 20;

/** The days of the period in Tehran's calendar, oldest first, ending today. */
export function periodDays(days: number, now = Date.now()): string[] {
  const today = tehranDay(now);
  const end = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** A timestamp's day in Tehran, in SQL. */
const tehran = (column: string) => sql.raw(`(${column} AT TIME ZONE 'Asia/Tehran')::date`);

/**
 * The dashboard's numbers for the last `days` days (Tehran's calendar, today included): every day
 * appears, with zeros where nothing happened. Money only for admins (`withMoney`), null otherwise.
 */
export async function dashboardStats(database: Database, days: number, withMoney: boolean): Promise<AdminStats> {
  const { db, pool } = database;
  // This process's plays and searches not yet written: written now, so the numbers are current.
  await dailyCounts(pool).flush();
  const list = periodDays(days);
  const from = list[0]!;
  const to = list[list.length - 1]!;
  // The first instant of `from` in Tehran; rows are taken from there on.
  const since = sql`(${from}::date)::timestamp AT TIME ZONE 'Asia/Tehran'`;
  const [signups, counts, premium, money, premiumNow, misses, openRequests, reportedComments] = await Promise.all([
    db.execute<{ day: string; n: number }>(sql`
      SELECT ${tehran('created_at')}::text AS day, count(*)::int AS n FROM users
      WHERE created_at >= ${since} AND email_verified_at IS NOT NULL GROUP BY 1`),
    db.execute<{ day: string; metric: string; n: number }>(sql`
      SELECT day::text AS day, metric, count::bigint AS n FROM daily_counts WHERE day BETWEEN ${from}::date AND ${to}::date AND metric IN ('plays', 'searches')`),
    // Members with premium at the end of each day (now, for today).
    db.execute<{ day: string; n: number }>(sql`
      WITH d AS (
        SELECT g::date AS day, least((g::date + 1)::timestamp AT TIME ZONE 'Asia/Tehran', now()) AS at
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS g)
      SELECT d.day::text AS day, count(DISTINCT p.user_id)::int AS n
      FROM d LEFT JOIN premium_periods p ON p.starts_at <= d.at AND p.ends_at > d.at AND p.revoked_at IS NULL
      GROUP BY d.day`),
    withMoney
      ? db.execute<{ day: string; paid: number; refunded: number }>(sql`
          SELECT day::text AS day, sum(paid)::bigint AS paid, sum(refunded)::bigint AS refunded FROM (
            SELECT ${tehran('paid_at')} AS day, amount AS paid, 0 AS refunded FROM payments WHERE status = 'paid' AND paid_at >= ${since}
            UNION ALL
            SELECT ${tehran('refunded_at')} AS day, 0 AS paid, amount AS refunded FROM payments WHERE refunded_at IS NOT NULL AND refunded_at >= ${since}) m
          GROUP BY day`)
      : { rows: [] as { day: string; paid: number; refunded: number }[] },
    db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT user_id)::int AS n FROM premium_periods WHERE starts_at <= now() AND ends_at > now() AND revoked_at IS NULL`),
    db.execute<{ query: string; n: number; last_day: string }>(sql`
      SELECT query, sum(count)::int AS n, max(day)::text AS last_day FROM search_misses
      WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY query ORDER BY n DESC, query LIMIT ${MISSES_SHOWN}`),
    openRequestCounts(db),
    reportedCount(db),
  ]);

  const byDay = new Map<string, AdminStatsDay>(
    list.map((day) => [day, { day, signups: 0, premium: 0, plays: 0, searches: 0, revenue: withMoney ? 0 : null, paid: withMoney ? 0 : null, refunded: withMoney ? 0 : null }]),
  );
  for (const r of signups.rows) {
    const d = byDay.get(r.day);
    if (d) d.signups = Number(r.n);
  }
  for (const r of counts.rows) {
    const d = byDay.get(r.day);
    if (d && (r.metric === 'plays' || r.metric === 'searches')) d[r.metric] = Number(r.n);
  }
  for (const r of premium.rows) {
    const d = byDay.get(r.day);
    if (d) d.premium = Number(r.n);
  }
  for (const r of money.rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    d.paid = Number(r.paid);
    d.refunded = Number(r.refunded);
    d.revenue = d.paid - d.refunded;
  }
  const series = [...byDay.values()];
  const sum = (k: 'signups' | 'plays' | 'searches' | 'paid' | 'refunded' | 'revenue') => series.reduce((s, d) => s + (d[k] ?? 0), 0);
  return {
    from,
    to,
    days: series,
    totals: {
      signups: sum('signups'),
      plays: sum('plays'),
      searches: sum('searches'),
      revenue: withMoney ? sum('revenue') : null,
      paid: withMoney ? sum('paid') : null,
      refunded: withMoney ? sum('refunded') : null,
    },
    premiumNow: premiumNow.rows[0]?.n ?? 0,
    misses: misses.rows.map((m) => ({ query: m.query, count: Number(m.n), lastDay: m.last_day })),
    openRequests,
    reportedComments,
  };
}
