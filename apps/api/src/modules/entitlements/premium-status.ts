import type { PremiumStatus } from '@parde/contract';
import type { Executor } from '../../db/executor';
import { hasRunningPeriod, livePeriods, type LivePeriod } from './entitlements.repository';

export type { PeriodKind } from './entitlements.repository';

/**
 * A member's premium status, read from their premium periods. It sits here, below the premium
 * module's purchases, gifts and grants (premium/periods.ts writes the periods), because the
 * account page, the player's gate and the panel read it too.
 */

/** A premium day is 24 hours: Iran keeps no daylight saving, so days never stretch or shrink. */
export const DAY_MS = 86_400_000;

/** The dashboard's view of a member's premium at an instant. */
export async function premiumStatus(db: Executor, userId: number, now: Date): Promise<PremiumStatus> {
  return summarize(await livePeriods(db, userId, now), now);
}

export function summarize(rows: LivePeriod[], now: Date): PremiumStatus {
  const periods = rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) }));
  const active = periods.some((p) => p.starts_at <= now && p.ends_at > now);
  if (!active) return { active: false, activeUntil: null, daysLeft: 0, reserved: [], premiumUntil: null };
  const reserved = periods.filter((p) => p.kind === 'reserve' && p.starts_at > now);
  const premiumUntil = periods.reduce((max, p) => (p.ends_at > max ? p.ends_at : max), periods[0]!.ends_at);
  const activeUntil = reserved[0]?.starts_at ?? premiumUntil;
  return {
    active: true,
    activeUntil: activeUntil.toISOString(),
    daysLeft: Math.ceil((activeUntil.getTime() - now.getTime()) / DAY_MS),
    reserved: reserved.map((p) => ({ id: p.id, planName: p.plan_name, days: p.days, startsAt: p.starts_at.toISOString(), endsAt: p.ends_at.toISOString() })),
    premiumUntil: premiumUntil.toISOString(),
  };
}

/** Whether the member is premium at the instant (a reserved plan counts from its own start). */
export function isPremium(db: Executor, userId: number, now: Date): Promise<boolean> {
  return hasRunningPeriod(db, userId, now);
}

/** `premium` of `GET /api/user`: active, and until when premium lasts with reserved plans counted. */
export async function premiumState(db: Executor, userId: number, now = new Date()): Promise<{ active: boolean; until: string | null }> {
  const s = await premiumStatus(db, userId, now);
  return { active: s.active, until: s.premiumUntil };
}
