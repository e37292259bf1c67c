import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { DAY_MS, type PeriodKind } from '../entitlements/premium-status';

// The status reads (premiumStatus, premiumState, isPremium) live in the entitlements module, below
// this one: the account page and the player's gate read them too.
export { DAY_MS, isPremium, premiumState, premiumStatus, type PeriodKind } from '../entitlements/premium-status';

/** Where a member's premium chain stands at an instant. */
export interface ChainState {
  /** When the last period ends, if any period is still running or waiting. */
  chainEnd: Date | null;
  /** When the first reserved period that has not started yet starts. */
  firstReserved: Date | null;
}

export interface Placement {
  startsAt: Date;
  endsAt: Date;
  /** What the period is on the dashboard: a reserve made while nothing runs is simply a join. */
  kind: PeriodKind;
  /** Join and gift days go before waiting reserved plans, which all move later by these days. */
  shiftReserved: boolean;
}

/**
 * Where a new period goes. Days always stack on what is left: a join (or a redeemed gift) extends
 * the running subscription, so it starts where the running part ends and pushes any reserved plans
 * later by its own length; a reserve is queued at the very end. With nothing left, it starts now.
 */
export function placePeriod(chain: ChainState, kind: PeriodKind, days: number, now: Date): Placement {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`placePeriod: ${days} is not a whole number of days`);
  const length = days * DAY_MS;
  const end = chain.chainEnd && chain.chainEnd > now ? chain.chainEnd : null;
  if (kind === 'reserve') {
    const startsAt = end ?? now;
    return { startsAt, endsAt: new Date(startsAt.getTime() + length), kind: end ? 'reserve' : 'join', shiftReserved: false };
  }
  if (chain.firstReserved && chain.firstReserved > now) {
    const startsAt = chain.firstReserved;
    return { startsAt, endsAt: new Date(startsAt.getTime() + length), kind, shiftReserved: true };
  }
  const startsAt = end ?? now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + length), kind, shiftReserved: false };
}

export interface NewPeriod {
  userId: number;
  kind: PeriodKind;
  days: number;
  planId: number | null;
  planName: string;
  paymentId?: number;
  giftId?: number;
  /** A grant's reason and operator. */
  reason?: string;
  grantedBy?: number;
  /** A grant's idempotency key: one grant per member and key (a unique index holds it). */
  idempotencyKey?: string;
}

export interface PeriodRow {
  id: number;
  kind: PeriodKind;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Adds premium days to a member, inside the caller's transaction. The member's row is locked first
 * so two purchases finishing at once line up one after the other instead of overlapping.
 */
export async function addPeriod(tx: Executor, p: NewPeriod, now: Date): Promise<PeriodRow> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${p.userId} FOR NO KEY UPDATE`);
  const { rows } = await tx.execute<{ chain_end: Date | null; first_reserved: Date | null }>(sql`
    SELECT max(ends_at) FILTER (WHERE ends_at > ${now}) AS chain_end,
           min(starts_at) FILTER (WHERE kind = 'reserve' AND starts_at > ${now}) AS first_reserved
    FROM premium_periods WHERE user_id = ${p.userId} AND revoked_at IS NULL`);
  const state = rows[0];
  const chain: ChainState = {
    chainEnd: state?.chain_end ? new Date(state.chain_end) : null,
    firstReserved: state?.first_reserved ? new Date(state.first_reserved) : null,
  };
  const place = placePeriod(chain, p.kind, p.days, now);
  if (place.shiftReserved) {
    // Whole seconds: `interval 'n days'` would follow the session's time zone across DST changes.
    await tx.execute(sql`
      UPDATE premium_periods
      SET starts_at = starts_at + ${p.days * 86_400} * interval '1 second', ends_at = ends_at + ${p.days * 86_400} * interval '1 second'
      WHERE user_id = ${p.userId} AND kind = 'reserve' AND starts_at > ${now} AND revoked_at IS NULL`);
  }
  const inserted = await tx.execute<{ id: number; kind: PeriodKind; starts_at: Date; ends_at: Date }>(sql`
    INSERT INTO premium_periods (user_id, plan_id, plan_name, kind, days, starts_at, ends_at, payment_id, gift_id, reason, granted_by, idempotency_key)
    VALUES (${p.userId}, ${p.planId}, ${p.planName}, ${place.kind}, ${p.days}, ${place.startsAt}, ${place.endsAt}, ${p.paymentId ?? null}, ${p.giftId ?? null},
            ${p.reason ?? null}, ${p.grantedBy ?? null}, ${p.idempotencyKey ?? null})
    RETURNING id, kind, starts_at, ends_at`);
  const row = inserted.rows[0]!;
  return { id: row.id, kind: row.kind, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) };
}

export interface RevokedPeriod {
  id: number;
  userId: number;
  startsAt: Date;
  endsAt: Date;
  revokedAt: Date;
  /** The part not used yet, in milliseconds: the member's later periods moved this much earlier. */
  unusedMs: number;
  /** How many later periods moved. */
  moved: number;
}

/**
 * Ends a period (a refund, a withdrawn gift), inside the caller's transaction. The rule, exactly:
 * the period stops counting at `now` (`revoked_at`); the part of it not used yet — its end minus
 * the later of its start and now, nothing for a period already over — is taken out of the chain,
 * so every later period of the member (those starting at or after its end) moves earlier by that
 * length. The days used before `now` stay used; the member's `until` shrinks by exactly the unused
 * part, and a period waiting after it starts at once. Answers null when the period does not exist
 * or was already revoked (nothing changes then).
 */
export async function revokePeriod(tx: Executor, periodId: number, now: Date): Promise<RevokedPeriod | null> {
  const owner = await tx.execute<{ user_id: number }>(sql`SELECT user_id FROM premium_periods WHERE id = ${periodId}`);
  const userId = owner.rows[0]?.user_id;
  if (userId === undefined) return null;
  // The same lock as addPeriod: a purchase finishing meanwhile lines up after the change, not across it.
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  const revoked = await tx.execute<{ starts_at: Date; ends_at: Date; revoked_at: Date; unused_ms: string | number }>(sql`
    UPDATE premium_periods SET revoked_at = ${now}
    WHERE id = ${periodId} AND revoked_at IS NULL
    RETURNING starts_at, ends_at, revoked_at,
              greatest(0, extract(epoch FROM ends_at - greatest(starts_at, revoked_at)) * 1000) AS unused_ms`);
  const row = revoked.rows[0];
  if (!row) return null;
  // Whole seconds times a count, as in addPeriod: an interval of days would follow the session's time zone.
  const moved = await tx.execute(sql`
    UPDATE premium_periods q
    SET starts_at = q.starts_at - d.shift, ends_at = q.ends_at - d.shift
    FROM (SELECT ends_at, extract(epoch FROM ends_at - greatest(starts_at, revoked_at)) * interval '1 second' AS shift
          FROM premium_periods WHERE id = ${periodId}) d
    WHERE q.user_id = ${userId} AND q.id <> ${periodId} AND q.revoked_at IS NULL
      AND q.starts_at >= d.ends_at AND d.shift > interval '0'`);
  return {
    id: periodId,
    userId,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    revokedAt: new Date(row.revoked_at),
    unusedMs: Math.round(Number(row.unused_ms)),
    moved: moved.rowCount ?? 0,
  };
}
