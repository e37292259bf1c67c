import SendIcon from 'plain-icon:Send';
import SuccessOutlinedIcon from 'plain-icon:CheckCircleOutlined';
import ErrorOutlineIcon from 'plain-icon:ErrorOutlineOutlined';
import type { ContactInput } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import { useId, useRef, useState } from 'react';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { typedIn, useAdoptTyped } from '../../../lib/server-drawn-form';
import { useSendContact } from '../api/send-contact';
import { CONTACT_LIMITS, normalizeContact, serverFieldErrors, validateContact, type ContactErrors, type ContactField } from '../lib/validate-contact';
import { messages } from '../messages';

const f = messages.form;
const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

type FieldProps = {
  name: ContactField;
  label: string;
  value: string;
  error?: string;
  helperText?: string;
  onChange: (value: string) => void;
  inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => void;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
};

/**
 * One field of the form, its label above the box and its problem under it, tied to it by
 * `aria-describedby` (plain elements, theme/pages.css: MUI's outlined field, as on the sign-in
 * forms). An email is typed left to right.
 */
function ContactField({ name, label, value, error, helperText, onChange, inputRef, type = 'text', autoComplete, multiline = false }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const common = {
    id,
    name,
    value,
    required: true,
    maxLength: CONTACT_LIMITS[name].max,
    'aria-invalid': Boolean(error),
    'aria-describedby': helpId,
    'data-testid': `contact-${name}`,
  };
  return (
    <div className={error ? 'p-field p-field--error' : 'p-field'}>
      <label htmlFor={id} className="p-field__label">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="p-field__box">
        {multiline ? (
          <textarea {...common} ref={inputRef} rows={6} onChange={(e) => onChange(e.target.value)} className="p-field__input p-field__input--multiline" />
        ) : (
          <input
            {...common}
            ref={inputRef}
            type={type}
            autoComplete={autoComplete}
            onChange={(e) => onChange(e.target.value)}
            className="p-field__input"
            {...(type === 'email' ? { dir: 'ltr', inputMode: 'email' as const } : {})}
          />
        )}
      </div>
      <p id={helpId} className="p-field__help" data-testid={`contact-${name}-help`}>
        {error ?? helperText ?? ' '}
      </p>
    </div>
  );
}

/**
 * The support form. Problems show under each field: ours before sending, the server's from a
 * 422 after; anything else shows above the button. Success replaces the form with a note.
 * Plain elements, so the contact page loads none of MUI's code.
 */
export function ContactForm({ defaults }: { defaults?: Partial<ContactInput> }) {
  const [values, setValues] = useState<ContactInput>({ ...EMPTY, ...defaults });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useSendContact();
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  // The server draws the form (lib/server-drawn-form): text typed before the app took over is kept.
  const formId = useId();
  useAdoptTyped(formId, (form) => {
    const typed = typedIn(form, Object.keys(EMPTY) as ContactField[]);
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
  });

  const focusFirst = (e: ContactErrors) => {
    const first = (Object.keys(CONTACT_LIMITS) as ContactField[]).find((k) => e[k]);
    if (first) refs.current[first]?.focus();
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const local = validateContact(values);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      focusFirst(local);
      return;
    }
    send.mutate(normalizeContact(values), {
      onSuccess: () => {
        setSent(true);
        setValues({ ...EMPTY, ...defaults });
      },
      onError: (error) => {
        const data = (error as { response?: { data?: unknown } }).response?.data;
        if (getErrorStatus(error) === 422) {
          const server = serverFieldErrors(data);
          setErrors(server);
          setFormError(Object.keys(server).length > 0 ? f.fixErrors : getErrorMessage(error));
          focusFirst(server);
        } else {
          setFormError(getErrorMessage(error));
        }
      },
    });
  };

  if (sent) {
    return (
      <div data-testid="contact-success">
        <div role="status" className="p-alert p-alert--filled-success">
          <SuccessOutlinedIcon aria-hidden="true" className="p-alert__icon" />
          <div className="p-alert__text">{f.success}</div>
        </div>
        <button type="button" onClick={() => setSent(false)} className="p-btn p-btn--outlined p-btn--inherit p-btn--current">
          {f.another}
        </button>
      </div>
    );
  }

  const field = (name: ContactField, label: string, extra: Pick<FieldProps, 'type' | 'autoComplete' | 'multiline' | 'helperText'> = {}) => (
    <ContactField
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        setValues((v) => ({ ...v, [name]: value }));
        if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
      }}
      inputRef={(el) => {
        refs.current[name] = el;
      }}
      {...extra}
    />
  );

  return (
    <form id={formId} noValidate onSubmit={onSubmit} aria-label={f.heading} data-testid="contact-form" className="p-contact-form">
      <div className="p-contact-form__pair">
        {field('name', f.name, { autoComplete: 'name' })}
        {field('email', f.email, { type: 'email', autoComplete: 'email' })}
      </div>
      {field('subject', f.subject)}
      {field('message', f.message, {
        multiline: true,
        helperText: f.messageHelp(formatNumber(values.message.length, 0), formatNumber(CONTACT_LIMITS.message.max, 0)),
      })}
      {formError && (
        <div role="alert" data-testid="contact-error" className="p-alert p-alert--error">
          <ErrorOutlineIcon aria-hidden="true" className="p-alert__icon" />
          <div className="p-alert__text">{formError}</div>
        </div>
      )}
      <div>
        <button type="submit" disabled={send.isPending} className="p-btn p-btn--contained p-btn--large p-btn--lift p-contact-form__submit">
          <SendIcon aria-hidden="true" className="p-start-icon p-flip" />
          {send.isPending ? f.sending : f.submit}
        </button>
      </div>
    </form>
  );
}
