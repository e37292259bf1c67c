import type { TitleSearchResult } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchConfig } from '../config';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { canSearch, cleanQuery } from '../lib/search-rules';
import { searchKeys } from './search-keys';

/** `GET /api/titles/search?q=…&limit=20` → titles matching the text, best first. */
export async function searchTitles(q: string, signal?: AbortSignal): Promise<TitleSearchResult[]> {
  const res = await api.get('/api/titles/search', {
    query: { q, limit: searchConfig.titleFetchLimit },
    signal,
  });
  return res.data.data;
}

export const searchTitlesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.titles(q),
    queryFn: ({ signal }) => searchTitles(q, signal),
    enabled: canSearch(q),
    // While the next text is typed, the last list stays instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/**
 * Titles for the text in the field, asked 500 ms after typing stops (spec §5) and only with
 * at least 2 characters. `debouncedQuery` is the text last asked.
 */
export function useSearchTitles(text: string) {
  const q = useDebouncedValue(cleanQuery(text), searchConfig.titleDebounceMs);
  const query = useQuery(searchTitlesQueryOptions(q));
  // Only what the panel reads, so the query's tracked properties stay few.
  return { data: query.data, isError: query.isError, isFetching: query.isFetching, debouncedQuery: q };
}
