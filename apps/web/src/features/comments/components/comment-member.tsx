import type { Comment } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import DeleteIcon from 'plain-icon:DeleteOutlineOutlined';
import EditIcon from 'plain-icon:EditOutlined';
import FavoriteIcon from 'plain-icon:Favorite';
import FavoriteBorderIcon from 'plain-icon:FavoriteBorder';
import FlagIcon from 'plain-icon:FlagOutlined';
import ReplyIcon from 'plain-icon:Reply';
import { Suspense, useRef, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-route';
import { notifySuccess } from '../../../lib/notifications';
import { useCreateComment } from '../api/create-comment';
import { useCommentLikes } from '../api/get-comment-likes';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { useEditComment } from '../api/update-comment';
import { memberMessages as messages } from '../member-messages';
import { messages as readerMessages } from '../messages';
import { CommentBody } from './comment-body';
import { CommentFormPlaceholder, CommentFrame, type CommentItemProps, type CommentViewer } from './comment-frame';

/**
 * A member's side of the comments, in a chunk loaded only for members (comment-item.tsx): the
 * actions under each comment, and the forms to write, reply and edit.
 */
const m = { ...readerMessages.item, ...messages.item };

/**
 * The comment form (MUI's text field and checkbox) in a chunk of its own, loaded only where a
 * member writes (docs/decisions/0010). Render it inside `<Suspense>`.
 */
const LazyCommentForm = lazyComponent(() => import('./comment-form'));
/**
 * The dialogs, each loaded the first time it opens; its code is asked for as soon as the pointer
 * or the focus reaches the button, so it is usually there by the click.
 */
const loadDeleteDialog = () => import('./delete-comment-dialog');
const loadReportDialog = () => import('./report-comment-dialog');
const DeleteCommentDialog = lazyComponent(loadDeleteDialog);
const ReportCommentDialog = lazyComponent(loadReportDialog);
const warm = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** A small text button under a comment (theme/title.css). */
const ACTION = 'p-btn p-btn--small p-comment__action';

/** The new comment's form at the top of the section. */
export function NewCommentForm({ titleId }: { titleId: number }) {
  const create = useCreateComment(titleId);
  return (
    <Suspense fallback={<CommentFormPlaceholder />}>
      <LazyCommentForm
        label={messages.form.newLabel}
        placeholder={messages.form.newPlaceholder}
        submitLabel={messages.form.submit}
        pending={create.isPending}
        onSubmit={(values) => create.mutateAsync(values).then(() => notifySuccess(messages.form.posted))}
      />
    </Suspense>
  );
}

/** A reply's form at the thread's end; `onDone(focusId)` closes it (focus back to the reply button on cancel). */
export function ReplyForm({ titleId, replyTo, onDone }: { titleId: number; replyTo: Comment; onDone: (focusId: number | null) => void }) {
  const create = useCreateComment(titleId);
  return (
    <Suspense fallback={<CommentFormPlaceholder />}>
      <LazyCommentForm
        label={messages.form.replyLabel(replyTo.author.name)}
        submitLabel={messages.form.reply}
        pending={create.isPending}
        onSubmit={(values) =>
          create.mutateAsync({ ...values, parent_id: replyTo.id }).then(() => {
            notifySuccess(messages.form.replied);
            onDone(null);
          })
        }
        onCancel={() => onDone(replyTo.id)}
        autoFocus
        testId="comment-reply-form"
      />
    </Suspense>
  );
}

/** One comment as a member sees it: the words, and like, reply, edit and delete (the author's), report (anyone else's). */
export default function MemberComment({ comment, titleId, viewer, replyCount = 0, onReply, replyButtonRef, onDeleted }: CommentItemProps & { viewer: CommentViewer }) {
  const own = viewer.id === comment.author.id;
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const edit = useEditComment(titleId);
  const like = useToggleCommentLike(titleId);
  // One request for the whole title, shared by every comment on it.
  const liked = (useCommentLikes(titleId, true).data ?? []).includes(comment.id);
  const name = comment.author.name;
  const likes = formatNumber(comment.likes, 0);

  const stopEditing = () => {
    setEditing(false);
    // Back to the button that opened the form, once it is there again.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <>
      <CommentFrame comment={comment} own={own}>
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
              {onReply && (
                <button type="button" tabIndex={0} ref={replyButtonRef} aria-label={m.replyTo(name)} onClick={() => onReply(comment)} data-testid="comment-reply" className={ACTION}>
                  <ReplyIcon className="p-comment__action-icon p-flip" />
                  {m.reply}
                </button>
              )}
              {own ? (
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
              ) : (
                <button type="button" tabIndex={0} aria-label={m.reportOf(name)} onClick={() => setDialog('report')} onPointerEnter={warm(loadReportDialog)} onFocus={warm(loadReportDialog)} data-testid="comment-report" className={ACTION}>
                  <FlagIcon className="p-comment__action-icon" />
                  {m.report}
                </button>
              )}
            </div>
          </>
        )}
      </CommentFrame>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'delete' && <DeleteCommentDialog titleId={titleId} commentId={comment.id} replyCount={replyCount} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
          {dialog === 'report' && <ReportCommentDialog commentId={comment.id} onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </>
  );
}
