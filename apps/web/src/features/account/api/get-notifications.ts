import type { Notification, PaginationMeta } from '@parde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

export type NotificationsPage = { data: Notification[]; meta: PaginationMeta };

/** `GET /api/user/notifications` — newest first; `read` says which are new. */
export async function getNotifications(page: number, perPage: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const res = await api.get('/api/user/notifications', { query: { page, per_page: perPage }, signal });
  return res.data;
}

export const getNotificationsQueryOptions = (page: number, perPage = 20) =>
  queryOptions({
    queryKey: accountKeys.notifications(page, perPage),
    queryFn: ({ signal }) => getNotifications(page, perPage, signal),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (page: number, perPage = 20) => useQuery(getNotificationsQueryOptions(page, perPage));
