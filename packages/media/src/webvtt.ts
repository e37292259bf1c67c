/**
 * WebVTT cues, read and written: no encodings, no Node — the web player uses this too, to draw
 * Persian cues itself (a browser's own cue box does not lay out right-to-left punctuation reliably).
 */

/** One WebVTT cue: times in milliseconds, settings as written after the end time, and its text. */
export interface WebVttCue {
  startMs: number;
  endMs: number;
  settings: string;
  text: string;
}

/** Formats milliseconds as WebVTT's `HH:MM:SS.mmm` (hours grow past two digits when needed). */
export function formatVttTime(totalMs: number): string {
  const ms = Math.max(0, Math.round(totalMs));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(ms % 1000, 3)}`;
}

export const VTT_TIMING_LINE = /^((?:\d+:)?\d{2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d+:)?\d{2}:\d{2}\.\d{3})(.*)$/;

/** `HH:MM:SS.mmm` (hours optional) in milliseconds. */
export function parseVttTime(value: string): number {
  const parts = value.split(':');
  const [seconds, millis] = parts.pop()!.split('.');
  const minutes = parts.pop()!;
  return ((Number(parts.pop() ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number((millis ?? '0').padEnd(3, '0'));
}

/** Reads the cues of a WebVTT file (cue identifiers, NOTE and STYLE blocks are skipped). */
export function parseWebVttCues(vtt: string): WebVttCue[] {
  const cues: WebVttCue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => VTT_TIMING_LINE.test(line));
    if (at < 0 || at > 1) continue;
    const m = VTT_TIMING_LINE.exec(lines[at]!)!;
    cues.push({
      startMs: parseVttTime(m[1]!),
      endMs: parseVttTime(m[2]!),
      settings: m[3]!.trim(),
      text: lines.slice(at + 1).join('\n'),
    });
  }
  return cues;
}

