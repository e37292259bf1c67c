import Box from '@mui/material/Box';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { changePassword } from '../api/change-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { rules, validate } from '../lib/validate';
import { messages } from '../messages';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { FormAlert, SubmitButton, TextLink } from './form-parts';

const m = messages.changePassword;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** `user/edit-password`: knowing the current password, set a new one. */
export function ChangePasswordScreen() {
  const form = useAuthForm(EMPTY);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const local = validate(values, { current_password: rules.required, password: rules.newPassword, password_confirmation: rules.confirmation(values.password) });
    const result = await form.submit(local, () => changePassword(values));
    if (result?.ok) {
      notifySuccess(result.data.message);
      form.setValues(EMPTY);
    }
  };

  return (
    <AuthCard title={m.heading} intro={m.intro} testId="edit-password-screen" footer={<TextLink to={paths.auth.forgotPassword.getHref()}>{m.forgot}</TextLink>}>
      <Box component="form" id={form.formId} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="edit-password-form" sx={{ display: 'grid', gap: 1 }}>
        <FormField {...form.field('current_password')} label={messages.fields.currentPassword} type="password" autoComplete="current-password" />
        <FormField {...form.field('password')} label={messages.fields.newPassword} type="password" autoComplete="new-password" helperText={messages.register.passwordHelp} />
        <FormField {...form.field('password_confirmation')} label={messages.fields.passwordConfirmation} type="password" autoComplete="new-password" />
        <FormAlert message={form.formError} />
        <SubmitButton pending={form.pending} label={m.submit} pendingLabel={m.submitting} />
      </Box>
    </AuthCard>
  );
}
