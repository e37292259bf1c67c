import { z } from 'zod';
import { adminReason } from './admin';
import { titleCard } from './catalogue';
import { pageQuery } from './common';
import { plainText } from './member';

/**
 * The operators' day-to-day screens (`/api/admin/*`): the queue of members' requests, comment
 * moderation, announcements to members, and the dashboard's numbers.
 */

const id = z.number().int().positive().max(2_147_483_647);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);
const isoDate = z.string();
/** Text to look for in a list; empty means no filter. */
const searchText = z.string().trim().max(100).optional();

// ── Catalogue title picker ───────────────────────────────────────────────────────────────────

/** `GET /api/admin/title-picker?q=`: a name in any language or an IMDb id / link. */
export const adminTitlePickerQuery = z.object({ q: z.string().trim().min(1).max(100) });

/** A title to pick (fulfilling a request): its card, IMDb id and whether visitors see it. */
export const adminTitlePick = titleCard.extend({ imdbId: z.string(), published: z.boolean() }).meta({ id: 'AdminTitlePick' });
export type AdminTitlePick = z.infer<typeof adminTitlePick>;

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

export const adminRequestStatus = z.enum(['pending', 'fulfilled', 'rejected']);
export type AdminRequestStatus = z.infer<typeof adminRequestStatus>;

export const adminRequestsQuery = pageQuery.extend({
  status: adminRequestStatus.default('pending'),
  q: searchText,
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminRequestsQuery = z.infer<typeof adminRequestsQuery>;

/**
 * Members' requests for one title, grouped: the same IMDb id, or the same title and year when no
 * IMDb id was given. `id` is the group's first request; actions on it answer the whole group.
 */
export const adminRequestGroup = z
  .object({
    id: z.number().int(),
    /** What groups these requests: `imdb:tt0111161` or `title:<normalised title>:<year>`. */
    key: z.string(),
    title: z.string(),
    year: z.number().int().nullable(),
    imdbId: z.string().nullable(),
    imdbUrl: z.string().nullable(),
    status: adminRequestStatus,
    statusLabel: z.string(),
    /** How many members asked. */
    members: z.number().int(),
    requests: z.number().int(),
    firstAt: isoDate,
    lastAt: isoDate,
    /** The members' notes, oldest first (at most 20). */
    notes: z.array(z.object({ note: z.string(), memberName: z.string(), createdAt: isoDate })),
    /** The operators' answer (answered groups). */
    response: z.string().nullable(),
    answeredAt: isoDate.nullable(),
    /** Answered: the title that fulfilled it. Pending: the catalogue's title with the same IMDb id, if there is one. */
    catalogueTitle: adminTitlePick.nullable(),
  })
  .meta({ id: 'AdminRequestGroup' });
export type AdminRequestGroup = z.infer<typeof adminRequestGroup>;

/** `POST /api/admin/requests/{id}/fulfil`: the catalogue title that answers the group. */
export const adminRequestFulfilInput = z.object({
  title_id: id,
  /** An optional word to the members, added to their notification. */
  response: plainText().max(500).nullable().optional(),
});
export type AdminRequestFulfilInput = z.infer<typeof adminRequestFulfilInput>;

/** `POST /api/admin/requests/{id}/decline`: why it cannot be met, shown to every member who asked. */
export const adminRequestDeclineInput = z.object({ reason: adminReason });
export type AdminRequestDeclineInput = z.infer<typeof adminRequestDeclineInput>;

export const adminRequestAnswer = z
  .object({
    status: z.enum(['fulfilled', 'rejected']),
    /** Requests answered and members told. */
    requests: z.number().int(),
    members: z.number().int(),
    titleId: z.number().int().nullable(),
  })
  .meta({ id: 'AdminRequestAnswer' });
export type AdminRequestAnswer = z.infer<typeof adminRequestAnswer>;

/**
 * `POST /api/admin/requests/{id}/reopen`: the group's answer was wrong (a wrong title, a mistaken
 * decline). Why, in words every member who asked will read.
 */
export const adminRequestReopenInput = z.object({ reason: adminReason });
export type AdminRequestReopenInput = z.infer<typeof adminRequestReopenInput>;

export const adminRequestReopened = z
  .object({
    status: z.literal('pending'),
    /** The answer taken back. */
    previous: z.enum(['fulfilled', 'rejected']),
    /** Requests back in the queue and members told. */
    requests: z.number().int(),
    members: z.number().int(),
    /** Members whose watchlist lost the title the wrong answer had put there. */
    watchlistRemoved: z.number().int(),
  })
  .meta({ id: 'AdminRequestReopened' });
export type AdminRequestReopened = z.infer<typeof adminRequestReopened>;

// ── Comments ─────────────────────────────────────────────────────────────────────────────────

export const adminCommentFilter = z.enum(['all', 'reported', 'visible', 'hidden', 'deleted']);
export type AdminCommentFilter = z.infer<typeof adminCommentFilter>;

export const adminCommentsQuery = pageQuery.extend({
  filter: adminCommentFilter.default('all'),
  title_id: queryId.optional(),
  member_id: queryId.optional(),
  q: searchText,
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminCommentsQuery = z.infer<typeof adminCommentsQuery>;

export const adminCommentState = z.enum(['visible', 'hidden', 'deleted']);

/** A comment as the moderators see it: its state, who wrote it and what members reported. */
export const adminComment = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    body: z.string(),
    spoiler: z.boolean(),
    likes: z.number().int(),
    createdAt: isoDate,
    editedAt: isoDate.nullable(),
    title: z.object({ id: z.number().int(), path: z.string(), titleEn: z.string(), titleFa: z.string().nullable() }),
    /** `email` only in an admin's answer: members' personal data is not sent to editors. */
    author: z.object({ id: z.number().int(), name: z.string(), email: z.string().optional(), mutedUntil: isoDate.nullable() }),
    state: adminCommentState,
    stateLabel: z.string(),
    hiddenAt: isoDate.nullable(),
    hiddenReason: z.string().nullable(),
    deletedAt: isoDate.nullable(),
    reviewedAt: isoDate.nullable(),
    /** A reply whose top comment is hidden or deleted is not shown either. */
    parentRemoved: z.boolean(),
    /** Reports not yet looked at (made after the last review); the comment waits in the queue while > 0. */
    openReports: z.number().int(),
    /** Every report, newest first (at most 20). */
    reports: z.array(z.object({ reason: z.string().nullable(), memberName: z.string(), createdAt: isoDate })),
    reportCount: z.number().int(),
  })
  .meta({ id: 'AdminComment' });
export type AdminComment = z.infer<typeof adminComment>;

export const adminCommentHideInput = z.object({ reason: adminReason });
export type AdminCommentHideInput = z.infer<typeof adminCommentHideInput>;

/** `PATCH /api/admin/comments/{id}`: moderators change only the spoiler flag, never the words. */
export const adminCommentUpdateInput = z.object({ spoiler: z.boolean() });
export type AdminCommentUpdateInput = z.infer<typeof adminCommentUpdateInput>;

/** `PUT /api/admin/muted-members/{id}`: no comments or replies from the member for some days. */
export const adminMuteInput = z.object({
  days: z.number().int().min(1).max(365),
  reason: adminReason.optional(),
});
export type AdminMuteInput = z.infer<typeof adminMuteInput>;

export const adminMute = z.object({ memberId: z.number().int(), mutedUntil: isoDate.nullable() }).meta({ id: 'AdminMute' });
export type AdminMute = z.infer<typeof adminMute>;

// ── Notifications ────────────────────────────────────────────────────────────────────────────

export const adminNotificationAudience = z.enum(['all', 'premium', 'member']);
export type AdminNotificationAudience = z.infer<typeof adminNotificationAudience>;

/** Labels of the audiences, as the panel shows them. */
export const adminAudienceLabels: Record<AdminNotificationAudience, string> = {
  all: 'همهٔ اعضا',
  premium: 'اعضای ویژه',
  member: 'یک عضو',
};

/** A path of the site (`/titles/12/inception`); empty for none. The member's list links only the site's own paths. */
const internalLink = z
  .string()
  .trim()
  .max(300)
  .regex(/^(?:\/(?!\/)[^\s\\]*)?$/, 'پیوند باید نشانی‌ای در خود پرده باشد و با / شروع شود؛ نمونه: /titles/12/inception')
  .nullable()
  .optional();

const notificationFields = z.object({
  audience: adminNotificationAudience,
  member_id: id.nullable().optional(),
  title: plainText().min(3).max(120),
  body: plainText().min(3).max(1000),
  link: internalLink,
});

const memberChosen = (v: { audience: AdminNotificationAudience; member_id?: number | null }, ctx: z.RefinementCtx) => {
  if (v.audience === 'member' && !v.member_id) ctx.addIssue({ code: 'custom', path: ['member_id'], message: 'عضوی را که اعلان برایش فرستاده می‌شود انتخاب کنید.' });
};

/** `POST /api/admin/notifications/preview`: what the members will see and how many will. */
export const adminNotificationPreviewInput = notificationFields.superRefine(memberChosen);
export type AdminNotificationPreviewInput = z.infer<typeof adminNotificationPreviewInput>;

/**
 * `POST /api/admin/notifications`. `idempotency_key` is made once per form (a random id): sending
 * again with it (a double click, a retry after a lost answer) sends nothing twice.
 */
export const adminNotificationInput = notificationFields
  .extend({
    idempotency_key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'شناسهٔ ارسال معتبر نیست؛ صفحه را دوباره بارگذاری کنید.'),
  })
  .superRefine(memberChosen);
export type AdminNotificationInput = z.infer<typeof adminNotificationInput>;

export const adminRecipient = z.object({ id: z.number().int(), name: z.string(), email: z.string(), premium: z.boolean() }).meta({ id: 'AdminRecipient' });
export type AdminRecipient = z.infer<typeof adminRecipient>;

export const adminNotificationPreview = z
  .object({
    /** Exactly as a member's list shows it. */
    notification: z.object({ kind: z.literal('announcement'), title: z.string(), body: z.string(), link: z.string().nullable(), read: z.boolean(), createdAt: isoDate }),
    recipients: z.number().int(),
    member: adminRecipient.nullable(),
  })
  .meta({ id: 'AdminNotificationPreview' });
export type AdminNotificationPreview = z.infer<typeof adminNotificationPreview>;

export const adminNotificationSent = z
  .object({
    key: z.string(),
    recipients: z.number().int(),
    /** True when this key had already been sent: nothing was sent again. */
    replayed: z.boolean(),
    sentAt: isoDate,
  })
  .meta({ id: 'AdminNotificationSent' });
export type AdminNotificationSent = z.infer<typeof adminNotificationSent>;

/** `GET /api/admin/notifications/members?q=`: members by email (or name), for the picker. */
export const adminRecipientQuery = z.object({ q: z.string().trim().min(2).max(120) });

// ── Dashboard ────────────────────────────────────────────────────────────────────────────────

export const adminStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export type AdminStatsQuery = z.infer<typeof adminStatsQuery>;

/** Money is in tomans and only for admins: null for editors. */
const money = z.number().int().nullable();

export const adminStatsDay = z.object({
  /** Tehran's calendar day, `2026-11-26`. */
  day: z.string(),
  /** Accounts created that day whose address is confirmed (an unconfirmed sign-up is not a member yet). */
  signups: z.number().int(),
  /** Members with premium at the end of the day (now, for today). */
  premium: z.number().int(),
  plays: z.number().int(),
  searches: z.number().int(),
  /** Paid that day minus refunded that day. */
  revenue: money,
  paid: money,
  refunded: money,
});
export type AdminStatsDay = z.infer<typeof adminStatsDay>;

export const adminStats = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(adminStatsDay),
    totals: z.object({ signups: z.number().int(), plays: z.number().int(), searches: z.number().int(), revenue: money, paid: money, refunded: money }),
    premiumNow: z.number().int(),
    /** Searches that found nothing in the period, most frequent first. */
    misses: z.array(z.object({ query: z.string(), count: z.number().int(), lastDay: z.string() })),
    openRequests: z.object({ requests: z.number().int(), groups: z.number().int() }),
    /** Visible comments with reports nobody has looked at yet. */
    reportedComments: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStats>;
