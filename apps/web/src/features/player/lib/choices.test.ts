import type { PlayInfo } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { isPersianDub, measuredBandwidth, pickAudio, startEstimate, subtitleChoice, subtitleFor } from './choices';

const orig = { id: 'orig', label: 'صدای اصلی', language: 'en', kind: 'original', studio: null, default: true } as const;
const dubFa = { id: 'dub1', label: 'دوبلهٔ فارسی', language: 'fa', kind: 'dub', studio: 'سورن', default: false } as const;
const dubTr = { id: 'dub2', label: 'دوبلهٔ ترکی', language: 'tr', kind: 'dub', studio: null, default: false } as const;
const info: Pick<PlayInfo, 'audio' | 'subtitles'> = {
  audio: [orig, dubFa, dubTr],
  subtitles: [
    { language: 'fa', label: 'فارسی', url: '/s-fa.vtt' },
    { language: 'en', label: 'انگلیسی', url: '/s-en.vtt' },
  ],
};
const fresh = { subtitle: 'fa', size: 'm', dataSaver: null, quality: null } as const;

describe('subtitles under the audio playing', () => {
  it('a new viewer: Persian subtitles with the original, none over a Persian dub', () => {
    expect(subtitleFor(info, orig, fresh)).toBe('fa');
    expect(subtitleFor(info, dubFa, fresh)).toBeNull();
  });

  it('a dub in another language is not Persian: the original choice applies', () => {
    expect(isPersianDub(dubTr)).toBe(false);
    expect(subtitleFor(info, dubTr, fresh)).toBe('fa');
    expect(isPersianDub({ kind: 'dub', language: 'fa-IR' })).toBe(true);
    expect(isPersianDub({ kind: 'original', language: 'fa' })).toBe(false);
  });

  it("the viewer's own choice wins: subtitles kept over a dub, or turned off for the original", () => {
    expect(subtitleFor(info, dubFa, { ...fresh, subtitleWithDub: 'fa' })).toBe('fa');
    expect(subtitleFor(info, dubFa, { ...fresh, subtitleWithDub: 'en' })).toBe('en');
    expect(subtitleFor(info, orig, { ...fresh, subtitle: null, subtitleWithDub: 'fa' })).toBeNull();
    expect(subtitleFor(info, dubFa, { ...fresh, subtitleWithDub: null })).toBeNull();
  });

  it('a language this title has no file for shows nothing', () => {
    expect(subtitleFor(info, orig, { ...fresh, subtitle: 'de' })).toBeNull();
  });

  it('a choice is kept for what plays: the dub’s under a Persian dub, else the original’s', () => {
    expect(subtitleChoice(dubFa, 'fa')).toEqual({ subtitleWithDub: 'fa' });
    expect(subtitleChoice(dubFa, null)).toEqual({ subtitleWithDub: null });
    expect(subtitleChoice(orig, null)).toEqual({ subtitle: null });
    expect(subtitleChoice(dubTr, 'en')).toEqual({ subtitle: 'en' });
  });
});

describe('the audio edition', () => {
  it('?dub=1 asks for the dub, else the remembered edition, else the default', () => {
    expect(pickAudio(info, true, 'orig')).toBe('dub1');
    expect(pickAudio(info, false, 'dub2')).toBe('dub2');
    expect(pickAudio(info, false, 'gone')).toBe('orig');
    expect(pickAudio(info, false, null)).toBe('orig');
  });
});

describe('the bandwidth to start at', () => {
  it("is the median of the page's larger downloads, bytes over the body's time", () => {
    const entries = [
      { transferSize: 200_000, responseStart: 100, responseEnd: 300 }, // 8 Mb/s
      { transferSize: 100_000, responseStart: 0, responseEnd: 400 }, // 2 Mb/s
      { transferSize: 300_000, responseStart: 0, responseEnd: 150 }, // 16 Mb/s
      { transferSize: 2_000, responseStart: 0, responseEnd: 1 }, // too small to say anything
    ];
    expect(measuredBandwidth(entries)).toBe(8_000_000);
  });

  it("falls back to the browser's estimate, then to none", () => {
    expect(measuredBandwidth([{ transferSize: 0, responseStart: 0, responseEnd: 5 }], 1.5)).toBe(1_500_000);
    expect(measuredBandwidth([])).toBeNull();
  });
});

describe('the rung to start at', () => {
  it('is one whose first 6 s segment arrives within half a second at the measured rate', () => {
    // Fast 4G: 9 Mb/s carries a 0.75 Mb/s rung's first segment in half a second (the demo's 360p, not its 2.5 Mb/s 720p).
    expect(startEstimate(9_000_000)).toBe(750_000);
    expect(startEstimate(600_000_000)).toBe(50_000_000);
  });
});
