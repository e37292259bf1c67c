import type { Comment, CommentUpdateInput } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CommentPages, updateComment } from '../lib/comment-cache';
import { commentKeys } from './keys';

/** `PATCH /api/user/comments/{id}` — the author changes the text and the spoiler flag. */
export async function editComment(id: number, input: CommentUpdateInput): Promise<Comment> {
  const res = await api.patch('/api/user/comments/{id}', { path: { id }, body: input });
  return res.data.data;
}

/** The edited comment replaces the old one in the list. The form shows failures itself. */
export function useEditComment(titleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CommentUpdateInput }) => editComment(id, input),
    meta: { silent: true },
    onSuccess: (comment) => {
      qc.setQueryData<CommentPages>(commentKeys.list(titleId), (data) =>
        data ? updateComment(data, comment.id, (old) => ({ ...old, body: comment.body, spoiler: comment.spoiler, editedAt: comment.editedAt, likes: comment.likes })) : data,
      );
    },
  });
}
