import type { FilmographyRole, PersonDetail } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personKeys } from './keys';

/**
 * `GET /api/people/{id}?role=` — a person with every role's count and the first titles of
 * `role`, the one the page's address names (without it, of every role; decision 47).
 */
export async function getPerson(id: number, role?: FilmographyRole, signal?: AbortSignal): Promise<PersonDetail> {
  const res = await api.get('/api/people/{id}', { path: { id }, query: { role }, signal });
  return res.data.data;
}

export const getPersonQueryOptions = (id: number, role?: FilmographyRole) =>
  queryOptions({ queryKey: personKeys.detail(id, role), queryFn: ({ signal }) => getPerson(id, role, signal) });

export const usePerson = (id: number, role?: FilmographyRole) => useQuery(getPersonQueryOptions(id, role));
