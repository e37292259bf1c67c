import type { TitleAccess } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}/access` — may this visitor watch the full title and download its files. */
export async function getTitleAccess(id: number, signal?: AbortSignal): Promise<TitleAccess> {
  const res = await api.get('/api/titles/{id}/access', { path: { id }, signal });
  return res.data.data;
}

export const getTitleAccessQueryOptions = (id: number, isMember: boolean) =>
  queryOptions({
    queryKey: titleKeys.access(id, isMember),
    queryFn: ({ signal }) => getTitleAccess(id, signal),
    // A purchase a minute ago must show at once; the answer is cheap.
    staleTime: 0,
  });

/** Not asked for a free title (everyone may watch it). */
export const useTitleAccess = (id: number, isMember: boolean, enabled = true) => useQuery({ ...getTitleAccessQueryOptions(id, isMember), enabled });

/** True only when the API has said no (an unknown or odd answer leaves the page as it was). */
export const needsPremium = (access: TitleAccess | undefined): access is TitleAccess => access?.canWatch === false;
