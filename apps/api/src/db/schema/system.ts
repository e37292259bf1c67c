import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation (for example when the demo catalogue was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});

/** Every change made in the admin panel (or by an operator's command): who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    /** Null for a command run on the server, or an operator since deleted (the name stays). */
    actorId: integer(),
    actorName: text().notNull(),
    actorRole: text().notNull(),
    /** `title.update`, `member.grant_premium`, … */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()), index('audit_log_entity_idx').on(t.entity, t.entityId, t.id.desc()), index('audit_log_actor_idx').on(t.actorId, t.id.desc())],
);

/** Counters per day for the dashboard ('searches', 'plays'). */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    day: date({ mode: 'string' }).notNull(),
    metric: text().notNull(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);

/** Searches that found nothing, per day: what the catalogue lacks. */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date({ mode: 'string' }).notNull(),
    query: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);

/**
 * Which fingerprint set under DATA_DIR/imdb-state matches the catalogue (one row): the daily
 * import compares the next day's files with it, and only when it is the one named here.
 */
export const catalogueFingerprints = pgTable(
  'catalogue_fingerprints',
  {
    id: smallint().primaryKey().default(1),
    token: text().notNull(),
    manifestSha256: text().notNull(),
    writtenAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [check('catalogue_fingerprints_one_row', sql`${t.id} = 1`)],
);
