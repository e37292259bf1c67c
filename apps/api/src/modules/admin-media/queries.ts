/** What the panel reads: a title's media and jobs, uploads, imports. Reads write nothing. */
import type { AdminImport, AdminIngest, AdminMediaAsset, AdminTitleMedia, AdminUpload, ImportsQuery, IngestsQuery, UploadsQuery } from '@parde/contract';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import type { IngestRequest } from '../media/ingest';
import { assetsOf, episodesOf, importById, importsPage, ingestsPage, titleForMedia, uploadsPage, type AssetRow, type ImportRow, type IngestRow } from './admin-media.repository';

interface EpisodeCols {
  episodeId: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  epNameFa: string | null;
  epNameEn: string | null;
}
const episodeOf = (r: EpisodeCols) =>
  r.episodeId ? { id: r.episodeId, seasonNumber: r.seasonNumber!, episodeNumber: r.episodeNumber!, nameFa: r.epNameFa, nameEn: r.epNameEn } : null;

function toIngest(r: IngestRow): AdminIngest {
  const request = r.request as IngestRequest;
  const audio = request.audio?.length ? request.audio : [{ kind: 'original' as const }];
  return {
    id: r.id,
    titleId: r.titleId,
    episode: episodeOf(r),
    status: r.status as AdminIngest['status'],
    progress: r.progress,
    error: r.error,
    audio: audio.map((a) => ({ kind: a.kind === 'dub' ? 'dub' : 'original', studio: a.studio ?? null })),
    subtitles: (request.subtitles ?? []).map((s) => s.language),
    fileName: request.upload?.fileName ?? (request.video ? request.video.split('/').pop()! : null),
    attempts: r.attempts,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export async function listIngests(db: Executor, q: IngestsQuery) {
  const { rows, total } = await ingestsPage(db, q.title_id, q.episode_id ?? null, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toIngest), meta: pageMeta(q.page, q.per_page, total) };
}

const toAsset = (r: AssetRow): AdminMediaAsset => ({
  id: r.id,
  key: r.key,
  location: r.location as AdminMediaAsset['location'],
  episode: episodeOf(r),
  durationSec: r.durationSec,
  totalBytes: r.totalBytes,
  renditions: [...r.renditions].sort((a, b) => a.height - b.height).map((x) => ({ label: x.label, width: x.width, height: x.height, bandwidth: Math.round(x.bandwidth), bytes: x.bytes })),
  audio: r.audio.map((a) => ({ id: a.id, label: a.label, language: a.language, studio: a.studio, default: a.default, bytes: a.bytes })),
  subtitles: r.subtitles.map((s) => ({ language: s.language, label: s.label })),
  createdAt: iso(r.createdAt),
});

/** A title's media page, or null when there is no such title. */
export async function titleMedia(db: Executor, titleId: number, limits: { maxUploadBytes: number; maxSubtitleBytes: number }): Promise<AdminTitleMedia | null> {
  const t = await titleForMedia(db, titleId);
  if (!t) return null;
  const [episodes, assets, ingests] = await Promise.all([episodesOf(db, titleId), assetsOf(db, titleId), listIngests(db, { title_id: titleId, page: 1, per_page: 20 })]);
  return {
    title: { id: t.id, type: t.type as AdminTitleMedia['title']['type'], titleFa: t.titleFa, titleEn: t.titleEn, year: t.year, imdbId: t.imdbId },
    episodes: episodes.map((e) => ({ id: e.id, seasonNumber: e.seasonNumber, episodeNumber: e.episodeNumber, nameFa: e.nameFa, nameEn: e.nameEn })),
    assets: assets.map(toAsset),
    ingests: ingests.data,
    ...limits,
  };
}

export async function listUploads(db: Executor, q: UploadsQuery, receivedOf: (id: string) => Promise<number>) {
  const { rows, total } = await uploadsPage(db, { kind: q.kind ?? null, status: q.status ?? null, titleId: q.title_id ?? null }, q.per_page, (q.page - 1) * q.per_page);
  const data: AdminUpload[] = await Promise.all(
    rows.map(async (r) => {
      const details = r.details as { dataset?: AdminUpload['dataset']; language?: string };
      return {
        id: r.id,
        kind: r.kind as AdminUpload['kind'],
        fileName: r.fileName,
        size: r.size,
        received: r.status === 'uploading' ? await receivedOf(r.id) : r.status === 'rejected' || r.status === 'cancelled' ? 0 : r.size,
        status: r.status as AdminUpload['status'],
        titleId: r.titleId,
        episodeId: r.episodeId,
        dataset: details.dataset ?? null,
        language: details.language ?? null,
        error: r.error,
        ingestId: r.ingestId,
        importId: r.importId,
        createdAt: iso(r.createdAt),
        completedAt: isoOrNull(r.completedAt),
      };
    }),
  );
  return { data, meta: pageMeta(q.page, q.per_page, total) };
}

export const toImport = (r: ImportRow): AdminImport => ({
  id: r.id,
  status: r.status as AdminImport['status'],
  source: r.source as AdminImport['source'],
  // The worker is `host:pid:start`; operators know machines by name.
  host: r.worker?.split(':')[0] || null,
  phase: r.phase,
  percent: r.percent,
  rowsRead: r.rowsRead,
  bytesRead: r.bytesRead,
  bytesTotal: r.bytesTotal,
  files: r.files as AdminImport['files'],
  counts: r.counts as AdminImport['counts'],
  issues: r.issues,
  mode: r.mode as AdminImport['mode'],
  fullReason: r.modeReason as AdminImport['fullReason'],
  changes: r.changes as AdminImport['changes'],
  removedTitles: r.removedTitles as AdminImport['removedTitles'],
  issueSamples: r.issueSamples as AdminImport['issueSamples'],
  seconds: r.seconds,
  error: r.error,
  attempts: r.attempts,
  createdBy: r.createdBy && r.creatorName !== null ? { id: r.createdBy, name: r.creatorName } : null,
  createdAt: iso(r.createdAt),
  startedAt: isoOrNull(r.startedAt),
  finishedAt: isoOrNull(r.finishedAt),
});

export async function listImports(db: Executor, q: ImportsQuery) {
  const { rows, total } = await importsPage(db, q.status ?? null, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toImport), meta: pageMeta(q.page, q.per_page, total) };
}

export async function oneImport(db: Executor, id: number): Promise<AdminImport | null> {
  const row = await importById(db, id);
  return row ? toImport(row) : null;
}
