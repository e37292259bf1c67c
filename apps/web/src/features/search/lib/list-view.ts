import { toPersianDigits } from '../../../lib/persian';
import { messages } from '../messages';
import type { ResultTab } from './search-stage';
import { canSearch, cleanQuery } from './search-rules';

/** What one tab shows: a hint, progress, an error, nothing found, or its results. */
export type ListView<T> =
  | { kind: 'typeMore' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'empty' }
  | { kind: 'results'; items: readonly T[]; busy: boolean };

type Input<T> = {
  /** The text in the field now. */
  text: string;
  /** The text the query was last asked with (after the debounce). */
  debouncedQuery: string;
  data: readonly T[] | undefined;
  isError: boolean;
  isFetching: boolean;
};

/**
 * One tab's view. While the debounce or the request is still running, the last results stay
 * on screen (marked busy) and "nothing found" waits for an answer to the text as typed.
 */
export function listView<T>({ text, debouncedQuery, data, isError, isFetching }: Input<T>, cut: (items: readonly T[]) => readonly T[]): ListView<T> {
  if (!canSearch(text)) return { kind: 'typeMore' };
  const pending = cleanQuery(text) !== debouncedQuery || isFetching;
  if (data === undefined) return isError && !pending ? { kind: 'failed' } : { kind: 'loading' };
  if (data.length === 0) return pending ? { kind: 'loading' } : { kind: 'empty' };
  return { kind: 'results', items: cut(data), busy: pending };
}

/** The sentence the live region reads once a tab's results have settled. */
export function resultAnnouncement(tab: ResultTab, view: ListView<unknown>, showMore: boolean): string {
  if (view.kind === 'empty') return messages.count.none;
  if (view.kind !== 'results' || view.busy) return '';
  const n = toPersianDigits(view.items.length);
  if (tab === 'people') return messages.count.people(n);
  return showMore ? `${messages.count.titles(n)} ${messages.count.more}` : messages.count.titles(n);
}
