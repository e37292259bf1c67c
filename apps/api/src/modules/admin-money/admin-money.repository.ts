import type { AdminPaymentQuery } from '@parde/contract';
import { toLatinDigits } from '@parde/persian';
import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { discountCodes, giftCodes, payments, plans, premiumPeriods } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;
export type DiscountRow = typeof discountCodes.$inferSelect;
export type NewDiscountRow = typeof discountCodes.$inferInsert;
export type GiftRow = typeof giftCodes.$inferSelect;
export type PeriodRow = typeof premiumPeriods.$inferSelect;
export type NewGiftRow = typeof giftCodes.$inferInsert;

/** A plan with how many payments it has, and how many of them are paid and not refunded. */
export type CountedPlanRow = PlanRow & { payments: number; paid: number };

/** A payment with the member who paid, as the panel lists it. */
export type PaymentListRow = {
  id: number;
  user_id: number;
  user_name: string;
  user_email: string;
  plan_id: number;
  kind: string;
  plan_name: string;
  days: number;
  base_amount: number;
  discount_amount: number;
  amount: number;
  discount_code: string | null;
  gateway: string;
  authority: string | null;
  status: string;
  ref_id: string | null;
  card_pan: string | null;
  failure_reason: string | null;
  gift_recipient_email: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  refunded_at: Date | string | null;
  refund_reason: string | null;
};

/** A gift code with the people around it: who bought, issued and redeemed it. */
export type GiftListRow = {
  id: number;
  code: string;
  plan_id: number | null;
  plan_name: string;
  days: number;
  giver_id: number | null;
  giver_name: string | null;
  giver_email: string | null;
  payment_id: number | null;
  issued_by: number | null;
  issuer_name: string | null;
  reason: string | null;
  recipient_email: string | null;
  redeemed_by: number | null;
  redeemer_name: string | null;
  redeemer_email: string | null;
  redeemed_at: Date | string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
};

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

// Hand-written: three joins of users under their own names.
const giftSelect = sql`
  SELECT g.id, g.code, g.plan_id, g.plan_name, g.days, g.giver_id, giver.name AS giver_name, giver.email AS giver_email,
         g.payment_id, g.issued_by, issuer.name AS issuer_name, g.reason, g.recipient_email,
         g.redeemed_by, redeemer.name AS redeemer_name, redeemer.email AS redeemer_email, g.redeemed_at, g.disabled_at, g.created_at
  FROM gift_codes g
  LEFT JOIN users giver ON giver.id = g.giver_id
  LEFT JOIN users issuer ON issuer.id = g.issued_by
  LEFT JOIN users redeemer ON redeemer.id = g.redeemed_by`;

// Hand-written: the list, the member page and the CSV export share one projection and filter.
const paymentSelect = sql`
  SELECT p.id, p.user_id, u.name AS user_name, u.email AS user_email, p.plan_id, p.kind, p.plan_name, p.days,
         p.base_amount, p.discount_amount, p.amount, p.discount_code, p.gateway, p.authority, p.status, p.ref_id,
         p.card_pan, p.failure_reason, p.gift_recipient_email, p.created_at, p.paid_at, p.refunded_at, p.refund_reason
  FROM payments p JOIN users u ON u.id = p.user_id`;

/** The filter of the list and of the CSV export, as SQL conditions on `p` (payments) and `u` (users). */
function paymentConditions(q: PaymentFilter): SQL[] {
  const where: SQL[] = [];
  if (q.status === 'refunded') where.push(sql`p.refunded_at IS NOT NULL`);
  else if (q.status === 'paid') where.push(sql`p.status = 'paid' AND p.refunded_at IS NULL`);
  else if (q.status) where.push(sql`p.status = ${q.status}`);
  if (q.kind) where.push(sql`p.kind = ${q.kind}`);
  if (q.user_id) where.push(sql`p.user_id = ${q.user_id}`);
  if (q.gateway) where.push(sql`p.gateway = ${q.gateway}`);
  // Tehran's calendar days, both ends included, whatever the session's time zone.
  if (q.from) where.push(sql`p.created_at >= (${q.from}::date)::timestamp AT TIME ZONE 'Asia/Tehran'`);
  if (q.to) where.push(sql`p.created_at < (${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tehran'`);
  if (q.q) {
    const text = toLatinDigits(q.q).trim();
    const asId = /^\d{1,9}$/.test(text) ? Number(text) : null;
    where.push(sql`(u.email LIKE ${`%${likeEscape(text.toLowerCase())}%`} OR p.ref_id = ${text}${asId !== null ? sql` OR p.id = ${asId}` : sql``})`);
  }
  return where;
}

const whereOf = (parts: SQL[]) => (parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``);

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
    const { rows } = await db.execute<GiftListRow>(sql`${giftSelect} WHERE g.id = ${id}`);
    return rows[0];
  }

  async giftOfPayment(db: Executor, paymentId: number): Promise<GiftListRow | undefined> {
    const { rows } = await db.execute<GiftListRow>(sql`${giftSelect} WHERE g.payment_id = ${paymentId}`);
    return rows[0];
  }

  /** Gift codes, newest first; `code` (normalised) or `text` (lower case, in an email) finds them. */
  async gifts(db: Executor, f: GiftFilter, limit: number, offset: number): Promise<{ rows: GiftListRow[]; total: number }> {
    const where: SQL[] = [];
    if (f.origin === 'bought') where.push(sql`g.payment_id IS NOT NULL`);
    if (f.origin === 'issued') where.push(sql`g.payment_id IS NULL`);
    if (f.state === 'unused') where.push(sql`g.redeemed_at IS NULL AND g.disabled_at IS NULL`);
    if (f.state === 'redeemed') where.push(sql`g.redeemed_at IS NOT NULL`);
    if (f.state === 'disabled') where.push(sql`g.disabled_at IS NOT NULL`);
    if (f.text !== undefined) {
      const text = `%${likeEscape(f.text)}%`;
      where.push(
        sql`(${f.code ? sql`g.code LIKE ${`%${likeEscape(f.code)}%`}` : sql`false`}
          OR giver.email LIKE ${text} OR redeemer.email LIKE ${text} OR g.recipient_email LIKE ${text})`,
      );
    }
    const cond = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    const [list, counted] = await Promise.all([
      db.execute<GiftListRow>(sql`${giftSelect} ${cond} ORDER BY g.id DESC LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM gift_codes g
        LEFT JOIN users giver ON giver.id = g.giver_id LEFT JOIN users redeemer ON redeemer.id = g.redeemed_by ${cond}`),
    ]);
    return { rows: list.rows, total: counted.rows[0]!.n };
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
    const where = whereOf(paymentConditions(f));
    const [list, counted] = await Promise.all([
      db.execute<PaymentListRow>(sql`${paymentSelect} ${where} ORDER BY p.id DESC LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payments p JOIN users u ON u.id = p.user_id ${where}`),
    ]);
    return { rows: list.rows, total: counted.rows[0]!.n };
  }

  /** The next batch of the filter's payments, newest first, below the id `before` (null: from the newest). */
  async paymentsBatch(db: Executor, f: PaymentFilter, before: number | null, limit: number): Promise<PaymentListRow[]> {
    const parts = paymentConditions(f);
    if (before !== null) parts.push(sql`p.id < ${before}`);
    const { rows } = await db.execute<PaymentListRow>(sql`${paymentSelect} ${whereOf(parts)} ORDER BY p.id DESC LIMIT ${limit}`);
    return rows;
  }

  async paymentsOfMember(db: Executor, userId: number, limit: number): Promise<PaymentListRow[]> {
    const { rows } = await db.execute<PaymentListRow>(sql`${paymentSelect} WHERE p.user_id = ${userId} ORDER BY p.id DESC LIMIT ${limit}`);
    return rows;
  }

  async payment(db: Executor, id: number): Promise<PaymentListRow | undefined> {
    const { rows } = await db.execute<PaymentListRow>(sql`${paymentSelect} WHERE p.id = ${id}`);
    return rows[0];
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
  async markRefunded(tx: Executor, id: number, at: Date, reason: string): Promise<{ id: number; kind: string; user_id: number } | undefined> {
    const { rows } = await tx.execute<{ id: number; kind: string; user_id: number }>(sql`
      UPDATE payments SET refunded_at = ${at}, refund_reason = ${reason}, updated_at = now()
      WHERE id = ${id} AND status = 'paid' AND refunded_at IS NULL
      RETURNING id, kind, user_id`);
    return rows[0];
  }
}
