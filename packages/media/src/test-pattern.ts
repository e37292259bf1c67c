/**
 * Synthetic media from ffmpeg's built-in sources, for tests and demo titles: no sample files
 * to store, and every property (size, length, tone) known exactly.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';

/** What {@link makeTestVideo} takes. */
export interface TestVideoOptions {
  /** Output file; the extension picks the container (.mp4, .mkv…). */
  out: string;
  seconds: number;
  width: number;
  height: number;
  /** Frequency of the sine tone on the audio track, Hz; 440 by default. */
  tone?: number;
  /** Whether to add an audio track; true by default. */
  withAudio?: boolean;
  /** `testsrc2` (moving, with a clock) by default, or `smptebars` (still colour bars). */
  pattern?: 'testsrc2' | 'smptebars';
  frameRate?: number;
}

/** Writes a test-pattern video (H.264, plus an AAC sine tone unless `withAudio` is false). */
export async function makeTestVideo(opts: TestVideoOptions): Promise<void> {
  const { seconds, width, height, tone = 440, withAudio = true, pattern = 'testsrc2', frameRate = 25 } = opts;
  await mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
  const args = ['-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=${frameRate}:duration=${seconds}`];
  if (withAudio) args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`);
  args.push('-map', '0:v');
  if (withAudio) args.push('-map', '1:a', '-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-t', String(seconds), opts.out);
  await runFfmpeg(args);
}

/** What {@link makeToneAudio} takes. */
export interface ToneAudioOptions {
  /** Output file; .m4a gives AAC, .wav PCM. */
  out: string;
  seconds: number;
  /** The steady tone, Hz. */
  frequency: number;
  /** Seconds between short beeps an octave up, so a "dub" is told apart from the original by ear. */
  beepEvery?: number;
}

/** Writes a stereo tone, with a beep every `beepEvery` seconds when given: a stand-in dub track. */
export async function makeToneAudio(opts: ToneAudioOptions): Promise<void> {
  const { seconds, frequency, beepEvery } = opts;
  await mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
  const tone = `0.3*sin(2*PI*${frequency}*t)`;
  // Escaped commas stay inside the expression instead of separating filters.
  const expr = beepEvery ? `if(lt(mod(t\\,${beepEvery})\\,0.15)\\,0.6*sin(4*PI*${frequency}*t)\\,${tone})` : tone;
  await runFfmpeg(['-f', 'lavfi', '-i', `aevalsrc=exprs=${expr}|${expr}:sample_rate=48000:duration=${seconds}`, opts.out]);
}
