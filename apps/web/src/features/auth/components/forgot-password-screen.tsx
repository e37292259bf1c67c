import { useState } from 'react';
import { paths } from '../../../config/paths';
import { forgotPassword } from '../api/forgot-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { rules, validate } from '../lib/validate';
import { messages } from '../messages';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { FormAlert, SubmitButton, TextLink } from './form-parts';

const m = messages.forgot;

/** `auth/forgot-password`: mails the reset link; the answer is the same whether the email exists. */
export function ForgotPasswordScreen() {
  const form = useAuthForm({ email: '' });
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSent(null);
    const result = await form.submit(validate(form.values, { email: rules.email }), () => forgotPassword(form.values.email.trim()));
    if (result?.ok) setSent(result.data.message);
  };

  return (
    <AuthCard title={m.heading} intro={m.intro} testId="forgot-screen" footer={<TextLink to={paths.auth.login.getHref()}>{m.back}</TextLink>}>
      <form id={form.formId} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="forgot-form" className="p-auth__form">
        <FormField {...form.field('email')} label={messages.fields.email} type="email" autoComplete="email" />
        <FormAlert message={form.formError} />
        <FormAlert message={sent} severity="success" testId="form-success" />
        <SubmitButton pending={form.pending} label={m.submit} pendingLabel={m.submitting} />
      </form>
    </AuthCard>
  );
}
