/**
 * An ingest: one video (and its dubs and subtitles) packaged for streaming, its media rows
 * written, and every process told the catalogue changed. Runs as a queued job (./queue.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { dubLabel, ENCODE_SHARE, makeDownload, MediaError, originalAudioLabel, packageHls, probeMedia, SubtitleError, type AudioEdition, type HlsManifest, type X264Preset } from '@parde/media';
import { bumpCatalogueVersion } from '../../db/catalogue-version-store';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import type { AssetAudio, AssetRendition, AssetSubtitle } from '../../db/schema/media';
import { catalogueChangedHere } from '../../lib/catalogue-version';
import { IngestsRepository } from './media.repository';

const repo = new IngestsRepository();

export interface IngestRequest {
  /** Absolute paths on the machine that runs the job. */
  video: string;
  /** `original` without a file: the video's own soundtrack. */
  audio: { kind: 'original' | 'dub'; studio?: string; file?: string; language?: string }[];
  subtitles: { language: string; file: string }[];
  intro?: { start: number; end: number };
  preset?: X264Preset;
  /** An upload's copy of the video (the panel's): removed once packaged, a film need not be kept twice. */
  removeVideoWhenDone?: boolean;
  /** The panel's upload this came from (DATA_DIR/uploads/{id}) and the name it had on the operator's machine. */
  upload?: { id: string; fileName: string };
}

const INGEST_FAILED = 'آماده‌سازی ویدیو با خطا متوقف شد.';

/** The part of an ingest's progress that is packaging; the download MP4s take the rest up to 99, the rows the last. */
const PACKAGING_SHARE = 90;

/**
 * What an ingest is doing at a given status and progress, for the command line's progress line
 * (the stored progress is one percentage; its parts are laid out here, where they are made).
 */
export function ingestStage(status: string, progress: number): string {
  if (status === 'queued') return 'waiting for a worker';
  if (status === 'done') return 'packaged';
  if (status === 'failed') return 'failed';
  if (progress < PACKAGING_SHARE * ENCODE_SHARE) return 'encoding';
  if (progress < PACKAGING_SHARE) return 'poster and screenshots';
  if (progress < 99) return 'download files';
  return 'saving';
}

export const SUBTITLE_LABELS: Record<string, string> = { fa: 'فارسی', en: 'انگلیسی', ar: 'عربی', tr: 'ترکی', fr: 'فرانسوی', de: 'آلمانی', es: 'اسپانیایی' };

/** A download's file in the asset folder: `dl/720-orig.mp4`. */
export const downloadFile = (height: number, audioId: string) => `dl/${height}-${audioId}.mp4`;

/** Where the media of `key` lives: DATA_DIR/media/{key}. */
export const mediaDirOf = (dataDir: string, key: string) => path.join(dataDir, 'media', key);

/** The original soundtrack's language: its catalogue code and Persian name, either unknown. */
export interface OriginalLanguage {
  code: string | null;
  name: string | null;
}

/** The language tag of an original soundtrack whose language nobody knows. */
const UNDETERMINED = 'und';

/**
 * The audio editions as the packager takes them and as the asset row keeps them. The original
 * is named by its language (`صدای اصلی — انگلیسی`), a dub by its studio (`دوبلهٔ فارسی — سورن`),
 * through the same functions the player, files page and title page use.
 */
export function editionsOf(request: IngestRequest, original: OriginalLanguage): { packaging: AudioEdition[]; kept: Omit<AssetAudio, 'bytes'>[] } {
  const audio = request.audio.length > 0 ? request.audio : [{ kind: 'original' as const }];
  let dubs = 0;
  const kept = audio.map((a) => {
    if (a.kind === 'original') {
      // A language given with the request names the edition only when it is the one we know the name of.
      const code = a.language ?? original.code;
      const name = code && code === original.code ? original.name : null;
      return { id: 'orig', label: originalAudioLabel(name), language: code ?? UNDETERMINED, default: true, studio: null };
    }
    dubs++;
    const studio = a.studio?.trim() || 'نامشخص';
    return { id: `dub${dubs}`, label: dubLabel(studio), language: a.language ?? 'fa', default: false, studio };
  });
  if (!kept.some((k) => k.default)) kept[0]!.default = true;
  const packaging = kept.map((k, i) => ({ id: k.id, label: k.label, language: k.language, default: k.default, ...(audio[i]!.file ? { file: audio[i]!.file } : {}) }));
  return { packaging, kept };
}

/**
 * Which language the original soundtrack speaks: the title's original language in the
 * catalogue, else the language tag of the source's first audio stream, else unknown.
 */
export async function originalLanguageOf(
  title: OriginalLanguage,
  source: string,
  nameOf: (code: string) => Promise<string | null>,
): Promise<OriginalLanguage> {
  if (title.code) return title;
  const tagged = (await probeMedia(source)).audioLanguages[0] ?? null;
  return tagged ? { code: tagged, name: await nameOf(tagged) } : { code: null, name: null };
}

interface Target {
  titleId: number;
  episodeId: number | null;
  key: string;
  originalLanguage: OriginalLanguage;
}

async function targetOf(db: Executor, ingestId: number): Promise<{ target: Target; request: IngestRequest }> {
  const r = await repo.target(db, ingestId);
  if (!r) throw new Error(`no ingest ${ingestId}`);
  return {
    target: { titleId: r.title_id, episodeId: r.episode_id, key: r.episode_imdb ?? r.title_imdb, originalLanguage: { code: r.lang, name: r.lang_name } },
    request: r.request as IngestRequest,
  };
}

/** The reason a person reads: Persian, with the tool's last words when it was the tool. */
export function failureText(err: unknown): string {
  if (err instanceof MediaError) return [err.message, err.detail, err.stderrTail].filter(Boolean).join('\n');
  if (err instanceof SubtitleError) return [err.message, err.detail].filter(Boolean).join('\n');
  return `${INGEST_FAILED}\n${(err as Error)?.message ?? String(err)}`;
}

/** Input problems are not fixed by trying again; a crash or a full disk may be. */
export const isPermanent = (err: unknown) => err instanceof SubtitleError || (err instanceof MediaError && ['INVALID_OPTIONS', 'INPUT_NOT_FOUND', 'PROBE_FAILED', 'NO_VIDEO_STREAM', 'NO_AUDIO_STREAM', 'FFMPEG_MISSING'].includes(err.code));

export interface IngestContext {
  database: Database;
  dataDir: string;
  worker: string;
  log: (msg: string) => void;
}

/** Runs one ingest to the end: packaged, rows written in one transaction, catalogue version moved. */
export async function runIngest(ctx: IngestContext, ingestId: number): Promise<void> {
  const { db } = ctx.database;
  if (!(await repo.claim(db, ingestId, ctx.worker))) return;
  const { target, request } = await targetOf(db, ingestId);
  const originalSource = request.audio.find((a) => a.kind === 'original')?.file ?? request.video;
  const languageName = (code: string) => repo.languageName(db, code);
  const original = await originalLanguageOf(target.originalLanguage, originalSource, languageName);
  const { packaging, kept } = editionsOf(request, original);

  let shown = 0;
  let beat = Date.now();
  let writing: Promise<unknown> = Promise.resolve();
  const onProgress = (percent: number) => {
    // Every whole percent, and a heartbeat at least every 5 s, so other workers see it alive.
    const p = Math.min(99, Math.floor(percent));
    if (p === shown && Date.now() - beat < 5_000) return;
    shown = p;
    beat = Date.now();
    writing = writing.then(() => repo.progress(db, ingestId, p).catch(() => {}));
  };
  const outDir = mediaDirOf(ctx.dataDir, target.key);
  const packaging90 = (p: number) => onProgress((p * PACKAGING_SHARE) / 100);
  const manifest = await packageHls({
    video: request.video,
    audio: packaging,
    subtitles: request.subtitles.map((s) => ({ language: s.language, label: SUBTITLE_LABELS[s.language] ?? s.language, file: s.file, default: false })),
    outDir,
    onProgress: packaging90,
    preset: request.preset,
  });
  // Members who download get one MP4 per quality and edition, copied from the renditions.
  const pairs = manifest.renditions.flatMap((r) => packaging.map((a) => ({ height: Number.parseInt(r.label, 10), audioId: a.id })));
  for (const [i, pair] of pairs.entries()) {
    await makeDownload({ hlsDir: outDir, height: pair.height, audioId: pair.audioId, out: path.join(outDir, downloadFile(pair.height, pair.audioId)) });
    onProgress(PACKAGING_SHARE + ((i + 1) / pairs.length) * (99 - PACKAGING_SHARE));
  }
  await writing;
  await saveAsset(ctx.database, ingestId, target, manifest, kept, request);
  if (request.removeVideoWhenDone) await Promise.all([fs.promises.rm(request.video, { force: true }), fs.promises.rm(`${request.video}.json`, { force: true })]);
  ctx.log(`ingest ${ingestId}: ${target.key} packaged (${manifest.renditions.map((r) => r.label).join(', ')}; ${(manifest.totalBytes / 1e6).toFixed(1)} MB)`);
}

async function saveAsset(database: Database, ingestId: number, target: Target, manifest: HlsManifest, kept: Omit<AssetAudio, 'bytes'>[], request: IngestRequest) {
  await database.db.transaction(async (tx) => {
    const audio: AssetAudio[] = kept.map((k) => ({ ...k, bytes: manifest.audio.find((a) => a.id === k.id)?.bytes ?? 0 }));
    const dubIds = new Map<string, number>();
    for (const a of audio.filter((x) => x.studio)) dubIds.set(a.id, await repo.upsertDub(tx, target.titleId, a.studio!, a.language));
    const assetId = await repo.replaceAsset(tx, {
      key: target.key,
      titleId: target.titleId,
      episodeId: target.episodeId,
      durationSec: manifest.durationSeconds,
      renditions: JSON.stringify(manifest.renditions.map((r) => ({ height: r.height, width: r.width, label: r.label, bandwidth: r.averageBandwidth, bytes: r.bytes }))),
      audio: JSON.stringify(audio),
      subtitles: JSON.stringify(manifest.subtitles.map((s) => ({ language: s.language, label: s.label }))),
      screenshots: manifest.screenshotFiles.length,
      introStartSec: request.intro?.start ?? null,
      introEndSec: request.intro?.end ?? null,
      totalBytes: manifest.totalBytes,
    });
    await writeFileRows(tx, target, manifest, audio, dubIds);
    await repo.done(tx, ingestId, assetId);
    // Title pages show the files, and lists the dubbed flag: every process forgets what it kept.
    await bumpCatalogueVersion(tx);
  });
  catalogueChangedHere();
}

/** The files page: one row per quality and audio edition, sized as video plus that audio. */
export async function writeFileRows(
  tx: Executor,
  target: { titleId: number; episodeId: number | null },
  manifest: { renditions: Pick<AssetRendition, 'label' | 'bytes'>[]; subtitles: Pick<AssetSubtitle, 'language'>[]; durationSeconds: number },
  audio: AssetAudio[],
  dubIds: Map<string, number>,
) {
  const episode = target.episodeId ? await repo.episodeNumbers(tx, target.episodeId) : undefined;
  await repo.deleteFileRows(tx, target.titleId, target.episodeId);
  for (const r of manifest.renditions) {
    for (const a of audio) {
      await repo.insertFileRow(tx, {
        titleId: target.titleId,
        episodeId: target.episodeId,
        seasonNumber: episode?.season_number ?? null,
        episodeNumber: episode?.episode_number ?? null,
        quality: r.label,
        sizeMb: Math.max(1, Math.round((r.bytes + a.bytes) / 1_048_576)),
        dubId: a.studio ? (dubIds.get(a.id) ?? null) : null,
        subtitles: manifest.subtitles.map((s) => s.language),
        durationSec: Math.round(manifest.durationSeconds),
      });
    }
  }
  if (audio.some((a) => a.studio)) await repo.markDubbed(tx, target.titleId);
}

/** The media folder of an asset, wherever it lives. */
export function assetDir(dataDir: string, seedDir: string, asset: { key: string; location: string }): string {
  return path.join(asset.location === 'seed' ? seedDir : path.join(dataDir, 'media'), asset.key);
}

export const fileExists = (p: string) => fs.existsSync(p);
