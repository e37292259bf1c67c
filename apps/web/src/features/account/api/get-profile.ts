import type { Member } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** `GET /api/user` — the dashboard's fresh copy: premium status and the counts. */
export async function getProfile(signal?: AbortSignal): Promise<Member> {
  const res = await api.get('/api/user', { signal });
  return res.data.data;
}

export const getProfileQueryOptions = () => queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(getProfileQueryOptions());
