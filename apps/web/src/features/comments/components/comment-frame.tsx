import type { Comment } from '@parde/contract';
import type { ReactNode, Ref } from 'react';
import { commentDate } from '../lib/comment-date';
import { messages } from '../messages';

/*
 * What a comment looks like whoever reads it, shared by the visitor's comment (comment-item) and
 * the member's (comment-member), which is loaded later: neither imports the other for these.
 */

const m = messages.item;

/** The signed-in reader, as far as comments care: who they are, to find their own. */
export type CommentViewer = { id: number; name: string };

/** Where a comment form will stand while its code loads: its size, nothing to read. */
export function CommentFormPlaceholder() {
  return <div aria-hidden="true" className="p-comment-form-placeholder" />;
}

export type CommentItemProps = {
  comment: Comment;
  titleId: number;
  viewer: CommentViewer | null;
  /** Replies that go with it when it is deleted (a thread's). */
  replyCount?: number;
  onReply?: (comment: Comment) => void;
  replyButtonRef?: Ref<HTMLButtonElement>;
  /** After it was deleted: focus goes somewhere that still exists. */
  onDeleted: () => void;
};

/** The frame of a comment: the initial, who wrote it and when (Jalali, Persian digits), then `children`. */
export function CommentFrame({ comment, own, children }: { comment: Comment; own: boolean; children: ReactNode }) {
  const date = commentDate(comment.createdAt);
  const name = comment.author.name;
  return (
    <div data-testid="comment" data-comment-id={comment.id} data-own={own ? 'true' : undefined} className="p-comment">
      <div aria-hidden="true" className="p-comment__avatar">
        {Array.from(name.trim())[0] ?? '؟'}
      </div>
      <div className="p-comment__main">
        <div className="p-comment__head">
          <span dir="auto" data-testid="comment-author" className="p-bold">
            {name}
          </span>
          {own && <span className="p-muted p-comment__you">({m.you})</span>}
          <span className="p-muted p-comment__when">
            <time dateTime={comment.createdAt} title={date.full} data-testid="comment-date">
              {date.text}
            </time>
            {comment.editedAt && (
              <span data-testid="comment-edited">
                {'، '}
                {m.edited}
              </span>
            )}
          </span>
        </div>
        {children}
      </div>
    </div>
  );
}
