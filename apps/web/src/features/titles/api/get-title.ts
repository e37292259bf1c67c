import type { TitleDetail } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}` (`?dub=1` puts the Persian dubs first). A 404 carries a Persian message. */
export async function getTitle(id: number, dub: boolean, signal?: AbortSignal): Promise<TitleDetail> {
  const res = await api.get('/api/titles/{id}', { path: { id }, query: dub ? { dub: 1 } : undefined, signal });
  return res.data.data;
}

export const getTitleQueryOptions = (id: number, dub = false) =>
  queryOptions({ queryKey: titleKeys.detail(id, dub), queryFn: ({ signal }) => getTitle(id, dub, signal) });

export const useTitle = (id: number, dub = false) => useQuery(getTitleQueryOptions(id, dub));
