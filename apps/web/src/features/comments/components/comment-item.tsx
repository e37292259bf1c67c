import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Comment } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import { useRef, useState, type Ref } from 'react';
import { ACCENT_SOLID } from '../../../components/accent';
import { notifySuccess } from '../../../lib/notifications';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { useEditComment } from '../api/update-comment';
import { commentDate } from '../lib/comment-date';
import { messages } from '../messages';
import { CommentBody } from './comment-body';
import { CommentForm } from './comment-form';
import { DeleteCommentDialog } from './delete-comment-dialog';
import { ReportCommentDialog } from './report-comment-dialog';

const m = messages.item;

/** The signed-in reader, as far as comments care: who they are, to find their own. */
export type CommentViewer = { id: number; name: string };

const actionSx = { color: 'text.secondary', minWidth: 0, px: 1, '&:hover': { color: 'text.primary' } } as const;

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
    <Box data-testid="comment" data-comment-id={comment.id} data-own={own ? 'true' : undefined} sx={{ display: 'flex', gap: 1.5 }}>
      <Avatar aria-hidden="true" sx={{ bgcolor: ACCENT_SOLID, color: '#fff', width: 40, height: 40, fontSize: '1.1rem' }}>
        {Array.from(name.trim())[0] ?? '؟'}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', columnGap: 1, rowGap: 0, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Box component="span" dir="auto" data-testid="comment-author" sx={{ fontWeight: 700 }}>
            {name}
          </Box>
          {own && (
            <Box component="span" sx={{ fontSize: '0.78rem', color: 'text.secondary' }}>
              ({m.you})
            </Box>
          )}
          <Box component="span" sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>
            <time dateTime={comment.createdAt} title={date.full} data-testid="comment-date">
              {date.text}
            </time>
            {comment.editedAt && (
              <span data-testid="comment-edited">
                {'، '}
                {m.edited}
              </span>
            )}
          </Box>
        </Box>

        {editing ? (
          <Box sx={{ mt: 1.5 }}>
            <CommentForm
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
          </Box>
        ) : (
          <>
            <CommentBody comment={comment} />
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mt: 0.5, mx: -1 }}>
              {viewer ? (
                <Button
                  size="small"
                  aria-pressed={liked}
                  aria-label={`${m.like(name)}، ${m.likes(likes)}`}
                  // Not `disabled` while the call runs: that would drop the keyboard focus.
                  onClick={() => !like.isPending && like.mutate(comment.id)}
                  startIcon={liked ? <FavoriteIcon sx={{ color: '#ff6b85' }} /> : <FavoriteBorderIcon />}
                  data-testid="comment-like"
                  sx={{ ...actionSx, ...(liked ? { color: 'text.primary' } : {}) }}
                >
                  {likes}
                </Button>
              ) : (
                <Box component="span" data-testid="comment-likes" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, color: 'text.secondary', fontSize: '0.85rem' }}>
                  <FavoriteBorderIcon aria-hidden="true" fontSize="small" />
                  {m.likes(likes)}
                </Box>
              )}
              {viewer && onReply && (
                <Button size="small" ref={replyButtonRef} aria-label={m.replyTo(name)} onClick={() => onReply(comment)} startIcon={<ReplyIcon sx={{ transform: 'scaleX(-1)' }} />} data-testid="comment-reply" sx={actionSx}>
                  {m.reply}
                </Button>
              )}
              {own && (
                <>
                  <Button size="small" ref={editButton} aria-label={m.editOf} onClick={() => setEditing(true)} startIcon={<EditIcon />} data-testid="comment-edit" sx={actionSx}>
                    {m.edit}
                  </Button>
                  <Button size="small" aria-label={m.removeOf} onClick={() => setDialog('delete')} startIcon={<DeleteIcon />} data-testid="comment-delete" sx={actionSx}>
                    {m.remove}
                  </Button>
                </>
              )}
              {viewer && !own && (
                <Button size="small" aria-label={m.reportOf(name)} onClick={() => setDialog('report')} startIcon={<FlagIcon />} data-testid="comment-report" sx={actionSx}>
                  {m.report}
                </Button>
              )}
            </Box>
          </>
        )}
      </Box>
      {dialog === 'delete' && <DeleteCommentDialog titleId={titleId} commentId={comment.id} replyCount={replyCount} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
      {dialog === 'report' && <ReportCommentDialog commentId={comment.id} onClose={() => setDialog(null)} />}
    </Box>
  );
}
