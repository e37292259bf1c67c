import type { AdminPlan, AdminPlanInput, AdminPlanUpdate } from '@parde/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { iso, pgCode, pgCodes, type Executor } from '../../db/executor';
import { planPrice } from '../premium/plans';
import { AdminMoneyRepository, type CountedPlanRow, type PlanRow } from './admin-money.repository';

const repo = new AdminMoneyRepository();

function toAdminPlan(p: CountedPlanRow): AdminPlan {
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
  return toAdminPlan((await repo.countedPlan(db, id))!);
}

/** Every plan, on sale or not, in the order members see them, with how many payments each has. */
export async function listPlans(db: Executor): Promise<AdminPlan[]> {
  return (await repo.countedPlans(db)).map(toAdminPlan);
}

export async function createPlan(db: Db, actor: AuditActor, input: AdminPlanInput): Promise<AdminPlan> {
  const plan = await db.transaction(async (tx) => {
    const row = await repo.insertPlan(tx, {
      name: input.name,
      days: input.days,
      price: input.price,
      discountedPrice: input.discounted_price,
      features: input.features,
      isActive: input.is_active,
      sortOrder: input.sort_order,
    });
    await recordAudit(tx, actor, { action: 'plan.create', entity: 'plan', entityId: row.id, before: null, after: snapshot(row) });
    return counted(tx, row.id);
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
    const before = await repo.lockPlan(tx, id);
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
    const after = await repo.updatePlan(tx, id, next);
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
      const before = await repo.lockPlan(tx, id);
      if (!before) throw new AppError('PLAN_NOT_FOUND', 404);
      if ((await repo.planPaymentCount(tx, id)) > 0) throw new AppError('PLAN_HAS_PAYMENTS', 409);
      await repo.deletePlan(tx, id);
      await recordAudit(tx, actor, { action: 'plan.delete', entity: 'plan', entityId: id, before: snapshot(before), after: null });
    });
  } catch (err) {
    if (pgCode(err) === pgCodes.foreignKey) throw new AppError('PLAN_HAS_PAYMENTS', 409);
    throw err;
  }
}
