import ErrorOutlineIcon from 'plain-icon:ErrorOutlineOutlined';
import InfoOutlinedIcon from 'plain-icon:InfoOutlined';
import SuccessOutlinedIcon from 'plain-icon:CheckCircleOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

const ALERT_ICON = { error: ErrorOutlineIcon, success: SuccessOutlinedIcon, info: InfoOutlinedIcon };

/** The form-level failure (spec §8: the server's Persian sentence), announced when it appears. */
export function FormAlert({ message, severity = 'error', testId = 'form-error' }: { message: string | null; severity?: 'error' | 'success' | 'info'; testId?: string }) {
  if (!message) return null;
  const Icon = ALERT_ICON[severity];
  return (
    <div role={severity === 'error' ? 'alert' : 'status'} data-testid={testId} className={`p-alert p-alert--${severity}`}>
      <Icon aria-hidden="true" className="p-alert__icon" />
      <div className="p-alert__text">{message}</div>
    </div>
  );
}

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" disabled={pending} className="p-btn p-btn--contained p-btn--large p-btn--full p-btn--strong p-btn--submit">
      {pending ? pendingLabel : label}
    </button>
  );
}

export function TextLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <RouterLink to={to} data-testid={testId} className="p-link p-link--strong p-link--underline">
      {children}
    </RouterLink>
  );
}
