import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ButtonProps } from '@mui/material/Button';
import { useId, type FormEvent, type ReactNode } from 'react';
import { adminMessages } from '../messages';

/**
 * A dialog that is a form: the title, the fields, then cancel and the submit button. While the
 * request runs it cannot be closed and both buttons wait.
 */
export function FormDialog({
  open = true,
  title,
  testId,
  maxWidth = 'sm',
  pending,
  onClose,
  onSubmit,
  confirmLabel,
  confirmTestId = `${testId}-confirm`,
  confirmColor,
  confirmSx,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  testId: string;
  maxWidth?: 'xs' | 'sm';
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  confirmLabel: ReactNode;
  confirmTestId?: string;
  confirmColor?: ButtonProps['color'];
  confirmSx?: ButtonProps['sx'];
  children?: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      data-testid={testId}
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} color="inherit" variant="outlined" disabled={pending}>
          {adminMessages.cancel}
        </Button>
        <Button type="submit" variant="contained" color={confirmColor} disabled={pending} sx={confirmSx} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
