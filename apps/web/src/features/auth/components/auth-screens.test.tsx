import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError, type RequestConfig } from '../../../lib/api-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApiWith, renderAppAt as renderAt } from '../../../test/app';
import { getCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { useAuthStore } from '../stores/auth-store';

const member = {
  id: 5,
  name: 'سارا',
  email: 'sara@example.com',
  newNotifications: false,
  unreadNotifications: 0,
  premium: { active: false, until: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  stats: { watchlist: 0, history: 0, likes: 0, ratings: 0, comments: 0, requests: 0 },
};
const notVerified = 'ایمیل این حساب هنوز تأیید نشده است. پیوند تأیید را به ایمیلتان فرستادیم.';

let posted: { url: string; body: Record<string, unknown> }[] = [];
beforeEach(() => {
  posted = [];
  useAuthStore.setState({ token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: true });
});
answerApiWith(async (config: RequestConfig) => {
  const url = config.url ?? '';
  const ok = (data: unknown, status = 200) => ({ data, status, headers: new Headers(), config });
  const fail = (status: number, data: unknown) => {
    throw new HttpError('failed', config, { data, status });
  };
  if (config.method === 'post') posted.push({ url, body: JSON.parse(String(config.data ?? '{}')) as Record<string, unknown> });
  if (url === '/api/sanc/register') return ok({ message: 'پیوند تأیید به ایمیل شما فرستاده شد.' }, 202);
  if (url === '/api/sanc/login') return fail(403, { code: 'EMAIL_NOT_VERIFIED', message: notVerified });
  if (url === '/api/sanc/login-with-token') return ok({ token: 'session-token', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user: member });
  if (url === '/api/user') return ok({ data: member });
  return ok({ data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } });
});

const fill = (name: string, value: string) => fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });

describe('sign-up with a confirmation mail', () => {
  it('shows "check your email" with the address and the spam hint, and signs nobody in', async () => {
    renderAt('/auth/register?redirect=%2Fgopremium');
    await screen.findByRole('heading', { level: 1, name: 'ثبت‌نام' }, { timeout: 15_000 });
    fill('name', ' سارا ');
    fill('email', 'Sara@Example.com');
    fill('password', 'long-enough');
    fill('password_confirmation', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'ساخت حساب' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'ایمیل خود را ببینید' })).toBeTruthy();
    expect(screen.getByTestId('register-sent-email').textContent).toBe('Sara@Example.com');
    expect(screen.getByTestId('register-sent-email').getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('register-sent-spam').textContent).toContain('هرزنامه');
    expect(posted.find((p) => p.url === '/api/sanc/register')?.body).toMatchObject({ name: 'سارا', email: 'Sara@Example.com', redirect: '/gopremium' });
    expect(getCookie(TOKEN_COOKIE)).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();

    // A mistyped address: back to the form, the name and email kept, the passwords not.
    fireEvent.click(screen.getByRole('button', { name: 'ثبت‌نام با ایمیل دیگر' }));
    await screen.findByRole('heading', { level: 1, name: 'ثبت‌نام' }, { timeout: 15_000 });
    expect((screen.getByTestId('field-email') as HTMLInputElement).value).toBe('Sara@Example.com');
    expect((screen.getByTestId('field-password') as HTMLInputElement).value).toBe('');
  });

  it('sends no redirect when the visitor came to sign up directly (the link then opens the dashboard)', async () => {
    renderAt('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'ثبت‌نام' }, { timeout: 15_000 });
    fill('name', 'سارا');
    fill('email', 'sara@example.com');
    fill('password', 'long-enough');
    fill('password_confirmation', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'ساخت حساب' }));
    await screen.findByRole('heading', { level: 1, name: 'ایمیل خود را ببینید' });
    expect(posted.find((p) => p.url === '/api/sanc/register')?.body).not.toHaveProperty('redirect');
  });

  it('login of an unconfirmed sign-up shows the server’s "open the confirmation mail" message, not a form error', async () => {
    renderAt('/auth/login?redirect=%2Fuser%2Fwatchlist');
    await screen.findByRole('heading', { level: 1, name: 'ورود' }, { timeout: 15_000 });
    fill('email', 'sara@example.com');
    fill('password', 'long-enough');
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    const info = await screen.findByTestId('email-not-verified');
    expect(info.textContent).toBe(notVerified);
    expect(info.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(screen.getByTestId('field-email').getAttribute('aria-invalid')).toBe('false');
    expect(posted.find((p) => p.url === '/api/sanc/login')?.body).toMatchObject({ redirect: '/user/watchlist' });
  });

  it('the confirmation link signs in and lands on the page it names', async () => {
    const router = renderAt('/auth/login?token=confirm-token-0123456789&redirect=%2Fuser%2Fdashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'), { timeout: 15_000 });
    expect(posted.find((p) => p.url === '/api/sanc/login-with-token')?.body).toEqual({ token: 'confirm-token-0123456789', remember: true });
    expect(getCookie(TOKEN_COOKIE)).toBe('session-token');
    expect(useAuthStore.getState().user).toMatchObject({ id: 5 });
  });
});
