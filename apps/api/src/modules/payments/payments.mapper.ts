import type { Payment, PaymentKind, PaymentStatus } from '@parde/contract';
import { iso, isoOrNull } from '../../db/executor';
import { formatGiftCode } from '../premium/gifts';
import { kindLabels, refundedLabel, statusLabels } from './payments.messages';
import type { ReceiptRow } from './payments.repository';

/** A payment as its receipt shows it; never the row itself (no authority, no internal codes). */
export function toPayment({ payment: p, period, gift }: ReceiptRow): Payment {
  const kind = p.kind as PaymentKind;
  const status = p.status as PaymentStatus;
  return {
    id: p.id,
    kind,
    kindLabel: kindLabels[kind],
    plan: { id: p.planId, name: p.planName, days: p.days },
    baseAmount: p.baseAmount,
    discountAmount: p.discountAmount,
    discountCode: p.discountCode,
    amount: p.amount,
    status,
    // Refunded by an operator: still a paid payment, but what it bought has ended.
    statusLabel: p.refundedAt ? refundedLabel : statusLabels[status],
    gateway: p.gateway,
    refId: p.refId,
    cardPan: p.cardPan,
    failureReason: p.failureReason,
    createdAt: iso(p.createdAt),
    paidAt: isoOrNull(p.paidAt),
    profileName: p.profileName,
    period: period ? { startsAt: iso(period.startsAt), endsAt: iso(period.endsAt) } : null,
    gift: gift ? { id: gift.id, code: formatGiftCode(gift.code), redeemed: gift.redeemedAt !== null } : null,
  };
}
