import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIO_BITRATE, bytesPerHour, LADDER, ladderFor } from './ladder';

const sizes = (rungs: { width: number; height: number }[]) => rungs.map((r) => `${r.width}x${r.height}`);

describe('ladderFor', () => {
  it.each([
    [2160, ['640x360', '854x480', '1280x720', '1920x1080']],
    [1080, ['640x360', '854x480', '1280x720', '1920x1080']],
    [1079, ['640x360', '854x480', '1280x720']],
    [720, ['640x360', '854x480', '1280x720']],
    [576, ['640x360', '854x480']],
    [480, ['640x360', '854x480']],
    [360, ['640x360']],
  ])('a %i-line source gets the rungs no taller than itself', (height, expected) => {
    expect(sizes(ladderFor(height))).toEqual(expected);
  });

  it('gives a source below 360 lines one rung at its own size, with a bit rate for its size', () => {
    const [only, ...rest] = ladderFor(240, 320);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ label: '240p', width: 320, height: 240 });
    expect(only!.videoBitrate).toBeLessThan(LADDER[0]!.videoBitrate);
    expect(only!.videoBitrate).toBeGreaterThanOrEqual(200_000);
    expect(sizes(ladderFor(240))).toEqual(['426x240']);
    expect(sizes(ladderFor(45, 81))).toEqual(['80x44']);
  });

  it('keeps a 16:9 source at the customary frame sizes', () => {
    expect(sizes(ladderFor(720, 1280))).toEqual(['640x360', '854x480', '1280x720']);
  });

  it('fits other shapes inside each rung instead of stretching them', () => {
    // A 2.4:1 scope film is 1080p material though it has only 800 lines.
    expect(sizes(ladderFor(800, 1920))).toEqual(['640x266', '854x354', '1280x532', '1920x800']);
    expect(sizes(ladderFor(1080, 1440))).toEqual(['480x360', '640x480', '960x720', '1440x1080']);
    expect(ladderFor(800, 1920).map((r) => r.label)).toEqual(['360p', '480p', '720p', '1080p']);
  });

  it('never scales up, always has a rung, and lists rungs lowest first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4320 }), fc.integer({ min: 2, max: 7680 }), (height, width) => {
        const rungs = ladderFor(height, width);
        expect(rungs.length).toBeGreaterThan(0);
        for (const r of rungs) {
          expect(r.width).toBeLessThanOrEqual(Math.max(2, width * 1.01));
          expect(r.height).toBeLessThanOrEqual(Math.max(2, height * 1.01));
          expect(r.width % 2 + (r.height % 2)).toBe(0);
          expect(r.bandwidth).toBe(r.videoBitrate + r.audioBitrate);
        }
        const bitrates = rungs.map((r) => r.videoBitrate);
        expect(bitrates).toEqual([...bitrates].sort((a, b) => a - b));
      }),
    );
  });

  it('rejects a height that is not positive', () => {
    expect(() => ladderFor(0)).toThrow(RangeError);
    expect(() => ladderFor(Number.NaN)).toThrow(RangeError);
  });

  it('carries the nominal rates, audio included', () => {
    expect(LADDER.map((r) => [r.label, r.videoBitrate, r.bandwidth])).toEqual([
      ['360p', 800_000, 800_000 + AUDIO_BITRATE],
      ['480p', 1_400_000, 1_400_000 + AUDIO_BITRATE],
      ['720p', 2_800_000, 2_800_000 + AUDIO_BITRATE],
      ['1080p', 5_000_000, 5_000_000 + AUDIO_BITRATE],
    ]);
  });
});

describe('bytesPerHour', () => {
  it('turns bits per second into bytes in an hour', () => {
    expect(bytesPerHour(8)).toBe(3600);
    // 360p with its audio: about 418 MB an hour.
    expect(bytesPerHour(LADDER[0]!.bandwidth)).toBe(417_600_000);
    expect(bytesPerHour(0)).toBe(0);
  });
});
