import type { HistoryItem } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import { formatEpisodeCode } from '../../../components/format';
import { paths } from '../../../config/paths';

/** «۱:۰۵:۰۹» or «۵:۰۹»: where playback reached. */
export function formatPosition(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return toPersianDigits(`${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`);
}

/** The line under a history card: the episode reached, else where playback stopped, else the visit date. */
export function progressNote(item: Pick<HistoryItem, 'progress'>): string {
  const { episode, positionSec, visitedAt } = item.progress;
  if (episode) return formatEpisodeCode(episode.seasonNumber, episode.episodeNumber);
  if (positionSec > 0) return `ادامه از ${formatPosition(positionSec)}`;
  return formatJalali(visitedAt, 'long');
}

/** Where «continue watching» leads: the player at the episode reached, when playback began. */
export function resumeHref(item: Pick<HistoryItem, 'id' | 'imdbId' | 'progress'>): string | undefined {
  const { episode, positionSec } = item.progress;
  if (!episode && positionSec <= 0) return undefined;
  const watch = paths.watch.getHref(item.imdbId, item.id);
  return episode ? `${watch}?episode=${episode.id}` : watch;
}

/** The `page` of the URL, 1 when absent or nonsense. */
export function readPage(search: URLSearchParams): number {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n > 1 ? Math.min(n, 10_000) : 1;
}
