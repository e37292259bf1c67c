import type { TitleDetail } from '@parde/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/titles/imdb/{imdbId}`: the spec's trailer route names a title by its IMDb id. */
export async function getTitleByImdb(imdbId: string, signal?: AbortSignal): Promise<TitleDetail> {
  const res = await api.get('/api/titles/imdb/{imdbId}', { path: { imdbId }, signal });
  return res.data.data;
}

export const useTitleByImdb = (imdbId: string) =>
  useQuery({ queryKey: ['titles', 'by-imdb', imdbId] as const, queryFn: ({ signal }) => getTitleByImdb(imdbId, signal) });
