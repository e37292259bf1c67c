import type { Plan } from '@parde/contract';
import { and, asc, eq } from 'drizzle-orm';
import { plans } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type PlanRow = typeof plans.$inferSelect;

/** What the member pays for the plan before any discount code. */
export const planPrice = (p: Pick<PlanRow, 'price' | 'discountedPrice'>) => p.discountedPrice ?? p.price;

export const planPaths = {
  plan: (id: number) => `/premium/plans/${id}`,
  join: (id: number) => `/premium/join/${id}`,
};

export function toPlan(p: PlanRow): Plan {
  const finalPrice = planPrice(p);
  return {
    id: p.id,
    name: p.name,
    days: p.days,
    price: p.price,
    discountedPrice: p.discountedPrice,
    finalPrice,
    discountPercent: p.discountedPrice === null ? null : Math.floor(((p.price - p.discountedPrice) * 100) / p.price),
    monthlyPrice: Math.round((finalPrice * 30) / p.days),
    features: p.features,
    isActive: p.isActive,
    path: planPaths.plan(p.id),
    joinPath: planPaths.join(p.id),
  };
}

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
}
