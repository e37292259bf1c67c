import type { PaginationMeta, TitleCard } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './keys';

export const COLLECTION_TITLES_PER_PAGE = 24;

/** `GET /api/collections/{id}/titles?page=` — the titles in the collection's own order. */
export async function getCollectionTitles(id: number, page: number, signal?: AbortSignal): Promise<{ data: TitleCard[]; meta: PaginationMeta }> {
  const res = await api.get('/api/collections/{id}/titles', {
    path: { id },
    query: { page, per_page: COLLECTION_TITLES_PER_PAGE },
    signal,
  });
  return res.data;
}

export const getCollectionTitlesQueryOptions = (id: number, page: number) =>
  queryOptions({ queryKey: collectionKeys.titles(id, page), queryFn: ({ signal }) => getCollectionTitles(id, page, signal), placeholderData: keepPreviousData });

export const useCollectionTitles = (id: number, page: number) => useQuery(getCollectionTitlesQueryOptions(id, page));
