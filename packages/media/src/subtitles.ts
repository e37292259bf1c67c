/**
 * Subtitles: legacy SRT files in whatever encoding they arrive in, turned into WebVTT that
 * browsers and HLS players show correctly for Persian.
 *
 * Persian SRTs in the wild are mostly Windows-1256 (made on Windows with an Arabic code page),
 * sometimes UTF-16 from Notepad, lately UTF-8; they are typed on Arabic keyboards (ي ك) and
 * were often "fixed" by hand for players that drew right-to-left text left-to-right, which
 * left the full stop at the start of the line. All of that is repaired here.
 */
import { toPersianLetters, toPersianNumerals } from '@parde/persian';
import iconv from 'iconv-lite';
import { SubtitleError } from './errors';
import { formatVttTime, parseVttTime, VTT_TIMING_LINE, type WebVttCue } from './webvtt';

export { formatVttTime, parseWebVttCues, type WebVttCue } from './webvtt';

/** The encodings {@link decodeSubtitleBytes} recognises. */
export type SubtitleEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a subtitle file's bytes, detecting the encoding: a UTF-8 or UTF-16 byte-order mark;
 * UTF-16 without one (recognised by its NUL bytes, which text in the other encodings never has);
 * text that is valid UTF-8; and otherwise Windows-1256, the legacy Persian/Arabic code page.
 * The BOM is not part of the returned text.
 */
export function decodeSubtitleBytes(buf: Uint8Array): { text: string; encoding: SubtitleEncoding } {
  const bytes = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: iconv.decode(bytes.subarray(2), 'utf-16le', { stripBOM: false }), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: iconv.decode(bytes.subarray(2), 'utf-16be', { stripBOM: false }), encoding: 'utf-16be' };
  }
  const bomless16 = guessUtf16(bytes);
  if (bomless16) return { text: iconv.decode(bytes, bomless16, { stripBOM: false }), encoding: bomless16 };
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'windows-1256'), encoding: 'windows-1256' };
  }
}

/**
 * UTF-16 without a BOM: an SRT is mostly digits, colons and spaces, which in UTF-16 are a
 * NUL byte beside an ASCII byte, so one parity of positions is full of NULs and the other
 * almost free of them. Persian letters (U+06xx) have no NUL byte, hence the modest threshold.
 */
function guessUtf16(bytes: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, 8192);
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 2) return undefined;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenNuls++;
    if (sample[i + 1] === 0) oddNuls++;
  }
  if (oddNuls >= pairs * 0.2 && evenNuls <= oddNuls * 0.05) return 'utf-16le';
  if (evenNuls >= pairs * 0.2 && oddNuls <= evenNuls * 0.05) return 'utf-16be';
  return undefined;
}


/** A timestamp, lenient as SRT writers are: hours optional, `,` or `.` (or `:`) before 1–3 fraction digits. */
const TIMESTAMP = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[,.:](\d{1,3}))?`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIMESTAMP}\s*-{1,2}>\s*${TIMESTAMP}(.*)$`);

function toMs(hours: string | undefined, minutes: string, seconds: string, fraction: string | undefined): number {
  // "1,5" means half a second, not 5 ms: the digits are a decimal fraction.
  const ms = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + ms;
}

function parseTimingLine(line: string): { startMs: number; endMs: number; rest: string } | undefined {
  const m = TIMING_LINE.exec(line);
  if (!m) return undefined;
  return {
    startMs: toMs(m[1], m[2]!, m[3]!, m[4]),
    endMs: toMs(m[5], m[6]!, m[7]!, m[8]),
    rest: m[9] ?? '',
  };
}


const ARABIC_LETTER = /(?=\p{Script=Arabic})\p{L}/u;
/** Bidi controls a legacy file may already carry at a line's ends; we set our own. */
const EDGE_BIDI_CONTROLS = /^[\u200e\u200f\u202a-\u202e\u2066-\u2069]+|[\u200e\u200f\u202a-\u202e\u2066-\u2069]+$/g;
/** Sentence punctuation that old players pushed to the wrong end of right-to-left lines. */
const MISPLACED_PUNCTUATION = /^[.!?؟،…]+/;
const ENDS_WITH_PUNCTUATION = /[.!?؟،…:؛;,]$/;
/** Tags WebVTT itself understands and that SRT authors use; everything else (font, span…) goes. */
const KEPT_TAGS = new Set(['i', 'b', 'u']);
const RLM = '\u200f';

/**
 * Cleans one SRT text line into WebVTT cue text: drops ASS override blocks (`{\an8}`) and
 * tags WebVTT does not know, escapes stray `<` and `&`, and for Persian lines repairs the
 * letters and punctuation and fixes the direction. Returns '' for a line with nothing to show.
 */
function cleanLine(raw: string): string {
  const parts: string[] = [];
  // Split into tags and text so escaping never touches a kept tag.
  const withoutAss = raw.replace(/\{\\[^}]*\}/g, '');
  const tagPattern = /<\/?([a-zA-Z][a-zA-Z0-9]*)(?:\s[^<>]*)?>/g;
  let last = 0;
  for (const match of withoutAss.matchAll(tagPattern)) {
    parts.push(escapeText(withoutAss.slice(last, match.index)));
    const name = match[1]!.toLowerCase();
    if (KEPT_TAGS.has(name)) parts.push(match[0].startsWith('</') ? `</${name}>` : `<${name}>`);
    last = match.index + match[0].length;
  }
  parts.push(escapeText(withoutAss.slice(last)));
  let line = parts.join('').replace(/\s+/g, ' ').trim();
  const visible = line.replace(/<[^>]*>/g, '').replace(EDGE_BIDI_CONTROLS, '').trim();
  if (!visible) return '';
  if (ARABIC_LETTER.test(visible)) line = fixPersianLine(line);
  return line;
}

/** `&` stays when it already starts an entity; `-->` can't appear in cue text, so its `>` is escaped. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Repairs a Persian line: Arabic-keyboard yeh/kaf become the Persian letters, punctuation an
 * old player's fix moved to the start goes back to the end, and the line is marked right-to-left.
 *
 * The direction mark: we put U+200F RIGHT-TO-LEFT MARK at both ends rather than an RLE…PDF
 * embedding. An RLM is an ordinary strong right-to-left character, so a renderer's first-strong
 * rule picks RTL for the line, and the trailing `!` of `سلام، دنیا!` sits between two RTL
 * characters and is drawn at the left end even where the paragraph is LTR (a cue whose first
 * line is English, a player that forces `direction: ltr`). Unlike RLE…PDF it has no state that
 * must be popped, so nothing leaks into the next line when a renderer joins or re-wraps lines,
 * and it needs none of the explicit-embedding support that Unicode has deprecated in favour of
 * isolates (RLI…PDI), which in turn are too recent for older TV and set-top renderers.
 */
function fixPersianLine(line: string): string {
  let text = toPersianLetters(line);
  const leadingTags = /^(?:<[^>]*>|[\u200e\u200f\u202a-\u202e\u2066-\u2069]|\s)*/.exec(text)![0];
  let body = text.slice(leadingTags.length);
  // A dialogue dash stays first: "- .سلام" is "- سلام." displaced.
  const dash = /^-\s*/.exec(body)?.[0] ?? '';
  body = body.slice(dash.length);
  const punctuation = MISPLACED_PUNCTUATION.exec(body)?.[0];
  if (punctuation) {
    const rest = body.slice(punctuation.length).trimStart();
    const trailingTags = /(?:<\/[^>]*>|[\u200e\u200f\u202a-\u202e\u2066-\u2069]|\s)*$/.exec(rest)![0];
    const core = rest.slice(0, rest.length - trailingTags.length);
    const coreVisible = core.replace(/<[^>]*>/g, '');
    // Only when the line reads on with a Persian letter and has no ending of its own; "…و بعد" after
    // a cue that ended in "…" is a continuation, but then the line usually ends in punctuation too.
    if (/^(?=\p{Script=Arabic})\p{L}/u.test(coreVisible) && !ENDS_WITH_PUNCTUATION.test(coreVisible)) {
      body = core + punctuation + trailingTags;
    }
  }
  text = (leadingTags + dash + body).replace(EDGE_BIDI_CONTROLS, '').trim();
  return RLM + text + RLM;
}

const LATIN_LETTER = /\p{Script=Latin}/u;
/** A tag or a character reference: cue text's markup, whose digits (`&#1234;`) are not text. */
const MARKUP = /(<[^>]*>|&(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/;

/** Persian subtitles: `fa` and its regional forms (`fa-IR`, `fa-AF`). */
export const isPersianLanguage = (language: string | undefined): boolean => /^(?:fa|per|fas)(?:-|$)/i.test(language ?? '');

/**
 * The text of a cue in a Persian subtitle file as Persian readers and players that show the
 * file as it is (Safari's own HLS player, a downloaded file in a desktop player) should see
 * it: Persian yeh and kaf, and numbers in Persian digits with Persian separators. A line in
 * Latin letters only (an English sign, a song's words) keeps its digits; tags and character
 * references are left as they are.
 */
export function persianCueText(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const visible = line.replace(/<[^>]*>/g, '');
      if (LATIN_LETTER.test(visible) && !ARABIC_LETTER.test(visible)) return line;
      return line
        .split(MARKUP)
        .map((part, i) => (i % 2 === 1 ? part : toPersianNumerals(toPersianLetters(part))))
        .join('');
    })
    .join('\n');
}

/**
 * Writes a WebVTT file's cue text in its language's own letters and digits ({@link persianCueText}
 * for Persian; other languages are returned as they are). Only cue text changes: the header
 * (`X-TIMESTAMP-MAP`…), cue identifiers, timings, settings and NOTE or STYLE blocks stay
 * byte for byte, so a cut segment keeps lining up with the video.
 */
export function localizeWebVtt(vtt: string, language: string): string {
  if (!isPersianLanguage(language)) return vtt;
  const newline = /\r\n/.test(vtt) ? '\r\n' : '\n';
  const blocks = vtt.split(/(\r?\n(?:\r?\n)+)/);
  return blocks
    .map((block, index) => {
      // Odd parts are the blank lines between blocks; the first block is the header.
      if (index % 2 === 1 || index === 0) return block;
      const lines = block.split(/\r?\n/);
      const at = lines.findIndex((line) => VTT_TIMING_LINE.test(line));
      if (at < 0 || at > 1) return block;
      return [...lines.slice(0, at + 1), ...persianCueText(lines.slice(at + 1).join('\n')).split('\n')].join(newline);
    })
    .join('');
}

/**
 * Converts SubRip (SRT) text to WebVTT.
 *
 * Lenient about what real files contain: CRLF or CR line ends, missing or wrong index lines,
 * `,` or `.` before the milliseconds, one- or two-digit fields, extra blank lines, position
 * coordinates after the times, `<font>` and ASS `{\an8}` codes (dropped; `<i>`, `<b>`, `<u>`
 * kept), cues out of order (sorted). Cues that end before they start, or have no text, are
 * dropped. Writes no cue settings. Persian lines are repaired and marked right-to-left
 * (see {@link fixPersianLine}); in a Persian file (`language` `fa`) the numbers are written in
 * Persian too (see {@link persianCueText}).
 *
 * @param language the subtitles' language (BCP 47), when known
 * @throws SubtitleError `SUBTITLE_EMPTY` for blank input, `SUBTITLE_INVALID` when no cue survives.
 */
export function srtToWebVtt(text: string, language?: string): string {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (lines.every((line) => line.trim() === '')) throw new SubtitleError('SUBTITLE_EMPTY');

  const timings: number[] = [];
  lines.forEach((line, i) => {
    if (parseTimingLine(line)) timings.push(i);
  });

  const cues: WebVttCue[] = [];
  timings.forEach((lineIndex, n) => {
    const timing = parseTimingLine(lines[lineIndex]!)!;
    const next = timings[n + 1] ?? lines.length;
    const body = lines.slice(lineIndex + 1, next);
    // The next cue's index sits just before its timing line: drop a number there when a blank
    // line separates it from this cue's text, or when it is the expected next index (files whose
    // blank lines were lost). A number straight under the timing line is text: a cue saying "1984".
    let end = body.length;
    while (end > 0 && body[end - 1]!.trim() === '') end--;
    const lastLine = body[end - 1]?.trim() ?? '';
    if (n + 1 < timings.length && end >= 2 && /^\d+$/.test(lastLine) && (body[end - 2]!.trim() === '' || Number(lastLine) === n + 2)) {
      end--;
    }
    const textLines = body.slice(0, end).map(cleanLine).filter(Boolean);
    if (textLines.length === 0 || timing.endMs <= timing.startMs) return;
    const cueText = textLines.join('\n');
    cues.push({ startMs: timing.startMs, endMs: timing.endMs, settings: '', text: isPersianLanguage(language) ? persianCueText(cueText) : cueText });
  });
  if (cues.length === 0) throw new SubtitleError('SUBTITLE_INVALID');

  // WebVTT requires cues in start-time order; a stable sort keeps simultaneous cues as written.
  cues.sort((a, b) => a.startMs - b.startMs);
  return formatWebVtt(cues);
}

/** Writes cues as a WebVTT file; `headerLines` go right under `WEBVTT` (such as `X-TIMESTAMP-MAP=…`). */
export function formatWebVtt(cues: readonly WebVttCue[], headerLines: readonly string[] = []): string {
  const blocks = cues.map(
    (cue) => `${formatVttTime(cue.startMs)} --> ${formatVttTime(cue.endMs)}${cue.settings ? ` ${cue.settings}` : ''}\n${cue.text}`,
  );
  return [['WEBVTT', ...headerLines].join('\n'), ...blocks].join('\n\n') + '\n';
}

/**
 * Moves every cue of a WebVTT file by `ms` milliseconds (positive = later), for subtitles that
 * run ahead of or behind the picture. Cues pushed wholly before zero are dropped and ones
 * straddling zero start at zero; the header, identifiers, settings and other blocks stay as written.
 */
export function shiftWebVtt(vtt: string, ms: number): string {
  const delta = Math.round(ms);
  const blocks = vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const kept: string[] = [];
  blocks.forEach((block, index) => {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => VTT_TIMING_LINE.test(line));
    if (index === 0 || at < 0 || at > 1) {
      kept.push(block);
      return;
    }
    const m = VTT_TIMING_LINE.exec(lines[at]!)!;
    const startMs = parseVttTime(m[1]!) + delta;
    const endMs = parseVttTime(m[2]!) + delta;
    if (endMs <= 0) return;
    lines[at] = `${formatVttTime(Math.max(0, startMs))} --> ${formatVttTime(endMs)}${m[3]}`;
    kept.push(lines.join('\n'));
  });
  return kept.join('\n\n').replace(/\n*$/, '\n');
}
