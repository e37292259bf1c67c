import fs from 'node:fs';
import { outboxFiles, parseMail, uniqueEmail } from './members';
import { eventually } from './site';

/** A member of a site run as a real process, spoken to over HTTP. */
export interface HttpMember {
  email: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

async function json(res: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** POSTs JSON as a signed-in member (or a visitor with `Bearer none`, which needs no CSRF cookie). */
export async function post(url: string, body: unknown, headers: Record<string, string> = { authorization: 'Bearer none' }) {
  return json(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

export async function get(url: string, headers: Record<string, string> = {}) {
  return json(await fetch(url, { headers }));
}

/** Starts a sign-up (202) and resolves once the site answered it; the account then exists, unconfirmed. */
export async function startHttpSignUp(site: string, email = uniqueEmail('crash')): Promise<{ email: string; status: number }> {
  const password = 'a-good-password';
  const res = await post(`${site}/api/sanc/register`, { name: 'مریم', email, password, password_confirmation: password });
  return { email, status: res.status };
}

/** Signs up, opens the confirmation mail from the site's outbox and follows its link. */
export async function registerOverHttp(site: string, dataDir: string): Promise<HttpMember> {
  const { email, status } = await startHttpSignUp(site);
  if (status !== 202) throw new Error(`register answered ${status}`);
  const { value: token } = await eventually(async () => {
    const mails = outboxFiles(dataDir)
      .map((f) => parseMail(fs.readFileSync(f, 'utf8')))
      .filter((m) => m.to.includes(email));
    const t = /\/auth\/login\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    if (!t) throw new Error(`no confirmation mail to ${email}`);
    return t;
  }, 10_000);
  const res = await post(`${site}/api/sanc/login-with-token`, { token });
  if (res.status !== 200) throw new Error(`confirmation link refused: ${res.status}`);
  const bearer = String(res.body.token);
  return { email, password: 'a-good-password', token: bearer, headers: { authorization: `Bearer ${bearer}` } };
}
