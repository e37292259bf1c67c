import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { discountCodes, discountRedemptions, giftCodes, paymentEvents, payments, premiumPeriods, users } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type DiscountRow = typeof discountCodes.$inferSelect;
export type NewDiscountRow = typeof discountCodes.$inferInsert;
export type PaymentStatusValue = 'pending' | 'verifying' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** A payment with what it bought, for receipts. */
export interface ReceiptRow {
  payment: PaymentRow;
  period: { startsAt: Date; endsAt: Date } | null;
  gift: { id: number; code: string; redeemedAt: Date | null } | null;
}

const receiptColumns = {
  payment: payments,
  periodStartsAt: premiumPeriods.startsAt,
  periodEndsAt: premiumPeriods.endsAt,
  giftId: giftCodes.id,
  giftCode: giftCodes.code,
  giftRedeemedAt: giftCodes.redeemedAt,
};

type ReceiptSelect = { payment: PaymentRow; periodStartsAt: Date | null; periodEndsAt: Date | null; giftId: number | null; giftCode: string | null; giftRedeemedAt: Date | null };

const toReceipt = (r: ReceiptSelect): ReceiptRow => ({
  payment: r.payment,
  period: r.periodStartsAt && r.periodEndsAt ? { startsAt: r.periodStartsAt, endsAt: r.periodEndsAt } : null,
  gift: r.giftId !== null && r.giftCode !== null ? { id: r.giftId, code: r.giftCode, redeemedAt: r.giftRedeemedAt } : null,
});

export class PaymentsRepository {
  async insert(tx: Executor, values: NewPaymentRow): Promise<PaymentRow> {
    const [row] = await tx.insert(payments).values(values).returning();
    return row!;
  }

  /** Appends to the payment's history; every state change writes one, in its own transaction. */
  async event(tx: Executor, paymentId: number, e: { from: string | null; to: string; event: string; detail?: Record<string, unknown> }): Promise<void> {
    await tx.insert(paymentEvents).values({ paymentId, fromStatus: e.from, toStatus: e.to, event: e.event, detail: e.detail ?? {} });
  }

  async byId(db: Executor, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  /** Moves a payment between states only from the states given: the one who moves it wins, the rest see nothing. */
  async transition(tx: Executor, id: number, from: PaymentStatusValue[], to: PaymentStatusValue, set: Partial<NewPaymentRow> = {}): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ ...set, status: to, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), inArray(payments.status, from)))
      .returning();
    return row;
  }

  /** Claims a pending payment for verification when the gateway's Authority matches it. */
  async claimForVerify(tx: Executor, id: number, authority: string): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ status: 'verifying', verifyAttempts: sql`${payments.verifyAttempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending'), eq(payments.authority, authority)))
      .returning();
    return row;
  }

  /** A payment left in verification (the process stopped, or the gateway did not answer) is retried by the jobs. */
  async reclaimStuck(tx: Executor, id: number, seenAttempts: number): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ verifyAttempts: sql`${payments.verifyAttempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), eq(payments.status, 'verifying'), eq(payments.verifyAttempts, seenAttempts)))
      .returning();
    return row;
  }

  async setAuthority(tx: Executor, id: number, authority: string): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ authority, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending'), sql`${payments.authority} IS NULL`))
      .returning();
    return row;
  }

  async receipt(db: Executor, id: number, userId: number): Promise<ReceiptRow | undefined> {
    const [row] = await db
      .select(receiptColumns)
      .from(payments)
      .leftJoin(premiumPeriods, eq(premiumPeriods.paymentId, payments.id))
      .leftJoin(giftCodes, eq(giftCodes.paymentId, payments.id))
      .where(and(eq(payments.id, id), eq(payments.userId, userId)));
    return row ? toReceipt(row) : undefined;
  }

  async receipts(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: ReceiptRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select(receiptColumns)
        .from(payments)
        .leftJoin(premiumPeriods, eq(premiumPeriods.paymentId, payments.id))
        .leftJoin(giftCodes, eq(giftCodes.paymentId, payments.id))
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)),
    ]);
    return { rows: rows.map(toReceipt), total: total!.n };
  }

  async events(db: Executor, paymentId: number) {
    return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.id);
  }

  /** The payer's name, for a gift's mail. */
  async userName(db: Executor, userId: number): Promise<string | null> {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  /** For the jobs: pending payments opened before `before`, oldest first. */
  pendingSince(db: Executor, before: Date, limit: number): Promise<{ id: number; authority: string | null }[]> {
    return db
      .select({ id: payments.id, authority: payments.authority })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, before)))
      .orderBy(asc(payments.id))
      .limit(limit);
  }

  /** For the jobs: payments in verification not touched since `before`, oldest first. */
  verifyingSince(db: Executor, before: Date, limit: number): Promise<{ id: number; verifyAttempts: number }[]> {
    return db
      .select({ id: payments.id, verifyAttempts: payments.verifyAttempts })
      .from(payments)
      .where(and(eq(payments.status, 'verifying'), lt(payments.updatedAt, before)))
      .orderBy(asc(payments.id))
      .limit(limit);
  }
}

/** Discount codes, their cap and their uses (one per member), always inside a purchase's transaction. */
export class DiscountsRepository {
  /** The code's row, locked until the transaction ends: its cap holds under concurrent purchases. */
  async lockByCode(tx: Executor, code: string): Promise<DiscountRow | undefined> {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update');
    return row;
  }

  /** The member's use of the code, with the status of the payment holding it. */
  async heldBy(tx: Executor, discountId: number, userId: number): Promise<{ paymentId: number; status: string } | undefined> {
    const [row] = await tx
      .select({ paymentId: discountRedemptions.paymentId, status: payments.status })
      .from(discountRedemptions)
      .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
      .where(and(eq(discountRedemptions.discountCodeId, discountId), eq(discountRedemptions.userId, userId)));
    return row;
  }

  /** Counts a use against the cap and ties it to the payment. */
  async hold(tx: Executor, discountId: number, userId: number, paymentId: number): Promise<void> {
    await tx.insert(discountRedemptions).values({ discountCodeId: discountId, userId, paymentId });
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
      .where(eq(discountCodes.id, discountId));
  }

  /** Gives back the use the payment held, if any. */
  async release(tx: Executor, paymentId: number): Promise<void> {
    const released = await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, paymentId)).returning({ discountCodeId: discountRedemptions.discountCodeId });
    for (const r of released) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
        .where(and(eq(discountCodes.id, r.discountCodeId), gt(discountCodes.usedCount, 0)));
    }
  }

  async insert(db: Executor, values: NewDiscountRow): Promise<DiscountRow> {
    const [row] = await db.insert(discountCodes).values(values).returning();
    return row!;
  }
}
