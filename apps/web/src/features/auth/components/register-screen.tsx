import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { register } from '../api/register';
import { useAuthForm } from '../hooks/use-auth-form';
import { getPostLoginRedirect, getRedirectTarget, goOnAfterLogin } from '../lib/guard';
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
    if (isMember) goOnAfterLogin(navigate, redirectTo);
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
        <div role="status" data-testid="register-sent-status">
          <p className="p-auth__sent-to">{m.sentTo}</p>
          {/* A block of its own: a left-to-right address wrapped inside a Persian sentence reads out of order. */}
          <div dir="ltr" data-testid="register-sent-email" className="p-auth__email">
            {sentTo}
          </div>
          <p className="p-muted p-auth__how">{m.sentHowTo}</p>
          <p className="p-body2 p-muted p-auth__spam" data-testid="register-sent-spam">
            {m.sentSpam}
          </p>
        </div>
        <button type="button" onClick={() => setSentTo(null)} data-testid="register-again" className="p-btn p-btn--outlined p-btn--large p-btn--full">
          {m.again}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={m.heading} intro={m.intro} testId="register-screen" footer={footer}>
      <form id={form.formId} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="register-form" className="p-auth__form">
        <FormField {...form.field('name')} label={f.name} autoComplete="name" />
        <FormField {...form.field('email')} label={f.email} type="email" autoComplete="email" />
        <FormField {...form.field('password')} label={f.password} type="password" autoComplete="new-password" helperText={m.passwordHelp} />
        <FormField {...form.field('password_confirmation')} label={f.passwordConfirmation} type="password" autoComplete="new-password" />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label={m.submit} pendingLabel={m.submitting} />
      </form>
    </AuthCard>
  );
}
