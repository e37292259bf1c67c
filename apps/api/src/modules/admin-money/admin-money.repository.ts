import type { AdminPaymentQuery } from '@parde/contract';
import { toLatinDigits } from '@parde/persian';
import { and, asc, desc, eq, gte, isNotNull, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { discountCodes, giftCodes, payments, plans, premiumPeriods, users } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type DiscountRow = typeof discountCodes.$inferSelect;
export type NewDiscountRow = typeof discountCodes.$inferInsert;
export type GiftRow = typeof giftCodes.$inferSelect;
export type PeriodRow = typeof premiumPeriods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewGiftRow = typeof giftCodes.$inferInsert;

/** A plan with how many payments it has, and how many of them are paid and not refunded. */
export type CountedPlanRow = PlanRow & { payments: number; paid: number };

/** A payment with the member who paid, as the panel lists it. */
export type PaymentListRow = Pick<
  PaymentRow,
  | 'id'
  | 'userId'
  | 'planId'
  | 'kind'
  | 'planName'
  | 'days'
  | 'baseAmount'
  | 'discountAmount'
  | 'amount'
  | 'discountCode'
  | 'gateway'
  | 'authority'
  | 'status'
  | 'refId'
  | 'cardPan'
  | 'failureReason'
  | 'giftRecipientEmail'
  | 'createdAt'
  | 'paidAt'
  | 'refundedAt'
  | 'refundReason'
> & { userName: string; userEmail: string };

/** A gift code with the people around it: who bought, issued and redeemed it. */
export type GiftListRow = Pick<
  GiftRow,
  'id' | 'code' | 'planId' | 'planName' | 'days' | 'giverId' | 'paymentId' | 'issuedBy' | 'reason' | 'recipientEmail' | 'redeemedBy' | 'redeemedAt' | 'disabledAt' | 'createdAt'
> & { giverName: string | null; giverEmail: string | null; issuerName: string | null; redeemerName: string | null; redeemerEmail: string | null };

export type PaymentFilter = Omit<AdminPaymentQuery, 'page' | 'per_page'>;
export type GiftFilter = { origin?: 'bought' | 'issued'; state?: 'unused' | 'redeemed' | 'disabled'; code?: string; text?: string };

/** `LIKE` patterns match the text as typed: its own `%`, `_` and `\` are not wildcards. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const planCounts = {
  // Spelled out: inside a select list the column would lose its table and mean the payment's own id.
  payments: sql<number>`(SELECT count(*)::int FROM payments pay WHERE pay.plan_id = "plans"."id")`,
  paid: sql<number>`(SELECT count(*)::int FROM payments pay WHERE pay.plan_id = "plans"."id" AND pay.status = 'paid' AND pay.refunded_at IS NULL)`,
};

// Spelled out: inside a select list the column would lose its table and mean the redemption's own column.
const paidUses = sql<number>`(SELECT count(*)::int FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
  WHERE r.discount_code_id = "discount_codes"."id" AND p.status = 'paid')`;

// The members around a gift code, each a join of users under its own name.
const giver = alias(users, 'giver');
const issuer = alias(users, 'issuer');
const redeemer = alias(users, 'redeemer');

const giftListColumns = {
  id: giftCodes.id,
  code: giftCodes.code,
  planId: giftCodes.planId,
  planName: giftCodes.planName,
  days: giftCodes.days,
  giverId: giftCodes.giverId,
  giverName: giver.name,
  giverEmail: giver.email,
  paymentId: giftCodes.paymentId,
  issuedBy: giftCodes.issuedBy,
  issuerName: issuer.name,
  reason: giftCodes.reason,
  recipientEmail: giftCodes.recipientEmail,
  redeemedBy: giftCodes.redeemedBy,
  redeemerName: redeemer.name,
  redeemerEmail: redeemer.email,
  redeemedAt: giftCodes.redeemedAt,
  disabledAt: giftCodes.disabledAt,
  createdAt: giftCodes.createdAt,
};

const giftList = (db: Executor) =>
  db
    .select(giftListColumns)
    .from(giftCodes)
    .leftJoin(giver, eq(giver.id, giftCodes.giverId))
    .leftJoin(issuer, eq(issuer.id, giftCodes.issuedBy))
    .leftJoin(redeemer, eq(redeemer.id, giftCodes.redeemedBy));

/** What the list, the member page and the CSV export show of a payment, with the member who paid. */
const paymentListColumns = {
  id: payments.id,
  userId: payments.userId,
  userName: users.name,
  userEmail: users.email,
  planId: payments.planId,
  kind: payments.kind,
  planName: payments.planName,
  days: payments.days,
  baseAmount: payments.baseAmount,
  discountAmount: payments.discountAmount,
  amount: payments.amount,
  discountCode: payments.discountCode,
  gateway: payments.gateway,
  authority: payments.authority,
  status: payments.status,
  refId: payments.refId,
  cardPan: payments.cardPan,
  failureReason: payments.failureReason,
  giftRecipientEmail: payments.giftRecipientEmail,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  refundedAt: payments.refundedAt,
  refundReason: payments.refundReason,
};

/** The filter of the list and of the CSV export, as conditions on payments and the member who paid. */
function paymentConditions(q: PaymentFilter): SQL[] {
  const where: SQL[] = [];
  if (q.status === 'refunded') where.push(isNotNull(payments.refundedAt));
  else if (q.status === 'paid') where.push(and(eq(payments.status, 'paid'), isNull(payments.refundedAt))!);
  else if (q.status) where.push(eq(payments.status, q.status));
  if (q.kind) where.push(eq(payments.kind, q.kind));
  if (q.user_id) where.push(eq(payments.userId, q.user_id));
  if (q.gateway) where.push(eq(payments.gateway, q.gateway));
  // Tehran's calendar days, both ends included, whatever the session's time zone.
  if (q.from) where.push(gte(payments.createdAt, sql`(${q.from}::date)::timestamp AT TIME ZONE 'Asia/Tehran'`));
  if (q.to) where.push(lt(payments.createdAt, sql`(${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tehran'`));
  if (q.q) {
    const text = toLatinDigits(q.q).trim();
    const asId = /^\d{1,9}$/.test(text) ? Number(text) : null;
    where.push(or(like(users.email, `%${likeEscape(text.toLowerCase())}%`), eq(payments.refId, text), asId !== null ? eq(payments.id, asId) : undefined)!);
  }
  return where;
}

/** Plans, discount codes, gift codes and payments as the admins' money pages read and change them. */
export class AdminMoneyRepository {
  // ---- plans

  async countedPlan(db: Executor, id: number): Promise<CountedPlanRow | undefined> {
    const [row] = await db
      .select({ plan: plans, ...planCounts })
      .from(plans)
      .where(eq(plans.id, id));
    return row ? { ...row.plan, payments: row.payments, paid: row.paid } : undefined;
  }

  /** Every plan, in the order members see them. */
  async countedPlans(db: Executor): Promise<CountedPlanRow[]> {
    const rows = await db
      .select({ plan: plans, ...planCounts })
      .from(plans)
      .orderBy(asc(plans.sortOrder), asc(plans.days), asc(plans.id));
    return rows.map((r) => ({ ...r.plan, payments: r.payments, paid: r.paid }));
  }

  async plan(db: Executor, id: number): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    return row;
  }

  /** The plan locked until the transaction ends: a purchase starting meanwhile (its payment points at the plan) waits. */
  async lockPlan(tx: Executor, id: number): Promise<PlanRow | undefined> {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    return row;
  }

  async insertPlan(tx: Executor, values: NewPlanRow): Promise<PlanRow> {
    const [row] = await tx.insert(plans).values(values).returning();
    return row!;
  }

  async updatePlan(tx: Executor, id: number, set: Partial<NewPlanRow>): Promise<PlanRow | undefined> {
    const [row] = await tx
      .update(plans)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    return row;
  }

  async planPaymentCount(db: Executor, id: number): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.planId, id));
    return row!.n;
  }

  async deletePlan(tx: Executor, id: number): Promise<void> {
    await tx.delete(plans).where(eq(plans.id, id));
  }

  // ---- discount codes

  /** A code with how many paid payments used it. */
  async discount(db: Executor, id: number): Promise<{ d: DiscountRow; paid: number } | undefined> {
    const [row] = await db
      .select({ d: discountCodes, paid: paidUses })
      .from(discountCodes)
      .where(eq(discountCodes.id, id));
    return row;
  }

  /** Codes, newest first, whose code holds `code` (normalised) and of the activity given. */
  async discounts(db: Executor, f: { code?: string; active?: boolean }, limit: number, offset: number): Promise<{ rows: { d: DiscountRow; paid: number }[]; total: number }> {
    const where: SQL[] = [];
    if (f.code) where.push(like(discountCodes.code, `%${likeEscape(f.code)}%`));
    if (f.active !== undefined) where.push(eq(discountCodes.isActive, f.active));
    const cond = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({ d: discountCodes, paid: paidUses })
        .from(discountCodes)
        .where(cond)
        .orderBy(desc(discountCodes.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(discountCodes).where(cond),
    ]);
    return { rows, total: total!.n };
  }

  async insertDiscount(tx: Executor, values: NewDiscountRow): Promise<DiscountRow> {
    const [row] = await tx.insert(discountCodes).values(values).returning();
    return row!;
  }

  /** The code locked like a purchase locks it, so a cap lowered here and a use counted there do not cross. */
  async lockDiscount(tx: Executor, id: number): Promise<DiscountRow | undefined> {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    return row;
  }

  async updateDiscount(tx: Executor, id: number, set: Partial<NewDiscountRow>): Promise<DiscountRow | undefined> {
    const [row] = await tx.update(discountCodes).set(set).where(eq(discountCodes.id, id)).returning();
    return row;
  }

  // ---- gift codes

  async giftById(db: Executor, id: number): Promise<GiftListRow | undefined> {
    const [row] = await giftList(db).where(eq(giftCodes.id, id));
    return row;
  }

  async giftOfPayment(db: Executor, paymentId: number): Promise<GiftListRow | undefined> {
    const [row] = await giftList(db).where(eq(giftCodes.paymentId, paymentId));
    return row;
  }

  /** Gift codes, newest first; `code` (normalised) or `text` (lower case, in an email) finds them. */
  async gifts(db: Executor, f: GiftFilter, limit: number, offset: number): Promise<{ rows: GiftListRow[]; total: number }> {
    const where: SQL[] = [];
    if (f.origin === 'bought') where.push(isNotNull(giftCodes.paymentId));
    if (f.origin === 'issued') where.push(isNull(giftCodes.paymentId));
    if (f.state === 'unused') where.push(and(isNull(giftCodes.redeemedAt), isNull(giftCodes.disabledAt))!);
    if (f.state === 'redeemed') where.push(isNotNull(giftCodes.redeemedAt));
    if (f.state === 'disabled') where.push(isNotNull(giftCodes.disabledAt));
    if (f.text !== undefined) {
      const text = `%${likeEscape(f.text)}%`;
      where.push(
        or(
          f.code ? like(giftCodes.code, `%${likeEscape(f.code)}%`) : sql`false`,
          like(giver.email, text),
          like(redeemer.email, text),
          like(giftCodes.recipientEmail, text),
        )!,
      );
    }
    const cond = and(...where);
    const [rows, [counted]] = await Promise.all([
      giftList(db).where(cond).orderBy(desc(giftCodes.id)).limit(limit).offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(giftCodes)
        .leftJoin(giver, eq(giver.id, giftCodes.giverId))
        .leftJoin(redeemer, eq(redeemer.id, giftCodes.redeemedBy))
        .where(cond),
    ]);
    return { rows, total: counted!.n };
  }

  async gift(db: Executor, id: number): Promise<GiftRow | undefined> {
    const [row] = await db.select().from(giftCodes).where(eq(giftCodes.id, id));
    return row;
  }

  /** The code an admin issued with this request id, if any. */
  async issuedWithKey(db: Executor, adminId: number, key: string): Promise<GiftRow | undefined> {
    const [row] = await db
      .select()
      .from(giftCodes)
      .where(and(eq(giftCodes.issuedBy, adminId), eq(giftCodes.idempotencyKey, key)));
    return row;
  }

  /** Nothing on conflict (a drawn code that exists, or the same request id issued meanwhile): undefined. */
  async insertGiftUnlessTaken(tx: Executor, values: NewGiftRow): Promise<GiftRow | undefined> {
    const [row] = await tx.insert(giftCodes).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Withdraws a code nobody redeemed or withdrew yet; false when there is none such. */
  async disableUnusedGift(tx: Executor, id: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(giftCodes)
      .set({ disabledAt: at })
      .where(and(eq(giftCodes.id, id), sql`${giftCodes.redeemedAt} IS NULL`, sql`${giftCodes.disabledAt} IS NULL`))
      .returning({ id: giftCodes.id });
    return rows.length > 0;
  }

  /** The gift a payment bought, locked: a redemption running now either finished or waits. */
  async lockGiftOfPayment(tx: Executor, paymentId: number): Promise<Pick<GiftRow, 'id' | 'redeemedAt' | 'disabledAt'> | undefined> {
    const [row] = await tx
      .select({ id: giftCodes.id, redeemedAt: giftCodes.redeemedAt, disabledAt: giftCodes.disabledAt })
      .from(giftCodes)
      .where(eq(giftCodes.paymentId, paymentId))
      .for('update');
    return row;
  }

  async setGiftDisabled(tx: Executor, id: number, at: Date): Promise<void> {
    await tx.update(giftCodes).set({ disabledAt: at }).where(eq(giftCodes.id, id));
  }

  // ---- payments

  async payments(db: Executor, f: PaymentFilter, limit: number, offset: number): Promise<{ rows: PaymentListRow[]; total: number }> {
    const where = and(...paymentConditions(f));
    const [rows, [counted]] = await Promise.all([
      db
        .select(paymentListColumns)
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(where)
        .orderBy(desc(payments.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where),
    ]);
    return { rows, total: counted!.n };
  }

  /** The next batch of the filter's payments, newest first, below the id `before` (null: from the newest). */
  async paymentsBatch(db: Executor, f: PaymentFilter, before: number | null, limit: number): Promise<PaymentListRow[]> {
    const parts = paymentConditions(f);
    if (before !== null) parts.push(lt(payments.id, before));
    return db
      .select(paymentListColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(...parts))
      .orderBy(desc(payments.id))
      .limit(limit);
  }

  async paymentsOfMember(db: Executor, userId: number, limit: number): Promise<PaymentListRow[]> {
    return db
      .select(paymentListColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.id))
      .limit(limit);
  }

  async payment(db: Executor, id: number): Promise<PaymentListRow | undefined> {
    const [row] = await db.select(paymentListColumns).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.id, id));
    return row;
  }

  /** The period a payment bought. */
  async periodOfPayment(db: Executor, paymentId: number): Promise<Pick<PeriodRow, 'id' | 'startsAt' | 'endsAt' | 'revokedAt'> | undefined> {
    const [row] = await db
      .select({ id: premiumPeriods.id, startsAt: premiumPeriods.startsAt, endsAt: premiumPeriods.endsAt, revokedAt: premiumPeriods.revokedAt })
      .from(premiumPeriods)
      .where(eq(premiumPeriods.paymentId, paymentId));
    return row;
  }

  /** The period a redeemed gift code gave. */
  async periodOfGift(db: Executor, giftId: number): Promise<{ id: number } | undefined> {
    const [row] = await db.select({ id: premiumPeriods.id }).from(premiumPeriods).where(eq(premiumPeriods.giftId, giftId));
    return row;
  }

  /** Marks a paid payment refunded, once: undefined when it is not paid or already refunded. */
  async markRefunded(tx: Executor, id: number, at: Date, reason: string): Promise<Pick<PaymentRow, 'id' | 'kind' | 'userId'> | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ refundedAt: at, refundReason: reason, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), eq(payments.status, 'paid'), isNull(payments.refundedAt)))
      .returning({ id: payments.id, kind: payments.kind, userId: payments.userId });
    return row;
  }
}
