import type { TitleCard } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}/similar` */
export async function getSimilarTitles(id: number, signal?: AbortSignal): Promise<TitleCard[]> {
  const res = await api.get('/api/titles/{id}/similar', { path: { id }, signal });
  return res.data.data;
}

export const getSimilarTitlesQueryOptions = (id: number) =>
  queryOptions({ queryKey: titleKeys.similar(id), queryFn: ({ signal }) => getSimilarTitles(id, signal) });

export const useSimilarTitles = (id: number) => useQuery(getSimilarTitlesQueryOptions(id));
