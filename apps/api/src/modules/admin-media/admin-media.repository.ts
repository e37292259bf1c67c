/**
 * Every statement of the panel's media pages: uploads, ingests, imports and the packaged media
 * they touch. Each function takes an {@link Executor}, so a use case runs several of them in one
 * `db.transaction`.
 */
import type { DatasetKind } from '@parde/contract';
import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { catalogueImports, episodes, mediaAssets, mediaFiles, mediaIngests, mediaUploads, searchIndexState, titles, users } from '../../db/schema/index';

/** The asset (or upload) of a movie, or of one episode: a null episode means the movie's own. */
const ofEpisode = (column: typeof mediaAssets.episodeId | typeof mediaUploads.episodeId | typeof mediaFiles.episodeId, episodeId: number | null) =>
  episodeId === null ? isNull(column) : eq(column, episodeId);

/**
 * pg-boss's statements on the transaction's connection, so a job exists exactly when the
 * transaction commits. pg-boss writes its own SQL with `$n` placeholders; they are bound here
 * as parameters of that one statement.
 */
export function queueOn(db: Executor) {
  return {
    executeSql: (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const statement = sql.empty();
      parts.forEach((part, i) => statement.append(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      return db.execute(statement);
    },
  };
}

/* Ingests */

const episodeColumns = { seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber, epNameFa: episodes.nameFa, epNameEn: episodes.nameEn };

export async function ingestsPage(db: Executor, titleId: number, episodeId: number | null, limit: number, offset: number) {
  const where = and(eq(mediaIngests.titleId, titleId), episodeId === null ? undefined : eq(mediaIngests.episodeId, episodeId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mediaIngests.id,
        titleId: mediaIngests.titleId,
        episodeId: mediaIngests.episodeId,
        status: mediaIngests.status,
        progress: mediaIngests.progress,
        error: mediaIngests.error,
        request: mediaIngests.request,
        attempts: mediaIngests.attempts,
        createdAt: mediaIngests.createdAt,
        updatedAt: mediaIngests.updatedAt,
        ...episodeColumns,
      })
      .from(mediaIngests)
      .leftJoin(episodes, eq(episodes.id, mediaIngests.episodeId))
      .where(where)
      .orderBy(desc(mediaIngests.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(mediaIngests).where(where),
  ]);
  return { rows, total: total!.n };
}
export type IngestRow = Awaited<ReturnType<typeof ingestsPage>>['rows'][number];

export async function insertIngest(db: Executor, titleId: number, episodeId: number | null, request: unknown): Promise<number> {
  const [row] = await db.insert(mediaIngests).values({ titleId, episodeId, request }).returning({ id: mediaIngests.id });
  return row!.id;
}

export async function setIngestJob(db: Executor, id: number, jobId: string): Promise<void> {
  await db.update(mediaIngests).set({ jobId }).where(eq(mediaIngests.id, id));
}

/* A title's media page */

export async function titleForMedia(db: Executor, id: number) {
  const [row] = await db
    .select({ id: titles.id, type: titles.type, titleFa: titles.titleFa, titleEn: titles.titleEn, year: titles.year, imdbId: titles.imdbId })
    .from(titles)
    .where(eq(titles.id, id));
  return row;
}

export function episodesOf(db: Executor, titleId: number) {
  return db
    .select({ id: episodes.id, seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber, nameFa: episodes.nameFa, nameEn: episodes.nameEn })
    .from(episodes)
    .where(eq(episodes.titleId, titleId))
    .orderBy(episodes.seasonNumber, episodes.episodeNumber);
}

export function assetsOf(db: Executor, titleId: number) {
  return db
    .select({
      id: mediaAssets.id,
      key: mediaAssets.key,
      location: mediaAssets.location,
      episodeId: mediaAssets.episodeId,
      durationSec: mediaAssets.durationSec,
      totalBytes: mediaAssets.totalBytes,
      renditions: mediaAssets.renditions,
      audio: mediaAssets.audio,
      subtitles: mediaAssets.subtitles,
      createdAt: mediaAssets.createdAt,
      ...episodeColumns,
    })
    .from(mediaAssets)
    .leftJoin(episodes, eq(episodes.id, mediaAssets.episodeId))
    .where(eq(mediaAssets.titleId, titleId))
    .orderBy(sql`${episodes.seasonNumber} NULLS FIRST`, episodes.episodeNumber);
}
export type AssetRow = Awaited<ReturnType<typeof assetsOf>>[number];

/** The packaged media of a movie or an episode. */
export async function assetFor(db: Executor, titleId: number, episodeId: number | null) {
  const [row] = await db
    .select({ id: mediaAssets.id, key: mediaAssets.key, location: mediaAssets.location, subtitles: mediaAssets.subtitles })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.titleId, titleId), ofEpisode(mediaAssets.episodeId, episodeId)));
  return row;
}

/** The asset's subtitles, its row locked until the transaction ends. */
export async function lockAssetSubtitles(db: Executor, id: number) {
  const [row] = await db.select({ subtitles: mediaAssets.subtitles }).from(mediaAssets).where(eq(mediaAssets.id, id)).for('update');
  return row?.subtitles;
}

export async function setAssetSubtitles(db: Executor, id: number, subtitles: (typeof mediaAssets.$inferSelect)['subtitles']): Promise<void> {
  await db.update(mediaAssets).set({ subtitles }).where(eq(mediaAssets.id, id));
}

/** The packaged files of a movie or an episode list one more subtitle language (each once). */
export async function addFilesSubtitle(db: Executor, titleId: number, episodeId: number | null, language: string): Promise<void> {
  await db
    .update(mediaFiles)
    // An array's distinct elements: no builder form.
    .set({ subtitles: sql`(SELECT array_agg(DISTINCT s) FROM unnest(array_append(${mediaFiles.subtitles}, ${language}::text)) AS s)` })
    .where(and(eq(mediaFiles.titleId, titleId), ofEpisode(mediaFiles.episodeId, episodeId), eq(mediaFiles.source, 'HLS')));
}

/** Every API process reloads what it keeps of the catalogue within a second or two. */
export async function moveCatalogueVersion(db: Executor): Promise<void> {
  await db
    .update(searchIndexState)
    .set({ version: sql`${searchIndexState.version} + 1` })
    .where(eq(searchIndexState.id, 1));
}

/** Whether the title exists, its type, and (when an episode is named) whether the episode is the title's. */
export async function uploadTarget(db: Executor, titleId: number, episodeId: number | null) {
  const [row] = await db
    .select({
      type: titles.type,
      // The outer table in plain text: Drizzle leaves a one-table select's columns unqualified.
      episodeOk: episodeId === null ? sql<boolean | null>`null` : sql<boolean>`EXISTS (SELECT 1 FROM episodes e WHERE e.id = ${episodeId} AND e.title_id = titles.id)`,
    })
    .from(titles)
    .where(eq(titles.id, titleId));
  return row;
}

/* Uploads */

export async function insertUpload(db: Executor, row: typeof mediaUploads.$inferInsert): Promise<void> {
  await db.insert(mediaUploads).values(row);
}

export async function uploadById(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: mediaUploads.id,
      kind: mediaUploads.kind,
      titleId: mediaUploads.titleId,
      episodeId: mediaUploads.episodeId,
      fileName: mediaUploads.fileName,
      size: mediaUploads.size,
      details: mediaUploads.details,
      status: mediaUploads.status,
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.id, id));
  return row;
}

export async function rejectUpload(db: Executor, id: string, reason: string): Promise<void> {
  await db.update(mediaUploads).set({ status: 'rejected', error: reason, completedAt: sql`now()` }).where(eq(mediaUploads.id, id));
}

/** The upload did its work: a video's ingest started (`ingestId`), a subtitle was attached. */
export async function markUploadUsed(db: Executor, id: string, ingestId?: number): Promise<void> {
  await db
    .update(mediaUploads)
    .set({ status: 'used', completedAt: sql`now()`, ...(ingestId === undefined ? {} : { ingestId }) })
    .where(eq(mediaUploads.id, id));
}

export async function markUploadComplete(db: Executor, id: string): Promise<void> {
  await db.update(mediaUploads).set({ status: 'complete', completedAt: sql`now()` }).where(eq(mediaUploads.id, id));
}

export async function cancelUpload(db: Executor, id: string): Promise<void> {
  await db
    .update(mediaUploads)
    .set({ status: 'cancelled' })
    .where(and(eq(mediaUploads.id, id), inArray(mediaUploads.status, ['uploading', 'complete'])));
}

/** The newest used subtitle upload of each language of a movie or an episode. */
export function usedSubtitleUploads(db: Executor, titleId: number, episodeId: number | null) {
  const language = sql<string>`${mediaUploads.details}->>'language'`;
  return db
    .selectDistinctOn([language], { id: mediaUploads.id, language })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.kind, 'subtitle'), eq(mediaUploads.status, 'used'), eq(mediaUploads.titleId, titleId), ofEpisode(mediaUploads.episodeId, episodeId)))
    .orderBy(language, desc(mediaUploads.completedAt));
}

export async function uploadsPage(db: Executor, filter: { kind: string | null; status: string | null; titleId: number | null }, limit: number, offset: number) {
  const where = and(
    filter.kind === null ? undefined : eq(mediaUploads.kind, filter.kind),
    filter.status === null ? undefined : eq(mediaUploads.status, filter.status),
    filter.titleId === null ? undefined : eq(mediaUploads.titleId, filter.titleId),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(mediaUploads).where(where).orderBy(desc(mediaUploads.createdAt), mediaUploads.id).limit(limit).offset(offset),
    db.select({ n: count() }).from(mediaUploads).where(where),
  ]);
  return { rows, total: total!.n };
}

/** Dataset uploads by id, with the IMDb file each one is. */
export function datasetUploads(db: Executor, ids: string[]) {
  return db
    .select({
      id: mediaUploads.id,
      kind: mediaUploads.kind,
      status: mediaUploads.status,
      fileName: mediaUploads.fileName,
      size: mediaUploads.size,
      dataset: sql<DatasetKind | null>`${mediaUploads.details}->>'dataset'`,
    })
    .from(mediaUploads)
    .where(inArray(mediaUploads.id, ids));
}

/** Locks the uploads until the transaction ends. */
export async function lockUploads(db: Executor, ids: string[]): Promise<void> {
  await db.select({ id: mediaUploads.id }).from(mediaUploads).where(inArray(mediaUploads.id, ids)).for('update');
}

/** The names of those uploads another import already took (queued, running, or done with them). */
export async function uploadsInOtherImports(db: Executor, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ fileName: mediaUploads.fileName })
    .from(mediaUploads)
    .innerJoin(catalogueImports, eq(catalogueImports.id, mediaUploads.importId))
    .where(and(inArray(mediaUploads.id, ids), or(ne(mediaUploads.status, 'complete'), inArray(catalogueImports.status, ['queued', 'running']))));
  return rows.map((r) => r.fileName);
}

export async function attachUploadsToImport(db: Executor, importId: number, ids: string[]): Promise<void> {
  await db.update(mediaUploads).set({ importId }).where(inArray(mediaUploads.id, ids));
}

/* Imports */

export async function insertImport(db: Executor, files: unknown, bytesTotal: number, createdBy: number | null): Promise<number> {
  const [row] = await db.insert(catalogueImports).values({ files, bytesTotal, createdBy }).returning({ id: catalogueImports.id });
  return row!.id;
}

export async function setImportJob(db: Executor, id: number, jobId: string): Promise<void> {
  await db.update(catalogueImports).set({ jobId }).where(eq(catalogueImports.id, id));
}

const importColumns = {
  id: catalogueImports.id,
  status: catalogueImports.status,
  source: catalogueImports.source,
  worker: catalogueImports.worker,
  phase: catalogueImports.phase,
  percent: catalogueImports.percent,
  rowsRead: catalogueImports.rowsRead,
  bytesRead: catalogueImports.bytesRead,
  bytesTotal: catalogueImports.bytesTotal,
  files: catalogueImports.files,
  counts: catalogueImports.counts,
  issues: catalogueImports.issues,
  mode: catalogueImports.mode,
  modeReason: catalogueImports.modeReason,
  changes: catalogueImports.changes,
  removedTitles: catalogueImports.removedTitles,
  issueSamples: catalogueImports.issueSamples,
  seconds: catalogueImports.seconds,
  error: catalogueImports.error,
  attempts: catalogueImports.attempts,
  createdBy: catalogueImports.createdBy,
  creatorName: users.name,
  createdAt: catalogueImports.createdAt,
  startedAt: catalogueImports.startedAt,
  finishedAt: catalogueImports.finishedAt,
};

const importsWith = (db: Executor, where: SQL | undefined) =>
  db.select(importColumns).from(catalogueImports).leftJoin(users, eq(users.id, catalogueImports.createdBy)).where(where);

export async function importsPage(db: Executor, status: string | null, limit: number, offset: number) {
  const where = status === null ? undefined : eq(catalogueImports.status, status);
  const [rows, [total]] = await Promise.all([
    importsWith(db, where).orderBy(desc(catalogueImports.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(catalogueImports).where(where),
  ]);
  return { rows, total: total!.n };
}

export async function importById(db: Executor, id: number) {
  const [row] = await importsWith(db, eq(catalogueImports.id, id));
  return row;
}
export type ImportRow = NonNullable<Awaited<ReturnType<typeof importById>>>;
