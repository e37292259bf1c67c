import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import type { users } from '../../db/schema/index';

/** Who an announcement goes to. */
export type Audience = { audience: 'all' | 'premium' | 'member'; memberId?: number | null };

/** A member an announcement may go to, and whether premium runs for them now. */
export type RecipientRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email'> & { premium: boolean };

/** Confirmed, open accounts: the ones who can read a notification. */
const READERS = sql`u.disabled_at IS NULL AND u.email_verified_at IS NOT NULL`;
const PREMIUM = sql`EXISTS (SELECT 1 FROM premium_periods p WHERE p.user_id = u.id AND p.starts_at <= now() AND p.ends_at > now() AND p.revoked_at IS NULL)`;

function audienceWhere(a: Audience): SQL {
  if (a.audience === 'premium') return sql`${READERS} AND ${PREMIUM}`;
  if (a.audience === 'member') return sql`u.id = ${a.memberId ?? 0}`;
  return READERS;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The first instant of a Tehran calendar day (`2026-11-26`); rows are taken from there on. */
const tehranStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Asia/Tehran'`;

/** A timestamp's day in Tehran, in SQL. */
const tehran = (column: string) => sql.raw(`(${column} AT TIME ZONE 'Asia/Tehran')::date`);

/** Parallel arrays of the keys `day|what` and their counts, for one `unnest` upsert. */
/** Operators' announcements, the dashboard's numbers and the daily counts behind them. */
export class AdminOpsRepository {
  // ---- announcements. Hand-written: the audience is one WHERE over users with an EXISTS on premium, reused by every statement.

  async member(db: Executor, memberId: number): Promise<(RecipientRow & { disabled: boolean }) | undefined> {
    const { rows } = await db.execute<RecipientRow & { disabled: boolean }>(sql`
      SELECT u.id, u.name, u.email, u.disabled_at IS NOT NULL AS disabled, ${PREMIUM} AS premium FROM users u WHERE u.id = ${memberId}`);
    return rows[0];
  }

  async audienceSize(db: Executor, a: Audience): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u WHERE ${audienceWhere(a)}`);
    return rows[0]?.n ?? 0;
  }

  /** Holds the announcement's idempotency key until the transaction ends: a second send with it waits for the first. */
  async lockAnnouncementKey(tx: Executor, key: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`notification:${key}`}))`);
  }

  /** What the first send with the key recorded in its audit entry. */
  async sentWithKey<T>(tx: Executor, key: string): Promise<T | undefined> {
    const { rows } = await tx.execute<{ after: T }>(sql`
      SELECT after FROM audit_log WHERE entity = 'notification' AND entity_id = ${key} AND action = 'notification.send' ORDER BY id LIMIT 1`);
    return rows[0]?.after;
  }

  /**
   * One notification per recipient in one INSERT … SELECT; a member who already has this key's is
   * skipped. Answers how many were written and the statement's time. Hand-written: a data-modifying CTE.
   */
  async insertAnnouncement(
    tx: Executor,
    a: Audience,
    n: { kind: string; title: string; body: string; link: string | null; data: string; dedupeKey: string },
  ): Promise<{ n: number; at: Date } | undefined> {
    const { rows } = await tx.execute<{ n: number; at: Date }>(sql`
      WITH sent AS (
        INSERT INTO notifications (user_id, kind, title, body, link, data, dedupe_key)
        SELECT u.id, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${n.data}::jsonb, ${n.dedupeKey}
        FROM users u WHERE ${audienceWhere(a)}
        ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
        RETURNING 1)
      SELECT count(*)::int AS n, now() AS at FROM sent`);
    return rows[0];
  }

  /** Readers whose email starts with the text or whose name holds it, those by email first. */
  async findRecipients(db: Executor, q: string): Promise<RecipientRow[]> {
    const prefix = `${escapeLike(q.toLowerCase())}%`;
    const { rows } = await db.execute<RecipientRow>(sql`
      SELECT u.id, u.name, u.email, ${PREMIUM} AS premium FROM users u
      WHERE ${READERS} AND (u.email LIKE ${prefix} OR u.name ILIKE ${`%${escapeLike(q)}%`})
      ORDER BY u.email LIKE ${prefix} DESC, u.email LIMIT 10`);
    return rows;
  }

  // ---- the dashboard. Hand-written: grouping by Tehran's calendar day, a generated series of days and a UNION.

  /** Confirmed sign-ups per Tehran day from the day `from` on. */
  async signupsByDay(db: Executor, from: string) {
    const since = tehranStart(from);
    const { rows } = await db.execute<{ day: string; n: number }>(sql`
      SELECT ${tehran('created_at')}::text AS day, count(*)::int AS n FROM users
      WHERE created_at >= ${since} AND email_verified_at IS NOT NULL GROUP BY 1`);
    return rows;
  }

  async countsByDay(db: Executor, from: string, to: string) {
    const { rows } = await db.execute<{ day: string; metric: string; n: number }>(sql`
      SELECT day::text AS day, metric, count::bigint AS n FROM daily_counts WHERE day BETWEEN ${from}::date AND ${to}::date AND metric IN ('plays', 'searches')`);
    return rows;
  }

  /** Members with premium at the end of each day (now, for today). */
  async premiumByDay(db: Executor, from: string, to: string) {
    const { rows } = await db.execute<{ day: string; n: number }>(sql`
      WITH d AS (
        SELECT g::date AS day, least((g::date + 1)::timestamp AT TIME ZONE 'Asia/Tehran', now()) AS at
        FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS g)
      SELECT d.day::text AS day, count(DISTINCT p.user_id)::int AS n
      FROM d LEFT JOIN premium_periods p ON p.starts_at <= d.at AND p.ends_at > d.at AND p.revoked_at IS NULL
      GROUP BY d.day`);
    return rows;
  }

  /** Paid and refunded per Tehran day from the day `from` on. */
  async moneyByDay(db: Executor, from: string) {
    const since = tehranStart(from);
    const { rows } = await db.execute<{ day: string; paid: number; refunded: number }>(sql`
      SELECT day::text AS day, sum(paid)::bigint AS paid, sum(refunded)::bigint AS refunded FROM (
        SELECT ${tehran('paid_at')} AS day, amount AS paid, 0 AS refunded FROM payments WHERE status = 'paid' AND paid_at >= ${since}
        UNION ALL
        SELECT ${tehran('refunded_at')} AS day, 0 AS paid, amount AS refunded FROM payments WHERE refunded_at IS NOT NULL AND refunded_at >= ${since}) m
      GROUP BY day`);
    return rows;
  }

  async premiumNow(db: Executor): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT user_id)::int AS n FROM premium_periods WHERE starts_at <= now() AND ends_at > now() AND revoked_at IS NULL`);
    return rows[0]?.n ?? 0;
  }

  async topMisses(db: Executor, from: string, to: string, limit: number) {
    const { rows } = await db.execute<{ query: string; n: number; last_day: string }>(sql`
      SELECT query, sum(count)::int AS n, max(day)::text AS last_day FROM search_misses
      WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY query ORDER BY n DESC, query LIMIT ${limit}`);
    return rows;
  }
}
