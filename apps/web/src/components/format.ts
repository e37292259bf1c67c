import { formatNumber, formatRating, toPersianDigits } from '@parde/persian';

/**
 * Display helpers shared by the catalogue screens: every number a person reads goes out in
 * Persian digits. Technical codes (1080p, x265) are left alone by their callers.
 */

/** «۱۹۹۹», or a series' run: «۲۰۰۸–۲۰۱۳», «۲۰۱۹–» while it is still running. */
export function formatYears(year: number | null, endYear: number | null = null, isSeries = false): string {
  if (year === null) return '';
  if (!isSeries) return toPersianDigits(year);
  if (endYear === null) return `${toPersianDigits(year)}–`;
  if (endYear === year) return toPersianDigits(year);
  return `${toPersianDigits(year)}–${toPersianDigits(endYear)}`;
}

/** A vote count, shortened the way Persian sites write it: «۹۴۲», «۱۲ هزار», «۲٫۱ میلیون». */
export function formatVotes(votes: number): string {
  if (votes < 1000) return formatNumber(votes, 0);
  if (votes < 1_000_000) return `${formatNumber(Math.floor(votes / 1000), 0)} هزار`;
  return `${formatNumber(Math.floor(votes / 100_000) / 10, 1)} میلیون`;
}

/** A file size given in megabytes: «۷۰۰ مگابایت», «۱٫۴ گیگابایت». */
export function formatFileSize(sizeMb: number): string {
  if (sizeMb < 1024) return `${formatNumber(Math.round(sizeMb), 0)} مگابایت`;
  return `${formatNumber(Math.round((sizeMb / 1024) * 10) / 10, 1)} گیگابایت`;
}

/** A count with its noun: «۲۴ عنوان». */
export function formatCount(n: number, noun: string): string {
  return `${formatNumber(n, 0)} ${noun}`;
}

/** A Rotten Tomatoes meter: «۹۲٪». */
export function formatPercent(n: number): string {
  return `${toPersianDigits(Math.round(n))}٪`;
}

/** «۸٫۵», «۷٫۰» — an IMDb-style rating, always with its one decimal. */
export function formatRatingValue(r: number): string {
  const { whole, decimal } = formatRating(r);
  return `${whole}٫${decimal}`;
}

/** A season/episode code such as «فصل ۲ · قسمت ۵». */
export function formatEpisodeCode(season: number | null, episode: number | null): string {
  const parts: string[] = [];
  if (season !== null) parts.push(`فصل ${toPersianDigits(season)}`);
  if (episode !== null) parts.push(`قسمت ${toPersianDigits(episode)}`);
  return parts.join(' · ');
}
