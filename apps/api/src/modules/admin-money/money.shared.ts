import { adminRequestId, type AdminGift, type AdminPayment, type AdminPaymentEvent, type GiftState, type PaymentKind, type PaymentStatus } from '@parde/contract';
import { z } from 'zod';
import { defineAuditLabels } from '../admin/audit';
import { iso, isoOrNull } from '../../db/executor';
import { kindLabels, refundedLabel, statusLabels } from '../payments/payments.messages';
import { formatGiftCode } from '../premium/gifts';
import type { GiftListRow, PaymentListRow } from './admin-money.repository';

defineAuditLabels({
  'plan.create': 'ساختن طرح اشتراک',
  'plan.update': 'ویرایش طرح اشتراک',
  'plan.delete': 'حذف طرح اشتراک',
  'discount.create': 'ساختن کد تخفیف',
  'discount.update': 'ویرایش کد تخفیف',
  'gift.issue': 'صدور کد هدیه',
  'gift.disable': 'غیرفعال کردن کد هدیه',
  'payment.refund': 'بازپرداخت پرداخت',
});

/** What a payment's history says, for people. */
export const paymentEventLabels: Record<string, string> = {
  created: 'ساخته شد',
  sent_to_gateway: 'به درگاه فرستاده شد',
  callback: 'پرداخت‌کننده از درگاه بازگشت',
  verified: 'بانک پرداخت را تأیید کرد',
  paid_in_full_by_discount: 'با کد تخفیف رایگان شد',
  last_check_before_expiry: 'بررسی پایانی پیش از بستن',
  superseded: 'با پرداخت تازه‌تری جایگزین شد',
  failed: 'ناموفق شد',
  cancelled: 'لغو شد',
  expired: 'مهلتش به پایان رسید',
  refunded: 'بازپرداخت‌شده علامت خورد',
};

export function toAdminPayment(r: PaymentListRow): AdminPayment {
  const kind = r.kind as PaymentKind;
  const status = r.status as PaymentStatus;
  return {
    id: r.id,
    kind,
    kindLabel: kindLabels[kind] ?? r.kind,
    status,
    statusLabel: r.refunded_at ? refundedLabel : (statusLabels[status] ?? r.status),
    refundedAt: isoOrNull(r.refunded_at),
    refundReason: r.refund_reason,
    member: { id: r.user_id, name: r.user_name, email: r.user_email },
    plan: { id: r.plan_id, name: r.plan_name, days: r.days },
    baseAmount: r.base_amount,
    discountAmount: r.discount_amount,
    discountCode: r.discount_code,
    amount: r.amount,
    gateway: r.gateway,
    authority: r.authority,
    refId: r.ref_id,
    cardPan: r.card_pan,
    failureReason: r.failure_reason,
    giftRecipientEmail: r.gift_recipient_email,
    createdAt: iso(r.created_at),
    paidAt: isoOrNull(r.paid_at),
  };
}

export function toAdminPaymentEvent(e: { id: number; fromStatus: string | null; toStatus: string; event: string; detail: Record<string, unknown>; createdAt: Date }): AdminPaymentEvent {
  return {
    id: e.id,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    event: e.event,
    eventLabel: paymentEventLabels[e.event] ?? e.event,
    detail: e.detail,
    createdAt: iso(e.createdAt),
  };
}

export const giftStateOf = (g: { redeemed_at: unknown; disabled_at: unknown }): GiftState => (g.redeemed_at ? 'redeemed' : g.disabled_at ? 'disabled' : 'unused');

export function toAdminGift(g: GiftListRow): AdminGift {
  return {
    id: g.id,
    code: formatGiftCode(g.code),
    origin: g.payment_id !== null ? 'bought' : 'issued',
    state: giftStateOf(g),
    planId: g.plan_id,
    planName: g.plan_name,
    days: g.days,
    giver: g.giver_id !== null ? { id: g.giver_id, name: g.giver_name ?? '', email: g.giver_email ?? '' } : null,
    paymentId: g.payment_id,
    issuedBy: g.issued_by !== null ? { id: g.issued_by, name: g.issuer_name ?? '' } : null,
    reason: g.reason,
    recipientEmail: g.recipient_email,
    redeemedBy: g.redeemed_by !== null ? { id: g.redeemed_by, name: g.redeemer_name ?? '', email: g.redeemer_email ?? '' } : null,
    redeemedAt: isoOrNull(g.redeemed_at),
    disabledAt: isoOrNull(g.disabled_at),
    createdAt: iso(g.created_at),
  };
}

/** The `Idempotency-Key` header a form may send (other headers pass through untouched). */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': adminRequestId.optional() });

/** A submit's key: the `Idempotency-Key` header, or else the body's `request_id`. */
export function requestKey(headers: Record<string, unknown>, bodyId: string | undefined): string | null {
  const header = headers['idempotency-key'];
  return (typeof header === 'string' && header.trim()) || bodyId || null;
}
