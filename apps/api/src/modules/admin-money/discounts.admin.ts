import type { AdminDiscount, AdminDiscountInput, AdminDiscountQuery, AdminDiscountUpdate, DiscountKind } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { iso, isoOrNull, pageMeta, pgCode, pgCodes, type Executor } from '../../db/executor';
import { normalizeDiscountCode } from '../payments/discounts';
import { AdminMoneyRepository, type DiscountRow } from './admin-money.repository';

const repo = new AdminMoneyRepository();

function toAdminDiscount(d: DiscountRow, paid: number, now: Date): AdminDiscount {
  return {
    id: d.id,
    code: d.code,
    kind: d.kind as DiscountKind,
    value: d.value,
    expiresAt: isoOrNull(d.expiresAt),
    maxUses: d.maxUses,
    usedCount: d.usedCount,
    paidUses: paid,
    isActive: d.isActive,
    usable: d.isActive && (!d.expiresAt || d.expiresAt > now) && (d.maxUses === null || d.usedCount < d.maxUses),
    createdAt: iso(d.createdAt),
  };
}

const snapshot = (d: DiscountRow) => ({ code: d.code, kind: d.kind, value: d.value, expiresAt: isoOrNull(d.expiresAt), maxUses: d.maxUses, isActive: d.isActive });

const fieldError = (field: string, message: string) => AppError.validation({ [field]: [message] }, message);

async function one(db: Executor, id: number, now: Date): Promise<AdminDiscount> {
  const row = (await repo.discount(db, id))!;
  return toAdminDiscount(row.d, row.paid, now);
}

/** Discount codes, newest first, with how often each was used (held by pending payments, and paid). */
export async function listDiscounts(db: Executor, q: AdminDiscountQuery, now = new Date()) {
  const filter = { code: q.q ? normalizeDiscountCode(q.q) : undefined, active: q.active ? q.active === 'true' : undefined };
  const { rows, total } = await repo.discounts(db, filter, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map((r) => toAdminDiscount(r.d, r.paid, now)), meta: pageMeta(q.page, q.per_page, total) };
}

function checkExpiry(expiresAt: string | null | undefined, now: Date): Date | null | undefined {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const d = new Date(expiresAt);
  if (d <= now) throw fieldError('expires_at', 'تاریخ انقضا باید در آینده باشد.');
  return d;
}

export async function createDiscount(db: Db, actor: AuditActor, input: AdminDiscountInput, now = new Date()): Promise<AdminDiscount> {
  const code = normalizeDiscountCode(input.code);
  if (!/^[A-Z0-9_]{3,40}$/.test(code)) throw fieldError('code', 'کد تخفیف دست‌کم سه حرف یا رقم لاتین لازم دارد.');
  const expiresAt = checkExpiry(input.expires_at, now) ?? null;
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertDiscount(tx, { code, kind: input.kind, value: input.value, expiresAt, maxUses: input.max_uses ?? null, isActive: input.is_active });
      await recordAudit(tx, actor, { action: 'discount.create', entity: 'discount', entityId: row.id, before: null, after: snapshot(row) });
      return one(tx, row.id, now);
    });
  } catch (err) {
    if (pgCode(err) === pgCodes.unique) throw fieldError('code', 'کد تخفیفی با همین نوشته پیش‌تر ساخته شده است.');
    throw err;
  }
}

/**
 * Changes a code's terms (the code itself stays: members may have it written down). Payments made
 * with it keep the amount they were charged. Deactivating is `is_active: false`.
 */
export async function updateDiscount(db: Db, actor: AuditActor, id: number, patch: AdminDiscountUpdate, now = new Date()): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    // Locked like a purchase locks it, so a cap lowered here and a use counted there do not cross.
    const before = await repo.lockDiscount(tx, id);
    if (!before) throw new AppError('DISCOUNT_NOT_FOUND', 404);
    const kind = patch.kind ?? before.kind;
    const value = patch.value ?? before.value;
    if (kind === 'percent' && value > 100) throw fieldError('value', 'تخفیف درصدی باید بین ۱ تا ۱۰۰ باشد.');
    const maxUses = patch.max_uses === undefined ? before.maxUses : patch.max_uses;
    if (maxUses !== null && maxUses < before.usedCount) {
      throw fieldError('max_uses', `این کد تاکنون ${toPersianDigits(before.usedCount)} بار به کار رفته است؛ ظرفیت نمی‌تواند کمتر از آن باشد.`);
    }
    const expiresAt = patch.expires_at === undefined ? before.expiresAt : (checkExpiry(patch.expires_at, now) ?? null);
    const next = { kind, value, maxUses, expiresAt, isActive: patch.is_active ?? before.isActive };
    const after = await repo.updateDiscount(tx, id, next);
    const changed = JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(after!));
    if (changed) await recordAudit(tx, actor, { action: 'discount.update', entity: 'discount', entityId: id, before: snapshot(before), after: snapshot(after!) });
    return one(tx, id, now);
  });
}
