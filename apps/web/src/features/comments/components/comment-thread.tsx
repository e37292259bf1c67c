import Box from '@mui/material/Box';
import type { Comment, TopComment } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useRef, useState } from 'react';
import { notifySuccess } from '../../../lib/notifications';
import { useCreateComment } from '../api/create-comment';
import { messages } from '../messages';
import { CommentForm } from './comment-form';
import { CommentItem, type CommentViewer } from './comment-item';

type Props = {
  thread: TopComment;
  titleId: number;
  viewer: CommentViewer | null;
  liked: ReadonlySet<number>;
  onDeleted: () => void;
};

/**
 * A comment and its replies, one level deep. Replying to a reply joins the same thread (the
 * server files it under the thread), so the reply form always opens at the thread's end.
 */
export function CommentThread({ thread, titleId, viewer, liked, onDeleted }: Props) {
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const create = useCreateComment(titleId);
  const replyButtons = useRef(new Map<number, HTMLButtonElement>());
  const hiddenReplies = thread.replyCount - thread.replies.length;

  const closeReply = (focusId: number | null) => {
    setReplyTo(null);
    if (focusId !== null) requestAnimationFrame(() => replyButtons.current.get(focusId)?.focus());
  };
  const buttonRef = (id: number) => (el: HTMLButtonElement | null) => {
    if (el) replyButtons.current.set(id, el);
    else replyButtons.current.delete(id);
  };
  const item = (c: Comment, replyCount?: number) => (
    <CommentItem comment={c} titleId={titleId} viewer={viewer} liked={liked.has(c.id)} replyCount={replyCount} onReply={setReplyTo} replyButtonRef={buttonRef(c.id)} onDeleted={onDeleted} />
  );

  return (
    <Box component="li" data-testid="comment-thread" sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      {item(thread, thread.replyCount)}
      {(thread.replies.length > 0 || hiddenReplies > 0 || replyTo) && (
        // Written left-to-right: the RTL style plugin turns "left" into the start side.
        <Box sx={{ mt: 1.5, ml: { xs: 2.5, sm: 6.5 }, pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider', display: 'grid', gap: 2 }}>
          {thread.replies.length > 0 && (
            <Box component="ul" aria-label={messages.item.replies(thread.author.name)} data-testid="comment-replies" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
              {thread.replies.map((r) => (
                <li key={r.id}>{item(r)}</li>
              ))}
            </Box>
          )}
          {hiddenReplies > 0 && (
            <Box sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>{messages.item.moreReplies(toPersianDigits(hiddenReplies))}</Box>
          )}
          {replyTo && (
            <CommentForm
              key={replyTo.id}
              label={messages.form.replyLabel(replyTo.author.name)}
              submitLabel={messages.form.reply}
              pending={create.isPending}
              onSubmit={(values) =>
                create.mutateAsync({ ...values, parent_id: replyTo.id }).then(() => {
                  notifySuccess(messages.form.replied);
                  closeReply(null);
                })
              }
              onCancel={() => closeReply(replyTo.id)}
              autoFocus
              testId="comment-reply-form"
            />
          )}
        </Box>
      )}
    </Box>
  );
}
