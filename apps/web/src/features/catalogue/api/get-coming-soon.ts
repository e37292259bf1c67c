import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PER_PAGE } from '../lib/list-filters';
import type { TitlePage } from './get-titles';
import { catalogueKeys } from './keys';

/** `GET /api/titles/comingsoon?page=` — titles not out yet, soonest first. */
export async function getComingSoon(page: number, signal?: AbortSignal): Promise<TitlePage> {
  const res = await api.get('/api/titles/comingsoon', { query: { page, per_page: PER_PAGE }, signal });
  return res.data;
}

export const getComingSoonQueryOptions = (page: number) =>
  queryOptions({ queryKey: catalogueKeys.comingSoon(page), queryFn: ({ signal }) => getComingSoon(page, signal), placeholderData: keepPreviousData });

export const useComingSoon = (page: number) => useQuery(getComingSoonQueryOptions(page));
