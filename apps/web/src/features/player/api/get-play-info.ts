import type { PlayInfo } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const playKeys = {
  all: ['play'] as const,
  info: (titleId: number, episodeId: number | null, isMember: boolean) => [...playKeys.all, titleId, episodeId, isMember] as const,
};

/** `GET /api/titles/{id}/play` — signed addresses and what the player needs to start. */
export async function getPlayInfo(titleId: number, episodeId: number | null, signal?: AbortSignal): Promise<PlayInfo> {
  const res = await api.get<{ data: PlayInfo }>(`/api/titles/${titleId}/play`, { params: { episode: episodeId }, signal });
  return res.data.data;
}

export const getPlayInfoQueryOptions = (titleId: number, episodeId: number | null, isMember: boolean) =>
  queryOptions({
    queryKey: playKeys.info(titleId, episodeId, isMember),
    queryFn: ({ signal }) => getPlayInfo(titleId, episodeId, signal),
    // Signed addresses expire, and the resume point moves: always ask again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const usePlayInfo = (titleId: number, episodeId: number | null, isMember: boolean) => useQuery(getPlayInfoQueryOptions(titleId, episodeId, isMember));
