import type { TitleCard } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TypeFilter } from '../lib/list-filters';
import { catalogueKeys } from './keys';

/** `GET /api/titles/slideshow?type=` — the picks at the top of the home and series lists. */
export async function getSlideshow(type: TypeFilter, signal?: AbortSignal): Promise<TitleCard[]> {
  const res = await api.get('/api/titles/slideshow', { query: { type }, signal });
  return res.data.data;
}

export const getSlideshowQueryOptions = (type: TypeFilter) =>
  queryOptions({ queryKey: catalogueKeys.slideshow(type), queryFn: ({ signal }) => getSlideshow(type, signal), staleTime: 5 * 60_000 });

export const useSlideshow = (type: TypeFilter) => useQuery(getSlideshowQueryOptions(type));
