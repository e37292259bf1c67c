import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { episodes, titles } from './catalogue';
import { mediaIngests } from './media';

/**
 * An IMDb dataset import started from the panel: a pg-boss job runs the importer on uploaded
 * files; this row is what people read (state, phase, rows read, counts, why it failed).
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: serial().primaryKey(),
    jobId: uuid(),
    status: text().notNull().default('queued'),
    /** `panel` (uploaded files, run as a job) or `command` (`npm run import`, run by that process). */
    source: text().notNull().default('panel'),
    /** `queued`, a file being read (`title.basics`…), `merge`, `search`, `vacuum`, `done`. */
    phase: text().notNull().default('queued'),
    percent: smallint().notNull().default(0),
    rowsRead: bigint({ mode: 'number' }).notNull().default(0),
    bytesRead: bigint({ mode: 'number' }).notNull().default(0),
    bytesTotal: bigint({ mode: 'number' }).notNull().default(0),
    /** `[{ uploadId, kind, fileName, size }]` */
    files: jsonb().notNull(),
    /** Titles, episodes, people, credits, collections in the catalogue after the import. */
    counts: jsonb(),
    issues: integer().notNull().default(0),
    /** `full` or `daily` (only the changes since the last import), and why full when a daily one was impossible. */
    mode: text(),
    modeReason: text(),
    /** Per dataset file: key groups added, changed, removed, unchanged (a daily import). */
    changes: jsonb(),
    /** The titles this import took off the site, with what hangs on them. */
    removedTitles: jsonb(),
    /** The first row issues (`file:line: message`). */
    issueSamples: jsonb(),
    seconds: real(),
    /** Why it failed, in Persian, with the importer's own words after. */
    error: text(),
    attempts: smallint().notNull().default(0),
    /** The worker on it (host:pid:start), its heartbeat being `updated_at`. */
    worker: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('catalogue_imports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('catalogue_imports_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('catalogue_imports_percent_check', sql`${t.percent} BETWEEN 0 AND 100`),
    check('catalogue_imports_source_check', sql`${t.source} IN ('panel', 'command')`),
  ],
);

/**
 * A file uploaded through the panel (tus, resumable): a video for a title or episode, a
 * subtitle, or an IMDb dataset file. The bytes live in DATA_DIR/uploads/{id}.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    /** The tus upload id. */
    id: text().primaryKey(),
    kind: text().notNull(),
    titleId: integer().references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** Video: `{ edition, studio }`; subtitle: `{ language }`; dataset: `{ dataset }`. */
    details: jsonb().notNull().default(sql`'{}'::jsonb`),
    status: text().notNull().default('uploading'),
    error: text(),
    ingestId: integer().references(() => mediaIngests.id, { onDelete: 'set null' }),
    importId: integer().references(() => catalogueImports.id, { onDelete: 'set null' }),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('media_uploads_kind_status_idx').on(t.kind, t.status, t.createdAt.desc()),
    index('media_uploads_title_idx').on(t.titleId, t.episodeId),
    check('media_uploads_kind_check', sql`${t.kind} IN ('video', 'subtitle', 'dataset')`),
    check('media_uploads_status_check', sql`${t.status} IN ('uploading', 'complete', 'rejected', 'used', 'cancelled')`),
  ],
);
