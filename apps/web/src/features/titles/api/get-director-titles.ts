import type { TitleCard } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}/director-titles` — the director's other titles. */
export async function getDirectorTitles(id: number, signal?: AbortSignal): Promise<TitleCard[]> {
  const res = await api.get('/api/titles/{id}/director-titles', { path: { id }, signal });
  return res.data.data;
}

export const getDirectorTitlesQueryOptions = (id: number) =>
  queryOptions({ queryKey: titleKeys.directorTitles(id), queryFn: ({ signal }) => getDirectorTitles(id, signal) });

export const useDirectorTitles = (id: number) => useQuery(getDirectorTitlesQueryOptions(id));
