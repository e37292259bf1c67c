import type { Gift, PaginationMeta } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { premiumKeys } from './keys';

export type GiftsPage = { data: Gift[]; meta: PaginationMeta };

/** `GET /api/user/gifts` — the gifts the member bought, with whether each was redeemed. */
export async function getGifts(page: number, perPage: number, signal?: AbortSignal): Promise<GiftsPage> {
  const res = await api.get('/api/user/gifts', { query: { page, per_page: perPage }, signal });
  return res.data;
}

export const getGiftsQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: premiumKeys.gifts(page, perPage), queryFn: ({ signal }) => getGifts(page, perPage, signal), placeholderData: keepPreviousData });

export const useGifts = (page: number, perPage = 10) => useQuery(getGiftsQueryOptions(page, perPage));
