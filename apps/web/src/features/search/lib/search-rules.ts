import { normalizeForSearch } from '@parde/persian';
import { paths } from '../../../config/paths';
import { searchConfig } from '../config';

/** The text sent to the API: trimmed, inner runs of white space collapsed. */
export const cleanQuery = (text: string): string => text.trim().replace(/\s+/g, ' ');

/**
 * Spec §5: a search runs only with at least 2 characters. Counted after the same
 * normalization the server applies, so a lone letter with diacritics never earns a 422.
 */
export const canSearch = (text: string): boolean => normalizeForSearch(text).length >= searchConfig.minQueryLength;

/** Spec §5: Enter and the full-search icon need more than 2 characters. */
export const canSubmit = (text: string): boolean => cleanQuery(text).length > searchConfig.submitLongerThan;

/** Spec §2: the full search is the home list ordered by votes over every type. */
export const fullSearchHref = (text: string): string =>
  paths.home.getHref({ order_by: 'votes', type: 'all', q: cleanQuery(text) });

/** Spec §9, desktop: at most 6 titles, and a show-more link when more came back. */
export function visibleTitles<T>(results: readonly T[], desktop: boolean): { items: readonly T[]; showMore: boolean } {
  if (!desktop) return { items: results, showMore: false };
  return {
    items: results.slice(0, searchConfig.desktopTitleLimit),
    showMore: results.length > searchConfig.desktopTitleLimit,
  };
}

/** Spec §9, desktop: people are cut to 6, but only when more than 8 came back. */
export function visiblePeople<T>(results: readonly T[], desktop: boolean): readonly T[] {
  if (!desktop || results.length <= searchConfig.desktopPeopleCutAbove) return results;
  return results.slice(0, searchConfig.desktopPeopleCutTo);
}

/** Arrow keys walk the options and wrap around; -1 means none is active (the field is). */
export function moveActive(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
