import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { giftCodes, plans, premiumPeriods, users } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type GiftRow = typeof giftCodes.$inferSelect;
export type NewGiftRow = typeof giftCodes.$inferInsert;
export type PremiumPeriodRow = typeof premiumPeriods.$inferSelect;
export type NewPremiumPeriodRow = typeof premiumPeriods.$inferInsert;

const date = (d: Date | string) => new Date(d);

export class PlansRepository {
  listActive(db: Executor): Promise<PlanRow[]> {
    return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.days), asc(plans.id));
  }

  async activeById(db: Executor, id: number): Promise<PlanRow | undefined> {
    const [row] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), eq(plans.isActive, true)));
    return row;
  }

  /** Seeding the default plans: a transaction-scoped advisory lock, so two processes starting together do not both insert. */
  async lockSeeding(tx: Executor): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
  }

  /** Every plan, active or not. */
  async countAll(db: Executor): Promise<number> {
    const [row] = await db.select({ n: count() }).from(plans);
    return row!.n;
  }

  async insertMany(tx: Executor, values: NewPlanRow[]): Promise<void> {
    await tx.insert(plans).values(values);
  }
}

export class PremiumRepository {
  /**
   * Locks the member's row: every change of a member's chain of periods takes this lock first, so
   * two purchases (or a purchase and a refund) finishing at once line up one after the other.
   */
  async lockMember(tx: Executor, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  }

  /** Where the member's chain ends after `now`, and when the first reserved plan still to come starts. */
  async chainState(tx: Executor, userId: number, now: Date): Promise<{ chainEnd: Date | null; firstReserved: Date | null }> {
    // Hand-written: two filtered aggregates in one pass over the member's periods.
    const { rows } = await tx.execute<{ chain_end: Date | string | null; first_reserved: Date | string | null }>(sql`
      SELECT max(ends_at) FILTER (WHERE ends_at > ${now}) AS chain_end,
             min(starts_at) FILTER (WHERE kind = 'reserve' AND starts_at > ${now}) AS first_reserved
      FROM premium_periods WHERE user_id = ${userId} AND revoked_at IS NULL`);
    const state = rows[0];
    return {
      chainEnd: state?.chain_end ? date(state.chain_end) : null,
      firstReserved: state?.first_reserved ? date(state.first_reserved) : null,
    };
  }

  /** Moves the member's reserved plans that have not started later by `days`. */
  async shiftReserved(tx: Executor, userId: number, days: number, now: Date): Promise<void> {
    // Hand-written interval arithmetic in whole seconds: `interval 'n days'` would follow the session's time zone across DST changes.
    await tx.execute(sql`
      UPDATE premium_periods
      SET starts_at = starts_at + ${days * 86_400} * interval '1 second', ends_at = ends_at + ${days * 86_400} * interval '1 second'
      WHERE user_id = ${userId} AND kind = 'reserve' AND starts_at > ${now} AND revoked_at IS NULL`);
  }

  async insertPeriod(tx: Executor, values: NewPremiumPeriodRow): Promise<{ id: number; kind: string; startsAt: Date; endsAt: Date }> {
    const [row] = await tx
      .insert(premiumPeriods)
      .values(values)
      .returning({ id: premiumPeriods.id, kind: premiumPeriods.kind, startsAt: premiumPeriods.startsAt, endsAt: premiumPeriods.endsAt });
    return row!;
  }

  async periodOwner(tx: Executor, periodId: number): Promise<number | undefined> {
    const [row] = await tx.select({ userId: premiumPeriods.userId }).from(premiumPeriods).where(eq(premiumPeriods.id, periodId));
    return row?.userId;
  }

  /** Stops a period counting at `now`, once; answers its dates and the part not used yet (ms), or undefined when it was already revoked. */
  async revokePeriod(tx: Executor, periodId: number, now: Date): Promise<{ startsAt: Date; endsAt: Date; revokedAt: Date; unusedMs: number } | undefined> {
    // Hand-written: the unused part is computed by the same statement that sets revoked_at, from the stored values.
    const { rows } = await tx.execute<{ starts_at: Date | string; ends_at: Date | string; revoked_at: Date | string; unused_ms: string | number }>(sql`
      UPDATE premium_periods SET revoked_at = ${now}
      WHERE id = ${periodId} AND revoked_at IS NULL
      RETURNING starts_at, ends_at, revoked_at,
                greatest(0, extract(epoch FROM ends_at - greatest(starts_at, revoked_at)) * 1000) AS unused_ms`);
    const row = rows[0];
    if (!row) return undefined;
    return { startsAt: date(row.starts_at), endsAt: date(row.ends_at), revokedAt: date(row.revoked_at), unusedMs: Math.round(Number(row.unused_ms)) };
  }

  /** Moves every later period of the member earlier by the unused part of a revoked one; answers how many moved. */
  async closeGapAfter(tx: Executor, userId: number, periodId: number): Promise<number> {
    // Hand-written UPDATE … FROM with interval arithmetic in whole seconds times a count: an interval of days would follow the session's time zone.
    const moved = await tx.execute(sql`
      UPDATE premium_periods q
      SET starts_at = q.starts_at - d.shift, ends_at = q.ends_at - d.shift
      FROM (SELECT ends_at, extract(epoch FROM ends_at - greatest(starts_at, revoked_at)) * interval '1 second' AS shift
            FROM premium_periods WHERE id = ${periodId}) d
      WHERE q.user_id = ${userId} AND q.id <> ${periodId} AND q.revoked_at IS NULL
        AND q.starts_at >= d.ends_at AND d.shift > interval '0'`);
    return moved.rowCount ?? 0;
  }

  /** Members whose whole chain (reserved plans counted) ends after `now` and by `horizon`, with when it ends. */
  async chainsEndingBy(tx: Executor, now: Date, horizon: Date): Promise<{ userId: number; until: Date }[]> {
    // Hand-written: a CTE narrows to members with a period ending in the window before the whole chain is grouped.
    const { rows } = await tx.execute<{ user_id: number; until: Date | string }>(sql`
      WITH ending AS (SELECT DISTINCT user_id FROM premium_periods WHERE ends_at > ${now} AND ends_at <= ${horizon} AND revoked_at IS NULL)
      SELECT p.user_id, max(p.ends_at) AS until
      FROM premium_periods p JOIN ending e USING (user_id) WHERE p.revoked_at IS NULL
      GROUP BY p.user_id
      HAVING max(p.ends_at) <= ${horizon}`);
    return rows.map((r) => ({ userId: r.user_id, until: date(r.until) }));
  }

  async userName(db: Executor, userId: number): Promise<string | null> {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  async userIdByEmail(db: Executor, email: string): Promise<number | undefined> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id;
  }

  /** A new gift code; undefined when the drawn code is taken (the caller draws again). */
  async insertGift(tx: Executor, values: NewGiftRow): Promise<GiftRow | undefined> {
    const [gift] = await tx.insert(giftCodes).values(values).onConflictDoNothing({ target: giftCodes.code }).returning();
    return gift;
  }

  /** Redeems the code for the member if nobody has and no operator withdrew it: of concurrent attempts exactly one gets the row. */
  async claimGift(tx: Executor, code: string, userId: number, now: Date): Promise<GiftRow | undefined> {
    const [gift] = await tx
      .update(giftCodes)
      .set({ redeemedBy: userId, redeemedAt: now })
      .where(and(eq(giftCodes.code, code), isNull(giftCodes.redeemedAt), isNull(giftCodes.disabledAt)))
      .returning();
    return gift;
  }

  /** Whether the code exists, and when an operator withdrew it. */
  async giftState(tx: Executor, code: string): Promise<{ disabledAt: Date | null } | undefined> {
    const [row] = await tx.select({ disabledAt: giftCodes.disabledAt }).from(giftCodes).where(eq(giftCodes.code, code));
    return row;
  }

  async giftsOf(db: Executor, giverId: number, limit: number, offset: number): Promise<{ rows: GiftRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db.select().from(giftCodes).where(eq(giftCodes.giverId, giverId)).orderBy(desc(giftCodes.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(giftCodes).where(eq(giftCodes.giverId, giverId)),
    ]);
    return { rows, total: total!.n };
  }

  async markGiftMailed(db: Executor, giftId: number): Promise<void> {
    await db.update(giftCodes).set({ mailedAt: sql`now()` }).where(eq(giftCodes.id, giftId));
  }
}
