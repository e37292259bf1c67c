import { Readable } from 'node:stream';
import type { AdminPaymentDetail, AdminPaymentQuery, AdminRefundResult } from '@parde/contract';
import { toJalali, tehranWallTime, toLatinDigits } from '@parde/persian';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import { kindLabels, refundedLabel, statusLabels } from '../payments/payments.messages';
import { PaymentsRepository } from '../payments/payments.repository';
import { DAY_MS, revokePeriod, type RevokedPeriod } from '../premium/periods';
import { giftOfPayment } from './gifts.admin';
import { likeEscape, toAdminPayment, toAdminPaymentEvent, type PaymentListRow } from './money.shared';

const repo = new PaymentsRepository();

const paymentSelect = sql`
  SELECT p.id, p.user_id, u.name AS user_name, u.email AS user_email, p.plan_id, p.kind, p.plan_name, p.days,
         p.base_amount, p.discount_amount, p.amount, p.discount_code, p.gateway, p.authority, p.status, p.ref_id,
         p.card_pan, p.failure_reason, p.gift_recipient_email, p.created_at, p.paid_at, p.refunded_at, p.refund_reason
  FROM payments p JOIN users u ON u.id = p.user_id`;

export type PaymentFilter = Omit<AdminPaymentQuery, 'page' | 'per_page'>;

/** The filter of the list and of the CSV export, as SQL conditions on `p` (payments) and `u` (users). */
function conditions(q: PaymentFilter): SQL[] {
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

/** Payments, newest first, with the member who paid. */
export async function listPayments(db: Executor, q: AdminPaymentQuery) {
  const where = whereOf(conditions(q));
  const [list, counted] = await Promise.all([
    db.execute<PaymentListRow>(sql`${paymentSelect} ${where} ORDER BY p.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payments p JOIN users u ON u.id = p.user_id ${where}`),
  ]);
  return { data: list.rows.map(toAdminPayment), meta: pageMeta(q.page, q.per_page, counted.rows[0]!.n) };
}

/** A member's newest payments, for the member page. */
export async function paymentsOfMember(db: Executor, userId: number, limit = 50) {
  const { rows } = await db.execute<PaymentListRow>(sql`${paymentSelect} WHERE p.user_id = ${userId} ORDER BY p.id DESC LIMIT ${limit}`);
  return rows.map(toAdminPayment);
}

/** One payment with its whole history, and what it bought. */
export async function paymentDetail(db: Executor, id: number): Promise<AdminPaymentDetail> {
  const { rows } = await db.execute<PaymentListRow>(sql`${paymentSelect} WHERE p.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('PAYMENT_NOT_FOUND', 404);
  const [events, period, gift] = await Promise.all([
    repo.events(db, id),
    db.execute<{ id: number; starts_at: Date; ends_at: Date; revoked_at: Date | null }>(sql`SELECT id, starts_at, ends_at, revoked_at FROM premium_periods WHERE payment_id = ${id}`),
    giftOfPayment(db, id),
  ]);
  const p = period.rows[0];
  return {
    ...toAdminPayment(row),
    events: events.map(toAdminPaymentEvent),
    period: p ? { id: p.id, startsAt: iso(p.starts_at), endsAt: iso(p.ends_at), revokedAt: isoOrNull(p.revoked_at) } : null,
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
    const { rows } = await tx.execute<{ id: number; kind: string; user_id: number }>(sql`
      UPDATE payments SET refunded_at = ${now}, refund_reason = ${reason}, updated_at = now()
      WHERE id = ${id} AND status = 'paid' AND refunded_at IS NULL
      RETURNING id, kind, user_id`);
    const payment = rows[0];
    if (!payment) {
      const found = await repo.byId(tx, id);
      if (!found) throw new AppError('PAYMENT_NOT_FOUND', 404);
      throw new AppError(found.refundedAt ? 'PAYMENT_ALREADY_REFUNDED' : 'PAYMENT_NOT_PAID', 409);
    }

    let revoked: RevokedPeriod | null = null;
    let disabledGiftId: number | null = null;
    if (payment.kind === 'gift') {
      // Locked first: a redemption running now either finished (its period is there to revoke) or waits and then finds the code withdrawn.
      const gift = await tx.execute<{ id: number; redeemed_at: Date | null; disabled_at: Date | null }>(
        sql`SELECT id, redeemed_at, disabled_at FROM gift_codes WHERE payment_id = ${id} FOR UPDATE`,
      );
      const g = gift.rows[0];
      if (g && !g.redeemed_at && !g.disabled_at) {
        await tx.execute(sql`UPDATE gift_codes SET disabled_at = ${now} WHERE id = ${g.id}`);
        disabledGiftId = g.id;
      } else if (g?.redeemed_at) {
        const period = await tx.execute<{ id: number }>(sql`SELECT id FROM premium_periods WHERE gift_id = ${g.id}`);
        if (period.rows[0]) revoked = await revokePeriod(tx, period.rows[0].id, now);
      }
    } else {
      const period = await tx.execute<{ id: number }>(sql`SELECT id FROM premium_periods WHERE payment_id = ${id}`);
      if (period.rows[0]) revoked = await revokePeriod(tx, period.rows[0].id, now);
    }
    const removedDays = revoked ? Math.round((revoked.unusedMs / DAY_MS) * 100) / 100 : 0;
    const outcome = { revokedPeriodId: revoked?.id ?? null, removedDays, disabledGiftId, movedPeriods: revoked?.moved ?? 0 };

    await repo.event(tx, id, { from: 'paid', to: 'paid', event: 'refunded', detail: { reason, by: actor.id, ...outcome } });
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      entity: 'payment',
      entityId: id,
      before: { status: 'paid', refundedAt: null },
      after: { status: 'paid', refundedAt: now.toISOString(), refundReason: reason, memberId: payment.user_id, ...outcome },
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
  const status = r.refunded_at ? refundedLabel : (statusLabels[r.status as keyof typeof statusLabels] ?? r.status);
  return [
    r.id,
    jalaliCell(r.created_at),
    iso(r.created_at),
    r.user_id,
    r.user_name,
    r.user_email,
    kindLabels[r.kind as keyof typeof kindLabels] ?? r.kind,
    r.plan_name,
    r.days,
    r.base_amount,
    r.discount_amount,
    r.discount_code,
    r.amount,
    status,
    r.gateway,
    r.ref_id,
    jalaliCell(r.paid_at),
    isoOrNull(r.paid_at),
    isoOrNull(r.refunded_at),
    r.refund_reason,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * The payments of a filter as CSV, newest first: a UTF-8 BOM (so Excel reads Persian), a header,
 * then rows fetched a batch at a time by id — never the whole export in memory.
 */
export function paymentsCsv(db: Executor, q: PaymentFilter): Readable {
  const base = conditions(q);
  async function* lines() {
    yield `\uFEFF${csvHeader.map(csvCell).join(',')}\r\n`;
    let before: number | null = null;
    for (;;) {
      const parts: SQL[] = before === null ? base : [...base, sql`p.id < ${before}`];
      const { rows }: { rows: PaymentListRow[] } = await db.execute<PaymentListRow>(sql`${paymentSelect} ${whereOf(parts)} ORDER BY p.id DESC LIMIT ${CSV_BATCH}`);
      if (rows.length === 0) return;
      yield rows.map((r) => `${csvRow(r)}\r\n`).join('');
      if (rows.length < CSV_BATCH) return;
      before = rows.at(-1)!.id;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
