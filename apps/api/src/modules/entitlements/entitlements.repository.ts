import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';

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
export async function livePeriods(db: Executor, userId: number, now: Date): Promise<LivePeriod[]> {
  const { rows } = await db.execute<LivePeriod>(sql`
    SELECT id, plan_name, kind, days, starts_at, ends_at FROM premium_periods
    WHERE user_id = ${userId} AND ends_at > ${now} AND revoked_at IS NULL ORDER BY starts_at, id`);
  return rows;
}

/** Whether a period runs at `now` (a reserved plan counts from its own start). */
export async function hasRunningPeriod(db: Executor, userId: number, now: Date): Promise<boolean> {
  const { rows } = await db.execute<{ active: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM premium_periods WHERE user_id = ${userId} AND ends_at > ${now} AND starts_at <= ${now} AND revoked_at IS NULL) AS active`);
  return rows[0]?.active === true;
}
