import type { PlayInfo } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const playKeys = {
  all: ['play'] as const,
  info: (titleId: number, episodeId: number | null, isMember: boolean) => [...playKeys.all, titleId, episodeId, isMember] as const,
};

/** `GET /api/titles/{id}/play` — signed addresses and what the player needs to start. */
export async function getPlayInfo(titleId: number, episodeId: number | null, signal?: AbortSignal): Promise<PlayInfo> {
  const res = await api.get('/api/titles/{id}/play', { path: { id: titleId }, query: { episode: episodeId }, signal });
  return res.data.data;
}

/** A primed answer older than this is asked for again (the resume point, the signed addresses). */
const PRIMED_FRESH_MS = 15_000;
const primed = new Map<string, { at: number; info: Promise<PlayInfo> }>();
const primedKey = (titleId: number, episodeId: number | null, isMember: boolean) => playKeys.info(titleId, episodeId, isMember).join(':');

/**
 * At a press on «تماشا»: the play information is asked for at once, in parallel with the watch
 * screen's code, and the watch screen takes that answer instead of asking again.
 */
export function primePlayInfo(titleId: number, episodeId: number | null, isMember: boolean): void {
  const info = getPlayInfo(titleId, episodeId);
  // A refusal (no premium, no media) is the watch screen's to show when it takes the answer.
  info.catch(() => undefined);
  primed.set(primedKey(titleId, episodeId, isMember), { at: Date.now(), info });
}

function takePrimed(titleId: number, episodeId: number | null, isMember: boolean): Promise<PlayInfo> | null {
  const key = primedKey(titleId, episodeId, isMember);
  const hit = primed.get(key);
  primed.delete(key);
  return hit && Date.now() - hit.at < PRIMED_FRESH_MS ? hit.info : null;
}

export const getPlayInfoQueryOptions = (titleId: number, episodeId: number | null, isMember: boolean) =>
  queryOptions({
    queryKey: playKeys.info(titleId, episodeId, isMember),
    // A press on the title page may have asked already: that answer, once.
    queryFn: ({ signal }) => takePrimed(titleId, episodeId, isMember) ?? getPlayInfo(titleId, episodeId, signal),
    // Signed addresses expire, and the resume point moves: always ask again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const usePlayInfo = (titleId: number, episodeId: number | null, isMember: boolean) => useQuery(getPlayInfoQueryOptions(titleId, episodeId, isMember));
