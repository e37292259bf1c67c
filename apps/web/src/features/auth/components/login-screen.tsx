import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { login } from '../api/login';
import { loginWithToken } from '../api/login-with-token';
import { sendLoginLink } from '../api/send-login-link';
import { useAdoptTyped } from '../../../lib/server-drawn-form';
import { useAuthForm } from '../hooks/use-auth-form';
import { getPostLoginRedirect, getRedirectTarget, goOnAfterLogin } from '../lib/guard';
import { rules, validate } from '../lib/validate';
import { messages } from '../messages';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { FormAlert, SubmitButton, TextLink } from './form-parts';

const m = messages.login;

/**
 * `auth/login`: email and password, or a mailed one-time link. A `?token=` from a mailed link (a
 * login link or the sign-up confirmation) signs in at once. Afterwards the member goes back to
 * `getPostLoginRedirect()`. An unconfirmed sign-up (403 `EMAIL_NOT_VERIFIED`) is told to open
 * the confirmation mail, which the server has just sent again.
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = getPostLoginRedirect(params);
  const linkToken = params.get('token');
  const isMember = useAuthStore((s) => Boolean(s.token && s.user));
  const form = useAuthForm({ email: '', password: '' });
  const [remember, setRemember] = useState(true);
  // "Keep me signed in" unticked before the app took over the server-drawn form stays unticked.
  useAdoptTyped(form.formId, (el) => {
    const box = el.elements.namedItem('remember');
    if (box instanceof HTMLInputElement) setRemember(box.checked);
  });
  const [linkState, setLinkState] = useState<{ pending: boolean; sent: string | null }>({ pending: false, sent: null });
  const [tokenPending, setTokenPending] = useState(Boolean(linkToken));
  const [notVerified, setNotVerified] = useState<string | null>(null);
  const tokenTried = useRef(false);
  const { setFormError } = form;

  useEffect(() => {
    if (!linkToken || tokenTried.current) return;
    tokenTried.current = true;
    void loginWithToken(linkToken).then((result) => {
      if (result.ok) goOnAfterLogin(navigate, redirectTo);
      else {
        setTokenPending(false);
        setFormError(result.fieldErrors.token ?? result.message);
      }
    });
  }, [linkToken, navigate, redirectTo, setFormError]);

  // Someone already signed in (another tab, the back button) has nothing to do here.
  useEffect(() => {
    if (isMember && !linkToken) goOnAfterLogin(navigate, redirectTo);
  }, [isMember, linkToken, navigate, redirectTo]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setLinkState({ pending: false, sent: null });
    setNotVerified(null);
    const { values } = form;
    const result = await form.submit(validate(values, { email: rules.email, password: rules.required }), () =>
      login({ email: values.email.trim(), password: values.password, remember, redirect: getRedirectTarget(params) }),
    );
    if (result?.ok) goOnAfterLogin(navigate, redirectTo);
    else if (result && !result.ok && result.code === 'EMAIL_NOT_VERIFIED') {
      // Not a mistake in the form: a step still to take, said in its own words.
      form.setFormError(null);
      setNotVerified(result.message);
    }
  };

  const onSendLink = async () => {
    form.setFormError(null);
    setNotVerified(null);
    const local = validate(form.values, { email: rules.email });
    form.setErrors(local);
    if (local.email) {
      form.focusField('email');
      return;
    }
    setLinkState({ pending: true, sent: null });
    const result = await sendLoginLink(form.values.email.trim());
    if (result.ok) setLinkState({ pending: false, sent: result.data.message });
    else {
      setLinkState({ pending: false, sent: null });
      form.setErrors(result.fieldErrors);
      form.setFormError(result.message);
    }
  };

  return (
    <AuthCard
      title={m.heading}
      intro={m.intro}
      testId="login-screen"
      footer={
        <>
          {m.noAccount} <TextLink to={paths.auth.register.getHref(params.get('redirect') ?? undefined)} testId="to-register">{m.toRegister}</TextLink>
        </>
      }
    >
      {tokenPending ? (
        <div role="status" className="p-auth__pending">
          <p className="p-auth__pending-text">{m.withToken}</p>
          <span role="progressbar" aria-label={m.withToken} className="p-progress">
            <span className="p-progress__bar" />
          </span>
        </div>
      ) : (
        <form id={form.formId} noValidate onSubmit={onSubmit} aria-label={m.heading} data-testid="login-form" className="p-auth__form">
          <FormField {...form.field('email')} label={messages.fields.email} type="email" autoComplete="email" />
          <FormField {...form.field('password')} label={messages.fields.password} type="password" autoComplete="current-password" />
          <div className="p-auth__row">
            <label className="p-check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} name="remember" className="p-check__input" />
              <span>{messages.fields.remember}</span>
            </label>
            <TextLink to={paths.auth.forgotPassword.getHref()} testId="to-forgot">{m.forgot}</TextLink>
          </div>
          <FormAlert message={form.formError} />
          <FormAlert message={notVerified} severity="info" testId="email-not-verified" />
          <FormAlert message={linkState.sent} severity="success" testId="link-sent" />
          <SubmitButton pending={form.pending} label={m.submit} pendingLabel={m.submitting} />
          <div role="separator" className="p-divider">
            <span>{m.or}</span>
          </div>
          <p className="p-body2 p-muted p-auth__help">{m.linkHelp}</p>
          <button type="button" onClick={() => void onSendLink()} disabled={linkState.pending} data-testid="send-login-link" className="p-btn p-btn--outlined p-btn--large p-btn--full p-auth__second">
            {linkState.pending ? m.sendingLink : m.sendLink}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
