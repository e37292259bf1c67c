import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { checkForm, type ContractSchema } from '../../../lib/form-rules';
import { adminMessages } from '../messages';
import { ActionDialog, formErrorOf } from './action-dialog';

/** Why: every manual change keeps a reason (the contract's `adminReason`: 3 to 500 characters). */
export function ReasonField({
  value,
  onChange,
  error,
  label,
  testId,
  required = true,
  autoFocus = false,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label: string;
  testId: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required={required}
      autoFocus={autoFocus}
      multiline
      minRows={2}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { maxLength: 500, dir: 'auto', 'data-testid': testId } }}
    />
  );
}

/**
 * A confirmation that needs a reason, the one dialog of the panel for it (disabling an account or
 * a gift code, a refund, declining or reopening a request, hiding a comment, muting a member).
 * With the request's contract `schema` the reason is checked before sending (its too-short
 * sentence is the panel's own); without one the server decides. The reason is handed to
 * `onConfirm` trimmed; the server's sentence for it shows under it, any other error on top —
 * unless `errorShownElsewhere` (the request's failures are toasts already). `children` are other
 * fields, above the reason; `fields` name them, so their errors are not repeated on top.
 */
export function ReasonDialog({
  title,
  text,
  confirmLabel,
  reasonLabel,
  testId,
  reasonTestId,
  confirmTestId,
  danger,
  maxWidth,
  pending,
  error,
  errorShownElsewhere = false,
  schema,
  optional = false,
  fields = [],
  children,
  onClose,
  onConfirm,
}: {
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  reasonLabel: string;
  testId: string;
  reasonTestId: string;
  confirmTestId?: string;
  danger?: boolean;
  maxWidth?: 'xs' | 'sm';
  pending: boolean;
  error: unknown;
  errorShownElsewhere?: boolean;
  schema?: ContractSchema<{ reason?: string | null }>;
  optional?: boolean;
  fields?: readonly string[];
  children?: ReactNode;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | undefined>();
  return (
    <ActionDialog
      open
      danger={danger}
      maxWidth={maxWidth}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      confirmTestId={confirmTestId}
      pending={pending}
      error={errorShownElsewhere ? null : formErrorOf(error, ['reason', ...fields])}
      onClose={onClose}
      onSubmit={() => {
        const problem = schema ? checkForm(schema, { reason }, { reason: { too_small: adminMessages.reasonTooShort } }).errors.reason : undefined;
        setLocal(problem);
        if (!problem) onConfirm(reason.trim());
      }}
      testId={testId}
    >
      {children}
      <ReasonField label={reasonLabel} value={reason} onChange={setReason} error={local ?? fieldErrorsOf(error).reason} testId={reasonTestId} required={!optional} autoFocus={!children} />
    </ActionDialog>
  );
}
