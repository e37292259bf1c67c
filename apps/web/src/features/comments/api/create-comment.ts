import type { Comment, CommentInput } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addComment, type CommentPages } from '../lib/comment-cache';
import { commentKeys } from './keys';

/** What the form sends; `spoiler` is always said, `parent_id` makes it a reply. */
export type NewComment = Pick<CommentInput, 'body' | 'spoiler'> & { parent_id?: number };

/** `POST /api/user/comment` — a comment or a reply (a reply to a reply joins its thread). */
export async function createComment(titleId: number, input: NewComment): Promise<Comment> {
  const res = await api.post('/api/user/comment', { body: { title_id: titleId, ...input } });
  return res.data.data;
}

/** The new comment joins the loaded list at once. The form shows failures itself (422 under the field). */
export function useCreateComment(titleId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewComment) => createComment(titleId, input),
    meta: { silent: true },
    onSuccess: (comment) => {
      qc.setQueryData<CommentPages>(commentKeys.list(titleId), (data) => (data ? addComment(data, comment) : data));
    },
  });
}
