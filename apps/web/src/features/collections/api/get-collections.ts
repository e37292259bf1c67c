import type { CollectionSummary, PaginationMeta } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './keys';

export const COLLECTIONS_PER_PAGE = 24;

/** `GET /api/collections?page=` */
export async function getCollections(page: number, signal?: AbortSignal): Promise<{ data: CollectionSummary[]; meta: PaginationMeta }> {
  const res = await api.get('/api/collections', { query: { page, per_page: COLLECTIONS_PER_PAGE }, signal });
  return res.data;
}

export const getCollectionsQueryOptions = (page: number) =>
  queryOptions({ queryKey: collectionKeys.list(page), queryFn: ({ signal }) => getCollections(page, signal), placeholderData: keepPreviousData });

export const useCollections = (page: number) => useQuery(getCollectionsQueryOptions(page));
