import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { premiumPeriods } from '../../db/schema/index';
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

/** 'grant': days an operator gave by hand; placed like a join. */
export type PeriodKind = 'join' | 'reserve' | 'gift' | 'grant';

/** A premium period not over yet, as the status reads it. */
export type LivePeriod = {
  id: number;
  plan_name: string;
  kind: PeriodKind;
  days: number;
  starts_at: Date;
  ends_at: Date;
};

/** The member's premium periods that end after `now` and were not revoked, in the order they run. */
export function livePeriods(db: Executor, userId: number, now: Date): Promise<LivePeriod[]> {
  return db
    .select({
      id: premiumPeriods.id,
      plan_name: premiumPeriods.planName,
      kind: premiumPeriods.kind,
      days: premiumPeriods.days,
      starts_at: premiumPeriods.startsAt,
      ends_at: premiumPeriods.endsAt,
    })
    .from(premiumPeriods)
    .where(and(eq(premiumPeriods.userId, userId), gt(premiumPeriods.endsAt, now), isNull(premiumPeriods.revokedAt)))
    .orderBy(asc(premiumPeriods.startsAt), asc(premiumPeriods.id)) as Promise<LivePeriod[]>;
}

/** Whether a period runs at `now` (a reserved plan counts from its own start). */
export async function hasRunningPeriod(db: Executor, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: premiumPeriods.id })
    .from(premiumPeriods)
    .where(and(eq(premiumPeriods.userId, userId), gt(premiumPeriods.endsAt, now), lte(premiumPeriods.startsAt, now), isNull(premiumPeriods.revokedAt)))
    .limit(1);
  return rows.length > 0;
}
