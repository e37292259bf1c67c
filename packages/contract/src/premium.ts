import { z } from 'zod';
import { plainText } from './member';
import { profilePin } from './profiles';

/**
 * Premium: plans, buying them (join, reserve, gift), payments and their receipts, the member's
 * subscription, and whether a title may be watched. Money is integer Toman; times ISO 8601 UTC.
 */

const positiveId = z.number().int().positive().max(2_147_483_647);
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
const isoDate = z.string();
const toman = z.number().int();

export const planIdParam = z.object({ id: pathId });
export const paymentIdParam = z.object({ id: pathId });

export const plan = z
  .object({
    id: z.number().int(),
    /** Persian name (یک‌ماهه). */
    name: z.string(),
    days: z.number().int(),
    /** The list price, Toman. */
    price: toman,
    /** The plan's own reduced price, Toman, when it has one. */
    discountedPrice: toman.nullable(),
    /** What the member pays before any discount code: discountedPrice ?? price. */
    finalPrice: toman,
    /** How much the plan's own reduction takes off, in whole percent (rounded down); null without one. */
    discountPercent: z.number().int().nullable(),
    /** finalPrice spread over 30-day months, rounded to a whole Toman. */
    monthlyPrice: toman,
    /** Persian lines. */
    features: z.array(z.string()),
    isActive: z.boolean(),
    /** The web app's page of the plan and its join page. */
    path: z.string(),
    joinPath: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof plan>;

export const plansResponse = z.object({ data: z.array(plan) });
export const planResponse = z.object({ data: plan });

/**
 * A discount code as typed: spaces (and NUL characters, which PostgreSQL cannot compare) dropped
 * (the API also reads Persian digits and ignores case). Empty means none.
 */
const discountCodeField = z
  .string()
  .max(40)
  .transform((s) => s.replace(/\s+/g, '').split('\u0000').join(''))
  .nullish()
  .transform((s) => (s ? s : undefined));

/** `POST /api/user/join2` and `POST /api/user/reserve2`. */
export const joinPlanInput = z.object({
  plan_id: positiveId,
  discount_code: discountCodeField,
  /**
   * Paying from a profile other than the main one proves the account holder (decision 21): the
   * account's password or the main profile's PIN. A kids profile cannot pay (403 KIDS_PROFILE).
   */
  password: z.string().max(128).optional(),
  main_pin: profilePin.optional(),
});
export type JoinPlanInput = z.infer<typeof joinPlanInput>;

/** `POST /api/user/gift`: buy a plan as a gift code, optionally mailed to someone with a message. */
export const giftPurchaseInput = joinPlanInput.extend({
  recipient_email: z
    .union([z.literal(''), z.string().trim().toLowerCase().max(190).check(z.email())])
    .nullish()
    .transform((s) => (s ? s : undefined)),
  message: plainText()
    .max(500)
    .nullish()
    .transform((s) => (s ? s : undefined)),
});
export type GiftPurchaseInput = z.infer<typeof giftPurchaseInput>;

/** Where to send the member: the gateway's page (or, with nothing to pay, the result page). */
export const paymentRedirect = z
  .object({
    url: z.string(),
    paymentId: z.number().int(),
  })
  .meta({ id: 'PaymentRedirect' });
export type PaymentRedirect = z.infer<typeof paymentRedirect>;

export const paymentKind = z.enum(['join', 'reserve', 'gift']);
export type PaymentKind = z.infer<typeof paymentKind>;
export const paymentStatus = z.enum(['pending', 'verifying', 'paid', 'failed', 'cancelled', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** A payment as its receipt shows it. */
export const payment = z
  .object({
    id: z.number().int(),
    kind: paymentKind,
    /** The kind in Persian (خرید اشتراک، رزرو اشتراک، خرید هدیه). */
    kindLabel: z.string(),
    plan: z.object({ id: z.number().int(), name: z.string(), days: z.number().int() }),
    /** Toman before the discount code. */
    baseAmount: toman,
    discountAmount: toman,
    discountCode: z.string().nullable(),
    /** Toman charged. */
    amount: toman,
    status: paymentStatus,
    /** The status in Persian. */
    statusLabel: z.string(),
    gateway: z.string(),
    /** The bank's tracking number (شمارهٔ پیگیری), once paid. */
    refId: z.string().nullable(),
    /** The card, masked, when the gateway tells it. */
    cardPan: z.string().nullable(),
    /** Why it failed, in Persian. */
    failureReason: z.string().nullable(),
    createdAt: isoDate,
    paidAt: isoDate.nullable(),
    /** The profile that paid (decision 21); null for payments made before profiles. */
    profileName: z.string().nullable().optional(),
    /** The premium days this payment bought (join, reserve). */
    period: z.object({ startsAt: isoDate, endsAt: isoDate }).nullable(),
    /** The gift code this payment bought, and whether someone has used it. */
    gift: z.object({ id: z.number().int(), code: z.string(), redeemed: z.boolean() }).nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof payment>;

/** `GET /api/user/payments/{id}`: the receipt plus what the result page says. */
export const paymentResult = payment
  .extend({
    outcome: z.enum(['success', 'failure', 'pending']),
    /** A Persian sentence for the result page. */
    message: z.string(),
    /** After success: when premium now ends (reserved plans included). */
    premiumUntil: isoDate.nullable(),
    /** After a failure: the web app's page to try again. */
    retryPath: z.string().nullable(),
  })
  .meta({ id: 'PaymentResult' });
export type PaymentResult = z.infer<typeof paymentResult>;

export const reservedPeriod = z
  .object({
    id: z.number().int(),
    planName: z.string(),
    days: z.number().int(),
    startsAt: isoDate,
    endsAt: isoDate,
  })
  .meta({ id: 'ReservedPeriod' });

/** `GET /api/user/premium`: the dashboard's subscription box. */
export const premiumStatus = z
  .object({
    active: z.boolean(),
    /** When the running subscription ends (extensions included, reserved plans not). */
    activeUntil: isoDate.nullable(),
    /** Whole days until activeUntil, rounded up; 0 when not premium. */
    daysLeft: z.number().int(),
    /** Plans bought to start when the running one ends, in order. */
    reserved: z.array(reservedPeriod),
    /** When premium ends with every reserved plan counted. */
    premiumUntil: isoDate.nullable(),
  })
  .meta({ id: 'PremiumStatus' });
export type PremiumStatus = z.infer<typeof premiumStatus>;

/** `POST /api/user/gift/redeem`. */
export const giftRedeemInput = z.object({
  code: z
    .string()
    .max(64)
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().min(4)),
});
export type GiftRedeemInput = z.infer<typeof giftRedeemInput>;

export const giftRedeemResult = z
  .object({
    giftId: z.number().int(),
    planName: z.string(),
    days: z.number().int(),
    startsAt: isoDate,
    endsAt: isoDate,
    premium: premiumStatus,
  })
  .meta({ id: 'GiftRedeemResult' });
export type GiftRedeemResult = z.infer<typeof giftRedeemResult>;

/** A gift as its giver sees it. */
export const gift = z
  .object({
    id: z.number().int(),
    code: z.string(),
    planName: z.string(),
    days: z.number().int(),
    recipientEmail: z.string().nullable(),
    message: z.string().nullable(),
    redeemed: z.boolean(),
    redeemedAt: isoDate.nullable(),
    paymentId: z.number().int(),
    createdAt: isoDate,
  })
  .meta({ id: 'Gift' });
export type Gift = z.infer<typeof gift>;

export const accessReason = z.enum(['free', 'premium', 'SUBSCRIPTION_REQUIRED', 'UNAUTHENTICATED']);
export type AccessReason = z.infer<typeof accessReason>;

/** `GET /api/titles/{id}/access`: may this visitor watch the full title (trailers are always free). */
export const titleAccess = z
  .object({
    canWatch: z.boolean(),
    reason: accessReason,
  })
  .meta({ id: 'TitleAccess' });
export type TitleAccess = z.infer<typeof titleAccess>;
export const titleAccessResponse = z.object({ data: titleAccess });
