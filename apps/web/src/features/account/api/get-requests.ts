import type { ContentRequest, PaginationMeta } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

export type RequestsPage = { data: ContentRequest[]; meta: PaginationMeta };

/** `GET /api/user/requests` — the member's content requests and their answers. */
export async function getRequests(page: number, perPage: number, signal?: AbortSignal): Promise<RequestsPage> {
  const res = await api.get('/api/user/requests', { query: { page, per_page: perPage }, signal });
  return res.data;
}

export const getRequestsQueryOptions = (page: number, perPage = 20) =>
  queryOptions({ queryKey: accountKeys.requests(page, perPage), queryFn: ({ signal }) => getRequests(page, perPage, signal), placeholderData: keepPreviousData });

export const useRequests = (page: number, perPage = 20) => useQuery(getRequestsQueryOptions(page, perPage));
