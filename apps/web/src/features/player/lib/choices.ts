import type { PlayInfo } from '@parde/contract';
import type { PlayerPrefs } from './prefs';

type Audio = PlayInfo['audio'][number];

/** The remembered edition for this title; `?dub=1` asks for the dub; otherwise the default. */
export function pickAudio(info: Pick<PlayInfo, 'audio'>, preferDub: boolean, remembered: string | null): string {
  if (preferDub) return info.audio.find((a) => a.kind === 'dub')?.id ?? info.audio[0]?.id ?? 'orig';
  if (remembered && info.audio.some((a) => a.id === remembered)) return remembered;
  return info.audio.find((a) => a.default)?.id ?? info.audio[0]?.id ?? 'orig';
}

/** A dub the viewer hears in Persian: Persian subtitles would only repeat it. */
export function isPersianDub(audio: Pick<Audio, 'kind' | 'language'> | undefined): boolean {
  return audio?.kind === 'dub' && /^(fa|fas|per)(-|$)/i.test(audio.language);
}

/**
 * The subtitles shown under this audio: with a Persian dub the viewer's choice for dubs (none
 * until they make one), otherwise their choice for the original (Persian by default). A
 * language this title has no file for shows nothing.
 */
export function subtitleFor(info: Pick<PlayInfo, 'subtitles'>, audio: Pick<Audio, 'kind' | 'language'> | undefined, prefs: Pick<PlayerPrefs, 'subtitle' | 'subtitleWithDub'>): string | null {
  const wanted = isPersianDub(audio) ? (prefs.subtitleWithDub ?? null) : prefs.subtitle;
  return wanted && info.subtitles.some((s) => s.language === wanted) ? wanted : null;
}

/** Where a subtitle choice made under this audio is kept: the dub's choice or the original's. */
export function subtitleChoice(audio: Pick<Audio, 'kind' | 'language'> | undefined, language: string | null): Partial<PlayerPrefs> {
  return isPersianDub(audio) ? { subtitleWithDub: language } : { subtitle: language };
}

export type TransferTiming = { transferSize: number; responseStart: number; responseEnd: number };

/** Responses smaller than this say more about latency than about bandwidth. */
const MIN_SAMPLE_BYTES = 32 * 1024;

/**
 * Bits per second this connection has carried, from the page's own larger downloads (the
 * watch screen's code, fetched just before): the median of their bodies' bytes over the time
 * the bodies took. Without such a download, the browser's own estimate (`downlink`, Mb/s), and
 * without that null (hls.js then starts with its default).
 */
export function measuredBandwidth(entries: readonly TransferTiming[], downlinkMbps?: number): number | null {
  const rates = entries
    .filter((e) => e.transferSize >= MIN_SAMPLE_BYTES && e.responseEnd > e.responseStart)
    .map((e) => (e.transferSize * 8 * 1000) / (e.responseEnd - e.responseStart))
    .sort((a, b) => a - b);
  if (rates.length > 0) return Math.round(rates[Math.floor(rates.length / 2)]!);
  return downlinkMbps && downlinkMbps > 0 ? Math.round(downlinkMbps * 1_000_000) : null;
}

/** The packager's segment length (decision 16): the first segment must arrive before the first frame. */
const SEGMENT_SEC = 6;
/** What the first segment may take to download, of the start's budget (≤ 1 s to the first frame). */
const FIRST_SEGMENT_SEC = 0.5;

/**
 * The bandwidth hls.js is told to start with: the rung it picks from it is one whose first
 * segment arrives within half a second at the measured rate (on Fast 4G, 9 Mb/s: a rung up to
 * ~0.75 Mb/s; on a fast line the top one). Its own measurements take over after that segment.
 */
export function startEstimate(measured: number): number {
  return Math.round((measured * FIRST_SEGMENT_SEC) / SEGMENT_SEC);
}
