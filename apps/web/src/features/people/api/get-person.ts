import type { PersonDetail } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personKeys } from './keys';

/** `GET /api/people/{id}` — a person with their filmography by role. */
export async function getPerson(id: number, signal?: AbortSignal): Promise<PersonDetail> {
  const res = await api.get('/api/people/{id}', { path: { id }, signal });
  return res.data.data;
}

export const getPersonQueryOptions = (id: number) =>
  queryOptions({ queryKey: personKeys.detail(id), queryFn: ({ signal }) => getPerson(id, signal) });

export const usePerson = (id: number) => useQuery(getPersonQueryOptions(id));
