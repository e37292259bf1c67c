import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { register } from '../api/register';
import { useAuthForm } from '../hooks/use-auth-form';
import { getPostLoginRedirect, getRedirectTarget } from '../lib/guard';
import { rules, validate } from '../lib/validate';
import { messages } from '../messages';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { FormAlert, SubmitButton, TextLink } from './form-parts';

const m = messages.register;
const f = messages.fields;

/**
 * `auth/register`: the form, then "check your email". Nobody is signed in here: the mailed link
 * confirms the address and signs in, landing where the guard found the visitor (or the dashboard).
 * The screen reads the same whether or not the address already had an account.
 */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = getPostLoginRedirect(params);
  const isMember = useAuthStore((s) => Boolean(s.token && s.user));
  const form = useAuthForm({ name: '', email: '', password: '', password_confirmation: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const loginHref = paths.auth.login.getHref(params.get('redirect') ?? undefined);

  useEffect(() => {
    if (isMember) navigate(redirectTo, { replace: true });
  }, [isMember, navigate, redirectTo]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const local = validate(values, {
      name: rules.name,
      email: rules.email,
      password: rules.newPassword,
      password_confirmation: rules.confirmation(values.password),
    });
    const email = values.email.trim();
    const result = await form.submit(local, () => register({ ...values, name: values.name.trim(), email, redirect: getRedirectTarget(params) }));
    if (result?.ok) {
      setSentTo(email);
      // The passwords have done their job; they should not wait in memory for a second try.
      form.setValues((v) => ({ ...v, password: '', password_confirmation: '' }));
    }
  };

  const footer = (
    <>
      {m.haveAccount} <TextLink to={loginHref} testId="to-login">{m.toLogin}</TextLink>
    </>
  );

  if (sentTo) {
    return (
      <AuthCard title={m.sentHeading} testId="register-sent" footer={footer}>
        <Box role="status" data-testid="register-sent-status">
          <Typography sx={{ lineHeight: 2, fontWeight: 600 }}>{m.sentTo}</Typography>
          {/* A block of its own: a left-to-right address wrapped inside a Persian sentence reads out of order. */}
          <Box
            dir="ltr"
            data-testid="register-sent-email"
            sx={{ my: 1.5, px: 1.5, py: 1, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'Rubik, sans-serif', fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}
          >
            {sentTo}
          </Box>
          <Typography color="text.secondary" sx={{ lineHeight: 2, mb: 2 }}>
            {m.sentHowTo}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ lineHeight: 2, mb: 3 }} data-testid="register-sent-spam">
            {m.sentSpam}
          </Typography>
        </Box>
        <Button variant="outlined" color="inherit" size="large" fullWidth onClick={() => setSentTo(null)} data-testid="register-again">
          {m.again}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={m.heading} intro={m.intro} testId="register-screen" footer={footer}>
      <Box component="form" id={form.formId} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="register-form" sx={{ display: 'grid', gap: 1 }}>
        <FormField {...form.field('name')} label={f.name} autoComplete="name" />
        <FormField {...form.field('email')} label={f.email} type="email" autoComplete="email" />
        <FormField {...form.field('password')} label={f.password} type="password" autoComplete="new-password" helperText={m.passwordHelp} />
        <FormField {...form.field('password_confirmation')} label={f.passwordConfirmation} type="password" autoComplete="new-password" />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label={m.submit} pendingLabel={m.submitting} />
      </Box>
    </AuthCard>
  );
}
