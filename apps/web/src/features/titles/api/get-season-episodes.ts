import { SEASON_EPISODES_PER_PAGE, type Episode, type PaginationMeta } from '@parde/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagesAfter } from '../../../lib/pages-after';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}/seasons/{number}/episodes?page=` — a season's episodes in order, a page at a time. */
export async function getSeasonEpisodes(id: number, season: number, page: number, signal?: AbortSignal): Promise<{ data: Episode[]; meta: PaginationMeta }> {
  const res = await api.get('/api/titles/{id}/seasons/{number}/episodes', { path: { id, number: season }, query: { page, per_page: SEASON_EPISODES_PER_PAGE }, signal });
  return res.data;
}

/**
 * The pages of a season after the episodes the title page already carries (`known` of them, the
 * season's first): page `known / SEASON_EPISODES_PER_PAGE + 1` holds the next one.
 */
export const getSeasonEpisodesQueryOptions = (id: number, season: number, known: number) =>
  infiniteQueryOptions({
    queryKey: titleKeys.seasonEpisodes(id, season),
    queryFn: ({ pageParam, signal }) => getSeasonEpisodes(id, season, pageParam, signal),
    ...pagesAfter(known, SEASON_EPISODES_PER_PAGE),
  });
