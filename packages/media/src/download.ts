import { randomUUID } from 'node:crypto';
import { access, mkdir, rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from './errors';
import { runFfmpeg } from './ffmpeg';

/** What {@link makeDownload} takes. */
export interface MakeDownloadOptions {
  /** A folder written by `packageHls`. */
  hlsDir: string;
  /** The video rendition's folder height: 720 for `v720` (the rung's nominal height). */
  height: number;
  /** The audio edition's id: `orig` for `a-orig`. */
  audioId: string;
  /** The .mp4 file to write. */
  out: string;
  signal?: AbortSignal;
}

/**
 * Makes a single-file MP4 for members who download: one video rendition and one audio edition
 * of a packaged title, copied without re-encoding (seconds, not minutes), with the index at the
 * front (`+faststart`) so players start before the whole file has arrived. Written beside `out`
 * and renamed into place, so an interrupted run leaves no broken file.
 *
 * @returns the file's size in bytes
 * @throws MediaError `INPUT_NOT_FOUND` when the rendition or edition is not in `hlsDir`,
 *   `FFMPEG_FAILED`, `FFMPEG_MISSING`, `ABORTED`
 */
export async function makeDownload(opts: MakeDownloadOptions): Promise<number> {
  const video = path.join(opts.hlsDir, `v${opts.height}`, 'index.m3u8');
  const audio = path.join(opts.hlsDir, `a-${opts.audioId}`, 'index.m3u8');
  for (const file of [video, audio]) {
    await access(file).catch((cause: unknown) => {
      throw new MediaError('INPUT_NOT_FOUND', { detail: file, cause });
    });
  }
  await mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
  const part = `${opts.out}.${randomUUID().slice(0, 8)}.part`;
  try {
    await runFfmpeg(
      // The TS segments' ADTS audio needs aac_adtstoasc for MP4; the mp4 muxer inserts it itself.
      ['-i', video, '-i', audio, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', part],
      { signal: opts.signal },
    );
    await rename(part, opts.out);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  return (await stat(opts.out)).size;
}
