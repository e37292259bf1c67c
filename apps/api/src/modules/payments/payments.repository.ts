import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { giftCodes, paymentEvents, payments, premiumPeriods } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
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
}
