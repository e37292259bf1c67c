import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { solidAccent } from '../../../components/accent';
import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { dangerSolid } from '../lib/danger';
import { adminMessages } from '../messages';
import { FormDialog } from './form-dialog';

/** The sentence to show above a form: any error that is not about one of its `fields`. */
export function formErrorOf(error: unknown, fields: readonly string[]): string | null {
  if (!error) return null;
  const byField = fieldErrorsOf(error);
  if (Object.keys(byField).some((k) => fields.includes(k))) return null;
  return getErrorMessage(error);
}

/**
 * A dialog that asks before it acts: a title, what will happen, the form's fields, and a confirm
 * button. While the request runs it cannot be closed; an error that belongs to no field shows on
 * top, announced (`role="alert"`). A `danger` action's button is red, in a red that keeps AA
 * contrast on the panel's dark surface.
 */
export function ActionDialog({
  open,
  title,
  text,
  confirmLabel,
  pending,
  error,
  onClose,
  onSubmit,
  children,
  testId,
  confirmTestId,
  danger,
  maxWidth,
}: {
  open: boolean;
  title: ReactNode;
  text?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children?: ReactNode;
  testId: string;
  confirmTestId?: string;
  danger?: boolean;
  maxWidth?: 'xs' | 'sm';
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      testId={testId}
      confirmTestId={confirmTestId}
      maxWidth={maxWidth}
      pending={pending}
      onClose={onClose}
      onSubmit={() => {
        if (!pending) onSubmit();
      }}
      confirmLabel={pending ? adminMessages.saving : confirmLabel}
      confirmColor={danger ? 'error' : 'primary'}
      confirmSx={danger ? dangerSolid : solidAccent}
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
          {error}
        </Alert>
      )}
      {text && <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>}
      {children}
    </FormDialog>
  );
}
