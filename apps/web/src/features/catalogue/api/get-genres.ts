import type { z } from 'zod';
import type { genre } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

export type Genre = z.infer<typeof genre>;

/** `GET /api/genres` — every genre with its title count. */
export async function getGenres(signal?: AbortSignal): Promise<Genre[]> {
  const res = await api.get('/api/genres', { signal });
  return res.data.data;
}

// Genres change with an import, not while someone browses.
export const getGenresQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.genres(), queryFn: ({ signal }) => getGenres(signal), staleTime: 30 * 60_000 });

export const useGenres = () => useQuery(getGenresQueryOptions());
