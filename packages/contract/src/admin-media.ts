import { z } from 'zod';
import { idParam, pageQuery } from './common';

/**
 * The panel's media and import area (`/api/admin/titles/:id/media`, `/api/admin/ingests`,
 * `/api/admin/uploads` — tus — and `/api/admin/imports`): a title's packaged video, the jobs
 * that package it, files uploaded resumably, and IMDb dataset imports.
 */

/** What an upload is for: a title's video, a subtitle for its video, or an IMDb dataset file. */
export const uploadKind = z.enum(['video', 'subtitle', 'dataset']);
export type UploadKind = z.infer<typeof uploadKind>;

/** Subtitle languages the panel attaches (the player labels them in Persian). */
export const subtitleLanguage = z.enum(['fa', 'en', 'ar', 'tr', 'fr', 'de', 'es']);
export type SubtitleLanguage = z.infer<typeof subtitleLanguage>;
export const subtitleLanguageLabels: Record<SubtitleLanguage, string> = {
  fa: 'فارسی',
  en: 'انگلیسی',
  ar: 'عربی',
  tr: 'ترکی',
  fr: 'فرانسوی',
  de: 'آلمانی',
  es: 'اسپانیایی',
};

/** The files the importer reads, by the name IMDb gives them (`.tsv` or `.tsv.gz`), and the supplement (`.json`). */
export const datasetKind = z.enum(['title.basics', 'title.akas', 'title.ratings', 'title.principals', 'title.crew', 'title.episode', 'name.basics', 'supplement']);
export type DatasetKind = z.infer<typeof datasetKind>;

/** Which dataset file a name is, or null: `title.basics.tsv.gz` → `title.basics`, `supplement.json` → `supplement`. */
export function datasetKindOf(fileName: string): DatasetKind | null {
  const name = fileName.trim().toLowerCase();
  if (/^supplement\.json$/.test(name)) return 'supplement';
  const m = /^([a-z]+\.[a-z]+)\.tsv(?:\.gz)?$/.exec(name);
  const parsed = datasetKind.safeParse(m?.[1]);
  return parsed.success && parsed.data !== 'supplement' ? parsed.data : null;
}

/** The soundtrack of an uploaded video: the original, or a Persian dub by a studio. */
export const audioEdition = z.enum(['original', 'dub']);
export type AudioEdition = z.infer<typeof audioEdition>;

const studioName = z.string().trim().min(2).max(80);
const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The tus `Upload-Metadata` of an upload (each value base64 in the header, as tus sends it):
 * the browser's file name, what it is and where it goes.
 */
export const uploadMetadata = z
  .object({
    kind: uploadKind,
    filename: z.string().trim().min(1).max(255),
    title_id: positiveId.optional(),
    episode_id: positiveId.optional(),
    edition: audioEdition.optional(),
    studio: studioName.optional(),
    language: subtitleLanguage.optional(),
  })
  .superRefine((m, ctx) => {
    if (m.kind !== 'dataset' && m.title_id === undefined) ctx.addIssue({ code: 'custom', path: ['title_id'], message: 'عنوان را انتخاب کنید.' });
    if (m.kind === 'video' && m.edition === 'dub' && !m.studio) ctx.addIssue({ code: 'custom', path: ['studio'], message: 'نام استودیوی دوبله را بنویسید.' });
    if (m.kind === 'subtitle' && !m.language) ctx.addIssue({ code: 'custom', path: ['language'], message: 'زبان زیرنویس را انتخاب کنید.' });
    if (m.kind === 'dataset' && !datasetKindOf(m.filename))
      ctx.addIssue({ code: 'custom', path: ['filename'], message: 'نام فایل باید یکی از فایل‌های IMDb باشد، مانند title.basics.tsv.gz، یا supplement.json.' });
  });
export type UploadMetadata = z.infer<typeof uploadMetadata>;

export const ingestStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type IngestStatus = z.infer<typeof ingestStatus>;

const episodeRef = z
  .object({ id: z.number().int(), seasonNumber: z.number().int(), episodeNumber: z.number().int(), nameFa: z.string().nullable(), nameEn: z.string().nullable() })
  .meta({ id: 'AdminEpisodeRef' });

/** One packaging job of a title's (or an episode's) video. */
export const adminIngest = z
  .object({
    id: z.number().int(),
    titleId: z.number().int(),
    episode: episodeRef.nullable(),
    status: ingestStatus,
    /** 0–100 */
    progress: z.number().int(),
    /** Why it failed, in Persian (the tool's own last lines may follow on later lines). */
    error: z.string().nullable(),
    /** The soundtrack as chosen in the upload form. */
    audio: z.array(z.object({ kind: audioEdition, studio: z.string().nullable() })),
    subtitles: z.array(z.string()),
    fileName: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminIngest' });
export type AdminIngest = z.infer<typeof adminIngest>;

export const ingestsQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  title_id: positiveId,
  /** Only one episode's jobs. */
  episode_id: positiveId.optional(),
});
export type IngestsQuery = z.infer<typeof ingestsQuery>;

/** A title's (or episode's) packaged video as the player gets it. */
export const adminMediaAsset = z
  .object({
    id: z.number().int(),
    key: z.string(),
    /** `data`: packaged on this site; `seed`: the demo media kept in the repository (read-only). */
    location: z.enum(['data', 'seed']),
    episode: episodeRef.nullable(),
    durationSec: z.number(),
    totalBytes: z.number(),
    renditions: z.array(z.object({ label: z.string(), width: z.number().int(), height: z.number().int(), bandwidth: z.number(), bytes: z.number() })),
    audio: z.array(z.object({ id: z.string(), label: z.string(), language: z.string(), studio: z.string().nullable(), default: z.boolean(), bytes: z.number() })),
    subtitles: z.array(z.object({ language: z.string(), label: z.string() })),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminMediaAsset' });
export type AdminMediaAsset = z.infer<typeof adminMediaAsset>;

/** `/admin/titles/:id/media`: the title, its episodes (series), its assets and its latest jobs. */
export const adminTitleMedia = z
  .object({
    title: z.object({ id: z.number().int(), type: z.enum(['movie', 'series']), titleFa: z.string().nullable(), titleEn: z.string(), year: z.number().int().nullable(), imdbId: z.string() }),
    episodes: z.array(episodeRef),
    assets: z.array(adminMediaAsset),
    ingests: z.array(adminIngest),
    /** The largest file an upload may be, in bytes. */
    maxUploadBytes: z.number(),
    maxSubtitleBytes: z.number(),
  })
  .meta({ id: 'AdminTitleMedia' });
export type AdminTitleMedia = z.infer<typeof adminTitleMedia>;

export const uploadStatus = z.enum(['uploading', 'complete', 'rejected', 'used', 'cancelled']);
export type UploadStatus = z.infer<typeof uploadStatus>;

/** A file uploaded through the panel. */
export const adminUpload = z
  .object({
    id: z.string(),
    kind: uploadKind,
    fileName: z.string(),
    size: z.number(),
    /** Bytes received so far (equal to `size` once complete). */
    received: z.number(),
    status: uploadStatus,
    titleId: z.number().int().nullable(),
    episodeId: z.number().int().nullable(),
    dataset: datasetKind.nullable(),
    language: z.string().nullable(),
    error: z.string().nullable(),
    ingestId: z.number().int().nullable(),
    importId: z.number().int().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminUpload' });
export type AdminUpload = z.infer<typeof adminUpload>;

export const uploadsQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  kind: uploadKind.optional(),
  status: uploadStatus.optional(),
  title_id: positiveId.optional(),
});
export type UploadsQuery = z.infer<typeof uploadsQuery>;

export const importStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type ImportStatus = z.infer<typeof importStatus>;

/** Why an import read every row when a daily one (only the changes) was possible in principle. */
export const importFullReason = z.enum(['first', 'missing', 'mismatch', 'files', 'order', 'damaged', 'needs-full', 'forced']);
export type ImportFullReason = z.infer<typeof importFullReason>;

/** Persian words for each reason. */
export const importFullReasonLabels: Record<ImportFullReason, string> = {
  first: 'نخستین ورود در این پایگاه داده است (یا اثر انگشت ورود پیشین ثبت نشده است).',
  missing: 'اثر انگشت ورود پیشین روی این سرور نیست (ورود روی سرور دیگری انجام شده یا پوشهٔ داده تازه است).',
  mismatch: 'اثر انگشت روی سرور با پایگاه داده نمی‌خواند (پشتیبانی بازگردانده شده یا پایگاه داده دیگری است).',
  files: 'مجموعهٔ فایل‌ها با ورود پیشین یکی نیست.',
  order: 'یکی از فایل‌ها به ترتیب شناسه مرتب نیست.',
  damaged: 'اثر انگشت ورود پیشین آسیب دیده است.',
  'needs-full': 'تغییری در فایل‌ها بود که تنها با خواندن همهٔ ردیف‌ها درست وارد می‌شود.',
  forced: 'ورود کامل خواسته شده بود.',
};

/** Key groups of one dataset file (a title's rows, a person's row) a daily import found. */
export const importFileChanges = z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int(), unchanged: z.number().int() });

/** A title IMDb no longer publishes: off the site, its row kept, and what hangs on it. */
export const importRemovedTitle = z.object({
  id: z.number().int(),
  imdbId: z.string(),
  titleEn: z.string(),
  titleFa: z.string().nullable(),
  /** False when an operator had hidden it already. */
  wasPublished: z.boolean(),
  watchlist: z.number().int(),
  comments: z.number().int(),
  requests: z.number().int(),
  history: z.number().int(),
  media: z.number().int(),
});
export type ImportRemovedTitle = z.infer<typeof importRemovedTitle>;

/** An IMDb dataset import: its files, how far it got, what it loaded, why it failed. */
export const adminImport = z
  .object({
    id: z.number().int(),
    status: importStatus,
    /** `panel`: uploaded files run as a job; `command`: `npm run import` on a server, with no uploaded files. */
    source: z.enum(['panel', 'command']),
    /** The machine that ran it (its host name); null until a worker takes it. */
    host: z.string().nullable(),
    /** `queued`, the file being read (`title.basics`…), `merge`, `search`, `vacuum`, `done`. */
    phase: z.string(),
    percent: z.number().int(),
    rowsRead: z.number(),
    bytesRead: z.number(),
    bytesTotal: z.number(),
    files: z.array(z.object({ uploadId: z.string(), kind: datasetKind, fileName: z.string(), size: z.number() })),
    counts: z.object({ titles: z.number(), episodes: z.number(), people: z.number(), credits: z.number(), collections: z.number() }).nullable(),
    /** Rows skipped for a problem of their own (the rest loaded). */
    issues: z.number().int(),
    /** `daily`: only what changed since the last import was read and applied; null until it ends. */
    mode: z.enum(['full', 'daily']).nullable(),
    /** Why a full import when none was asked for. */
    fullReason: importFullReason.nullable(),
    /** Per dataset file, a daily import's changes. */
    changes: z.record(z.string(), importFileChanges).nullable(),
    /** The titles the import took off the site. */
    removedTitles: z.array(importRemovedTitle).nullable(),
    /** The first row issues, `file:line: message`. */
    issueSamples: z.array(z.string()).nullable(),
    seconds: z.number().nullable(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminImport' });
export type AdminImport = z.infer<typeof adminImport>;

/** Persian names of the import phases. */
export const importPhaseLabels: Record<string, string> = {
  queued: 'در صف',
  'title.basics': 'خواندن عنوان‌ها',
  'title.akas': 'خواندن نام‌های دیگر',
  'title.ratings': 'خواندن امتیازها',
  'title.episode': 'خواندن قسمت‌ها',
  'title.principals': 'خواندن بازیگران و عوامل',
  'title.crew': 'خواندن کارگردان‌ها و نویسنده‌ها',
  'name.basics': 'خواندن افراد',
  supplement: 'خواندن اطلاعات تکمیلی',
  merge: 'ادغام با کاتالوگ',
  search: 'ساختن نمایهٔ جست‌وجو',
  vacuum: 'مرتب‌سازی جدول‌ها',
  done: 'پایان',
  failed: 'ناموفق',
};

export const importsQuery = pageQuery.extend({ per_page: z.coerce.number().int().min(1).max(100).default(20), status: importStatus.optional() });
export type ImportsQuery = z.infer<typeof importsQuery>;

/** `POST /api/admin/imports`: the uploaded dataset files to import (title.basics among them). */
export const importCreateBody = z.object({
  upload_ids: z
    .array(z.string().regex(/^[a-zA-Z0-9_-]{8,64}$/, 'شناسهٔ فایل بارگذاری‌شده نامعتبر است.'))
    .min(1, 'دست‌کم یک فایل را انتخاب کنید.')
    .max(8),
});
export type ImportCreateBody = z.infer<typeof importCreateBody>;

export const importIdParam = idParam;
export const titleMediaParam = idParam;
