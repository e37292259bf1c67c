import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getErrorStatus } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifications';
import { type CommentPages, removeComment } from '../lib/comment-cache';
import { memberMessages as messages } from '../member-messages';
import { commentKeys } from './keys';

/** `DELETE /api/user/comments/{id}` — the author's own comment, with its replies. */
export async function deleteComment(id: number): Promise<void> {
  await api.delete('/api/user/comments/{id}', { path: { id } });
}

/**
 * The comment leaves the list once the server agrees. Gone already (404) counts as done; any
 * other failure reaches the member from the query client's one error handler.
 */
export function useDeleteComment(titleId: number) {
  const qc = useQueryClient();
  const drop = (id: number) => qc.setQueryData<CommentPages>(commentKeys.list(titleId), (data) => (data ? removeComment(data, id) : data));
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await deleteComment(id);
      } catch (error) {
        if (getErrorStatus(error) !== 404) throw error;
      }
    },
    onSuccess: (_result, id) => {
      drop(id);
      notifySuccess(messages.remove.done);
    },
  });
}
