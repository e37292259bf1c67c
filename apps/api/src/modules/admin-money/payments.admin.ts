import { Readable } from 'node:stream';
import type { AdminPaymentDetail, AdminPaymentQuery, AdminRefundResult } from '@parde/contract';
import { toJalali, tehranWallTime } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import { kindLabels, refundedLabel, statusLabels } from '../payments/payments.messages';
import { PaymentsRepository } from '../payments/payments.repository';
import { DAY_MS, revokePeriod, type RevokedPeriod } from '../premium/periods';
import { giftOfPayment } from './gifts.admin';
import { AdminMoneyRepository, type PaymentFilter, type PaymentListRow } from './admin-money.repository';
import { toAdminPayment, toAdminPaymentEvent } from './money.shared';

export type { PaymentFilter } from './admin-money.repository';

const repo = new PaymentsRepository();
const money = new AdminMoneyRepository();

/** Payments, newest first/** Payments, newest first, with the member who paid. */
export async function listPayments(db: Executor, q: AdminPaymentQuery) {
  const { rows, total } = await money.payments(db, q, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toAdminPayment), meta: pageMeta(q.page, q.per_page, total) };
}

/** A member's newest payments, for the member page. */
export async function paymentsOfMember(db: Executor, userId: number, limit = 50) {
  return (await money.paymentsOfMember(db, userId, limit)).map(toAdminPayment);
}

/** One payment with its whole history, and what it bought. */
export async function paymentDetail(db: Executor, id: number): Promise<AdminPaymentDetail> {
  const row = await money.payment(db, id);
  if (!row) throw new AppError('PAYMENT_NOT_FOUND', 404);
  const [events, period, gift] = await Promise.all([
    repo.events(db, id),
    money.periodOfPayment(db, id),
    giftOfPayment(db, id),
  ]);
  const p = period;
  return {
    ...toAdminPayment(row),
    events: events.map(toAdminPaymentEvent),
    period: p ? { id: p.id, startsAt: iso(p.startsAt), endsAt: iso(p.endsAt), revokedAt: isoOrNull(p.revokedAt) } : null,
    gift,
  };
}

/**
 * Marks a paid payment refunded (the money itself goes back through the bank's panel) and ends what
 * it bought, in one transaction with its history event and audit entry:
 * - join / reserve: its period is revoked; the unused part leaves the member's chain (see `revokePeriod`).
 * - gift: an unused code is disabled; a redeemed one has the redeemer's period revoked the same way.
 * The discount code use it made stays used. A second refund is a 409 and changes nothing.
 */
export async function refundPayment(db: Db, actor: AuditActor, id: number, reason: string, now = new Date()): Promise<AdminRefundResult> {
  return db.transaction(async (tx) => {
    const payment = await money.markRefunded(tx, id, now, reason);
    if (!payment) {
      const found = await repo.byId(tx, id);
      if (!found) throw new AppError('PAYMENT_NOT_FOUND', 404);
      throw new AppError(found.refundedAt ? 'PAYMENT_ALREADY_REFUNDED' : 'PAYMENT_NOT_PAID', 409);
    }

    let revoked: RevokedPeriod | null = null;
    let disabledGiftId: number | null = null;
    if (payment.kind === 'gift') {
      // Locked first: a redemption running now either finished (its period is there to revoke) or waits and then finds the code withdrawn.
      const g = await money.lockGiftOfPayment(tx, id);
      if (g && !g.redeemedAt && !g.disabledAt) {
        await money.setGiftDisabled(tx, g.id, now);
        disabledGiftId = g.id;
      } else if (g?.redeemedAt) {
        const period = await money.periodOfGift(tx, g.id);
        if (period) revoked = await revokePeriod(tx, period.id, now);
      }
    } else {
      const period = await money.periodOfPayment(tx, id);
      if (period) revoked = await revokePeriod(tx, period.id, now);
    }
    const removedDays = revoked ? Math.round((revoked.unusedMs / DAY_MS) * 100) / 100 : 0;
    const outcome = { revokedPeriodId: revoked?.id ?? null, removedDays, disabledGiftId, movedPeriods: revoked?.moved ?? 0 };

    await repo.event(tx, id, { from: 'paid', to: 'paid', event: 'refunded', detail: { reason, by: actor.id, ...outcome } });
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      entity: 'payment',
      entityId: id,
      before: { status: 'paid', refundedAt: null },
      after: { status: 'paid', refundedAt: now.toISOString(), refundReason: reason, memberId: payment.userId, ...outcome },
    });
    return { payment: await paymentDetail(tx, id), revokedPeriodId: outcome.revokedPeriodId, removedDays, disabledGiftId };
  });
}

// ── CSV ───────────────────────────────────────────────────────────────────────────────────────

const CSV_BATCH = 500;

/** A cell as Excel reads it: quoted when needed, and a leading = + - @ kept as text, not run as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let s = value;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `1405/09/02 14:30` in Tehran's time, with Latin digits so spreadsheets sort it. */
export function jalaliCell(date: Date | string | null): string {
  if (!date) return '';
  const wall = tehranWallTime(date);
  const j = toJalali({ gy: wall.gy, gm: wall.gm, gd: wall.gd });
  return `${j.jy}/${pad2(j.jm)}/${pad2(j.jd)} ${pad2(wall.hour)}:${pad2(wall.minute)}`;
}

export const csvHeader = [
  'شناسه',
  'تاریخ (شمسی)',
  'تاریخ (ISO)',
  'شناسهٔ عضو',
  'نام عضو',
  'ایمیل عضو',
  'نوع',
  'طرح',
  'روزها',
  'مبلغ پایه (تومان)',
  'تخفیف (تومان)',
  'کد تخفیف',
  'مبلغ (تومان)',
  'وضعیت',
  'درگاه',
  'شمارهٔ پیگیری',
  'تاریخ پرداخت (شمسی)',
  'تاریخ پرداخت (ISO)',
  'تاریخ بازپرداخت (ISO)',
  'دلیل بازپرداخت',
];

function csvRow(r: PaymentListRow): string {
  const status = r.refundedAt ? refundedLabel : (statusLabels[r.status as keyof typeof statusLabels] ?? r.status);
  return [
    r.id,
    jalaliCell(r.createdAt),
    iso(r.createdAt),
    r.userId,
    r.userName,
    r.userEmail,
    kindLabels[r.kind as keyof typeof kindLabels] ?? r.kind,
    r.planName,
    r.days,
    r.baseAmount,
    r.discountAmount,
    r.discountCode,
    r.amount,
    status,
    r.gateway,
    r.refId,
    jalaliCell(r.paidAt),
    isoOrNull(r.paidAt),
    isoOrNull(r.refundedAt),
    r.refundReason,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * The payments of a filter as CSV, newest first: a UTF-8 BOM (so Excel reads Persian), a header,
 * then rows fetched a batch at a time by id — never the whole export in memory.
 */
export function paymentsCsv(db: Executor, q: PaymentFilter): Readable {
  async function* lines() {
    yield `\uFEFF${csvHeader.map(csvCell).join(',')}\r\n`;
    let before: number | null = null;
    for (;;) {
      const rows: PaymentListRow[] = await money.paymentsBatch(db, q, before, CSV_BATCH);
      if (rows.length === 0) return;
      yield rows.map((r) => `${csvRow(r)}\r\n`).join('');
      if (rows.length < CSV_BATCH) return;
      before = rows.at(-1)!.id;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
