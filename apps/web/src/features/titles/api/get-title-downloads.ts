import type { DownloadItem } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

/** `GET /api/titles/{id}/downloads` — signed download links for a premium member, with sizes. */
export async function getTitleDownloads(id: number, signal?: AbortSignal): Promise<DownloadItem[]> {
  const res = await api.get('/api/titles/{id}/downloads', { path: { id }, signal });
  return res.data.data;
}

export const getTitleDownloadsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: titleKeys.downloads(id),
    queryFn: ({ signal }) => getTitleDownloads(id, signal),
    // Signed links expire in hours: never older than the page.
    staleTime: 0,
    gcTime: 0,
  });

/** Asked only when the member may watch (premium, or a free title). */
export const useTitleDownloads = (id: number, enabled: boolean) => useQuery({ ...getTitleDownloadsQueryOptions(id), enabled });

/** The download that a file row names: same episode, quality and audio edition. */
export function downloadFor(items: DownloadItem[] | undefined, file: { seasonNumber: number | null; episodeNumber: number | null; quality: string; audio: { kind: string; studio: string | null } }): DownloadItem | undefined {
  return items?.find(
    (d) =>
      (d.episode?.seasonNumber ?? null) === file.seasonNumber &&
      (d.episode?.episodeNumber ?? null) === file.episodeNumber &&
      d.quality === file.quality &&
      d.audio.kind === file.audio.kind &&
      (d.audio.studio ?? null) === (file.audio.studio ?? null),
  );
}
