import type { AdminPlan, AdminPlanInput, AdminPlanUpdate } from '@parde/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema/index';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { iso, pgCode, pgCodes, type Executor } from '../../db/executor';
import { planPrice, type PlanRow } from '../premium/plans';

const counts = {
  // Spelled out: inside a select list the column would lose its table and mean the payment's own id.
  payments: sql<number>`(SELECT count(*)::int FROM payments pay WHERE pay.plan_id = "plans"."id")`,
  paid: sql<number>`(SELECT count(*)::int FROM payments pay WHERE pay.plan_id = "plans"."id" AND pay.status = 'paid' AND pay.refunded_at IS NULL)`,
};

type Counted = PlanRow & { payments: number; paid: number };

function toAdminPlan(p: Counted): AdminPlan {
  return {
    id: p.id,
    name: p.name,
    days: p.days,
    price: p.price,
    discountedPrice: p.discountedPrice,
    finalPrice: planPrice(p),
    features: p.features,
    isActive: p.isActive,
    sortOrder: p.sortOrder,
    payments: p.payments,
    paid: p.paid,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

/** What the audit log keeps of a plan. */
const snapshot = (p: PlanRow) => ({
  name: p.name,
  days: p.days,
  price: p.price,
  discountedPrice: p.discountedPrice,
  features: p.features,
  isActive: p.isActive,
  sortOrder: p.sortOrder,
});

async function counted(db: Executor, id: number): Promise<AdminPlan> {
  const [row] = await db
    .select({ plan: plans, ...counts })
    .from(plans)
    .where(eq(plans.id, id));
  return toAdminPlan({ ...row!.plan, payments: row!.payments, paid: row!.paid });
}

/** Every plan, on sale or not, in the order members see them, with how many payments each has. */
export async function listPlans(db: Executor): Promise<AdminPlan[]> {
  const rows = await db
    .select({ plan: plans, ...counts })
    .from(plans)
    .orderBy(asc(plans.sortOrder), asc(plans.days), asc(plans.id));
  return rows.map((r) => toAdminPlan({ ...r.plan, payments: r.payments, paid: r.paid }));
}

export async function createPlan(db: Db, actor: AuditActor, input: AdminPlanInput): Promise<AdminPlan> {
  const plan = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(plans)
      .values({
        name: input.name,
        days: input.days,
        price: input.price,
        discountedPrice: input.discounted_price,
        features: input.features,
        isActive: input.is_active,
        sortOrder: input.sort_order,
      })
      .returning();
    await recordAudit(tx, actor, { action: 'plan.create', entity: 'plan', entityId: row!.id, before: null, after: snapshot(row!) });
    return counted(tx, row!.id);
  });
  return plan;
}

const discountedTooHigh = () => AppError.validation({ discounted_price: ['قیمت با تخفیف باید کمتر از قیمت اصلی باشد.'] }, 'قیمت با تخفیف باید کمتر از قیمت اصلی باشد.');

/**
 * Changes the fields sent. A plan's payments keep the name, days and price they were bought with,
 * so editing (or deactivating) a plan never changes a receipt.
 */
export async function updatePlan(db: Db, actor: AuditActor, id: number, patch: AdminPlanUpdate): Promise<AdminPlan> {
  const plan = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!before) throw new AppError('PLAN_NOT_FOUND', 404);
    const next = {
      name: patch.name ?? before.name,
      days: patch.days ?? before.days,
      price: patch.price ?? before.price,
      discountedPrice: patch.discounted_price === undefined ? before.discountedPrice : patch.discounted_price,
      features: patch.features ?? before.features,
      isActive: patch.is_active ?? before.isActive,
      sortOrder: patch.sort_order ?? before.sortOrder,
    };
    if (next.discountedPrice !== null && next.discountedPrice >= next.price) throw discountedTooHigh();
    if (JSON.stringify(next) === JSON.stringify(snapshot(before))) return counted(tx, id);
    const [after] = await tx
      .update(plans)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'plan.update', entity: 'plan', entityId: id, before: snapshot(before), after: snapshot(after!) });
    return counted(tx, id);
  });
  return plan;
}

/** Deletes a plan nobody ever paid for (or tried to); one with payments can only be deactivated. */
export async function deletePlan(db: Db, actor: AuditActor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Locked: a purchase starting meanwhile (its payment points at the plan) waits, then fails on the foreign key.
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
      if (!before) throw new AppError('PLAN_NOT_FOUND', 404);
      const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payments WHERE plan_id = ${id}`);
      if (rows[0]!.n > 0) throw new AppError('PLAN_HAS_PAYMENTS', 409);
      await tx.delete(plans).where(eq(plans.id, id));
      await recordAudit(tx, actor, { action: 'plan.delete', entity: 'plan', entityId: id, before: snapshot(before), after: null });
    });
  } catch (err) {
    if (pgCode(err) === pgCodes.foreignKey) throw new AppError('PLAN_HAS_PAYMENTS', 409);
    throw err;
  }
}
