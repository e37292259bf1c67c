import type { HistoryItem, PaginationMeta } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

export type HistoryPage = { data: HistoryItem[]; meta: PaginationMeta };

/** `GET /api/user/history` — titles the member opened, latest visit first, with progress. */
export async function getHistory(page: number, perPage: number, signal?: AbortSignal): Promise<HistoryPage> {
  const res = await api.get('/api/user/history', { query: { page, per_page: perPage }, signal });
  return res.data;
}

export const getHistoryQueryOptions = (page: number, perPage = 24) =>
  queryOptions({ queryKey: accountKeys.history(page, perPage), queryFn: ({ signal }) => getHistory(page, perPage, signal), placeholderData: keepPreviousData });

export const useHistory = (page: number, perPage = 24, enabled = true) => useQuery({ ...getHistoryQueryOptions(page, perPage), enabled });
