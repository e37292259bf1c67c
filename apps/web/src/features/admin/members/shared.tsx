import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { toGregorian, toLatinDigits, toPersianDigits } from '@parde/persian';
import { useId, type FormEvent, type ReactNode } from 'react';
import { solidAccent } from '../../../components/accent';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { adminMessages } from '../messages';

/** A fresh id for one submit of a form: the server does what it asks once, however often it arrives. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export type FieldErrors = Record<string, string[]>;

/** The server's Persian messages by field, for a 422 answer. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (getErrorStatus(error) !== 422) return {};
  const data = (error as { response?: { data?: { errors?: unknown } } }).response?.data;
  const errors = data?.errors;
  return errors && typeof errors === 'object' ? (errors as FieldErrors) : {};
}

/** The sentence to show above a form: any error that is not about one field. */
export function formErrorOf(error: unknown, fields: string[]): string | null {
  if (!error) return null;
  const byField = fieldErrorsOf(error);
  if (Object.keys(byField).some((k) => fields.includes(k))) return null;
  return getErrorMessage(error);
}

export const firstError = (errors: FieldErrors, field: string) => errors[field]?.[0];

/**
 * A dialog that asks before it acts: a title, what will happen, the form's fields, and a confirm
 * button. While the request runs it cannot be closed; an error that belongs to no field shows on top.
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
  danger,
}: {
  open: boolean;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children?: ReactNode;
  testId: string;
  danger?: boolean;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid={testId}
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
        {text && <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} color="inherit" variant="outlined" disabled={pending}>
          {adminMessages.cancel}
        </Button>
        <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={pending} sx={danger ? undefined : solidAccent} data-testid={`${testId}-confirm`}>
          {pending ? adminMessages.saving : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Why: every manual change keeps a reason (three characters at least). */
export function ReasonField({ value, onChange, error, label, testId }: { value: string; onChange: (v: string) => void; error?: string; label: string; testId: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      multiline
      minRows={2}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { maxLength: 500, dir: 'auto', 'data-testid': testId } }}
    />
  );
}

/** Checked before sending, with the server's own rule (3 to 500 characters). */
export const reasonProblem = (reason: string): string | undefined => (reason.trim().length < 3 ? 'دلیل را دست‌کم در سه نویسه بنویسید.' : undefined);

/** A whole number typed with Persian or Latin digits, or null. */
export function parseCount(text: string): number | null {
  const latin = toLatinDigits(text).replace(/[٬,\s]/g, '');
  return /^\d{1,10}$/.test(latin) ? Number(latin) : null;
}

/** `۱۴۰۵/۰۱/۰۱` (or with Latin digits, or dashes) → `2026-03-21`; null when it is no Jalali day. */
export function jalaliToIso(text: string): string | null {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(toLatinDigits(text.trim()));
  if (!m) return null;
  try {
    const g = toGregorian(Number(m[1]), Number(m[2]), Number(m[3]));
    return `${g.gy}-${String(g.gm).padStart(2, '0')}-${String(g.gd).padStart(2, '0')}`;
  } catch {
    return null;
  }
}

/** A Jalali day typed as `۱۴۰۵/۰۱/۰۱`: checked as it is typed, handed on as an ISO day. */
export function JalaliDateField({ label, value, onChange, testId, error }: { label: string; value: string; onChange: (text: string) => void; testId: string; error?: string }) {
  const bad = value.trim() !== '' && jalaliToIso(value) === null;
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(toPersianDigits(e.target.value))}
      placeholder="۱۴۰۵/۰۱/۰۱"
      error={bad || Boolean(error)}
      helperText={error ?? (bad ? 'تاریخ را به شکل ۱۴۰۵/۰۱/۰۱ بنویسید.' : undefined)}
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': testId } }}
      sx={{ width: 170 }}
    />
  );
}
