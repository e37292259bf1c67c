import type { MemberTitleState } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { titleKeys } from './keys';

export const EMPTY_MEMBER_STATE: MemberTitleState = { inWatchlist: false, liked: false, likes: 0, rating: null };

/** `GET /api/user/titles/{id}/state` — the member's watchlist, like and rating for one title. */
export async function getMemberTitleState(id: number, signal?: AbortSignal): Promise<MemberTitleState> {
  const res = await api.get('/api/user/titles/{id}/state', { path: { id }, signal });
  return res.data.data;
}

export const getMemberTitleStateQueryOptions = (id: number) =>
  queryOptions({ queryKey: titleKeys.memberState(id), queryFn: ({ signal }) => getMemberTitleState(id, signal) });

/** Only for members: a visitor has no state to ask for. */
export const useMemberTitleState = (id: number, isMember: boolean) =>
  useQuery({ ...getMemberTitleStateQueryOptions(id), enabled: isMember });
