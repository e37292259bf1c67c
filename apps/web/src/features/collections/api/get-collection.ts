import type { CollectionSummary } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collectionKeys } from './keys';

/** `GET /api/collections/{id}` — the collection itself (its titles come page by page). */
export async function getCollection(id: number, signal?: AbortSignal): Promise<CollectionSummary> {
  const res = await api.get('/api/collections/{id}', { path: { id }, signal });
  return res.data.data;
}

export const getCollectionQueryOptions = (id: number) =>
  queryOptions({ queryKey: collectionKeys.detail(id), queryFn: ({ signal }) => getCollection(id, signal) });

export const useCollection = (id: number) => useQuery(getCollectionQueryOptions(id));
