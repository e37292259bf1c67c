import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { paths } from '../../../config/paths';
import { resetPassword } from '../api/reset-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { rules, validate } from '../lib/validate';
import { messages } from '../messages';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { FormAlert, SubmitButton, TextLink } from './form-parts';

const m = messages.reset;

/** `auth/reset-password/{token}?email=…` from the mailed link: a new password, then sign in. */
export function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? undefined;
  const form = useAuthForm({ password: '', password_confirmation: '' });
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const local = validate(values, { password: rules.newPassword, password_confirmation: rules.confirmation(values.password) });
    const result = await form.submit(local, () => resetPassword({ token, email, ...values }));
    if (result?.ok) setDone(result.data.message);
    // A dead link is the token's problem, which has no field here: say it above the button.
    else if (result && !result.ok && result.fieldErrors.token) form.setFormError(result.fieldErrors.token);
  };

  return (
    <AuthCard title={m.heading} intro={done ? undefined : m.intro} testId="reset-screen" footer={done ? undefined : <TextLink to={paths.auth.forgotPassword.getHref()}>{messages.forgot.heading}</TextLink>}>
      {done ? (
        <>
          <FormAlert message={done} severity="success" testId="form-success" />
          <Button component={RouterLink} to={paths.auth.login.getHref()} variant="contained" size="large" fullWidth sx={{ ...solidAccent, fontWeight: 700 }}>
            {m.toLogin}
          </Button>
        </>
      ) : (
        <Box component="form" id={form.formId} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="reset-form" sx={{ display: 'grid', gap: 1 }}>
          {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
          <FormField {...form.field('password')} label={messages.fields.newPassword} type="password" autoComplete="new-password" helperText={messages.register.passwordHelp} />
          <FormField {...form.field('password_confirmation')} label={messages.fields.passwordConfirmation} type="password" autoComplete="new-password" />
          <FormAlert message={form.formError} />
          <SubmitButton pending={form.pending} label={m.submit} pendingLabel={m.submitting} />
        </Box>
      )}
    </AuthCard>
  );
}
