import { z } from 'zod';
import { role } from './admin';
import { adminMoneyReason, adminPayment, adminRequestId, adminSearchText } from './admin-money';
import { pageQuery } from './common';
import { premiumStatus } from './premium';

/**
 * The panel's members area (`/api/admin/members`): finding members, one member's subscription,
 * payments and activity, and what an admin does to an account (grant premium, disable or enable,
 * sign out everywhere, change role). Admins only; every change is in the audit log.
 */

const id = z.number().int();
const iso = z.string();

export const adminMemberQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  /** A name or email (or part of one), or a member's id. */
  q: adminSearchText.optional(),
  /** Premium now. */
  premium: z.enum(['true', 'false']).optional(),
  disabled: z.enum(['true', 'false']).optional(),
  role: role.optional(),
});
export type AdminMemberQuery = z.infer<typeof adminMemberQuery>;

export const adminMember = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    role,
    emailVerified: z.boolean(),
    /** Signed up. */
    createdAt: iso,
    disabledAt: iso.nullable(),
    disabledReason: z.string().nullable(),
    /** Premium now, and until when (reserved plans counted). */
    premium: z.object({ active: z.boolean(), until: iso.nullable() }),
  })
  .meta({ id: 'AdminMember' });
export type AdminMember = z.infer<typeof adminMember>;

export const premiumPeriodKind = z.enum(['join', 'reserve', 'gift', 'grant']);
export type PremiumPeriodKind = z.infer<typeof premiumPeriodKind>;
export const premiumPeriodKindLabels: Record<PremiumPeriodKind, string> = {
  join: 'خرید اشتراک',
  reserve: 'رزرو اشتراک',
  gift: 'کد هدیه',
  grant: 'هدیهٔ مدیر',
};

/** Where a period stands now: over, running, waiting its turn, or revoked (refunded, withdrawn). */
export const periodState = z.enum(['past', 'running', 'waiting', 'revoked']);
export type PeriodState = z.infer<typeof periodState>;
export const periodStateLabels: Record<PeriodState, string> = { past: 'پایان‌یافته', running: 'در جریان', waiting: 'در نوبت', revoked: 'لغوشده' };

/** One stretch of a member's premium, with where it came from. */
export const adminPeriod = z
  .object({
    id,
    kind: premiumPeriodKind,
    kindLabel: z.string(),
    state: periodState,
    planId: id.nullable(),
    planName: z.string(),
    days: z.number().int(),
    startsAt: iso,
    endsAt: iso,
    /** The payment that bought it (join, reserve). */
    paymentId: id.nullable(),
    /** The gift code redeemed for it. */
    gift: z.object({ id, code: z.string() }).nullable(),
    /** A grant's reason and the admin who gave it. */
    reason: z.string().nullable(),
    grantedBy: z.object({ id, name: z.string() }).nullable(),
    revokedAt: iso.nullable(),
    createdAt: iso,
  })
  .meta({ id: 'AdminPremiumPeriod' });
export type AdminPeriod = z.infer<typeof adminPeriod>;

export const adminMemberActivity = z
  .object({
    /** The newest sign-in (a session made) and the last time any session was used. */
    lastSignInAt: iso.nullable(),
    lastSeenAt: iso.nullable(),
    /** Sessions that still work. */
    sessions: z.number().int(),
    watchCount: z.number().int(),
    recentWatch: z.array(
      z.object({
        titleId: id,
        title: z.string(),
        episode: z.object({ id, season: z.number().int(), number: z.number().int() }).nullable(),
        positionSec: z.number().int(),
        updatedAt: iso,
      }),
    ),
    comments: z.number().int(),
    requests: z.number().int(),
    recentRequests: z.array(z.object({ id, title: z.string(), status: z.string(), createdAt: iso })),
  })
  .meta({ id: 'AdminMemberActivity' });
export type AdminMemberActivity = z.infer<typeof adminMemberActivity>;

export const adminMemberDetail = z
  .object({
    member: adminMember.extend({ mutedUntil: iso.nullable() }),
    subscription: premiumStatus,
    /** Every period, newest first, revoked ones too. */
    periods: z.array(adminPeriod),
    /** The newest payments (up to 50). */
    payments: z.array(adminPayment),
    activity: adminMemberActivity,
  })
  .meta({ id: 'AdminMemberDetail' });
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

/** How long after a grant the same grant (same member, same days) asks the operator to confirm. */
export const GRANT_REPEAT_WINDOW_MINUTES = 10;

/**
 * `POST /api/admin/members/{id}/premium`: days added like a join (from the current end). A repeated
 * submit is answered with the first grant when it carries the same `Idempotency-Key` header or
 * `request_id`. A new grant of the same days to the same member within
 * `GRANT_REPEAT_WINDOW_MINUTES` is refused (409 `GRANT_REPEATED`) unless `confirm` is true; a
 * disabled account gets none (409 `MEMBER_DISABLED`).
 */
export const adminGrantInput = z.object({
  days: z.number().int().min(1).max(3650),
  reason: adminMoneyReason,
  request_id: adminRequestId.optional(),
  /** The operator saw that the same grant was just given and gives it again on purpose. */
  confirm: z.boolean().optional(),
});
export type AdminGrantInput = z.infer<typeof adminGrantInput>;

export const adminGrantResult = z
  .object({
    period: adminPeriod,
    subscription: premiumStatus,
    /** True when this answers a repeated submit: nothing was added this time. */
    replayed: z.boolean(),
  })
  .meta({ id: 'AdminGrantResult' });
export type AdminGrantResult = z.infer<typeof adminGrantResult>;

/** `POST /api/admin/members/{id}/disable` and `/enable`. */
export const adminMemberReasonInput = z.object({ reason: adminMoneyReason });
export type AdminMemberReasonInput = z.infer<typeof adminMemberReasonInput>;

/** `PUT /api/admin/members/{id}/role`. */
export const adminRoleInput = z.object({ role });
export type AdminRoleInput = z.infer<typeof adminRoleInput>;

export const adminSignOutResult = z.object({ member: adminMember, signedOut: z.number().int() }).meta({ id: 'AdminSignOutResult' });
export type AdminSignOutResult = z.infer<typeof adminSignOutResult>;
