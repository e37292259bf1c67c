import crypto from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import './context';
import { linkIn, waitForMail, type Mail } from './outbox';

/**
 * Members for browser specs, made the way a person makes one: sign up through the real API, open
 * the confirmation mail the server wrote to its outbox, follow its link (which confirms the address
 * and signs in). Sign-up alone signs nobody in (docs/decisions/0005).
 *
 *   const member = await registerMember({ name: 'سارا' });
 *   await signInBrowser(context, member);       // the browser is now that member
 */

export interface Member {
  id: number;
  name: string;
  email: string;
  password: string;
  /** The bearer token the confirmation link gave (the web app keeps it in cookie `token`). */
  token: string;
  expiresAt: string;
  /** `GET /api/user`'s member, as the sign-in answered it. */
  user: { id: number; name: string; email: string; [field: string]: unknown };
  /** `Authorization: Bearer …` for calls from the test itself. */
  headers: Record<string, string>;
  /** The confirmation mail that was followed. */
  confirmation: Mail;
}

export interface RegisterOptions {
  name?: string;
  email?: string;
  password?: string;
  /** The page the confirmation link lands on in the web app (`/premium/join/3`). */
  redirect?: string;
  baseUrl?: string;
  dataDir?: string;
}

export const DEFAULT_PASSWORD = 'parde-pass-123';

let counter = 0;
/** An address no other test (or earlier run on the same server) uses. */
export const uniqueEmail = (tag = 'member') => `e2e-${tag}-${Date.now()}-${++counter}-${crypto.randomBytes(2).toString('hex')}@example.com`;

/** A visitor's CSRF pair, as the web app gets it before each auth call (spec §7). */
async function csrf(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('no XSRF-TOKEN cookie from /sanctum/csrf-cookie');
  const value = cookie.slice('XSRF-TOKEN='.length).split(';')[0]!;
  return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
}

/** A POST to the API as the web app makes it (JSON, AJAX marker, CSRF); the parsed answer. */
export async function apiPost<T>(path: string, body: object, { baseUrl = inject('baseUrl'), headers = {} as Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(headers.authorization ? {} : await csrf(baseUrl)), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** `POST /api/sanc/register`: 202 and the same message whatever the address. */
export async function startSignUp(opts: RegisterOptions = {}): Promise<{ name: string; email: string; password: string }> {
  const name = opts.name ?? 'عضو آزمایشی';
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const res = await apiPost('/api/sanc/register', { name, email, password, password_confirmation: password, ...(opts.redirect ? { redirect: opts.redirect } : {}) }, { baseUrl: opts.baseUrl });
  if (res.status !== 202) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { name, email, password };
}

/** Follows the newest confirmation link mailed to `email`: confirms the address and signs in. */
export async function confirmSignUp(email: string, opts: { baseUrl?: string; dataDir?: string } = {}) {
  const confirmation = await waitForMail(email, 'verify-email', { dataDir: opts.dataDir ?? inject('dataDir') });
  const token = linkIn(confirmation, '/auth/login').searchParams.get('token');
  if (!token) throw new Error(`no token in the confirmation link:\n${confirmation.text}`);
  const res = await apiPost<{ token: string; expiresAt: string; user: Member['user'] }>('/api/sanc/login-with-token', { token, remember: true }, { baseUrl: opts.baseUrl });
  if (res.status !== 200) throw new Error(`confirmation link for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, confirmation };
}

/** A new, confirmed, signed-in member. */
export async function registerMember(opts: RegisterOptions = {}): Promise<Member> {
  const { name, email, password } = await startSignUp(opts);
  const { token, expiresAt, user, confirmation } = await confirmSignUp(email, opts);
  return { id: user.id, name, email, password, token, expiresAt, user, headers: { authorization: `Bearer ${token}` }, confirmation };
}

/** Makes a browser context that member: the web app reads cookie `token` on start (spec §4). */
export async function signInBrowser(context: BrowserContext, member: Pick<Member, 'token' | 'expiresAt'>, baseUrl = inject('baseUrl')): Promise<void> {
  await context.addCookies([{ name: 'token', value: member.token, url: baseUrl, expires: Math.floor(Date.parse(member.expiresAt) / 1000), sameSite: 'Lax' }]);
}

/** A call as the member (Bearer token: no CSRF needed). */
export async function asMember<T = unknown>(baseUrl: string, who: Pick<Member, 'token'>, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * A real server-side notification for `recipient`: `giver` buys them a gift on the sandbox
 * gateway and pays; the payment's callback tells the recipient in the same transaction.
 */
export async function giftFrom(baseUrl: string, giver: Pick<Member, 'token'>, recipient: Pick<Member, 'email'>): Promise<void> {
  const plans = await asMember<{ data: { id: number }[] }>(baseUrl, giver, 'GET', '/api/plans');
  const planId = plans.body.data[0]?.id;
  if (!planId) throw new Error('no plan to gift');
  const bought = await asMember<{ url: string }>(baseUrl, giver, 'POST', '/api/user/gift', { plan_id: planId, recipient_email: recipient.email });
  if (bought.status !== 200) throw new Error(`gift: ${bought.status} ${JSON.stringify(bought.body)}`);
  await payOnSandbox(bought.body.url);
}

/**
 * The tester on the sandbox gateway's page presses "pay"; the gateway sends them to our callback.
 * Resolves with where the callback sends the browser (the result page of that payment).
 */
async function payOnSandbox(gatewayUrl: string): Promise<string> {
  const paid = await fetch(gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve', redirect: 'manual' });
  const callback = paid.headers.get('location');
  if (paid.status !== 303 || !callback) throw new Error(`sandbox: ${paid.status}`);
  const back = await fetch(new URL(callback, gatewayUrl), { redirect: 'manual' });
  if (back.status !== 303) throw new Error(`callback: ${back.status}`);
  return back.headers.get('location') ?? '';
}

/**
 * Premium for `member`: a month bought through the API and paid on the sandbox gateway's page.
 * Resolves with the payment's result page (`/premium/result?payment=…`).
 */
export async function buyPremium(baseUrl: string, member: Pick<Member, 'token'>): Promise<string> {
  const plans = await asMember<{ data: { id: number; days: number }[] }>(baseUrl, member, 'GET', '/api/plans');
  const plan = plans.body.data.find((p) => p.days === 30) ?? plans.body.data[0];
  if (!plan) throw new Error('no plan to buy');
  const bought = await asMember<{ url: string }>(baseUrl, member, 'POST', '/api/user/join2', { plan_id: plan.id });
  if (bought.status !== 200) throw new Error(`join2: ${bought.status} ${JSON.stringify(bought.body)}`);
  const back = new URL(await payOnSandbox(bought.body.url), baseUrl);
  return back.pathname + back.search;
}
