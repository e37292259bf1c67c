import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useCreateRequest } from '../api/create-request';
import { useRequests } from '../api/get-requests';
import { toRequestInput, validateRequest, type RequestErrors, type RequestValues } from '../lib/validate-request';
import { messages } from '../messages';
import { AccountPage } from './account-page';
import { RequestItem } from './request-item';

const m = messages.requests;
const EMPTY: RequestValues = { title: '', year: '', imdb: '', note: '' };
const FIELDS = Object.keys(EMPTY) as (keyof RequestValues)[];

/** The server's sentences for the form's fields (a 422). */
const serverErrors = (error: unknown): RequestErrors => fieldErrorsOf(error, { only: FIELDS });

/** `user/new-request`: ask for a missing title; the member's earlier requests sit below. */
export function NewRequestScreen() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<RequestErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const create = useCreateRequest();
  const requests = useRequests(1);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirst = (e: RequestErrors) => {
    const first = FIELDS.find((k) => e[k]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setSent(false);
    const local = validateRequest(values);
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirst(local);
    create.mutate(toRequestInput(values), {
      onSuccess: () => {
        setSent(true);
        setValues(EMPTY);
      },
      onError: (error) => {
        const server = getErrorStatus(error) === 422 ? serverErrors(error) : {};
        setErrors(server);
        setFormError(getErrorMessage(error));
        focusFirst(server);
      },
    });
  };

  const field = (name: keyof RequestValues, label: string, { helperText, ...extra }: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helperText ?? ' '}
      fullWidth
      {...extra}
      slotProps={{ ...extra.slotProps, htmlInput: { 'data-testid': `field-${name}`, ...(extra.slotProps?.htmlInput as object) }, formHelperText: { 'data-testid': `field-${name}-help` } as object }}
    />
  );

  return (
    <AccountPage title={m.heading} intro={m.intro} testId="new-request-screen">
      <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="request-form" sx={{ display: 'grid', gap: 1, maxWidth: 720 }}>
        {field('title', m.title, { required: true })}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' }, columnGap: 2 }}>
          {field('year', m.year, { slotProps: { htmlInput: { inputMode: 'numeric', dir: 'ltr', style: { textAlign: 'right' }, maxLength: 4 } } })}
          {field('imdb', m.imdb, { helperText: m.imdbHelp, slotProps: { htmlInput: { dir: 'ltr', style: { textAlign: 'right' }, inputMode: 'url' } } })}
        </Box>
        {field('note', m.note, { multiline: true, minRows: 3, slotProps: { htmlInput: { maxLength: 1000 } } })}
        {formError && (
          <Alert severity="error" role="alert" data-testid="form-error">
            {formError}
          </Alert>
        )}
        {sent && (
          <Alert severity="success" role="status" data-testid="form-success">
            {m.success}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending} sx={{ ...solidAccent, px: 4, fontWeight: 700 }}>
            {create.isPending ? m.submitting : m.submit}
          </Button>
        </Box>
      </Box>
      <Section title={m.mine} testId="my-requests">
        {requests.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : requests.isError ? (
          <InlineError error={requests.error} onRetry={() => void requests.refetch()} />
        ) : requests.data.data.length === 0 ? (
          <EmptyState message={m.empty} compact />
        ) : (
          <Box component="ul" aria-label={m.mine} sx={{ display: 'grid', gap: 1.5, m: 0, p: 0, maxWidth: 860 }}>
            {requests.data.data.map((r) => (
              <RequestItem key={r.id} item={r} />
            ))}
          </Box>
        )}
      </Section>
    </AccountPage>
  );
}
