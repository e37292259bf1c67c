import type { BrowserContext } from 'playwright-core';

/**
 * Members made through the real API from the test process (not the page), for specs that need
 * someone else's comments or a server-side event while the page is open.
 */

export type Member = { id: number; name: string; email: string; token: string };

let counter = 0;
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${counter++}@example.com`;
export const PASSWORD = 'parde-pass-123';

/** `GET /sanctum/csrf-cookie`: what a request without a Bearer token must echo (decision 0002). */
async function csrf(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  const value = cookie.slice('XSRF-TOKEN='.length).split(';')[0]!;
  return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) };
}

export async function registerMember(baseUrl: string, name: string, email = uniqueEmail('m')): Promise<Member> {
  const res = await fetch(`${baseUrl}/api/sanc/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await csrf(baseUrl)) },
    body: JSON.stringify({ name, email, password: PASSWORD, password_confirmation: PASSWORD }),
  });
  const body = (await res.json()) as { token: string; user: { id: number } };
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.user.id, name, email, token: body.token };
}

/** A call as the member (Bearer token: no CSRF needed). */
export async function asMember<T = unknown>(baseUrl: string, who: Member, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${who.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The browser signed in as the member: the `token` cookie is all the web app reads. */
export async function signInBrowser(context: BrowserContext, baseUrl: string, who: Member): Promise<void> {
  await context.addCookies([{ name: 'token', value: who.token, url: baseUrl }]);
}

/**
 * A real server-side notification for `recipient`: `giver` buys them a gift on the sandbox
 * gateway and pays; the payment's callback tells the recipient in the same transaction.
 */
export async function giftFrom(baseUrl: string, giver: Member, recipient: Member): Promise<void> {
  const plans = await asMember<{ data: { id: number }[] }>(baseUrl, giver, 'GET', '/api/plans');
  const planId = plans.body.data[0]?.id;
  if (!planId) throw new Error('no plan to gift');
  const bought = await asMember<{ url: string }>(baseUrl, giver, 'POST', '/api/user/gift', { plan_id: planId, recipient_email: recipient.email });
  if (bought.status !== 200) throw new Error(`gift: ${bought.status} ${JSON.stringify(bought.body)}`);
  // The tester on the gateway's page presses "pay"; the gateway sends them to our callback.
  const paid = await fetch(bought.body.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve', redirect: 'manual' });
  const callback = paid.headers.get('location');
  if (paid.status !== 303 || !callback) throw new Error(`sandbox: ${paid.status}`);
  const back = await fetch(new URL(callback, bought.body.url), { redirect: 'manual' });
  if (back.status !== 303) throw new Error(`callback: ${back.status}`);
}
