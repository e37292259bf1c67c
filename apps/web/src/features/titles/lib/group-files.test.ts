import type { MediaFile } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { groupFiles, qualityRank } from './group-files';

let nextId = 1;
const file = (over: Partial<MediaFile>): MediaFile => ({
  id: nextId++,
  seasonNumber: null,
  episodeNumber: null,
  quality: '1080p',
  sizeMb: 1500,
  codec: 'x264',
  source: 'WEB-DL',
  audio: { kind: 'original', studio: null },
  subtitles: ['fa'],
  durationSec: 7200,
  episodeName: null,
  ...over,
});

describe('files grouped by season, episode and quality', () => {
  it('ranks qualities by resolution', () => {
    expect(qualityRank('2160p')).toBe(2160);
    expect(qualityRank('4K HDR')).toBe(2160);
    expect(qualityRank('720p x265')).toBe(720);
    expect(qualityRank('HDCAM')).toBe(0);
  });

  it('a movie: one group, best quality first, original audio before dubs', () => {
    const files = [
      file({ quality: '720p', sizeMb: 800 }),
      file({ quality: '1080p', audio: { kind: 'dub', studio: 'گلوری' } }),
      file({ quality: '1080p', sizeMb: 1800 }),
      file({ quality: '2160p', sizeMb: 9000 }),
    ];
    const [movie, ...rest] = groupFiles(files);
    expect(rest).toEqual([]);
    expect(movie!.seasonNumber).toBeNull();
    expect(movie!.fileCount).toBe(4);
    const qualities = movie!.episodes[0]!.qualities;
    expect(qualities.map((q) => q.quality)).toEqual(['2160p', '1080p', '720p']);
    expect(qualities[1]!.files.map((f) => f.audio.kind)).toEqual(['original', 'dub']);
  });

  it('a series: seasons and episodes in order, counts per level', () => {
    const files = [
      file({ seasonNumber: 2, episodeNumber: 1 }),
      file({ seasonNumber: 1, episodeNumber: 2, quality: '720p' }),
      file({ seasonNumber: 1, episodeNumber: 2 }),
      file({ seasonNumber: 1, episodeNumber: 1 }),
    ];
    const groups = groupFiles(files);
    expect(groups.map((s) => [s.seasonNumber, s.fileCount])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(groups[0]!.episodes.map((e) => [e.episodeNumber, e.qualities.map((q) => q.quality)])).toEqual([
      [1, ['1080p']],
      [2, ['1080p', '720p']],
    ]);
  });

  it("an episode is named by its files, whichever of them carries the name", () => {
    const groups = groupFiles([
      file({ seasonNumber: 1, episodeNumber: 230, quality: '720p' }),
      file({ seasonNumber: 1, episodeNumber: 230, episodeName: 'روز ۲۳۰' }),
      file({ seasonNumber: 1, episodeNumber: 231 }),
    ]);
    expect(groups[0]!.episodes.map((e) => [e.episodeNumber, e.name])).toEqual([
      [230, 'روز ۲۳۰'],
      [231, null],
    ]);
  });

  it('no files, no groups', () => {
    expect(groupFiles([])).toEqual([]);
  });
});
