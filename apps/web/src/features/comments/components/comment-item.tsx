import type { Comment } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import DeleteIcon from 'plain-icon:DeleteOutlineOutlined';
import EditIcon from 'plain-icon:EditOutlined';
import FavoriteIcon from 'plain-icon:Favorite';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import FlagIcon from 'plain-icon:FlagOutlined';
import ReplyIcon from 'plain-icon:Reply';
import { Suspense, useRef, useState, type Ref } from 'react';
import { lazyComponent } from '../../../lib/lazy-route';
import { notifySuccess } from '../../../lib/notifications';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { useEditComment } from '../api/update-comment';
import { commentDate } from '../lib/comment-date';
import { messages } from '../messages';
import { CommentBody } from './comment-body';

const m = messages.item;

/** The signed-in reader, as far as comments care: who they are, to find their own. */
export type CommentViewer = { id: number; name: string };

/**
 * The comment form (MUI's text field and checkbox) in a chunk of its own, loaded only where a
 * member writes: a visitor never loads it (docs/decisions/0010). Render it inside `<Suspense>`.
 */
export const LazyCommentForm = lazyComponent(() => import('./comment-form'));
/**
 * The dialogs, each loaded the first time it opens; its code is asked for as soon as the pointer
 * or the focus reaches the button, so it is usually there by the click.
 */
const loadDeleteDialog = () => import('./delete-comment-dialog');
const loadReportDialog = () => import('./report-comment-dialog');
const DeleteCommentDialog = lazyComponent(loadDeleteDialog);
const ReportCommentDialog = lazyComponent(loadReportDialog);
const warm = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** Where a comment form will stand while its code loads: its size, nothing to read. */
export function CommentFormPlaceholder() {
  return <div aria-hidden="true" className="p-comment-form-placeholder" />;
}

/** A small text button under a comment (theme/title.css). */
const ACTION = 'p-btn p-btn--small p-comment__action';

type Props = {
  comment: Comment;
  titleId: number;
  viewer: CommentViewer | null;
  liked: boolean;
  /** Replies that go with it when it is deleted (a thread's). */
  replyCount?: number;
  onReply?: (comment: Comment) => void;
  replyButtonRef?: Ref<HTMLButtonElement>;
  /** After it was deleted: focus goes somewhere that still exists. */
  onDeleted: () => void;
};

/**
 * One comment: who wrote it and when (Jalali, Persian digits), the words as plain text (a
 * spoiler behind a warning), and what the reader may do — like (anyone signed in), reply,
 * edit and delete (the author), report (everyone else).
 */
export function CommentItem({ comment, titleId, viewer, liked, replyCount = 0, onReply, replyButtonRef, onDeleted }: Props) {
  const own = viewer !== null && viewer.id === comment.author.id;
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const edit = useEditComment(titleId);
  const like = useToggleCommentLike(titleId);
  const date = commentDate(comment.createdAt);
  const name = comment.author.name;
  const likes = formatNumber(comment.likes, 0);

  const stopEditing = () => {
    setEditing(false);
    // Back to the button that opened the form, once it is there again.
    requestAnimationFrame(() => editButton.current?.focus());
  };

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

        {editing ? (
          <div className="p-comment__edit">
            <Suspense fallback={<CommentFormPlaceholder />}>
              <LazyCommentForm
                label={messages.form.editLabel}
                submitLabel={messages.form.save}
                initial={{ body: comment.body, spoiler: comment.spoiler }}
                pending={edit.isPending}
                onSubmit={(values) =>
                  edit.mutateAsync({ id: comment.id, input: values }).then(() => {
                    notifySuccess(messages.form.saved);
                    stopEditing();
                  })
                }
                onCancel={stopEditing}
                autoFocus
                testId="comment-edit-form"
              />
            </Suspense>
          </div>
        ) : (
          <>
            <CommentBody comment={comment} />
            <div className="p-comment__actions">
              {viewer ? (
                <button
                  type="button"
                  tabIndex={0}
                  aria-pressed={liked}
                  aria-label={`${m.like(name)}، ${m.likes(likes)}`}
                  // Not `disabled` while the call runs: that would drop the keyboard focus.
                  onClick={() => !like.isPending && like.mutate(comment.id)}
                  data-testid="comment-like"
                  className={liked ? `${ACTION} p-comment__action--on` : ACTION}
                >
                  {liked ? <FavoriteIcon className="p-comment__action-icon p-comment__liked" /> : <FavoriteBorderIcon className="p-comment__action-icon" />}
                  {likes}
                </button>
              ) : (
                <span data-testid="comment-likes" className="p-muted p-comment__likes">
                  <FavoriteBorderIcon aria-hidden="true" fontSize="small" />
                  {m.likes(likes)}
                </span>
              )}
              {viewer && onReply && (
                <button type="button" tabIndex={0} ref={replyButtonRef} aria-label={m.replyTo(name)} onClick={() => onReply(comment)} data-testid="comment-reply" className={ACTION}>
                  <ReplyIcon className="p-comment__action-icon p-flip" />
                  {m.reply}
                </button>
              )}
              {own && (
                <>
                  <button type="button" tabIndex={0} ref={editButton} aria-label={m.editOf} onClick={() => setEditing(true)} data-testid="comment-edit" className={ACTION}>
                    <EditIcon className="p-comment__action-icon" />
                    {m.edit}
                  </button>
                  <button type="button" tabIndex={0} aria-label={m.removeOf} onClick={() => setDialog('delete')} onPointerEnter={warm(loadDeleteDialog)} onFocus={warm(loadDeleteDialog)} data-testid="comment-delete" className={ACTION}>
                    <DeleteIcon className="p-comment__action-icon" />
                    {m.remove}
                  </button>
                </>
              )}
              {viewer && !own && (
                <button type="button" tabIndex={0} aria-label={m.reportOf(name)} onClick={() => setDialog('report')} onPointerEnter={warm(loadReportDialog)} onFocus={warm(loadReportDialog)} data-testid="comment-report" className={ACTION}>
                  <FlagIcon className="p-comment__action-icon" />
                  {m.report}
                </button>
              )}
            </div>
          </>
        )}
      </div>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'delete' && <DeleteCommentDialog titleId={titleId} commentId={comment.id} replyCount={replyCount} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
          {dialog === 'report' && <ReportCommentDialog commentId={comment.id} onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </div>
  );
}
