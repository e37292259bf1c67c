import type { AdminStats, AdminStatsDay } from '@parde/contract';
import type { Database } from '../../db/client';
import { AdminOpsRepository } from './admin-ops.repository';
import { reportedCount } from './comments';
import { dailyCounts, tehranDay } from '../daily-counts/daily-counts';
import { openRequestCounts } from './requests';

const repo = new AdminOpsRepository();

const DAY_MS = 86_400_000;
const MISSES_SHOWN = 20;

/** The days of the period in Tehran's calendar, oldest first, ending today. */
export function periodDays(days: number, now = Date.now()): string[] {
  const today = tehranDay(now);
  const end = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The dashboard's numbers for the last `days` days (Tehran's calendar, today included): every day
 * appears, with zeros where nothing happened. Money only for admins (`withMoney`), null otherwise.
 */
export async function dashboardStats(database: Database, days: number, withMoney: boolean): Promise<AdminStats> {
  const { db } = database;
  // This process's plays and searches not yet written: written now, so the numbers are current.
  await dailyCounts(db).flush();
  const list = periodDays(days);
  const from = list[0]!;
  const to = list[list.length - 1]!;
  const [signups, counts, premium, money, premiumNow, misses, openRequests, reportedComments] = await Promise.all([
    repo.signupsByDay(db, from),
    repo.countsByDay(db, from, to),
    repo.premiumByDay(db, from, to),
    withMoney ? repo.moneyByDay(db, from) : [],
    repo.premiumNow(db),
    repo.topMisses(db, from, to, MISSES_SHOWN),
    openRequestCounts(db),
    reportedCount(db),
  ]);

  const byDay = new Map<string, AdminStatsDay>(
    list.map((day) => [day, { day, signups: 0, premium: 0, plays: 0, searches: 0, revenue: withMoney ? 0 : null, paid: withMoney ? 0 : null, refunded: withMoney ? 0 : null }]),
  );
  for (const r of signups) {
    const d = byDay.get(r.day);
    if (d) d.signups = Number(r.n);
  }
  for (const r of counts) {
    const d = byDay.get(r.day);
    if (d && (r.metric === 'plays' || r.metric === 'searches')) d[r.metric] = Number(r.n);
  }
  for (const r of premium) {
    const d = byDay.get(r.day);
    if (d) d.premium = Number(r.n);
  }
  for (const r of money) {
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
    premiumNow,
    misses: misses.map((m) => ({ query: m.query, count: Number(m.n), lastDay: m.last_day })),
    openRequests,
    reportedComments,
  };
}
