import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Premium: plans, payments (with every state change recorded), the periods a member is premium,
 * gift codes and discount codes. Money is integer Toman everywhere; the gateways convert.
 *
 * A member's periods form one unbroken chain: each new period starts where the chain ends (or
 * now, when it has ended), so "is premium at t" is a range test and a reserved plan starts by
 * itself when the one before it ends. Every uniqueness that keeps money safe is a constraint:
 * one period per payment, one gift per payment, one use of a discount code per member.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const plans = pgTable(
  'plans',
  {
    id: serial().primaryKey(),
    /** Persian name shown to members (یک‌ماهه). */
    name: text().notNull(),
    days: integer().notNull(),
    /** Toman. */
    price: integer().notNull(),
    /** Toman; what is charged instead of `price` when set. */
    discountedPrice: integer(),
    /** Persian lines listing what the plan gives. */
    features: text().array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(true),
    sortOrder: smallint().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check('plans_days_check', sql`${t.days} BETWEEN 1 AND 3650`),
    check('plans_price_check', sql`${t.price} > 0`),
    check('plans_discounted_price_check', sql`${t.discountedPrice} IS NULL OR (${t.discountedPrice} > 0 AND ${t.discountedPrice} < ${t.price})`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial().primaryKey(),
    /** Stored upper-case with Latin digits, however the member types it. */
    code: text().notNull().unique(),
    /** 'percent' | 'fixed' */
    kind: text().notNull(),
    /** 1–100 for percent; Toman for fixed. */
    value: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Uses allowed in all; null is unlimited. */
    maxUses: integer(),
    /** Uses held by pending payments plus uses by paid ones; released when a payment fails. */
    usedCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_codes_kind_check', sql`${t.kind} IN ('percent', 'fixed')`),
    check('discount_codes_value_check', sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
    check('discount_codes_used_check', sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    /** The member who pays and, for join and reserve, the one who gets the days. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    /** 'join' | 'reserve' | 'gift' */
    kind: text().notNull(),
    /** The plan as it was bought (a later change of the plan does not change a receipt). */
    planName: text().notNull(),
    days: integer().notNull(),
    /** Toman before the discount code (the plan's discounted price when it has one). */
    baseAmount: integer().notNull(),
    discountAmount: integer().notNull().default(0),
    /** Toman charged: baseAmount − discountAmount. */
    amount: integer().notNull(),
    discountCodeId: integer().references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text(),
    /** 'sandbox' | 'zarinpal' | 'free' (nothing to charge) */
    gateway: text().notNull(),
    /** The gateway's id of this payment (Zarinpal's Authority). */
    authority: text(),
    /** 'pending' → 'verifying' → 'paid' | 'failed'; 'pending' → 'cancelled' | 'expired' | 'failed' */
    status: text().notNull().default('pending'),
    /** The bank's tracking number for the receipt. */
    refId: text(),
    cardPan: text(),
    failureCode: text(),
    /** Persian, shown on the result page. */
    failureReason: text(),
    giftRecipientEmail: text(),
    giftMessage: text(),
    /** The name of the profile that started it (null: before profiles). */
    profileName: text(),
    verifyAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
    /** An operator marked the payment refunded: the days it bought end. */
    refundedAt: timestamp({ withTimezone: true }),
    refundReason: text(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.id.desc()),
    uniqueIndex('payments_gateway_authority_idx').on(t.gateway, t.authority).where(sql`${t.authority} IS NOT NULL`),
    index('payments_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} IN ('pending', 'verifying')`),
    check('payments_kind_check', sql`${t.kind} IN ('join', 'reserve', 'gift', 'grant')`),
    check('payments_status_check', sql`${t.status} IN ('pending', 'verifying', 'paid', 'failed', 'cancelled', 'expired')`),
    check('payments_amount_check', sql`${t.amount} >= 0 AND ${t.discountAmount} >= 0 AND ${t.amount} = ${t.baseAmount} - ${t.discountAmount}`),
    check('payments_days_check', sql`${t.days} > 0`),
  ],
);

/** Every state change of a payment (and every callback), in order: the audit trail of money. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** 'created' | 'sent_to_gateway' | 'callback' | 'verified' | 'failed' | 'cancelled' | 'expired' | … */
    event: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);

/** A member's use of a discount code: held by a pending payment, kept by a paid one. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.userId] }), uniqueIndex('discount_redemptions_payment_idx').on(t.paymentId)],
);

/** A plan bought as a gift: a code that works once, for whoever redeems it. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    /** The member who bought it; null for a code an operator issued. */
    giverId: integer().references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The operator who issued it by hand, with the reason. */
    issuedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: text(),
    disabledAt: timestamp({ withTimezone: true }),
    /** The issuing request's key: a repeated submit of the same form issues one code. */
    idempotencyKey: text(),
    planId: integer().references(() => plans.id, { onDelete: 'set null' }),
    planName: text().notNull(),
    days: integer().notNull(),
    recipientEmail: text(),
    message: text(),
    redeemedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp({ withTimezone: true }),
    mailedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_codes_giver_idx').on(t.giverId, t.id.desc()),
    check('gift_codes_origin_check', sql`${t.paymentId} IS NOT NULL OR ${t.issuedBy} IS NOT NULL`),
    uniqueIndex('gift_codes_issue_key_idx').on(t.issuedBy, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/** The days a member is premium: [starts_at, ends_at). */
export const premiumPeriods = pgTable(
  'premium_periods',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer().references(() => plans.id, { onDelete: 'set null' }),
    planName: text().notNull(),
    /** 'join' (extends the running subscription) | 'reserve' (queued after it) | 'gift' */
    kind: text().notNull(),
    days: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    paymentId: integer()
      .unique()
      .references(() => payments.id, { onDelete: 'set null' }),
    giftId: integer()
      .unique()
      .references(() => giftCodes.id, { onDelete: 'set null' }),
    /** A 'grant': days an operator gave by hand, and why. */
    reason: text(),
    grantedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Refunded or withdrawn: the period no longer counts. */
    revokedAt: timestamp({ withTimezone: true }),
    /** A grant's idempotency key: a repeated submit of the same grant adds nothing. */
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('premium_periods_user_idx').on(t.userId, t.endsAt),
    uniqueIndex('premium_periods_grant_key_idx').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('premium_periods_ends_idx').on(t.endsAt),
    check('premium_periods_kind_check', sql`${t.kind} IN ('join', 'reserve', 'gift', 'grant')`),
    check('premium_periods_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The sandbox gateway's side of a payment, as a bank would keep it: what was asked, what the tester
 * chose on the test page, and whether it was verified.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    authority: text().primaryKey(),
    /** Toman. */
    amount: integer().notNull(),
    description: text().notNull(),
    callbackUrl: text().notNull(),
    orderId: integer().notNull(),
    /** 'pending' | 'approved' | 'cancelled' */
    status: text().notNull().default('pending'),
    refId: text(),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_transactions_status_check', sql`${t.status} IN ('pending', 'approved', 'cancelled')`)],
);
