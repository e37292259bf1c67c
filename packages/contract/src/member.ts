import { z } from 'zod';
import { titleCard } from './catalogue';
import { pageQuery } from './common';

/**
 * Member-facing contracts the web app and the API agree on before both sides exist.
 * Field names of request bodies follow Laravel's (snake_case), as the spec's client sends them.
 */

/**
 * Free text people type. PostgreSQL cannot store a NUL character, so it is dropped rather than
 * turned into a server error; nothing else is changed (no HTML escaping: the text stays text).
 */
export const plainText = () =>
  z
    .string()
    .overwrite((s) => s.split('\u0000').join(''))
    .trim();

/** `POST /api/contact` — the support form; reaches the operators (stored and mailed). */
export const contactInput = z.object({
  name: plainText().min(2).max(80),
  email: z.email().max(120),
  subject: plainText().min(2).max(120),
  message: plainText().min(10).max(4000),
});
export type ContactInput = z.infer<typeof contactInput>;
export const contactResponse = z.object({ data: z.object({ id: z.number().int(), createdAt: z.string() }) });

/** `POST /api/user/watchlist/{id}` toggles; the answer says where it ended. */
export const watchlistToggleResponse = z.object({ data: z.object({ inWatchlist: z.boolean() }) });

/** `POST /api/user/like/{id}` toggles a like on a title. */
export const likeToggleResponse = z.object({ data: z.object({ liked: z.boolean(), likes: z.number().int() }) });

/** `GET /api/user/titles/{id}/state` — what the signed-in member has done with one title. */
export const memberTitleState = z.object({
  data: z.object({ inWatchlist: z.boolean(), liked: z.boolean(), likes: z.number().int(), rating: z.number().int().min(1).max(10).nullable() }),
});
export type MemberTitleState = z.infer<typeof memberTitleState>['data'];

const positiveId = z.number().int().positive().max(2_147_483_647);
const isoDate = z.string();
/** A record id in a path; bounded to the database's integer so a huge number is a 422, not a 500. */
const pathId = z.coerce.number().int().positive().max(2_147_483_647);
export const memberIdParam = z.object({ id: pathId });
export const titleIdParam = z.object({ titleId: pathId });
/** DELETE answers: nothing to send. */
export const noContent = z.null().describe('No content');

/** `GET /api/user/watchlist`: the cards of the titles the member saved, newest first (paged). */
export const watchlistQuery = pageQuery;

/** `POST /api/user/history/{titleId}`: a visit (or a playback position) in a title or one of its episodes. */
export const historyVisitInput = z
  .object({
    episode_id: positiveId.nullable().optional(),
    /** Where playback reached, in seconds; omitted keeps the position already recorded. */
    position_sec: z.number().int().min(0).max(24 * 60 * 60).nullable().optional(),
  })
  // A bare POST (no body) is a visit.
  .nullish()
  .transform((v) => v ?? {});
export type HistoryVisitInput = z.infer<typeof historyVisitInput>;

export const historyEpisode = z.object({
  id: z.number().int(),
  seasonNumber: z.number().int(),
  episodeNumber: z.number().int(),
  nameEn: z.string().nullable(),
  nameFa: z.string().nullable(),
});

/** Where the member is in a title: the latest episode (series) and the position reached. */
export const watchProgress = z.object({
  episode: historyEpisode.nullable(),
  positionSec: z.number().int(),
  visitedAt: isoDate,
});

/** The member's own 1–10 rating of a title; null when they have not rated it. */
const myRating = z.number().int().min(1).max(10).nullable();

/**
 * A card in the member's own lists (watchlist, history): the public card plus the member's own
 * rating. Public catalogue cards stay as they are, the same for everyone and cacheable.
 */
export const memberTitleCard = titleCard.extend({ myRating }).meta({ id: 'MemberTitleCard' });
export type MemberTitleCard = z.infer<typeof memberTitleCard>;

/** A history entry: the member's card of the title plus their progress in it. */
/** A history card: where the member stopped, and the IMDb id the player's address names. */
export const historyItem = memberTitleCard.extend({ imdbId: z.string(), progress: watchProgress }).meta({ id: 'HistoryItem' });
export type HistoryItem = z.infer<typeof historyItem>;

export const historyVisitResponse = z.object({
  data: z.object({ titleId: z.number().int(), episodeId: z.number().int().nullable(), positionSec: z.number().int(), visitedAt: isoDate }),
});

/** `POST /api/user/rating/{id}`: a personal rating from 1 to 10; null or 0 removes it. */
export const ratingInput = z.object({ rating: z.number().int().min(0).max(10).nullable() });
export type RatingInput = z.infer<typeof ratingInput>;
export const ratingResponse = z.object({ data: z.object({ rating: z.number().int().min(1).max(10).nullable() }) });

// ── Comments ─────────────────────────────────────────────────────────────────────────────────

const commentBody = plainText().min(2).max(2000);

/** `POST /api/user/comment`; `parent_id` makes it a reply (replies to a reply join its thread). */
export const commentInput = z.object({
  title_id: positiveId,
  body: commentBody,
  parent_id: positiveId.nullable().optional(),
  spoiler: z.boolean().optional().default(false),
});
export type CommentInput = z.infer<typeof commentInput>;

/** `PATCH /api/user/comments/{id}`: the author changes the text, the spoiler flag, or both. */
export const commentUpdateInput = z
  .object({ body: commentBody.optional(), spoiler: z.boolean().optional() })
  .refine((b) => b.body !== undefined || b.spoiler !== undefined, { path: ['body'], message: 'متن دیدگاه را وارد کنید.' });
export type CommentUpdateInput = z.infer<typeof commentUpdateInput>;

export const commentReportInput = z
  .object({ reason: z.string().trim().max(500).optional() })
  .nullish()
  .transform((v) => v ?? {});
export type CommentReportInput = z.infer<typeof commentReportInput>;

/** A comment as everyone sees it. `body` is plain text: show it as text, never as HTML. */
export const comment = z
  .object({
    id: z.number().int(),
    titleId: z.number().int(),
    parentId: z.number().int().nullable(),
    body: z.string(),
    /** Reveals the plot: the web app hides the body until the reader asks. */
    spoiler: z.boolean(),
    likes: z.number().int(),
    author: z.object({ id: z.number().int(), name: z.string() }),
    createdAt: isoDate,
    /** Set when the author changed the text after posting. */
    editedAt: isoDate.nullable(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof comment>;

/** A top-level comment with its replies (oldest first). */
export const topComment = comment.extend({ replies: z.array(comment), replyCount: z.number().int() }).meta({ id: 'TopComment' });
export type TopComment = z.infer<typeof topComment>;

export const topCommentsQuery = pageQuery.extend({ per_page: z.coerce.number().int().min(1).max(50).default(10) });

export const commentReportResponse = z.object({ data: z.object({ reported: z.literal(true) }) });

/** `GET /api/user/titles/{id}/comment-likes`: which of a title's comments the member liked. */
export const commentLikesResponse = z.object({ data: z.array(z.number().int()) });

// ── Notifications ────────────────────────────────────────────────────────────────────────────

export const notificationKind = z.enum(['request_answered', 'request_reopened', 'title_released', 'new_episode', 'premium_expiring', 'gift_received', 'announcement']);
export type NotificationKind = z.infer<typeof notificationKind>;

export const notification = z
  .object({
    id: z.number().int(),
    kind: notificationKind,
    /** Persian heading and sentence, ready to show. */
    title: z.string(),
    body: z.string(),
    /** A path of the web app the notification leads to. */
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: isoDate,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationsReadResponse = z.object({ data: z.object({ marked: z.number().int() }) });

// ── Content requests ─────────────────────────────────────────────────────────────────────────

/** An IMDb title page (`https://www.imdb.com/title/tt0111161/`) or its bare id (`tt0111161`). */
export const imdbLink = z
  .string()
  .trim()
  .max(300)
  .regex(/^(?:tt\d{7,10}|(?:https?:\/\/)?(?:(?:www|m)\.)?imdb\.com\/(?:[a-z]{2}\/)?title\/tt\d{7,10}(?:[/?#].*)?)$/i, 'نشانی IMDb معتبر نیست؛ نمونه: https://www.imdb.com/title/tt0111161/');

/** `POST /api/user/request`: ask for a film or series the catalogue lacks. */
export const contentRequestInput = z.object({
  title: plainText().min(2).max(200),
  year: z.number().int().min(1870).max(2100).nullable().optional(),
  imdb: z.union([imdbLink, z.literal('')]).nullable().optional(),
  note: plainText().max(1000).nullable().optional(),
});
export type ContentRequestInput = z.infer<typeof contentRequestInput>;

export const contentRequestStatus = z.enum(['pending', 'fulfilled', 'rejected']);
export type ContentRequestStatus = z.infer<typeof contentRequestStatus>;

export const contentRequest = z
  .object({
    id: z.number().int(),
    title: z.string(),
    year: z.number().int().nullable(),
    imdbId: z.string().nullable(),
    imdbUrl: z.string().nullable(),
    note: z.string().nullable(),
    status: contentRequestStatus,
    /** The status in Persian, ready to show. */
    statusLabel: z.string(),
    /** The operators' answer. */
    response: z.string().nullable(),
    /** The catalogue title that fulfilled the request. */
    catalogueTitle: titleCard.nullable(),
    createdAt: isoDate,
    answeredAt: isoDate.nullable(),
  })
  .meta({ id: 'ContentRequest' });
export type ContentRequest = z.infer<typeof contentRequest>;
