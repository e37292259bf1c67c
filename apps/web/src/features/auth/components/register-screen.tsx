import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { register } from '../api/register';
import { useAuthForm } from '../hooks/use-auth-form';
import { getPostLoginRedirect } from '../lib/guard';
import { rules, validate } from '../lib/validate';
import { messages } from '../messages';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { FormAlert, SubmitButton, TextLink } from './form-parts';

const m = messages.register;
const f = messages.fields;

/** `auth/register`: the new member is signed in and sent where the guard found them. */
export function RegisterScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = getPostLoginRedirect(params);
  const isMember = useAuthStore((s) => Boolean(s.token && s.user));
  const form = useAuthForm({ name: '', email: '', password: '', password_confirmation: '' });

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
    const result = await form.submit(local, () => register({ ...values, name: values.name.trim(), email: values.email.trim() }));
    if (result?.ok) {
      notifySuccess(m.welcome);
      navigate(redirectTo, { replace: true });
    }
  };

  return (
    <AuthCard
      title={m.heading}
      intro={m.intro}
      testId="register-screen"
      footer={
        <>
          {m.haveAccount} <TextLink to={paths.auth.login.getHref(params.get('redirect') ?? undefined)} testId="to-login">{m.toLogin}</TextLink>
        </>
      }
    >
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
