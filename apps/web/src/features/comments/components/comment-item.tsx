import type { Comment } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import { Suspense, type ReactNode, type Ref } from 'react';
import { lazyComponent } from '../../../lib/lazy-route';
import { commentDate } from '../lib/comment-date';
import { messages } from '../messages';
import { CommentBody } from './comment-body';

const m = messages.item;

/** The signed-in reader, as far as comments care: who they are, to find their own. */
export type CommentViewer = { id: number; name: string };

/**
 * What a member may do with a comment (like, reply, edit, delete, report, and the forms and
 * dialogs behind them) is a chunk of its own, loaded only for a member: a visitor's first visit
 * to a title page carries none of it (the 150 kB budget, docs/benchmarks.md).
 */
export const loadMemberParts = () => import('./comment-member');
const MemberComment = lazyComponent(loadMemberParts);

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

/** A comment as a visitor reads it: the words (a spoiler behind a warning) and how many liked it. */
function ReadOnlyComment({ comment }: { comment: Comment }) {
  return (
    <CommentFrame comment={comment} own={false}>
      <CommentBody comment={comment} />
      <div className="p-comment__actions">
        <span data-testid="comment-likes" className="p-muted p-comment__likes">
          <FavoriteBorderIcon aria-hidden="true" fontSize="small" />
          {m.likes(formatNumber(comment.likes, 0))}
        </span>
      </div>
    </CommentFrame>
  );
}

/**
 * One comment. A visitor reads it; a member also gets what they may do — like (anyone signed
 * in), reply, edit and delete (the author), report (everyone else) — once that code is here.
 */
export function CommentItem(props: CommentItemProps) {
  if (!props.viewer) return <ReadOnlyComment comment={props.comment} />;
  return (
    <Suspense fallback={<ReadOnlyComment comment={props.comment} />}>
      <MemberComment {...props} viewer={props.viewer} />
    </Suspense>
  );
}
