import type { TitleDetail } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { screenshotKeys } from './keys';

/** `GET /api/titles/{id}`: the page's heading names the title and links back to it. */
export async function getTitle(titleId: number, signal?: AbortSignal): Promise<TitleDetail> {
  const res = await api.get('/api/titles/{id}', { path: { id: titleId }, signal });
  return res.data.data;
}

export const getTitleQueryOptions = (titleId: number) =>
  queryOptions({ queryKey: screenshotKeys.title(titleId), queryFn: ({ signal }) => getTitle(titleId, signal) });

export const useTitle = (titleId: number) => useQuery(getTitleQueryOptions(titleId));
