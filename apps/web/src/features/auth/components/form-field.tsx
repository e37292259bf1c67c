import VisibilityIcon from 'plain-icon:Visibility';
import VisibilityOffIcon from 'plain-icon:VisibilityOff';
import { useId, useState } from 'react';
import { messages } from '../messages';

type Props = {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  helperText?: string;
  autoFocus?: boolean;
};

/**
 * One field of an auth form. Its problem (ours, or the server's from a 422) shows under it and
 * is tied to it by `aria-describedby`; emails and passwords are typed left to right. Plain
 * elements (theme/pages.css, MUI's outlined field), so the server draws the form without MUI.
 */
export function FormField({ name, label, value, error, onChange, type = 'text', autoComplete, helperText, autoFocus }: Props) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const isPassword = type === 'password';
  const ltr = type !== 'text';
  const helpId = `${id}-help`;
  return (
    <div className={error ? 'p-field p-field--error' : 'p-field'}>
      <label htmlFor={id} className="p-field__label">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="p-field__box">
        <input
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          type={isPassword && shown ? 'text' : type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          required
          aria-invalid={Boolean(error)}
          aria-describedby={helpId}
          data-testid={`field-${name}`}
          className="p-field__input"
          {...(ltr ? { dir: 'ltr' } : {})}
          {...(type === 'email' ? { inputMode: 'email' as const } : {})}
        />
        {isPassword && (
          <button type="button" onClick={() => setShown((s) => !s)} aria-label={shown ? messages.fields.hidePassword : messages.fields.showPassword} className="p-icon-btn p-icon-btn--small p-field__eye">
            {shown ? <VisibilityOffIcon fontSize="small" aria-hidden="true" /> : <VisibilityIcon fontSize="small" aria-hidden="true" />}
          </button>
        )}
      </div>
      <p id={helpId} className="p-field__help" data-testid={`field-${name}-help`}>
        {error ?? helperText ?? ' '}
      </p>
    </div>
  );
}
