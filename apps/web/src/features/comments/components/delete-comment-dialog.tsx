import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useDeleteComment } from '../api/delete-comment';
import { memberMessages as messages } from '../member-messages';
import { withMui } from '../../../components/mui-scope';

const m = messages.remove;

/** A red that keeps white text above 4.5:1 (the theme's red A400 gives 3.9:1). */
const dangerSolid = { bgcolor: '#c62828', color: '#fff', '&:hover': { bgcolor: '#b71c1c' } } as const;

type Props = {
  titleId: number;
  commentId: number;
  /** How many replies go with it (a thread's). */
  replyCount: number;
  onClose: () => void;
  onDeleted: () => void;
};

/** "Delete this comment?" — cancel has the focus, so a stray Enter deletes nothing. */
function DeleteCommentDialog({ titleId, commentId, replyCount, onClose, onDeleted }: Props) {
  const remove = useDeleteComment(titleId);
  const headingId = useId();
  const bodyId = useId();
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={headingId} aria-describedby={bodyId} data-testid="delete-comment-dialog">
      <DialogTitle id={headingId}>{m.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {m.body}
          {replyCount > 0 && ` ${m.withReplies}`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} color="inherit" variant="outlined" autoFocus disabled={remove.isPending}>
          {m.cancel}
        </Button>
        <Button
          onClick={() => remove.mutate(commentId, { onSuccess: onDeleted })}
          variant="contained"
          disabled={remove.isPending}
          sx={dangerSolid}
          data-testid="confirm-delete"
        >
          {m.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default withMui(DeleteCommentDialog);
