import type { PaginationMeta, TitleCard } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toTitlesQuery, type ListFilters } from '../lib/list-filters';
import { catalogueKeys } from './keys';

export type TitlePage = { data: TitleCard[]; meta: PaginationMeta };

/** `GET /api/titles` — the home list with its filters, order and page. */
export async function getTitles(query: Record<string, string | number>, signal?: AbortSignal): Promise<TitlePage> {
  const res = await api.get('/api/titles', { query, signal });
  return res.data;
}

export const getTitlesQueryOptions = (filters: ListFilters) => {
  const query = toTitlesQuery(filters);
  return queryOptions({
    queryKey: catalogueKeys.list(query),
    queryFn: ({ signal }) => getTitles(query, signal),
    // While the next page or filter loads, the current cards stay (dimmed) instead of a jump.
    placeholderData: keepPreviousData,
  });
};

export const useTitles = (filters: ListFilters) => useQuery(getTitlesQueryOptions(filters));
