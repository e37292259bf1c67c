import type { MediaFile } from '@parde/contract';

export type QualityGroup = { quality: string; files: MediaFile[] };
/** `name`: the episode's name as its files give it (null when it has none). */
export type EpisodeGroup = { episodeNumber: number | null; name: string | null; qualities: QualityGroup[]; fileCount: number };
export type SeasonGroup = { seasonNumber: number | null; episodes: EpisodeGroup[]; fileCount: number };

/** Vertical resolution of a quality label ("2160p", "1080p x265", "4K"); unknown ones sort last. */
export function qualityRank(quality: string): number {
  if (/\b(4k|uhd)\b/i.test(quality)) return 2160;
  const m = /(\d{3,4})\s*p/i.exec(quality);
  return m ? Number(m[1]) : 0;
}

const byNumber = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);

/** Within a quality: the original audio first, then dubs by studio, then the smaller file. */
function compareFiles(a: MediaFile, b: MediaFile): number {
  if (a.audio.kind !== b.audio.kind) return a.audio.kind === 'original' ? -1 : 1;
  const studio = (a.audio.studio ?? '').localeCompare(b.audio.studio ?? '', 'fa');
  return studio !== 0 ? studio : a.sizeMb - b.sizeMb;
}

/**
 * The files page's layout: seasons (a movie's files sit in one season `null`), each with its
 * episodes, each with its qualities from best to lowest.
 */
export function groupFiles(files: MediaFile[]): SeasonGroup[] {
  const seasons = new Map<number | null, Map<number | null, Map<string, MediaFile[]>>>();
  for (const f of files) {
    let episodes = seasons.get(f.seasonNumber);
    if (!episodes) seasons.set(f.seasonNumber, (episodes = new Map()));
    let qualities = episodes.get(f.episodeNumber);
    if (!qualities) episodes.set(f.episodeNumber, (qualities = new Map()));
    const list = qualities.get(f.quality);
    if (list) list.push(f);
    else qualities.set(f.quality, [f]);
  }
  return [...seasons.entries()]
    .sort(([a], [b]) => byNumber(a, b))
    .map(([seasonNumber, episodes]) => {
      const eps = [...episodes.entries()]
        .sort(([a], [b]) => byNumber(a, b))
        .map(([episodeNumber, qualities]) => {
          const qs = [...qualities.entries()]
            .sort(([a], [b]) => qualityRank(b) - qualityRank(a) || a.localeCompare(b))
            .map(([quality, list]) => ({ quality, files: [...list].sort(compareFiles) }));
          const name = qs.flatMap((q) => q.files).find((f) => f.episodeName)?.episodeName ?? null;
          return { episodeNumber, name, qualities: qs, fileCount: qs.reduce((n, q) => n + q.files.length, 0) };
        });
      return { seasonNumber, episodes: eps, fileCount: eps.reduce((n, e) => n + e.fileCount, 0) };
    });
}
