import type { Comment } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-route';
import { messages } from '../messages';
import { CommentBody } from './comment-body';
import { CommentFrame, type CommentItemProps } from './comment-frame';

const m = messages.item;

/**
 * What a member may do with a comment (like, reply, edit, delete, report, and the forms and
 * dialogs behind them) is a chunk of its own, loaded only for a member: a visitor's first visit
 * to a title page carries none of it (the 150 kB budget, docs/benchmarks.md).
 */
export const loadMemberParts = () => import('./comment-member');
const MemberComment = lazyComponent(loadMemberParts);

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
