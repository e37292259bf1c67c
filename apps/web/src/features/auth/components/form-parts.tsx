import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { accentText, solidAccent } from '../../../components/accent';

/** The form-level failure (spec §8: the server's Persian sentence), announced when it appears. */
export function FormAlert({ message, severity = 'error', testId = 'form-error' }: { message: string | null; severity?: 'error' | 'success' | 'info'; testId?: string }) {
  if (!message) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} data-testid={testId} sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={pending} sx={{ ...solidAccent, fontWeight: 700, py: 1.25 }}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

export function TextLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Link component={RouterLink} to={to} data-testid={testId} sx={(t) => ({ ...accentText(t), fontWeight: 600 })}>
      {children}
    </Link>
  );
}
