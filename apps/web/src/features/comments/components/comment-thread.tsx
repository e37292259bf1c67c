import type { Comment, TopComment } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { Suspense, useRef, useState } from 'react';
import { notifySuccess } from '../../../lib/notifications';
import { useCreateComment } from '../api/create-comment';
import { messages } from '../messages';
import { CommentFormPlaceholder, CommentItem, LazyCommentForm, type CommentViewer } from './comment-item';

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
 * Styled by theme/title.css (.p-comment-thread).
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
    <li data-testid="comment-thread" className="p-comment-thread">
      {item(thread, thread.replyCount)}
      {(thread.replies.length > 0 || hiddenReplies > 0 || replyTo) && (
        <div className="p-comment-thread__replies">
          {thread.replies.length > 0 && (
            <ul aria-label={messages.item.replies(thread.author.name)} data-testid="comment-replies" className="p-comment-thread__list">
              {thread.replies.map((r) => (
                <li key={r.id}>{item(r)}</li>
              ))}
            </ul>
          )}
          {hiddenReplies > 0 && <div className="p-muted p-comment-thread__more">{messages.item.moreReplies(toPersianDigits(hiddenReplies))}</div>}
          {replyTo && (
            <Suspense fallback={<CommentFormPlaceholder />}>
              <LazyCommentForm
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
            </Suspense>
          )}
        </div>
      )}
    </li>
  );
}
