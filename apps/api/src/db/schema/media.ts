import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { episodes, titles } from './catalogue';

/** One rendition of the ladder, as packaged (bandwidth measured from its segments). */
export interface AssetRendition {
  height: number;
  width: number;
  label: string;
  bandwidth: number;
  bytes: number;
}

/** One audio edition: the original soundtrack or a dub, named by its studio. */
export interface AssetAudio {
  id: string;
  label: string;
  language: string;
  default: boolean;
  /** null for the original soundtrack */
  studio: string | null;
  bytes: number;
}

export interface AssetSubtitle {
  language: string;
  label: string;
}

/**
 * A title's (or an episode's) playable media: an HLS folder under `DATA_DIR/media/{key}` (or,
 * for the demo titles, shipped with the repository), with its ladder, audio editions and
 * subtitles as the packager measured them.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial().primaryKey(),
    /** The folder's name, and the `{asset}` of signed media URLs. */
    key: text().notNull().unique(),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    /** 'data': DATA_DIR/media; 'seed': the demo media in the repository. */
    location: text().notNull().default('data'),
    durationSec: real().notNull(),
    renditions: jsonb().$type<AssetRendition[]>().notNull(),
    audio: jsonb().$type<AssetAudio[]>().notNull(),
    subtitles: jsonb().$type<AssetSubtitle[]>().notNull(),
    screenshots: smallint().notNull().default(0),
    /** Where the opening titles are, for "skip intro". */
    introStartSec: real(),
    introEndSec: real(),
    totalBytes: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('media_assets_title_episode_idx').using('btree', t.titleId, sql`coalesce(${t.episodeId}, 0)`),
    check('media_assets_location_check', sql`${t.location} IN ('data', 'seed')`),
  ],
);

/** One `media:ingest` request and how far it got; the queue's job carries its id. */
export const mediaIngests = pgTable(
  'media_ingests',
  {
    id: serial().primaryKey(),
    jobId: uuid(),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    status: text().notNull().default('queued'),
    /** 0–100 */
    progress: smallint().notNull().default(0),
    /** Why it failed, in Persian, with the tool's last words. */
    error: text(),
    request: jsonb().notNull(),
    assetId: integer().references(() => mediaAssets.id, { onDelete: 'set null' }),
    attempts: smallint().notNull().default(0),
    /** The worker on it (host:pid:start), its heartbeat being `updated_at`. */
    worker: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('media_ingests_title_idx').on(t.titleId, t.createdAt),
    check('media_ingests_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('media_ingests_progress_check', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
