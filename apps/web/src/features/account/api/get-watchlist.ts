import type { MemberTitleCard, PaginationMeta } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

export type WatchlistPage = { data: MemberTitleCard[]; meta: PaginationMeta };

/** `GET /api/user/watchlist` — the saved titles, newest first, with the member's rating of each. */
export async function getWatchlist(page: number, signal?: AbortSignal): Promise<WatchlistPage> {
  const res = await api.get('/api/user/watchlist', { query: { page }, signal });
  return res.data;
}

export const getWatchlistQueryOptions = (page: number) =>
  queryOptions({ queryKey: accountKeys.watchlist(page), queryFn: ({ signal }) => getWatchlist(page, signal), placeholderData: keepPreviousData });

export const useWatchlist = (page: number) => useQuery(getWatchlistQueryOptions(page));
