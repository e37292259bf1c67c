import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ContactInput } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import { useRef, useState } from 'react';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { useSendContact } from '../api/send-contact';
import { CONTACT_LIMITS, normalizeContact, serverFieldErrors, validateContact, type ContactErrors, type ContactField } from '../lib/validate-contact';
import { messages } from '../messages';
import { solidAccent } from '../../../components/accent';

const f = messages.form;
const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

/**
 * The support form. Problems show under each field: ours before sending, the server's from a
 * 422 after; anything else shows above the button. Success replaces the form with a note.
 */
export function ContactForm({ defaults }: { defaults?: Partial<ContactInput> }) {
  const [values, setValues] = useState<ContactInput>({ ...EMPTY, ...defaults });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useSendContact();
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

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
      <Box data-testid="contact-success">
        <Alert severity="success" variant="filled" sx={{ mb: 2 }} role="status">
          {f.success}
        </Alert>
        <Button variant="outlined" color="inherit" onClick={() => setSent(false)}>
          {f.another}
        </Button>
      </Box>
    );
  }

  const field = (name: ContactField, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
      }}
      required
      fullWidth
      {...extra}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.helperText ?? ' '}
      inputRef={(el: HTMLInputElement | HTMLTextAreaElement | null) => {
        refs.current[name] = el;
      }}
      slotProps={{
        ...extra.slotProps,
        htmlInput: { maxLength: CONTACT_LIMITS[name].max, 'data-testid': `contact-${name}`, ...(extra.slotProps?.htmlInput as object) },
        formHelperText: { 'data-testid': `contact-${name}-help` } as object,
      }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={f.heading} data-testid="contact-form" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 1 }}>
        {field('name', f.name, { autoComplete: 'name' })}
        {field('email', f.email, { type: 'email', autoComplete: 'email', slotProps: { htmlInput: { dir: 'ltr', inputMode: 'email' } } })}
      </Box>
      {field('subject', f.subject)}
      {field('message', f.message, {
        multiline: true,
        minRows: 6,
        helperText: f.messageHelp(formatNumber(values.message.length, 0), formatNumber(CONTACT_LIMITS.message.max, 0)),
      })}
      {formError && (
        <Alert severity="error" role="alert" data-testid="contact-error">
          {formError}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" size="large" startIcon={<SendIcon sx={{ transform: 'scaleX(-1)' }} />} disabled={send.isPending} sx={{ ...solidAccent, px: 4, fontWeight: 700 }}>
          {send.isPending ? f.sending : f.submit}
        </Button>
      </Box>
    </Box>
  );
}
