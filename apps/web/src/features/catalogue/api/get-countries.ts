import type { z } from 'zod';
import type { country } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

export type Country = z.infer<typeof country>;

/** `GET /api/countries` — every country of production with its title count. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const res = await api.get('/api/countries', { signal });
  return res.data.data;
}

export const getCountriesQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.countries(), queryFn: ({ signal }) => getCountries(signal), staleTime: 30 * 60_000 });

export const useCountries = () => useQuery(getCountriesQueryOptions());
