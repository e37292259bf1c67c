import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CommentPages, findComment, setLiked, updateComment } from '../lib/comment-cache';
import { commentKeys } from './keys';

/** `POST /api/user/comments/{id}/like` toggles; the answer has where it ended and the count. */
export async function toggleCommentLike(id: number): Promise<{ liked: boolean; likes: number }> {
  const res = await api.post('/api/user/comments/{id}/like', { path: { id } });
  return res.data.data;
}

/**
 * Flips the heart and moves the count by one at once, settles on the server's answer, and puts
 * back exactly this comment's like and count if the call fails (other likes in flight are left
 * alone); the failure's Persian message comes from the query client's one error handler.
 */
export function useToggleCommentLike(titleId: number) {
  const qc = useQueryClient();
  const listKey = commentKeys.list(titleId);
  const likesKey = commentKeys.likes(titleId);
  const apply = (id: number, liked: boolean, likes: number) => {
    qc.setQueryData<number[]>(likesKey, (ids = []) => setLiked(ids, id, liked));
    qc.setQueryData<CommentPages>(listKey, (data) => (data ? updateComment(data, id, (c) => ({ ...c, likes })) : data));
  };
  return useMutation({
    mutationFn: (id: number) => toggleCommentLike(id),
    onMutate: async (id) => {
      await Promise.all([qc.cancelQueries({ queryKey: listKey }), qc.cancelQueries({ queryKey: likesKey })]);
      const wasLiked = (qc.getQueryData<number[]>(likesKey) ?? []).includes(id);
      const likes = findComment(qc.getQueryData<CommentPages>(listKey), id)?.likes ?? 0;
      apply(id, !wasLiked, Math.max(0, likes + (wasLiked ? -1 : 1)));
      return { wasLiked, likes };
    },
    onError: (_error, id, context) => {
      if (context) apply(id, context.wasLiked, context.likes);
    },
    onSuccess: (result, id) => apply(id, result.liked, result.likes),
  });
}
