/**
 * Packaging a title for streaming: one source video, any number of audio editions (original,
 * dubs) and subtitle languages become an HLS folder with a master playlist, a poster and
 * screenshots, written atomically.
 *
 * Segments are MPEG-TS, not fMP4. hls.js plays both, but TS segments are self-contained (no init
 * segment), play in every HLS client including the older Safari/iOS and smart-TV players that
 * predate fMP4 in HLS, and are what WebVTT's X-TIMESTAMP-MAP is defined against, so subtitle
 * timing needs no per-client care. The price is a few percent of container overhead, which
 * the measured BANDWIDTH figures include.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from './errors';
import { ffmpegOutput, runFfmpeg, runFfprobe, throwIfAborted } from './ffmpeg';
import {
  avc1Codec,
  findSps,
  masterPlaylist,
  parseMediaPlaylist,
  vodPlaylist,
  type PlaylistSegment,
  type VariantEntry,
} from './hls-playlist';
import { AUDIO_BITRATE, ladderFor, type Rung } from './ladder';
import { probeMedia, type MediaInfo } from './probe';
import { WeightedProgress } from './progress';
import { decodeSubtitleBytes, formatWebVtt, parseWebVttCues, srtToWebVtt } from './subtitles';

/** One audio edition of a title: the original soundtrack or a dub. */
export interface AudioEdition {
  /** Short Latin id, used in the folder name `a-{id}`: `orig`, `dub-x`. */
  id: string;
  /** What the audio menu shows: `اصلی`, `دوبله — استودیو X`. */
  label: string;
  /** BCP 47 language of the speech: `en`, `fa`. */
  language: string;
  /** A separate audio file; when absent, the video file's first audio track. */
  file?: string;
  /** The edition players pick first; at most one. Without any, the first edition is. */
  default?: boolean;
}

/** One subtitle language, from an SRT file in UTF-8, UTF-16 or Windows-1256. */
export interface SubtitleInput {
  /** BCP 47 language, used in the folder name `s-{language}`; one file per language. */
  language: string;
  label: string;
  file: string;
  /** Ask players to show these subtitles without the member choosing them. */
  default?: boolean;
}

/** x264 speed presets, fastest first; slower ones give smaller files at the same quality. */
export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium' | 'slow';

/** What {@link packageHls} takes. */
export interface PackageHlsOptions {
  /** The source video file. */
  video: string;
  audio: readonly AudioEdition[];
  subtitles: readonly SubtitleInput[];
  /** The folder to create (or replace) with the packaged title. */
  outDir: string;
  /** Segment length in seconds; 6 by default, as Apple recommends. */
  segmentSeconds?: number;
  /** Whole percentages from 0 to 100, increasing; 100 once the output is in place. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** x264 preset; `veryfast` by default. Tests use `ultrafast`. */
  preset?: X264Preset;
  /** How many screenshots to take; 6 by default. */
  screenshots?: number;
}

/** What was produced, also written to `manifest.json`. Paths are relative to the output folder. */
export interface HlsManifest {
  durationSeconds: number;
  renditions: {
    label: string;
    width: number;
    height: number;
    /** Peak bits per second of video plus the largest audio, as in the master playlist. */
    bandwidth: number;
    /** Average bits per second of video plus the largest audio: the basis for data per hour. */
    averageBandwidth: number;
    /** Bytes of this rendition's video segments. */
    bytes: number;
    playlist: string;
  }[];
  audio: { id: string; label: string; language: string; default: boolean; bytes: number; playlist: string }[];
  subtitles: { language: string; label: string; playlist: string; file: string }[];
  posterFile: string;
  screenshotFiles: string[];
  /** Bytes of everything in the folder except manifest.json itself. */
  totalBytes: number;
}

/** Folder of a video rendition: the rung's nominal height (`v1080` also for a 1920×800 film). */
export function renditionDir(rung: Pick<Rung, 'label'>): string {
  return `v${Number.parseInt(rung.label, 10)}`;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/i;
const LANGUAGE_PATTERN = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;
/** Screenshots and the poster are at most this wide; smaller sources are not scaled up. */
const STILL_WIDTH = 1280;
/** Share of the progress bar for encoding; the stills take the rest. Encoding dominates any real title. */
const ENCODE_WEIGHT = 95;
const STILLS_WEIGHT = 5;
/** The part of {@link packageHls}'s progress that is encoding; the poster and screenshots follow. */
export const ENCODE_SHARE = ENCODE_WEIGHT / (ENCODE_WEIGHT + STILLS_WEIGHT);

function invalid(detail: string): never {
  throw new MediaError('INVALID_OPTIONS', { detail });
}

function validate(opts: PackageHlsOptions, segmentSeconds: number, screenshots: number): void {
  if (!opts.video) invalid('video is required');
  if (!opts.outDir || path.resolve(opts.outDir) === path.parse(path.resolve(opts.outDir)).root) invalid('outDir must be a folder below the root');
  if (!(segmentSeconds >= 1 && segmentSeconds <= 30)) invalid('segmentSeconds must be between 1 and 30');
  if (!(Number.isInteger(screenshots) && screenshots >= 0 && screenshots <= 99)) invalid('screenshots must be an integer from 0 to 99');
  const ids = new Set<string>();
  for (const a of opts.audio) {
    if (!ID_PATTERN.test(a.id)) invalid(`audio id "${a.id}" must be 1–32 Latin letters, digits, - or _`);
    if (ids.has(a.id.toLowerCase())) invalid(`audio id "${a.id}" is used twice`);
    ids.add(a.id.toLowerCase());
    if (!LANGUAGE_PATTERN.test(a.language)) invalid(`audio language "${a.language}" is not a language tag`);
    if (!a.label.trim()) invalid(`audio "${a.id}" needs a label`);
  }
  if (opts.audio.filter((a) => a.default).length > 1) invalid('at most one audio edition can be the default');
  const languages = new Set<string>();
  for (const s of opts.subtitles) {
    if (!LANGUAGE_PATTERN.test(s.language)) invalid(`subtitle language "${s.language}" is not a language tag`);
    if (languages.has(s.language.toLowerCase())) invalid(`subtitle language "${s.language}" is given twice`);
    languages.add(s.language.toLowerCase());
    if (!s.label.trim()) invalid(`subtitles "${s.language}" need a label`);
  }
  if (opts.subtitles.filter((s) => s.default).length > 1) invalid('at most one subtitle language can be the default');
}

async function assertExists(file: string): Promise<void> {
  await access(file).catch((cause: unknown) => {
    throw new MediaError('INPUT_NOT_FOUND', { detail: file, cause });
  });
}

/**
 * Packages a title as HLS into `outDir`:
 *
 * - `master.m3u8`: one variant per rung of {@link ladderFor}, with measured BANDWIDTH and
 *   AVERAGE-BANDWIDTH, CODECS read from the encoded stream, audio group `aud` and subtitle group `subs`;
 * - `v{height}/index.m3u8` + TS segments: H.264 video only, keyframes every `segmentSeconds`
 *   so every rung is cut at the same instants and players can switch between them anywhere;
 * - `a-{id}/index.m3u8` + TS segments: AAC-LC 128 kb/s stereo per audio edition;
 * - `s-{lang}/index.m3u8`, its WebVTT segments, and `s-{lang}/subs.vtt` (the whole file, for
 *   downloads and plain `<track>` use);
 * - `poster.jpg` at 10% of the running time, `shots/01.jpg`… evenly spaced, and `manifest.json`.
 *
 * Everything is built in a hidden folder beside `outDir` and renamed into place at the end, so a
 * failed or aborted run leaves no partial output, and an earlier package of the same title
 * stays until the new one is complete.
 *
 * @throws MediaError (`INPUT_NOT_FOUND`, `NO_VIDEO_STREAM`, `NO_AUDIO_STREAM`, `INVALID_OPTIONS`,
 *   `PROBE_FAILED`, `FFMPEG_FAILED` with ffmpeg's stderr tail, `FFMPEG_MISSING`, `ABORTED`)
 * @throws SubtitleError when a subtitle file has no usable cues, before anything is encoded.
 */
export async function packageHls(opts: PackageHlsOptions): Promise<HlsManifest> {
  const { signal } = opts;
  const segmentSeconds = opts.segmentSeconds ?? 6;
  const screenshotCount = opts.screenshots ?? 6;
  validate(opts, segmentSeconds, screenshotCount);
  throwIfAborted(signal);

  await Promise.all([opts.video, ...opts.audio.flatMap((a) => (a.file ? [a.file] : [])), ...opts.subtitles.map((s) => s.file)].map(assertExists));
  const info = await probeMedia(opts.video, signal);
  if (!info.videoCodec || !info.width || !info.height) throw new MediaError('NO_VIDEO_STREAM', { detail: opts.video });
  if (!(info.durationSeconds > 0)) throw new MediaError('PROBE_FAILED', { detail: `${opts.video}: unknown duration` });
  for (const a of opts.audio) {
    const hasAudio = a.file ? (await probeMedia(a.file, signal)).hasAudio : info.hasAudio;
    if (!hasAudio) throw new MediaError('NO_AUDIO_STREAM', { detail: a.file ?? opts.video });
  }
  // Subtitles first: a broken SRT should fail in a second, not after an hour of encoding.
  const subtitleVtts = await Promise.all(
    opts.subtitles.map(async (s) => srtToWebVtt(decodeSubtitleBytes(await readFile(s.file)).text, s.language)),
  );

  const rungs = ladderFor(info.height, info.width);
  const outDir = path.resolve(opts.outDir);
  const work = path.join(path.dirname(outDir), `.${path.basename(outDir)}.tmp-${randomUUID().slice(0, 8)}`);
  const progress = new WeightedProgress(
    [ENCODE_WEIGHT, ...Array.from({ length: screenshotCount + 1 }, () => STILLS_WEIGHT / (screenshotCount + 1))],
    opts.onProgress,
  );

  try {
    await mkdir(path.dirname(outDir), { recursive: true });
    await mkdir(work);
    progress.start();

    await encodeRenditions({ opts, info, rungs, work, segmentSeconds, progress });
    const stills = await takeStills({ video: opts.video, info, work, screenshotCount, progress, signal });

    const firstVideoPlaylist = path.join(work, renditionDir(rungs[0]!), 'index.m3u8');
    const windows = parseMediaPlaylist(await readFile(firstVideoPlaylist, 'utf8')).segments;
    const mpegTsStart = await firstPts(path.join(work, renditionDir(rungs[0]!), windows[0]!.uri), signal);
    for (const [i, s] of opts.subtitles.entries()) {
      await writeSubtitleRendition(path.join(work, `s-${s.language}`), subtitleVtts[i]!, windows, mpegTsStart);
    }

    const audioStats = await Promise.all(opts.audio.map((a) => measurePlaylist(path.join(work, `a-${a.id}`))));
    const audioPeak = Math.max(0, ...audioStats.map((s) => s.peak));
    const audioAverage = Math.max(0, ...audioStats.map((s) => s.average));
    const defaultAudio = opts.audio.findIndex((a) => a.default);

    const renditions: HlsManifest['renditions'] = [];
    const variants: VariantEntry[] = [];
    for (const rung of rungs) {
      const dir = path.join(work, renditionDir(rung));
      const stats = await measurePlaylist(dir);
      const codec = await videoCodecString(path.join(dir, stats.firstSegment), signal);
      const bandwidth = Math.ceil(stats.peak + audioPeak);
      const averageBandwidth = Math.ceil(stats.average + audioAverage);
      const playlist = `${renditionDir(rung)}/index.m3u8`;
      renditions.push({ label: rung.label, width: rung.width, height: rung.height, bandwidth, averageBandwidth, bytes: stats.bytes, playlist });
      variants.push({
        bandwidth,
        averageBandwidth,
        width: rung.width,
        height: rung.height,
        frameRate: info.frameRate,
        codecs: opts.audio.length ? `${codec},mp4a.40.2` : codec,
        uri: playlist,
      });
    }

    const audio = opts.audio.map((a, i) => ({
      id: a.id,
      label: a.label,
      language: a.language,
      default: defaultAudio >= 0 ? i === defaultAudio : i === 0,
      bytes: audioStats[i]!.bytes,
      playlist: `a-${a.id}/index.m3u8`,
    }));
    const subtitles = opts.subtitles.map((s) => ({
      language: s.language,
      label: s.label,
      playlist: `s-${s.language}/index.m3u8`,
      file: `s-${s.language}/subs.vtt`,
    }));
    await writeFile(
      path.join(work, 'master.m3u8'),
      masterPlaylist({
        audio: audio.map((a) => ({ name: a.label, language: a.language, isDefault: a.default, uri: a.playlist })),
        subtitles: opts.subtitles.map((s, i) => ({ name: s.label, language: s.language, isDefault: !!s.default, uri: subtitles[i]!.playlist })),
        variants,
      }),
    );

    const manifest: HlsManifest = {
      durationSeconds: info.durationSeconds,
      renditions,
      audio,
      subtitles,
      posterFile: stills.poster,
      screenshotFiles: stills.shots,
      totalBytes: await folderBytes(work),
    };
    await writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

    throwIfAborted(signal);
    await moveIntoPlace(work, outDir);
    progress.finish();
    return manifest;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** HLS muxer options shared by every rendition. */
function hlsOutput(dir: string, segmentSeconds: number): string[] {
  return [
    // Keep source timestamps as they are in every output: by default each muxer shifts its own
    // stream to avoid negative DTS (B-frames, AAC priming), by different amounts, which puts
    // separately muxed audio ~60 ms out of step with the picture.
    '-avoid_negative_ts', 'disabled',
    '-hls_ts_options', 'avoid_negative_ts=disabled',
    '-f', 'hls',
    '-hls_time', String(segmentSeconds),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', path.join(dir, '%05d.ts'),
    path.join(dir, 'index.m3u8'),
  ];
}

/**
 * One ffmpeg run for all renditions: the source is decoded once and split to each rung's
 * scaler, which for a feature film saves a full decode per extra rung, and all outputs share
 * one clock so audio and video renditions line up.
 */
async function encodeRenditions(input: {
  opts: PackageHlsOptions;
  info: MediaInfo;
  rungs: readonly Rung[];
  work: string;
  segmentSeconds: number;
  progress: WeightedProgress;
}): Promise<void> {
  const { opts, info, rungs, work, segmentSeconds, progress } = input;
  const args = ['-i', opts.video];
  let inputs = 1;
  const audioInputs = opts.audio.map((a) => {
    if (!a.file) return '0:a:0';
    args.push('-i', a.file);
    return `${inputs++}:a:0`;
  });

  const graph = [`[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`];
  rungs.forEach((r, i) => graph.push(`[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`));
  args.push('-filter_complex', graph.join(';'));

  for (const [i, rung] of rungs.entries()) {
    const dir = path.join(work, renditionDir(rung));
    await mkdir(dir);
    args.push(
      '-map', `[v${i}]`,
      '-c:v', 'libx264',
      '-preset', opts.preset ?? 'veryfast',
      '-profile:v', 'high',
      // Capped CRF: constant quality, held under the rung's rate, so a quiet scene costs less.
      '-crf', '23',
      '-maxrate', String(rung.videoBitrate),
      '-bufsize', String(rung.videoBitrate * 2),
      // A keyframe exactly on every segment boundary; the segmenter cuts only at keyframes.
      '-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`,
      ...hlsOutput(dir, segmentSeconds),
    );
  }
  for (const [i, a] of opts.audio.entries()) {
    const dir = path.join(work, `a-${a.id}`);
    await mkdir(dir);
    args.push(
      '-map', audioInputs[i]!,
      '-c:a', 'aac',
      '-b:a', String(AUDIO_BITRATE),
      '-ac', '2',
      '-ar', '48000',
      // A dub a few seconds longer than the picture would otherwise outlast it.
      '-t', info.durationSeconds.toFixed(3),
      ...hlsOutput(dir, segmentSeconds),
    );
  }
  await runFfmpeg(args, { signal: opts.signal, onTime: (t) => progress.update(0, t / info.durationSeconds) });
  progress.update(0, 1);
}

/** Even width × height of a still: the displayed shape, no wider than {@link STILL_WIDTH}. */
function stillSize(info: MediaInfo): [number, number] {
  const width = Math.min(STILL_WIDTH, info.width);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return [even(width), even((info.height * width) / info.width)];
}

async function takeStills(input: {
  video: string;
  info: MediaInfo;
  work: string;
  screenshotCount: number;
  progress: WeightedProgress;
  signal: AbortSignal | undefined;
}): Promise<{ poster: string; shots: string[] }> {
  const { video, info, work, screenshotCount, progress, signal } = input;
  const [width, height] = stillSize(info);
  const grab = async (seconds: number, relative: string) => {
    const file = path.join(work, relative);
    await runFfmpeg(
      // -ss before -i seeks by keyframe index instead of decoding from the start.
      ['-ss', seconds.toFixed(3), '-i', video, '-map', '0:v:0', '-frames:v', '1', '-vf', `scale=${width}:${height}:flags=bicubic,setsar=1`, '-q:v', '3', '-update', '1', file],
      { signal },
    );
    // ffmpeg exits 0 without writing when the seek lands past the last frame.
    await access(file).catch(() => {
      throw new MediaError('FFMPEG_FAILED', { detail: `no frame at ${seconds.toFixed(3)}s for ${relative}` });
    });
    return relative;
  };

  const poster = await grab(info.durationSeconds * 0.1, 'poster.jpg');
  progress.update(1, 1);
  const shots: string[] = [];
  if (screenshotCount > 0) await mkdir(path.join(work, 'shots'));
  for (let i = 0; i < screenshotCount; i++) {
    const at = (info.durationSeconds * (i + 1)) / (screenshotCount + 1);
    shots.push(await grab(at, `shots/${String(i + 1).padStart(2, '0')}.jpg`));
    progress.update(i + 2, 1);
  }
  return { poster, shots };
}

/** The first presentation time of a TS segment, in 90 kHz ticks, for X-TIMESTAMP-MAP. */
async function firstPts(segment: string, signal: AbortSignal | undefined): Promise<number> {
  const out = JSON.parse(await runFfprobe(['-print_format', 'json', '-show_entries', 'format=start_time', segment], signal)) as {
    format?: { start_time?: string };
  };
  return Math.round(Number(out.format?.start_time ?? 0) * 90_000);
}

/**
 * Writes a subtitle rendition: the whole WebVTT file, and the same cues cut into segments on
 * the video's segment boundaries (a cue spanning a boundary goes in both; hls.js and Safari
 * drop the repeat). Each segment maps cue time 0 to the video's first timestamp, which is how
 * players line WebVTT up with MPEG-TS.
 */
async function writeSubtitleRendition(dir: string, vtt: string, windows: readonly PlaylistSegment[], mpegTsStart: number): Promise<void> {
  await mkdir(dir);
  await writeFile(path.join(dir, 'subs.vtt'), vtt);
  const cues = parseWebVttCues(vtt);
  const header = [`X-TIMESTAMP-MAP=MPEGTS:${mpegTsStart},LOCAL:00:00:00.000`];
  const segments: PlaylistSegment[] = [];
  let startMs = 0;
  for (const [i, w] of windows.entries()) {
    const isLast = i === windows.length - 1;
    const endMs = isLast ? Number.POSITIVE_INFINITY : startMs + w.duration * 1000;
    const uri = `${String(i).padStart(5, '0')}.vtt`;
    const inWindow = cues.filter((c) => c.startMs < endMs && c.endMs > startMs);
    await writeFile(path.join(dir, uri), formatWebVtt(inWindow, header));
    segments.push({ uri, duration: w.duration });
    startMs = endMs;
  }
  await writeFile(path.join(dir, 'index.m3u8'), vodPlaylist(segments));
}

/**
 * Bits per second of a rendition from its files: the average over the whole playlist and the
 * peak segment. A closing segment under a second is left out of the peak: its fixed cost (a
 * keyframe, table packets) over a sliver of time would overstate the rate players plan for.
 */
async function measurePlaylist(dir: string): Promise<{ peak: number; average: number; bytes: number; firstSegment: string }> {
  const { segments } = parseMediaPlaylist(await readFile(path.join(dir, 'index.m3u8'), 'utf8'));
  if (segments.length === 0) throw new MediaError('FFMPEG_FAILED', { detail: `${dir}: empty playlist` });
  let bytes = 0;
  let seconds = 0;
  let peak = 0;
  for (const [i, s] of segments.entries()) {
    const size = (await stat(path.join(dir, s.uri))).size;
    bytes += size;
    seconds += s.duration;
    const shortTail = i === segments.length - 1 && segments.length > 1 && s.duration < 1;
    if (!shortTail && s.duration > 0) peak = Math.max(peak, (size * 8) / s.duration);
  }
  return { peak, average: seconds > 0 ? (bytes * 8) / seconds : 0, bytes, firstSegment: segments[0]!.uri };
}

/** `avc1.PPCCLL` from the stream's own SPS, since x264 lowers the profile when the preset allows. */
async function videoCodecString(segment: string, signal: AbortSignal | undefined): Promise<string> {
  const annexB = await ffmpegOutput(['-i', segment, '-map', '0:v:0', '-c', 'copy', '-frames:v', '1', '-f', 'h264', 'pipe:1'], signal);
  const sps = findSps(annexB);
  if (!sps) throw new MediaError('FFMPEG_FAILED', { detail: `${segment}: no H.264 SPS` });
  return avc1Codec(...sps);
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * Renames the finished folder into place. An existing package is moved aside first and removed
 * only after the new one is in place, and put back if that fails.
 */
async function moveIntoPlace(work: string, outDir: string): Promise<void> {
  const aside = `${work}.old`;
  let movedAside = false;
  try {
    await rename(outDir, aside);
    movedAside = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(work, outDir);
  } catch (error) {
    if (movedAside) await rename(aside, outDir);
    throw error;
  }
  if (movedAside) await rm(aside, { recursive: true, force: true });
}
