import type { TopComment } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getErrorStatus } from '../../../lib/errors';
import { titleKeys } from './keys';

/**
 * `GET /api/titles/{id}/topcomments`. Until comments are served the endpoint answers 404,
 * which means "no comments yet" here (spec §8: a failure logs and shows nothing).
 */
export async function getTopComments(id: number, signal?: AbortSignal): Promise<TopComment[]> {
  try {
    const res = await api.get<{ data: TopComment[] }>(`/api/titles/${id}/topcomments`, { signal });
    return Array.isArray(res.data.data) ? res.data.data : [];
  } catch (error) {
    if (getErrorStatus(error) === 404) return [];
    throw error;
  }
}

export const getTopCommentsQueryOptions = (id: number) =>
  queryOptions({ queryKey: titleKeys.topComments(id), queryFn: ({ signal }) => getTopComments(id, signal) });

export const useTopComments = (id: number) => useQuery(getTopCommentsQueryOptions(id));
