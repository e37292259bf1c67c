import type { TitleDetail } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/titles/{id}`: the title's names and address, for the player's heading and way back. */
export async function getWatchTitle(id: number, signal?: AbortSignal): Promise<TitleDetail> {
  const res = await api.get('/api/titles/{id}', { path: { id }, signal });
  return res.data.data;
}

export const getWatchTitleQueryOptions = (id: number) => queryOptions({ queryKey: ['titles', 'detail', id, 'default'] as const, queryFn: ({ signal }) => getWatchTitle(id, signal) });

export const useWatchTitle = (id: number) => useQuery(getWatchTitleQueryOptions(id));
