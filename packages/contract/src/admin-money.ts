import { z } from 'zod';
import { pageQuery } from './common';
import { plainText } from './member';
import { paymentKind, paymentStatus } from './premium';

/**
 * The panel's money area (`/api/admin/plans`, `/discounts`, `/gifts`, `/payments`): plans, discount
 * codes, gift codes and payments with their history and refunds. Admins only. Money is integer
 * Toman; times ISO 8601 UTC; date filters are Tehran's calendar days (`2026-11-01`).
 */

const id = z.number().int();
const iso = z.string();
const toman = z.number().int();
/** A calendar day PostgreSQL can hold and a person might mean. */
const isoDay = z.iso.date().refine((d) => d >= '1900-01-01' && d <= '2199-12-31', { error: 'تاریخ معتبر نیست.' });
const maxInt = 2_147_483_647;
/** A price in Toman: whole, positive, below a billion. */
const price = z.number().int().min(1).max(1_000_000_000);

/**
 * Why an admin did something by hand: `adminReason`'s rules, with NUL characters dropped (PostgreSQL
 * text cannot hold them).
 */
export const adminMoneyReason = plainText().min(3).max(500);

/** Free text typed into a search box (NUL characters dropped). */
export const adminSearchText = plainText().max(100);

/** A client's id for one submit of a form: the same id twice does the thing once. */
export const adminRequestId = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w.:-]+$/, { error: 'شناسهٔ درخواست فقط از حرف و رقم لاتین، خط تیره و نقطه ساخته می‌شود.' });

// ── Plans ────────────────────────────────────────────────────────────────────────────────────

export const adminPlan = z
  .object({
    id,
    name: z.string(),
    days: z.number().int(),
    price: toman,
    discountedPrice: toman.nullable(),
    /** What a member pays before a discount code. */
    finalPrice: toman,
    features: z.array(z.string()),
    isActive: z.boolean(),
    sortOrder: z.number().int(),
    /** Payments made for the plan (any state) and those paid: a plan with payments is never deleted. */
    payments: z.number().int(),
    paid: z.number().int(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof adminPlan>;

const planFields = {
  name: plainText().min(2).max(60),
  days: z.number().int().min(1).max(3650),
  price,
  discounted_price: price.nullable(),
  features: z.array(plainText().min(2).max(200)).max(20),
  is_active: z.boolean(),
  sort_order: z.number().int().min(-1000).max(1000),
};

/**
 * A plan's fields, each with its own rules and none between two of them (a discounted price below
 * the price is the server's to say): the panel checks its plan form with these before sending.
 */
export const adminPlanFields = z.object(planFields);
export type AdminPlanFields = z.infer<typeof adminPlanFields>;

const discountedBelowPrice = { error: 'قیمت با تخفیف باید کمتر از قیمت اصلی باشد.', path: ['discounted_price'] };

/** `POST /api/admin/plans`. */
export const adminPlanInput = z
  .object({
    ...planFields,
    discounted_price: planFields.discounted_price.optional().default(null),
    features: planFields.features.default([]),
    is_active: planFields.is_active.default(true),
    sort_order: planFields.sort_order.default(0),
  })
  .refine((p) => p.discounted_price === null || p.discounted_price < p.price, discountedBelowPrice);
export type AdminPlanInput = z.infer<typeof adminPlanInput>;

/** `PATCH /api/admin/plans/{id}`: only the fields sent change (deactivating is `is_active: false`). */
export const adminPlanUpdate = z
  .object({
    name: planFields.name,
    days: planFields.days,
    price: planFields.price,
    discounted_price: planFields.discounted_price,
    features: planFields.features,
    is_active: planFields.is_active,
    sort_order: planFields.sort_order,
  })
  .partial()
  .refine((p) => p.discounted_price === undefined || p.discounted_price === null || p.price === undefined || p.discounted_price < p.price, discountedBelowPrice);
export type AdminPlanUpdate = z.infer<typeof adminPlanUpdate>;

// ── Discount codes ───────────────────────────────────────────────────────────────────────────

export const discountKind = z.enum(['percent', 'fixed']);
export type DiscountKind = z.infer<typeof discountKind>;
export const discountKindLabels: Record<DiscountKind, string> = { percent: 'درصدی', fixed: 'مبلغ ثابت' };

export const adminDiscount = z
  .object({
    id,
    code: z.string(),
    kind: discountKind,
    /** 1–100 for percent; Toman for fixed. */
    value: z.number().int(),
    expiresAt: iso.nullable(),
    maxUses: z.number().int().nullable(),
    /** Uses held by pending payments plus uses by paid ones. */
    usedCount: z.number().int(),
    /** Uses by paid payments. */
    paidUses: z.number().int(),
    isActive: z.boolean(),
    /** Whether a member can use it now (active, not expired, not used up). */
    usable: z.boolean(),
    createdAt: iso,
  })
  .meta({ id: 'AdminDiscount' });
export type AdminDiscount = z.infer<typeof adminDiscount>;

const percentAtMost100 = { error: 'تخفیف درصدی باید بین ۱ تا ۱۰۰ باشد.', path: ['value'] };

/** `POST /api/admin/discounts`. The code is stored upper-case with Latin digits. */
export const adminDiscountInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(/^[0-9A-Za-z۰-۹٠-٩_-]+$/, { error: 'کد تخفیف فقط از حرف لاتین، رقم، خط تیره و زیرخط ساخته می‌شود.' }),
    kind: discountKind,
    value: z.number().int().min(1).max(1_000_000_000),
    expires_at: z.iso.datetime({ offset: true }).nullish(),
    max_uses: z.number().int().min(1).max(maxInt).nullish(),
    is_active: z.boolean().default(true),
  })
  .refine((d) => d.kind !== 'percent' || d.value <= 100, percentAtMost100);
export type AdminDiscountInput = z.infer<typeof adminDiscountInput>;

/** `PATCH /api/admin/discounts/{id}`: the code itself stays; deactivating is `is_active: false`. */
export const adminDiscountUpdate = z
  .object({
    kind: discountKind,
    value: z.number().int().min(1).max(1_000_000_000),
    expires_at: z.iso.datetime({ offset: true }).nullable(),
    max_uses: z.number().int().min(1).max(maxInt).nullable(),
    is_active: z.boolean(),
  })
  .partial()
  .refine((d) => d.kind !== 'percent' || d.value === undefined || d.value <= 100, percentAtMost100);
export type AdminDiscountUpdate = z.infer<typeof adminDiscountUpdate>;

export const adminDiscountQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  q: plainText().max(40).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type AdminDiscountQuery = z.infer<typeof adminDiscountQuery>;

// ── Gift codes ───────────────────────────────────────────────────────────────────────────────

export const giftOrigin = z.enum(['bought', 'issued']);
export const giftState = z.enum(['unused', 'redeemed', 'disabled']);
export type GiftState = z.infer<typeof giftState>;
export const giftStateLabels: Record<GiftState, string> = { unused: 'استفاده‌نشده', redeemed: 'استفاده‌شده', disabled: 'غیرفعال' };

const personRef = z.object({ id, name: z.string(), email: z.string() });

export const adminGift = z
  .object({
    id,
    /** Shown in groups of four: ABCD-EFGH-JKLM. */
    code: z.string(),
    origin: giftOrigin,
    state: giftState,
    planId: id.nullable(),
    planName: z.string(),
    days: z.number().int(),
    /** Who bought it (bought codes). */
    giver: personRef.nullable(),
    paymentId: id.nullable(),
    /** Who issued it by hand, and why (issued codes). */
    issuedBy: z.object({ id, name: z.string() }).nullable(),
    reason: z.string().nullable(),
    recipientEmail: z.string().nullable(),
    redeemedBy: personRef.nullable(),
    redeemedAt: iso.nullable(),
    disabledAt: iso.nullable(),
    createdAt: iso,
  })
  .meta({ id: 'AdminGift' });
export type AdminGift = z.infer<typeof adminGift>;

export const adminGiftQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  origin: giftOrigin.optional(),
  state: giftState.optional(),
  /** A code (dashes and spaces ignored) or an email of the giver, the recipient or the redeemer. */
  q: adminSearchText.optional(),
});
export type AdminGiftQuery = z.infer<typeof adminGiftQuery>;

/** `POST /api/admin/gifts`: a code for a plan's days, or for a number of days. */
export const adminGiftIssueInput = z
  .object({
    plan_id: z.number().int().min(1).max(maxInt).nullish(),
    days: z.number().int().min(1).max(3650).nullish(),
    reason: adminMoneyReason,
    recipient_email: z
      .union([z.literal(''), z.string().trim().toLowerCase().max(190).check(z.email())])
      .nullish()
      .transform((s) => (s ? s : null)),
    request_id: adminRequestId.optional(),
  })
  .refine((g) => (g.plan_id ?? null) !== null || (g.days ?? null) !== null, { error: 'یک طرح یا تعداد روزها را انتخاب کنید.', path: ['plan_id'] });
export type AdminGiftIssueInput = z.infer<typeof adminGiftIssueInput>;

// ── Payments ─────────────────────────────────────────────────────────────────────────────────

/** A payment's state for the filter: its status, or `refunded` (paid, then marked refunded). */
export const adminPaymentStatusFilter = z.enum([...paymentStatus.options, 'refunded']);

export const adminPayment = z
  .object({
    id,
    kind: paymentKind,
    kindLabel: z.string(),
    status: paymentStatus,
    statusLabel: z.string(),
    refundedAt: iso.nullable(),
    refundReason: z.string().nullable(),
    member: personRef,
    plan: z.object({ id, name: z.string(), days: z.number().int() }),
    baseAmount: toman,
    discountAmount: toman,
    discountCode: z.string().nullable(),
    amount: toman,
    gateway: z.string(),
    authority: z.string().nullable(),
    refId: z.string().nullable(),
    cardPan: z.string().nullable(),
    failureReason: z.string().nullable(),
    giftRecipientEmail: z.string().nullable(),
    createdAt: iso,
    paidAt: iso.nullable(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPayment>;

export const adminPaymentEvent = z
  .object({
    id,
    fromStatus: z.string().nullable(),
    toStatus: z.string(),
    event: z.string(),
    /** Persian, for people. */
    eventLabel: z.string(),
    detail: z.record(z.string(), z.unknown()),
    createdAt: iso,
  })
  .meta({ id: 'AdminPaymentEvent' });
export type AdminPaymentEvent = z.infer<typeof adminPaymentEvent>;

export const adminPaymentDetail = adminPayment
  .extend({
    events: z.array(adminPaymentEvent),
    /** The premium days it bought (join, reserve), with whether they were revoked. */
    period: z.object({ id, startsAt: iso, endsAt: iso, revokedAt: iso.nullable() }).nullable(),
    /** The gift code it bought. */
    gift: adminGift.nullable(),
  })
  .meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetail>;

export const adminPaymentQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  status: adminPaymentStatusFilter.optional(),
  kind: paymentKind.optional(),
  user_id: z.coerce.number().int().positive().max(maxInt).optional(),
  /** A member's email (or part of it), a payment id, or a bank tracking number. */
  q: adminSearchText.optional(),
  gateway: z
    .string()
    .trim()
    .max(20)
    .regex(/^[a-z_]+$/)
    .optional(),
  /** Tehran's calendar days, both included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AdminPaymentQuery = z.infer<typeof adminPaymentQuery>;

/** `POST /api/admin/payments/{id}/refund`. */
export const adminRefundInput = z.object({ reason: adminMoneyReason });
export type AdminRefundInput = z.infer<typeof adminRefundInput>;

export const adminRefundResult = z
  .object({
    payment: adminPaymentDetail,
    /** What the refund ended: a period revoked (and how many days it took off), a gift code disabled. */
    revokedPeriodId: id.nullable(),
    removedDays: z.number(),
    disabledGiftId: id.nullable(),
  })
  .meta({ id: 'AdminRefundResult' });
export type AdminRefundResult = z.infer<typeof adminRefundResult>;

/** A reason for a one-click change (disabling a gift code). */
export const adminReasonInput = z.object({ reason: adminMoneyReason });
export type AdminReasonInput = z.infer<typeof adminReasonInput>;
