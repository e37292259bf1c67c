import type { Executor } from '../../db/executor';
import { DAY_MS, type PeriodKind } from '../entitlements/premium-status';
import { PremiumRepository } from './premium.repository';

const repo = new PremiumRepository();

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
  await repo.lockMember(tx, p.userId);
  const chain: ChainState = await repo.chainState(tx, p.userId, now);
  const place = placePeriod(chain, p.kind, p.days, now);
  if (place.shiftReserved) await repo.shiftReserved(tx, p.userId, p.days, now);
  const row = await repo.insertPeriod(tx, {
    userId: p.userId,
    planId: p.planId,
    planName: p.planName,
    kind: place.kind,
    days: p.days,
    startsAt: place.startsAt,
    endsAt: place.endsAt,
    paymentId: p.paymentId ?? null,
    giftId: p.giftId ?? null,
    reason: p.reason ?? null,
    grantedBy: p.grantedBy ?? null,
    idempotencyKey: p.idempotencyKey ?? null,
  });
  return { id: row.id, kind: row.kind as PeriodKind, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
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
  const userId = await repo.periodOwner(tx, periodId);
  if (userId === undefined) return null;
  // The same lock as addPeriod: a purchase finishing meanwhile lines up after the change, not across it.
  await repo.lockMember(tx, userId);
  const row = await repo.revokePeriod(tx, periodId, now);
  if (!row) return null;
  const moved = await repo.closeGapAfter(tx, userId, periodId);
  return { id: periodId, userId, ...row, moved };
}
