import { parseWebVttCues, type WebVttCue } from '@parde/media/webvtt';
import { toPersianDigits } from '@parde/persian';

export interface Cue {
  start: number;
  end: number;
  lines: string[];
  /** Persian or Arabic script: drawn right to left, with Persian digits. */
  rtl: boolean;
}

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Cues to draw ourselves: the browser's own WebVTT box does not lay Persian punctuation out
 * reliably, so each line becomes a plain element with `dir="rtl"` (its `!` then ends up on the
 * left, where a Persian reader expects it), tags dropped, digits in Persian.
 */
export function toCues(vtt: string): Cue[] {
  return parseWebVttCues(vtt).map((c: WebVttCue) => {
    const lines = c.text
      .replace(/<[^>]+>/g, '')
      .replace(BIDI_MARKS, '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const rtl = lines.some((l) => ARABIC_SCRIPT.test(l));
    return { start: c.startMs / 1000, end: c.endMs / 1000, lines: rtl ? lines.map((l) => toPersianDigits(l)) : lines, rtl };
  });
}

/** The cues showing at `time` (seconds), subtitles moved by `delay` seconds (positive: later). */
export function cuesAt(cues: Cue[], time: number, delay: number): Cue[] {
  const t = time - delay;
  return cues.filter((c) => c.start <= t && t < c.end);
}
