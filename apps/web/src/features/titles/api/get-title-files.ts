import type { MediaFile } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}/files` — every media file of a title (download links come with premium). */
export async function getTitleFiles(id: number, signal?: AbortSignal): Promise<MediaFile[]> {
  const res = await api.get('/api/titles/{id}/files', { path: { id }, signal });
  return res.data.data;
}

export const getTitleFilesQueryOptions = (id: number) =>
  queryOptions({ queryKey: titleKeys.files(id), queryFn: ({ signal }) => getTitleFiles(id, signal) });

export const useTitleFiles = (id: number) => useQuery(getTitleFilesQueryOptions(id));
