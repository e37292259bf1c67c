import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commentKeys } from './keys';

/** `GET /api/user/titles/{id}/comment-likes` — ids of the title's comments the member liked. */
export async function getCommentLikes(titleId: number, signal?: AbortSignal): Promise<number[]> {
  const res = await api.get('/api/user/titles/{id}/comment-likes', { path: { id: titleId }, signal });
  return res.data.data;
}

export const getCommentLikesQueryOptions = (titleId: number) =>
  queryOptions({ queryKey: commentKeys.likes(titleId), queryFn: ({ signal }) => getCommentLikes(titleId, signal) });

/** Only for members: a visitor has liked nothing. */
export const useCommentLikes = (titleId: number, isMember: boolean) => useQuery({ ...getCommentLikesQueryOptions(titleId), enabled: isMember });
