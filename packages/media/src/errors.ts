import { mediaMessages, subtitleMessages, type MediaErrorCode, type SubtitleErrorCode } from './messages';

/**
 * A media job failed: a stable code, a short Persian message, and for ffmpeg failures the
 * last lines of its stderr (English, for logs and the admin's "details" view, not for members).
 */
export class MediaError extends Error {
  /** What the failure was about, such as the missing file's path. */
  readonly detail: string | undefined;
  /** The last lines ffmpeg/ffprobe wrote to stderr before failing; '' when none. */
  readonly stderrTail: string;

  constructor(
    readonly code: MediaErrorCode,
    options: { detail?: string; stderrTail?: string; cause?: unknown } = {},
  ) {
    super(mediaMessages[code], { cause: options.cause });
    this.name = 'MediaError';
    this.detail = options.detail;
    this.stderrTail = options.stderrTail ?? '';
  }
}

/** A subtitle file could not be read or converted; the message is Persian. */
export class SubtitleError extends Error {
  constructor(
    readonly code: SubtitleErrorCode,
    readonly detail?: string,
  ) {
    super(subtitleMessages[code]);
    this.name = 'SubtitleError';
  }
}
