import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { episodes, titles } from './catalogue';

/**
 * Members and what they do with the catalogue. Every toggle (watchlist, like, comment like) is a
 * row under a unique key, so "insert … on conflict / delete" in one transaction stays right under
 * concurrent clicks; counters shown to everyone (likes) are kept beside them in the same transaction.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** A required reference that goes with the row it names (a member's, a profile's or a title's things). */
const cascadeRef = (column: () => AnyPgColumn) => integer().notNull().references(column, { onDelete: 'cascade' });

export const users = pgTable('users', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** Stored trimmed and lower-cased: one account per mailbox however it is typed. */
  email: text().notNull().unique(),
  /** `scrypt$N$r$p$salt$hash` (node:crypto); never the password. */
  passwordHash: text().notNull(),
  passwordChangedAt: timestamp({ withTimezone: true }),
  /**
   * When the member proved the mailbox (opened a mailed link). Null: the sign-up is not confirmed
   * yet, the password does not sign in, and a new sign-up with the address replaces the account.
   */
  emailVerifiedAt: timestamp({ withTimezone: true }),
  /** 'member' | 'editor' (catalogue, media, requests, moderation) | 'admin' (everything, money and roles too). */
  role: text().notNull().default('member'),
  /** An operator closed the account: it cannot sign in and its sessions are gone. */
  disabledAt: timestamp({ withTimezone: true }),
  disabledReason: text(),
  /** Until then the member cannot comment (an operator's mute). */
  mutedUntil: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: createdAt(),
}, (t) => [check('users_role_check', sql`${t.role} IN ('member', 'editor', 'admin')`), index('users_staff_idx').on(t.role).where(sql`${t.role} <> 'member'`)]);

/**
 * The people of a household account (decision 21): up to five, each in a slot 1..5 (unique per
 * account, so no race makes a sixth), exactly one main profile (made with the account).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: serial().primaryKey(),
    userId: cascadeRef(() => users.id),
    name: text().notNull(),
    /** One of the generated avatars (`avatarKeys` in the contract). */
    avatar: text().notNull().default('sun'),
    /** Sees only titles rated for children; no comments. */
    kids: boolean().notNull().default(false),
    main: boolean().notNull().default(false),
    slot: smallint().notNull(),
    /** The 4-digit PIN as `scrypt$…` (node:crypto), or null without one. */
    pinHash: text(),
    /** Wrong PINs in a row; the fifth locks the profile until `pinLockedUntil`. */
    pinFailures: smallint().notNull().default(0),
    pinLockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_user_slot_idx').on(t.userId, t.slot),
    uniqueIndex('profiles_user_main_idx').on(t.userId).where(sql`${t.main}`),
    check('profiles_slot_check', sql`${t.slot} BETWEEN 1 AND 5`),
    check('profiles_main_grown_up_check', sql`NOT (${t.main} AND ${t.kids})`),
    check('profiles_pin_failures_check', sql`${t.pinFailures} >= 0`),
  ],
);

/** The player's choices of a profile (subtitle, size, data saver, quality). */
export const profilePrefs = pgTable('profile_prefs', {
  profileId: integer()
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  prefs: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: createdAt(),
});

/** The audio edition a profile chose for a title (a series keeps it for every episode). */
export const profileAudio = pgTable(
  'profile_audio',
  {
    profileId: cascadeRef(() => profiles.id),
    titleId: cascadeRef(() => titles.id),
    edition: text().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.titleId] })],
);

/** Bearer tokens (Sanctum-like): only a SHA-256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial().primaryKey(),
    userId: cascadeRef(() => users.id),
    tokenHash: text().notNull().unique(),
    remember: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The profile this session (device) uses; null: the main profile. */
    profileId: integer().references((): AnyPgColumn => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_profile_idx').on(t.profileId).where(sql`${t.profileId} IS NOT NULL`)],
);

/**
 * Wrong PINs typed in a kids profile's session (decision 26), per session and profile tried: the
 * fifth locks that session out of that profile for 15 minutes; the profile's own count
 * (`profiles.pinFailures`) is left to the grown-ups' sessions.
 */
export const sessionPinTries = pgTable(
  'session_pin_tries',
  {
    tokenId: cascadeRef(() => authTokens.id),
    profileId: cascadeRef(() => profiles.id),
    failures: smallint().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tokenId, t.profileId] }),
    index('session_pin_tries_profile_idx').on(t.profileId),
    check('session_pin_tries_failures_check', sql`${t.failures} >= 0`),
  ],
);

/** Single-use tokens mailed to a member: password reset, passwordless login links and sign-up confirmation. */
export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: serial().primaryKey(),
    userId: cascadeRef(() => users.id),
    /** 'password_reset' | 'login_link' | 'email_verify' */
    purpose: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('auth_one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    /** The account (who hears about the title's release); the list itself is the profile's. */
    userId: cascadeRef(() => users.id),
    profileId: cascadeRef(() => profiles.id),
    titleId: cascadeRef(() => titles.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.titleId] }),
    index('watchlist_items_profile_added_idx').on(t.profileId, t.createdAt.desc()),
    index('watchlist_items_user_idx').on(t.userId),
    // Who is waiting for a title (release and new-episode notifications).
    index('watchlist_items_title_idx').on(t.titleId),
  ],
);

/** The position reached in a title (episode_id null) or in one episode of a series. */
export const watchHistory = pgTable(
  'watch_history',
  {
    id: serial().primaryKey(),
    userId: cascadeRef(() => users.id),
    profileId: cascadeRef(() => profiles.id),
    titleId: cascadeRef(() => titles.id),
    episodeId: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    positionSec: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watch_history_profile_title_episode_idx').on(t.profileId, t.titleId, sql`coalesce(${t.episodeId}, 0)`),
    index('watch_history_profile_updated_idx').on(t.profileId, t.updatedAt.desc()),
    index('watch_history_user_idx').on(t.userId),
    check('watch_history_position_check', sql`${t.positionSec} >= 0`),
  ],
);

export const titleLikes = pgTable(
  'title_likes',
  {
    userId: cascadeRef(() => users.id),
    profileId: cascadeRef(() => profiles.id),
    titleId: cascadeRef(() => titles.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.titleId] }), index('title_likes_title_idx').on(t.titleId), index('title_likes_user_idx').on(t.userId)],
);

/** Counters about a title that members produce, maintained in the transaction that changes them. */
export const titleStats = pgTable(
  'title_stats',
  {
    titleId: integer()
      .primaryKey()
      .references(() => titles.id, { onDelete: 'cascade' }),
    likes: integer().notNull().default(0),
  },
  (t) => [check('title_stats_likes_check', sql`${t.likes} >= 0`)],
);

export const titleRatings = pgTable(
  'title_ratings',
  {
    userId: cascadeRef(() => users.id),
    profileId: cascadeRef(() => profiles.id),
    titleId: cascadeRef(() => titles.id),
    rating: smallint().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.titleId] }),
    index('title_ratings_title_idx').on(t.titleId),
    index('title_ratings_user_idx').on(t.userId),
    check('title_ratings_rating_check', sql`${t.rating} BETWEEN 1 AND 10`),
  ],
);

/** Comments on a title; a reply points at a top-level comment (one level of threads). */
export const comments = pgTable(
  'comments',
  {
    id: serial().primaryKey(),
    titleId: cascadeRef(() => titles.id),
    userId: cascadeRef(() => users.id),
    parentId: integer().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Plain text exactly as written; the web app renders it as text, never as HTML. */
    body: text().notNull(),
    /** The name of the profile that wrote it (null: written before profiles; the account's name). */
    profileName: text(),
    spoiler: boolean().notNull().default(false),
    likes: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    editedAt: timestamp({ withTimezone: true }),
    /** Hidden by a moderator: gone from every public list, kept for a restore. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    /** Deleted by a moderator (kept, so a restore brings it back). */
    deletedAt: timestamp({ withTimezone: true }),
    /** A moderator looked at its reports and kept it. */
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('comments_top_idx').on(t.titleId, t.likes.desc(), t.id.desc()).where(sql`${t.parentId} IS NULL`),
    index('comments_parent_idx').on(t.parentId, t.id),
    index('comments_user_idx').on(t.userId),
    check('comments_likes_check', sql`${t.likes} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: cascadeRef(() => comments.id),
    userId: cascadeRef(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);

export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: cascadeRef(() => comments.id),
    userId: cascadeRef(() => users.id),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_reports_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: cascadeRef(() => users.id),
    /** 'request_answered' | 'request_reopened' | 'title_released' | 'new_episode' | 'premium_expiring' | 'gift_received' */
    kind: text().notNull(),
    /** Persian text, written when the event happens. */
    title: text().notNull(),
    body: text().notNull(),
    /** A path in the web app the notification leads to. */
    link: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** One notification per member and event, however often a producer reports it. */
    dedupeKey: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/** Which profile has read which of the account's notifications. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    profileId: cascadeRef(() => profiles.id),
    notificationId: cascadeRef(() => notifications.id),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.notificationId] }), index('notification_reads_notification_idx').on(t.notificationId)],
);

export const contentRequests = pgTable(
  'content_requests',
  {
    id: serial().primaryKey(),
    userId: cascadeRef(() => users.id),
    title: text().notNull(),
    year: smallint(),
    imdbUrl: text(),
    imdbId: text(),
    note: text(),
    /** 'pending' | 'fulfilled' | 'rejected' */
    status: text().notNull().default('pending'),
    /** The operators' answer, shown to the member. */
    response: text(),
    /** The catalogue title that fulfilled the request. */
    titleId: integer().references(() => titles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    answeredAt: timestamp({ withTimezone: true }),
    /** How many answers were taken back (reopened); the next answer is a new notification. */
    revision: smallint().notNull().default(0),
    /** The answer put `titleId` in the member's watchlist (taking the answer back removes it). */
    addedToWatchlist: boolean().notNull().default(false),
  },
  (t) => [
    index('content_requests_user_idx').on(t.userId, t.id.desc()),
    index('content_requests_status_idx').on(t.status, t.id),
    uniqueIndex('content_requests_pending_imdb_idx').on(t.userId, t.imdbId).where(sql`${t.status} = 'pending' AND ${t.imdbId} IS NOT NULL`),
    check('content_requests_status_check', sql`${t.status} IN ('pending', 'fulfilled', 'rejected')`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  ip: text(),
  createdAt: createdAt(),
  mailedAt: timestamp({ withTimezone: true }),
});
