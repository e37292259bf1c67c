/** What the panel reads: a title's media and jobs, uploads, imports. Reads write nothing. */
import type { AdminImport, AdminIngest, AdminMediaAsset, AdminTitleMedia, AdminUpload, ImportsQuery, IngestsQuery, UploadsQuery } from '@parde/contract';
import type pg from 'pg';
import { iso, isoOrNull, pageMeta } from '../../db/executor';
import type { IngestRequest } from '../media/ingest';
import type { AssetAudio, AssetRendition, AssetSubtitle } from '../../db/schema/media';

interface EpisodeCols {
  episode_id: number | null;
  season_number: number | null;
  episode_number: number | null;
  ep_name_fa: string | null;
  ep_name_en: string | null;
}
const EPISODE_COLS = 'e.season_number, e.episode_number, e.name_fa AS ep_name_fa, e.name_en AS ep_name_en';
const episodeOf = (r: EpisodeCols) =>
  r.episode_id ? { id: r.episode_id, seasonNumber: r.season_number!, episodeNumber: r.episode_number!, nameFa: r.ep_name_fa, nameEn: r.ep_name_en } : null;

interface IngestRow extends EpisodeCols {
  id: number;
  title_id: number;
  status: AdminIngest['status'];
  progress: number;
  error: string | null;
  request: IngestRequest;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

function toIngest(r: IngestRow): AdminIngest {
  const audio = r.request.audio?.length ? r.request.audio : [{ kind: 'original' as const }];
  return {
    id: r.id,
    titleId: r.title_id,
    episode: episodeOf(r),
    status: r.status,
    progress: r.progress,
    error: r.error,
    audio: audio.map((a) => ({ kind: a.kind === 'dub' ? 'dub' : 'original', studio: a.studio ?? null })),
    subtitles: (r.request.subtitles ?? []).map((s) => s.language),
    fileName: r.request.upload?.fileName ?? (r.request.video ? r.request.video.split('/').pop()! : null),
    attempts: r.attempts,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function listIngests(pool: pg.Pool, q: IngestsQuery) {
  const where = 'i.title_id = $1 AND ($2::int IS NULL OR i.episode_id = $2)';
  const [rows, total] = await Promise.all([
    pool.query<IngestRow>(
      `SELECT i.id, i.title_id, i.episode_id, i.status, i.progress, i.error, i.request, i.attempts, i.created_at, i.updated_at, ${EPISODE_COLS}
       FROM media_ingests i LEFT JOIN episodes e ON e.id = i.episode_id WHERE ${where} ORDER BY i.id DESC LIMIT $3 OFFSET $4`,
      [q.title_id, q.episode_id ?? null, q.per_page, (q.page - 1) * q.per_page],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM media_ingests i WHERE ${where}`, [q.title_id, q.episode_id ?? null]),
  ]);
  return { data: rows.rows.map(toIngest), meta: pageMeta(q.page, q.per_page, total.rows[0]!.n) };
}

interface AssetRow extends EpisodeCols {
  id: number;
  key: string;
  location: 'data' | 'seed';
  duration_sec: number;
  total_bytes: number;
  renditions: AssetRendition[];
  audio: AssetAudio[];
  subtitles: AssetSubtitle[];
  created_at: Date;
}

const toAsset = (r: AssetRow): AdminMediaAsset => ({
  id: r.id,
  key: r.key,
  location: r.location,
  episode: episodeOf(r),
  durationSec: r.duration_sec,
  totalBytes: r.total_bytes,
  renditions: [...r.renditions].sort((a, b) => a.height - b.height).map((x) => ({ label: x.label, width: x.width, height: x.height, bandwidth: Math.round(x.bandwidth), bytes: x.bytes })),
  audio: r.audio.map((a) => ({ id: a.id, label: a.label, language: a.language, studio: a.studio, default: a.default, bytes: a.bytes })),
  subtitles: r.subtitles.map((s) => ({ language: s.language, label: s.label })),
  createdAt: iso(r.created_at),
});

/** A title's media page, or null when there is no such title. */
export async function titleMedia(pool: pg.Pool, titleId: number, limits: { maxUploadBytes: number; maxSubtitleBytes: number }): Promise<AdminTitleMedia | null> {
  const { rows } = await pool.query<{ id: number; type: 'movie' | 'series'; title_fa: string | null; title_en: string; year: number | null; imdb_id: string }>(
    'SELECT id, type, title_fa, title_en, year, imdb_id FROM titles WHERE id = $1',
    [titleId],
  );
  const t = rows[0];
  if (!t) return null;
  const [episodes, assets, ingests] = await Promise.all([
    pool.query<{ id: number; season_number: number; episode_number: number; name_fa: string | null; name_en: string | null }>(
      'SELECT id, season_number, episode_number, name_fa, name_en FROM episodes WHERE title_id = $1 ORDER BY season_number, episode_number',
      [titleId],
    ),
    pool.query<AssetRow>(
      `SELECT a.id, a.key, a.location, a.episode_id, a.duration_sec, a.total_bytes, a.renditions, a.audio, a.subtitles, a.created_at, ${EPISODE_COLS}
       FROM media_assets a LEFT JOIN episodes e ON e.id = a.episode_id WHERE a.title_id = $1 ORDER BY e.season_number NULLS FIRST, e.episode_number`,
      [titleId],
    ),
    listIngests(pool, { title_id: titleId, page: 1, per_page: 20 }),
  ]);
  return {
    title: { id: t.id, type: t.type, titleFa: t.title_fa, titleEn: t.title_en, year: t.year, imdbId: t.imdb_id },
    episodes: episodes.rows.map((e) => ({ id: e.id, seasonNumber: e.season_number, episodeNumber: e.episode_number, nameFa: e.name_fa, nameEn: e.name_en })),
    assets: assets.rows.map(toAsset),
    ingests: ingests.data,
    ...limits,
  };
}

interface UploadRow {
  id: string;
  kind: AdminUpload['kind'];
  file_name: string;
  size: number;
  status: AdminUpload['status'];
  title_id: number | null;
  episode_id: number | null;
  details: { dataset?: AdminUpload['dataset']; language?: string };
  error: string | null;
  ingest_id: number | null;
  import_id: number | null;
  created_at: Date;
  completed_at: Date | null;
}

export async function listUploads(pool: pg.Pool, q: UploadsQuery, receivedOf: (id: string) => Promise<number>) {
  const where = '($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2) AND ($3::int IS NULL OR title_id = $3)';
  const params = [q.kind ?? null, q.status ?? null, q.title_id ?? null];
  const [rows, total] = await Promise.all([
    pool.query<UploadRow>(`SELECT * FROM media_uploads WHERE ${where} ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`, [...params, q.per_page, (q.page - 1) * q.per_page]),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM media_uploads WHERE ${where}`, params),
  ]);
  const data: AdminUpload[] = await Promise.all(
    rows.rows.map(async (r) => ({
      id: r.id,
      kind: r.kind,
      fileName: r.file_name,
      size: r.size,
      received: r.status === 'uploading' ? await receivedOf(r.id) : r.status === 'rejected' || r.status === 'cancelled' ? 0 : r.size,
      status: r.status,
      titleId: r.title_id,
      episodeId: r.episode_id,
      dataset: r.details.dataset ?? null,
      language: r.details.language ?? null,
      error: r.error,
      ingestId: r.ingest_id,
      importId: r.import_id,
      createdAt: iso(r.created_at),
      completedAt: isoOrNull(r.completed_at),
    })),
  );
  return { data, meta: pageMeta(q.page, q.per_page, total.rows[0]!.n) };
}

interface ImportRow {
  id: number;
  status: AdminImport['status'];
  phase: string;
  percent: number;
  rows_read: number;
  bytes_read: number;
  bytes_total: number;
  files: AdminImport['files'];
  counts: AdminImport['counts'];
  issues: number;
  error: string | null;
  attempts: number;
  created_by: number | null;
  creator_name: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const IMPORT_COLS = `i.id, i.status, i.phase, i.percent, i.rows_read, i.bytes_read, i.bytes_total, i.files, i.counts, i.issues, i.error, i.attempts,
  i.created_by, u.name AS creator_name, i.created_at, i.started_at, i.finished_at`;

export const toImport = (r: ImportRow): AdminImport => ({
  id: r.id,
  status: r.status,
  phase: r.phase,
  percent: r.percent,
  rowsRead: r.rows_read,
  bytesRead: r.bytes_read,
  bytesTotal: r.bytes_total,
  files: r.files,
  counts: r.counts,
  issues: r.issues,
  error: r.error,
  attempts: r.attempts,
  createdBy: r.created_by && r.creator_name !== null ? { id: r.created_by, name: r.creator_name } : null,
  createdAt: iso(r.created_at),
  startedAt: isoOrNull(r.started_at),
  finishedAt: isoOrNull(r.finished_at),
});

export async function listImports(pool: pg.Pool, q: ImportsQuery) {
  const where = '($1::text IS NULL OR i.status = $1)';
  const [rows, total] = await Promise.all([
    pool.query<ImportRow>(`SELECT ${IMPORT_COLS} FROM catalogue_imports i LEFT JOIN users u ON u.id = i.created_by WHERE ${where} ORDER BY i.id DESC LIMIT $2 OFFSET $3`, [
      q.status ?? null,
      q.per_page,
      (q.page - 1) * q.per_page,
    ]),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalogue_imports i WHERE ${where}`, [q.status ?? null]),
  ]);
  return { data: rows.rows.map(toImport), meta: pageMeta(q.page, q.per_page, total.rows[0]!.n) };
}

export async function oneImport(client: pg.Pool | pg.PoolClient, id: number): Promise<AdminImport | null> {
  const { rows } = await client.query<ImportRow>(`SELECT ${IMPORT_COLS} FROM catalogue_imports i LEFT JOIN users u ON u.id = i.created_by WHERE i.id = $1`, [id]);
  return rows[0] ? toImport(rows[0]) : null;
}
