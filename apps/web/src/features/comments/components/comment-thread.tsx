import type { Comment, TopComment } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { Suspense, useRef, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-route';
import { messages } from '../messages';
import { CommentFormPlaceholder, type CommentViewer } from './comment-frame';
import { CommentItem, loadMemberParts } from './comment-item';

/** Only a member replies: the form comes with the member's chunk (comment-item.tsx). */
const ReplyForm = lazyComponent(async () => ({ default: (await loadMemberParts()).ReplyForm }));

type Props = {
  thread: TopComment;
  titleId: number;
  viewer: CommentViewer | null;
  onDeleted: () => void;
};

/**
 * A comment and its replies, one level deep. Replying to a reply joins the same thread (the
 * server files it under the thread), so the reply form always opens at the thread's end.
 * Styled by theme/title.css (.p-comment-thread).
 */
export function CommentThread({ thread, titleId, viewer, onDeleted }: Props) {
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
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
    <CommentItem comment={c} titleId={titleId} viewer={viewer} replyCount={replyCount} onReply={setReplyTo} replyButtonRef={buttonRef(c.id)} onDeleted={onDeleted} />
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
              <ReplyForm key={replyTo.id} titleId={titleId} replyTo={replyTo} onDone={closeReply} />
            </Suspense>
          )}
        </div>
      )}
    </li>
  );
}
