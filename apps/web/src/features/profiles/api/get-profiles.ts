import type { ProfilesData } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** `GET /api/user/profiles` — every profile of the account, and the one this session uses. */
export async function getProfiles(signal?: AbortSignal): Promise<ProfilesData> {
  const res = await api.get('/api/user/profiles', { signal });
  return res.data.data;
}

// Locks and PINs change under us (another device): always read again when a screen opens.
export const getProfilesQueryOptions = () => queryOptions({ queryKey: profileKeys.list(), queryFn: ({ signal }) => getProfiles(signal), staleTime: 0 });

export const useProfiles = () => useQuery(getProfilesQueryOptions());
