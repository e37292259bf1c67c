import type { AdminDiscount, AdminDiscountInput, AdminDiscountQuery, AdminDiscountUpdate, DiscountKind } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes } from '../../db/schema/index';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { iso, isoOrNull, pageMeta, pgCode, pgCodes, type Executor } from '../../db/executor';
import { normalizeDiscountCode, type DiscountRow } from '../payments/discounts';
import { likeEscape } from './money.shared';

// Spelled out: inside a select list the column would lose its table and mean the redemption's own column.
const paidUses = sql<number>`(SELECT count(*)::int FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
  WHERE r.discount_code_id = "discount_codes"."id" AND p.status = 'paid')`;

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
  const [row] = await db
    .select({ d: discountCodes, paid: paidUses })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  return toAdminDiscount(row!.d, row!.paid, now);
}

/** Discount codes, newest first, with how often each was used (held by pending payments, and paid). */
export async function listDiscounts(db: Executor, q: AdminDiscountQuery, now = new Date()) {
  const where: SQL[] = [];
  if (q.q) where.push(like(discountCodes.code, `%${likeEscape(normalizeDiscountCode(q.q))}%`));
  if (q.active) where.push(eq(discountCodes.isActive, q.active === 'true'));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: discountCodes, paid: paidUses })
      .from(discountCodes)
      .where(cond)
      .orderBy(desc(discountCodes.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(discountCodes).where(cond),
  ]);
  return { data: rows.map((r) => toAdminDiscount(r.d, r.paid, now)), meta: pageMeta(q.page, q.per_page, total!.n) };
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
      const [row] = await tx
        .insert(discountCodes)
        .values({ code, kind: input.kind, value: input.value, expiresAt, maxUses: input.max_uses ?? null, isActive: input.is_active })
        .returning();
      await recordAudit(tx, actor, { action: 'discount.create', entity: 'discount', entityId: row!.id, before: null, after: snapshot(row!) });
      return one(tx, row!.id, now);
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
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
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
    const [after] = await tx.update(discountCodes).set(next).where(eq(discountCodes.id, id)).returning();
    const changed = JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(after!));
    if (changed) await recordAudit(tx, actor, { action: 'discount.update', entity: 'discount', entityId: id, before: snapshot(before), after: snapshot(after!) });
    return one(tx, id, now);
  });
}
