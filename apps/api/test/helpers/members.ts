import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import type { App } from '../../src/app';
import { createTestApp, type TestContext } from './app';

export interface MemberTestContext extends TestContext {
  /** Where the outbox (mails without SMTP) of this app is written. */
  dataDir: string;
}

/**
 * The real app for member tests: its own data directory (the mail outbox lands there, not in the
 * repo's ./data) and sign-in limits high enough for many sign-ups; rate-limit tests pass their own.
 */
export async function createMemberTestApp(env: Record<string, string> = {}): Promise<MemberTestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-member-test-'));
  const ctx = await createTestApp({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000', CONTACT_RATE_LIMIT: '10000', ...env });
  return {
    ...ctx,
    dataDir,
    async close() {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestMember {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
  /** `Authorization: Bearer …` */
  headers: Record<string, string>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}-${process.pid}-${++counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;

export interface SignUp {
  name: string;
  email: string;
  password: string;
}

/** Starts a sign-up through the API (202: the account waits for its confirmation link). */
export async function startSignUp(app: App, opts: { name?: string; email?: string; password?: string; redirect?: string } = {}): Promise<SignUp> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'a-good-password';
  const name = opts.name ?? 'مریم';
  const res = await app.inject({
    method: 'POST',
    url: '/api/sanc/register',
    headers: { authorization: 'Bearer none' },
    payload: { name, email, password, password_confirmation: password, ...(opts.redirect ? { redirect: opts.redirect } : {}) },
  });
  if (res.statusCode !== 202) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { name, email, password };
}

/** Raw mails sent to an address, oldest first. */
export type Inbox = (email: string) => string[] | Promise<string[]>;

/** The app's outbox (mails without SMTP): what `DATA_DIR/outbox` holds for the address. */
export const outboxOf =
  (app: App): Inbox =>
  async (email) => {
    await app.mailer.flush();
    return outboxFiles(app.deps.config.DATA_DIR)
      .map((f) => fs.readFileSync(f, 'utf8'))
      .filter((raw) => parseMail(raw).to.includes(email));
  };

/** The token of the newest sign-up confirmation mailed to `email` (`/auth/login?token=…`). */
export async function confirmationToken(email: string, inbox: Inbox): Promise<string> {
  return vi.waitFor(
    async () => {
      const mails = (await inbox(email)).map(parseMail).filter((m) => /تأیید ایمیل/.test(m.subject));
      const token = /\/auth\/login\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
      if (!token) throw new Error(`no confirmation mail to ${email} yet`);
      return token;
    },
    // A mail is written after its answer: seconds later while CI's three lanes share two cores.
    { timeout: 20_000, interval: 20 },
  );
}

/**
 * Signs up a new member the way a person does: register, open the confirmation mail, follow its
 * link (which signs in). Returns their bearer headers. An app that mails over SMTP passes `inbox`.
 */
export async function registerMember(app: App, opts: { name?: string; email?: string; password?: string; inbox?: Inbox } = {}): Promise<TestMember> {
  const { name, email, password } = await startSignUp(app, opts);
  const token = await confirmationToken(email, opts.inbox ?? outboxOf(app));
  const res = await app.inject({ method: 'POST', url: '/api/sanc/login-with-token', headers: { authorization: 'Bearer none' }, payload: { token } });
  if (res.statusCode !== 200) throw new Error(`confirmation link refused: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.user.id, name, email, password, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

/** The .eml files in an outbox, oldest first. */
export function outboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Decodes the text/plain and text/html parts of a raw MIME message (what nodemailer writes). */
export function parseMail(raw: string): { headers: string; subject: string; to: string; text: string; html: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const header = (name: string, h = head) => {
    const m = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(h);
    return m ? m[1]!.replace(/\r?\n[ \t]/g, ' ') : '';
  };
  const decodeWords = (s: string) =>
    s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
  const parts: Record<string, string> = {};
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const chunks = boundaries.length ? body.split(new RegExp(boundaries.map((b) => `--${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).join('|'))) : [`${head}\r\n\r\n${body}`];
  for (const chunk of chunks) {
    const [h = '', ...b] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const type = header('Content-Type', h).toLowerCase();
    const encoding = header('Content-Transfer-Encoding', h).toLowerCase();
    const content = b.join('\r\n\r\n');
    const decoded = encoding === 'base64' ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQp(content) : content;
    if (type.startsWith('text/plain')) parts.text = decoded;
    if (type.startsWith('text/html')) parts.html = decoded;
  }
  return { headers: head, subject: decodeWords(header('Subject')), to: header('To'), text: parts.text ?? '', html: parts.html ?? '' };
}

function decodeQp(s: string): string {
  const escaped = s
    .replace(/=\r?\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return decodeURIComponent(escaped);
}
