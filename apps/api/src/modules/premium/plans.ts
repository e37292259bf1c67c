import type { Plan } from '@parde/contract';
import type { PlanRow } from './premium.repository';

export type { PlanRow };
export { PlansRepository } from './premium.repository';

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
