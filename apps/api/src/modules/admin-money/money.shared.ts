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
    statusLabel: r.refundedAt ? refundedLabel : (statusLabels[status] ?? r.status),
    refundedAt: isoOrNull(r.refundedAt),
    refundReason: r.refundReason,
    member: { id: r.userId, name: r.userName, email: r.userEmail },
    plan: { id: r.planId, name: r.planName, days: r.days },
    baseAmount: r.baseAmount,
    discountAmount: r.discountAmount,
    discountCode: r.discountCode,
    amount: r.amount,
    gateway: r.gateway,
    authority: r.authority,
    refId: r.refId,
    cardPan: r.cardPan,
    failureReason: r.failureReason,
    giftRecipientEmail: r.giftRecipientEmail,
    createdAt: iso(r.createdAt),
    paidAt: isoOrNull(r.paidAt),
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

export const giftStateOf = (g: { redeemedAt: unknown; disabledAt: unknown }): GiftState => (g.redeemedAt ? 'redeemed' : g.disabledAt ? 'disabled' : 'unused');

export function toAdminGift(g: GiftListRow): AdminGift {
  return {
    id: g.id,
    code: formatGiftCode(g.code),
    origin: g.paymentId !== null ? 'bought' : 'issued',
    state: giftStateOf(g),
    planId: g.planId,
    planName: g.planName,
    days: g.days,
    giver: g.giverId !== null ? { id: g.giverId, name: g.giverName ?? '', email: g.giverEmail ?? '' } : null,
    paymentId: g.paymentId,
    issuedBy: g.issuedBy !== null ? { id: g.issuedBy, name: g.issuerName ?? '' } : null,
    reason: g.reason,
    recipientEmail: g.recipientEmail,
    redeemedBy: g.redeemedBy !== null ? { id: g.redeemedBy, name: g.redeemerName ?? '', email: g.redeemerEmail ?? '' } : null,
    redeemedAt: isoOrNull(g.redeemedAt),
    disabledAt: isoOrNull(g.disabledAt),
    createdAt: iso(g.createdAt),
  };
}

/** The `Idempotency-Key` header a form may send (other headers pass through untouched). */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': adminRequestId.optional() });

/** A submit's key: the `Idempotency-Key` header, or else the body's `request_id`. */
export function requestKey(headers: Record<string, unknown>, bodyId: string | undefined): string | null {
  const header = headers['idempotency-key'];
  return (typeof header === 'string' && header.trim()) || bodyId || null;
}
