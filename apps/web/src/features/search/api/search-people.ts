import type { PersonSearchResult } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { searchConfig } from '../config';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { canSearch, cleanQuery } from '../lib/search-rules';
import { searchKeys } from './search-keys';

/** `GET /api/people/search?q=…` → actors and directors matching the text. */
export async function searchPeople(q: string, signal?: AbortSignal): Promise<PersonSearchResult[]> {
  const res = await api.get('/api/people/search', { query: { q }, signal });
  return res.data.data;
}

export const searchPeopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.people(q),
    queryFn: ({ signal }) => searchPeople(q, signal),
    enabled: canSearch(q),
    placeholderData: keepPreviousData,
  });

/** People for the text in the field, asked 1000 ms after typing stops (spec §5). */
export function useSearchPeople(text: string) {
  const q = useDebouncedValue(cleanQuery(text), searchConfig.personDebounceMs);
  const query = useQuery(searchPeopleQueryOptions(q));
  // Only what the panel reads, so the query's tracked properties stay few.
  return { data: query.data, isError: query.isError, isFetching: query.isFetching, debouncedQuery: q };
}
