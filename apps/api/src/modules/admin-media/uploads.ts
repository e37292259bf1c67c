/**
 * What happens around a tus upload: before it is created (who, what, where it goes, whether it
 * fits), and once its last byte arrived — a video starts its ingest, a subtitle is attached to
 * the packaged video, a dataset file waits for an import. Every change and its audit entry are
 * one transaction; a finished file that is not what it claims is removed and refused (422), so
 * nothing starts from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { datasetKindOf, subtitleLanguageLabels, uploadMetadata, type DatasetKind, type SubtitleLanguage, type UploadMetadata } from '@parde/contract';
import { decodeSubtitleBytes, MediaError, probeMedia, srtToWebVtt, SubtitleError } from '@parde/media';
import type { Upload } from '@tus/server';
import type { Database } from '../../db/client';
import type { Catalogue } from '../../lib/catalogue-version';
import { recordAudit, type AuditActor } from '../admin/audit';
import { IMDB_COLUMNS } from '../importer/files/imdb-rows';
import { loadSupplement } from '../importer/files/supplement';
import { uploadsDirOf } from '../importer/import-job';
import { mediaDirOf, type IngestRequest } from '../media/ingest';
import { INGEST_QUEUE, type IngestJob } from '../media/queue';
import {
  addFilesSubtitle,
  assetFor,
  cancelUpload,
  insertIngest,
  insertUpload,
  lockAssetSubtitles,
  markUploadComplete,
  markUploadUsed,
  moveCatalogueVersion,
  queueOn,
  rejectUpload,
  setAssetSubtitles,
  setIngestJob,
  uploadById,
  uploadTarget,
  usedSubtitleUploads,
} from './admin-media.repository';
import type { QueueSender } from './queue-sender';
import { installSubtitle } from './subtitle-files';
import { persianBytes, UploadError, uploadValidation } from './upload-errors';

/** Subtitle files are text: a feature film's is well under a megabyte. */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
/** Kept free beside an upload, so the database and the packager still have room. */
const DISK_MARGIN_BYTES = 256 * 1024 * 1024;
const VIDEO_EXTENSIONS = new Set(['.mp4', '.m4v', '.mkv', '.mov', '.avi', '.webm', '.ts', '.mts', '.m2ts', '.mpg', '.mpeg', '.wmv', '.flv']);
const SUBTITLE_EXTENSIONS = new Set(['.srt', '.vtt']);

/** An upload's row, its `details` read as what each kind keeps there. */
type UploadRow = NonNullable<Awaited<ReturnType<typeof uploadById>>> & {
  details: { edition?: 'original' | 'dub'; studio?: string; language?: SubtitleLanguage; dataset?: DatasetKind };
};

export interface UploadDeps {
  database: Database;
  dataDir: string;
  maxBytes: number;
  queue: QueueSender;
  log: { warn(obj: object, msg: string): void };
  /** The app's catalogue: an attached subtitle shows on the title's page at once. */
  catalogue: Pick<Catalogue, 'changed'>;
}

export class UploadService {
  readonly dir: string;

  constructor(private readonly deps: UploadDeps) {
    this.dir = uploadsDirOf(deps.dataDir);
  }

  fileOf(id: string) {
    return path.join(this.dir, id);
  }

  /** The size limit of an upload of this kind. */
  limitOf(kind: string | undefined): number {
    return kind === 'subtitle' ? Math.min(MAX_SUBTITLE_BYTES, this.deps.maxBytes) : this.deps.maxBytes;
  }

  /** Checks a new upload and records it; throws an {@link UploadError} to refuse it. */
  async create(upload: Upload, actor: AuditActor): Promise<void> {
    const parsed = uploadMetadata.safeParse(upload.metadata ?? {});
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'metadata'] ??= []).push(issue.message);
      throw uploadValidation(errors);
    }
    const meta = parsed.data;
    if (upload.size === undefined || upload.sizeIsDeferred) throw new UploadError(422, 'UPLOAD_INVALID', 'حجم فایل باید از آغاز معلوم باشد (Upload-Length).');
    if (upload.size <= 0) throw uploadValidation({ file: ['فایل خالی است.'] });
    const limit = this.limitOf(meta.kind);
    if (upload.size > limit) throw new UploadError(413, 'UPLOAD_TOO_LARGE', `حجم فایل (${persianBytes(upload.size)}) بیش از حد مجاز (${persianBytes(limit)}) است.`);
    const ext = path.extname(meta.filename).toLowerCase();
    if (meta.kind === 'video' && !VIDEO_EXTENSIONS.has(ext)) throw uploadValidation({ filename: ['این فایل ویدیو نیست؛ فایلی مانند ‎.mp4‎ یا ‎.mkv‎ انتخاب کنید.'] });
    if (meta.kind === 'subtitle' && !SUBTITLE_EXTENSIONS.has(ext)) throw uploadValidation({ filename: ['زیرنویس باید فایل ‎.srt‎ یا ‎.vtt‎ باشد.'] });
    if (meta.kind !== 'dataset') await this.checkTarget(meta);
    await this.checkSpace(upload.size);
    const details =
      meta.kind === 'video'
        ? { edition: meta.edition ?? 'original', ...(meta.edition === 'dub' ? { studio: meta.studio } : {}) }
        : meta.kind === 'subtitle'
          ? { language: meta.language }
          : { dataset: datasetKindOf(meta.filename) };
    await insertUpload(this.deps.database.db, {
      id: upload.id,
      kind: meta.kind,
      titleId: meta.title_id ?? null,
      episodeId: meta.episode_id ?? null,
      fileName: meta.filename,
      size: upload.size,
      details,
      uploadedBy: actor.id,
    });
  }

  /** The title (and episode) exist, fit together, and for a subtitle already have a packaged video of their own. */
  private async checkTarget(meta: UploadMetadata) {
    const { db } = this.deps.database;
    const title = meta.title_id === undefined ? undefined : await uploadTarget(db, meta.title_id, meta.episode_id ?? null);
    if (!title) throw new UploadError(404, 'NOT_FOUND', 'عنوانی با این شناسه پیدا نشد.');
    if (meta.episode_id !== undefined && !title.episodeOk) throw uploadValidation({ episode_id: ['این قسمت از این سریال نیست.'] });
    if (title.type === 'series' && meta.episode_id === undefined) throw uploadValidation({ episode_id: ['قسمتِ سریال را انتخاب کنید.'] });
    if (title.type !== 'series' && meta.episode_id !== undefined) throw uploadValidation({ episode_id: ['فیلم قسمت ندارد.'] });
    if (meta.kind === 'subtitle') {
      const asset = await assetFor(db, meta.title_id!, meta.episode_id ?? null);
      if (!asset) throw new UploadError(409, 'NO_MEDIA_ASSET');
      if (asset.location !== 'data') throw new UploadError(409, 'SEED_MEDIA_READONLY');
    }
  }

  /** Room for the whole file (and a margin) before the first byte: a full disk is said at once. */
  private async checkSpace(size: number) {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const stats = await fs.promises.statfs(this.dir);
    const free = stats.bavail * stats.bsize;
    if (free < size + DISK_MARGIN_BYTES) throw new UploadError(507, 'UPLOAD_DISK_FULL', `فضای خالی سرور (${persianBytes(free)}) برای این فایل (${persianBytes(size)}) کافی نیست.`);
  }

  /** A write failed: a full disk, or another error (the bytes that arrived stay; tus resumes from them). */
  async writeFailure(): Promise<UploadError> {
    const stats = await fs.promises.statfs(this.dir).catch(() => null);
    const full = stats !== null && stats.bavail * stats.bsize < DISK_MARGIN_BYTES;
    return new UploadError(full ? 507 : 500, full ? 'UPLOAD_DISK_FULL' : 'UPLOAD_WRITE_FAILED');
  }

  private async row(id: string): Promise<UploadRow> {
    const row = await uploadById(this.deps.database.db, id);
    if (!row) throw new UploadError(404, 'UPLOAD_NOT_FOUND');
    return row as UploadRow;
  }

  /** A refused file leaves nothing behind: its bytes, its tus record, and a row saying why. */
  private async reject(row: UploadRow, reason: string): Promise<never> {
    const file = this.fileOf(row.id);
    await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}.json`, { force: true })]);
    await rejectUpload(this.deps.database.db, row.id, reason);
    throw new UploadError(422, 'UPLOAD_REJECTED', reason);
  }

  /** The last byte arrived: what the upload was for happens now. Returns a header for the client. */
  async finish(upload: Upload, actor: AuditActor): Promise<Record<string, string>> {
    const row = await this.row(upload.id);
    if (row.status !== 'uploading') return {};
    if (row.kind === 'video') return this.finishVideo(row, actor);
    if (row.kind === 'subtitle') return this.finishSubtitle(row, actor);
    return this.finishDataset(row);
  }

  private async finishVideo(row: UploadRow, actor: AuditActor): Promise<Record<string, string>> {
    const file = this.fileOf(row.id);
    try {
      const info = await probeMedia(file);
      if (!info.videoCodec || !info.width || !info.height) return await this.reject(row, `«${row.fileName}» تصویری ندارد؛ فایل ویدیو نیست یا آسیب دیده است.`);
      if (!(info.durationSeconds > 0)) return await this.reject(row, `مدت «${row.fileName}» خوانده نشد؛ فایل ناقص یا آسیب‌دیده است.`);
      if (!info.hasAudio) return await this.reject(row, `«${row.fileName}» صدا ندارد؛ ویدیوی همراه با صدا لازم است.`);
    } catch (err) {
      if (err instanceof MediaError) return await this.reject(row, `«${row.fileName}» فایل ویدیوی معتبری نیست: ${err.message}`);
      throw err;
    }
    const boss = await this.deps.queue.get();
    const subtitles = await this.keptSubtitles(row.titleId!, row.episodeId);
    const edition = row.details.edition ?? 'original';
    const request: IngestRequest = {
      video: file,
      audio: [edition === 'dub' ? { kind: 'dub', studio: row.details.studio } : { kind: 'original' }],
      subtitles,
      removeVideoWhenDone: true,
      upload: { id: row.id, fileName: row.fileName },
    };
    const ingestId = await this.deps.database.db.transaction(async (tx) => {
      const id = await insertIngest(tx, row.titleId!, row.episodeId, request);
      const jobId = await boss.send(INGEST_QUEUE, { ingestId: id } satisfies IngestJob, { db: queueOn(tx) });
      if (!jobId) throw new Error(`the ${INGEST_QUEUE} queue took no job`);
      await setIngestJob(tx, id, jobId);
      await markUploadUsed(tx, row.id, id);
      await recordAudit(tx, actor, {
        action: 'media.ingest_start',
        entity: 'media',
        entityId: row.titleId,
        after: { ingestId: id, episodeId: row.episodeId, fileName: row.fileName, bytes: row.size, edition, studio: row.details.studio ?? null, subtitles: subtitles.map((s) => s.language) },
      });
      return id;
    });
    return { 'Parde-Ingest-Id': String(ingestId) };
  }

  /** Subtitles attached earlier (their uploaded files), so a new video of the title keeps them. */
  private async keptSubtitles(titleId: number, episodeId: number | null): Promise<IngestRequest['subtitles']> {
    const rows = await usedSubtitleUploads(this.deps.database.db, titleId, episodeId);
    return rows.filter((r) => fs.existsSync(this.fileOf(r.id))).map((r) => ({ language: r.language, file: this.fileOf(r.id) }));
  }

  private async finishSubtitle(row: UploadRow, actor: AuditActor): Promise<Record<string, string>> {
    const language = row.details.language!;
    let vtt: string;
    try {
      const decoded = decodeSubtitleBytes(await fs.promises.readFile(this.fileOf(row.id)));
      vtt = srtToWebVtt(decoded.text, language);
    } catch (err) {
      if (err instanceof SubtitleError) return await this.reject(row, `«${row.fileName}»: ${err.message}`);
      throw err;
    }
    const { db } = this.deps.database;
    const asset = await assetFor(db, row.titleId!, row.episodeId);
    if (!asset) throw new UploadError(409, 'NO_MEDIA_ASSET');
    if (asset.location !== 'data') throw new UploadError(409, 'SEED_MEDIA_READONLY');
    const label = subtitleLanguageLabels[language] ?? language;
    const installed = await installSubtitle(mediaDirOf(this.deps.dataDir, asset.key), language, label, vtt);
    try {
      await db.transaction(async (tx) => {
        // The row again, under a lock: a new video packaged meanwhile would otherwise lose this.
        const current = (await lockAssetSubtitles(tx, asset.id)) ?? asset.subtitles;
        const next = [...current.filter((s) => s.language !== language), { language, label }];
        await setAssetSubtitles(tx, asset.id, next);
        await addFilesSubtitle(tx, row.titleId!, row.episodeId, language);
        await markUploadUsed(tx, row.id);
        await moveCatalogueVersion(tx);
        await recordAudit(tx, actor, {
          action: 'media.subtitle_attach',
          entity: 'media',
          entityId: row.titleId,
          before: { assetId: asset.id, subtitles: current.map((s) => s.language) },
          after: { assetId: asset.id, episodeId: row.episodeId, language, fileName: row.fileName, subtitles: next.map((s) => s.language) },
        });
      });
    } catch (err) {
      await installed.undo();
      throw err;
    }
    await installed.done().catch(() => {});
    this.deps.catalogue.changed();
    return { 'Parde-Asset-Id': String(asset.id) };
  }

  private async finishDataset(row: UploadRow): Promise<Record<string, string>> {
    const kind = row.details.dataset;
    const file = this.fileOf(row.id);
    if (!kind) return this.reject(row, 'نام فایل با هیچ‌یک از فایل‌های IMDb نمی‌خواند.');
    if (kind === 'supplement') {
      try {
        await loadSupplement(file);
      } catch (err) {
        return this.reject(row, `«${row.fileName}» فایل اطلاعات تکمیلی معتبری نیست: ${(err as Error).message.split(`${file}: `).join('')}`);
      }
    } else {
      const problem = await headerProblem(file, /\.gz$/i.test(row.fileName), IMDB_COLUMNS[kind]);
      if (problem) return this.reject(row, `«${row.fileName}» ${problem}`);
    }
    await markUploadComplete(this.deps.database.db, row.id);
    return {};
  }

  /**
   * HEAD, PATCH and DELETE name an upload the panel started (not any file of the store), and a
   * finished one is neither written to again nor deleted while what it started still needs it.
   */
  async checkExisting(id: string, method: string): Promise<void> {
    const row = await uploadById(this.deps.database.db, id);
    if (!row || row.status === 'cancelled' || row.status === 'rejected') throw new UploadError(404, 'UPLOAD_NOT_FOUND');
    if (method === 'DELETE' && row.status !== 'uploading' && !(row.status === 'complete' && row.kind === 'dataset'))
      throw new UploadError(409, 'CONFLICT', 'این فایل به کار رفته است (ویدیو در صف آماده‌سازی است، زیرنویس افزوده شده یا ورود انجام شده) و پاک نمی‌شود.');
  }

  /** An upload the operator cancelled (tus DELETE). */
  async cancelled(id: string) {
    await cancelUpload(this.deps.database.db, id);
  }
}

/** The first line of a TSV (gzip or not) must name the columns IMDb publishes; null when it does. */
async function headerProblem(file: string, gzip: boolean, columns: readonly string[]): Promise<string | null> {
  const first = await new Promise<string | null>((resolve) => {
    const source = fs.createReadStream(file, { end: 1024 * 1024 });
    const stream = gzip ? source.pipe(zlib.createGunzip()) : source;
    let text = '';
    const done = (value: string | null) => {
      source.destroy();
      resolve(value);
    };
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const nl = text.indexOf('\n');
      if (nl >= 0) done(text.slice(0, nl));
      else if (text.length > 64 * 1024) done(null);
    });
    stream.on('end', () => done(text || null));
    stream.on('error', () => done(null));
  });
  if (first === null) return gzip ? 'فایل فشردهٔ gzip سالمی نیست یا سطر اولش خوانده نشد.' : 'سطر اول (نام ستون‌ها) در آن پیدا نشد.';
  const header = new Set(first.replace(/\r$/, '').replace(/^\uFEFF/, '').split('\t'));
  const missing = columns.filter((c) => !header.has(c));
  return missing.length ? `ستون‌های لازم را ندارد: ${missing.join('، ')}` : null;
}
