import { access } from 'node:fs/promises';
import { MediaError } from './errors';
import { languageOfTag } from './editions';
import { runFfprobe } from './ffmpeg';

/** What {@link probeMedia} reports about a media file. */
export interface MediaInfo {
  durationSeconds: number;
  /** Displayed width: after rotation metadata and non-square pixels are applied; 0 without video. */
  width: number;
  /** Displayed height; 0 without video. */
  height: number;
  /** Frames per second of the first video stream; 0 without video or when unknown. */
  frameRate: number;
  hasAudio: boolean;
  /** ffmpeg's codec name of the first video stream (`h264`, `hevc`…), or null for audio-only files. */
  videoCodec: string | null;
  /** ffmpeg's codec names of the audio streams, in order. */
  audioCodecs: string[];
  /** The language of each audio stream from its tag (`eng` → `en`), in order; null when untagged or `und`. */
  audioLanguages: (string | null)[];
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

function ratio(value: string | undefined): number {
  const [num, den] = (value ?? '').split(/[:/]/).map(Number);
  return num && den ? num / den : 0;
}

/**
 * Reads a media file's duration, picture size and streams with ffprobe.
 *
 * @throws MediaError `INPUT_NOT_FOUND` when the file is missing, `PROBE_FAILED` when ffprobe
 *   cannot read it (with ffprobe's stderr), `FFMPEG_MISSING` without ffprobe.
 */
export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaInfo> {
  await access(file).catch((cause: unknown) => {
    throw new MediaError('INPUT_NOT_FOUND', { detail: file, cause });
  });
  let json: ProbeOutput;
  try {
    json = JSON.parse(
      await runFfprobe(['-print_format', 'json', '-show_format', '-show_streams', file], signal),
    ) as ProbeOutput;
  } catch (error) {
    if (error instanceof MediaError && error.code === 'FFMPEG_FAILED') {
      throw new MediaError('PROBE_FAILED', { detail: file, stderrTail: error.stderrTail, cause: error });
    }
    throw error;
  }

  const streams = json.streams ?? [];
  // Cover art in an MP4 or MKV is a "video" stream too; it is not the picture.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.filter((s) => s.codec_type === 'audio');

  let width = video?.width ?? 0;
  let height = video?.height ?? 0;
  const sar = ratio(video?.sample_aspect_ratio);
  if (sar > 0 && sar !== 1) width = Math.round(width * sar);
  const rotation = video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? Number(video?.tags?.rotate ?? 0);
  if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];

  const duration =
    Number(json.format?.duration) ||
    Math.max(0, ...streams.map((s) => Number(s.duration) || 0));
  return {
    durationSeconds: duration,
    width,
    height,
    frameRate: ratio(video?.avg_frame_rate) || ratio(video?.r_frame_rate),
    hasAudio: audio.length > 0,
    videoCodec: video?.codec_name ?? null,
    audioCodecs: audio.map((s) => s.codec_name ?? 'unknown'),
    audioLanguages: audio.map((s) => languageOfTag(s.tags?.language)),
  };
}
