import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/modules/mail/mailer';
import { passwordResetMail } from '../src/modules/mail/templates';
import { createMemberTestApp, outboxFiles, parseMail, registerMember, startSignUp, type MemberTestContext } from './helpers/members';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const s = server.listen(0, '127.0.0.1', () => resolve((s.address() as net.AddressInfo).port));
  });
  return { received, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: MemberTestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createMemberTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SITE_URL: 'https://parde.test/', MAIL_FROM: 'no-reply@parde.test' });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  /** What the SMTP server received for an address, oldest first. */
  const inbox = (email: string) => smtp.received.filter((r) => r.to.includes(email)).map((r) => r.raw);

  it('delivers the sign-up confirmation, and the link in it signs in', async () => {
    const m = await registerMember(ctx.app, { name: 'سپیده', inbox });
    const [raw] = inbox(m.email);
    const parsed = parseMail(raw!);
    expect(parsed.subject).toBe('تأیید ایمیل و فعال‌سازی حساب پرده');
    expect(parsed.html).toContain('dir="rtl"');
    expect(parsed.text).toContain('سلام سپیده،');
    expect(parsed.text).toMatch(/https:\/\/parde\.test\/auth\/login\?token=[\w-]+&redirect=%2Fuser%2Fdashboard/);
    const me = await ctx.app.inject({ url: '/api/user', headers: m.headers });
    expect(me.json().data.email).toBe(m.email);
  });

  it('delivers the reset mail, and the link in it sets a new password', async () => {
    const m = await registerMember(ctx.app, { name: 'بهار', inbox });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', headers: { authorization: 'Bearer x' }, payload: { email: m.email } });
    expect(res.statusCode).toBe(200);

    const mail = await vi.waitFor(
      () => {
        const got = smtp.received.find((r) => r.to.includes(m.email) && parseMail(r.raw).subject.includes('بازیابی'));
        if (!got) throw new Error('no mail yet');
        return got;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(mail.from).toBe('no-reply@parde.test');
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe('بازیابی رمز عبور پرده');
    expect(parsed.headers).toMatch(/^From: =\?UTF-8\?/im); // the Persian sender name, encoded
    expect(parsed.html).toContain('dir="rtl"');
    expect(parsed.text).toContain('سلام بهار،');
    // Nothing on disk when SMTP is configured.
    expect(outboxFiles(ctx.dataDir)).toEqual([]);

    const link = /https:\/\/parde\.test\/auth\/reset-password\/([\w-]+)\?email=(\S+)/.exec(parsed.text);
    expect(link, parsed.text).toBeTruthy();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      headers: { authorization: 'Bearer x' },
      payload: { token: link![1], email: decodeURIComponent(link![2]!), password: 'from-the-mail', password_confirmation: 'from-the-mail' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/sanc/login', headers: { authorization: 'Bearer x' }, payload: { email: m.email, password: 'from-the-mail' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('mail server down', () => {
  let ctx: MemberTestContext;
  beforeAll(async () => {
    // A port nobody listens on.
    const probe = net.createServer();
    const port = await new Promise<number>((r) => probe.listen(0, '127.0.0.1', () => r((probe.address() as net.AddressInfo).port)));
    await new Promise((r) => probe.close(r));
    ctx = await createMemberTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('still answers sign-up and forgot-password the same way (the failure is logged, not shown)', async () => {
    const m = await startSignUp(ctx.app); // throws unless 202
    const res = await ctx.app.inject({ method: 'POST', url: '/api/forgot-password', headers: { authorization: 'Bearer x' }, payload: { email: m.email } });
    expect(res.statusCode).toBe(200);
    await ctx.app.mailer.flush();
  });
});

describe('outbox fallback (no SMTP_URL)', () => {
  let ctx: MemberTestContext;
  beforeAll(async () => {
    ctx = await createMemberTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('writes each mail to DATA_DIR/outbox as an .eml with an RTL HTML part and a plain-text part', async () => {
    const m = await registerMember(ctx.app, { name: 'کاوه' });
    await ctx.app.inject({ method: 'POST', url: '/api/sanc/login-link', headers: { authorization: 'Bearer x' }, payload: { email: m.email } });
    await ctx.app.mailer.flush();
    const files = outboxFiles(ctx.dataDir);
    // The sign-up confirmation, then the login link.
    expect(files).toHaveLength(2);
    expect(path.basename(files[0]!)).toMatch(/verify-email.*\.eml$/);
    expect(path.basename(files[1]!)).toMatch(/login-link.*\.eml$/);
    const raw = fs.readFileSync(files[1]!, 'utf8');
    expect(raw).toMatch(/\r\n/); // RFC 5322 line ends: any mail client opens it
    const mail = parseMail(raw);
    expect(mail.to).toContain(m.email);
    expect(mail.subject).toBe('پیوند ورود به پرده');
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.text).toContain('سلام کاوه،');
    expect(mail.text).toMatch(/http:\/\/localhost:8000\/auth\/login\?token=[\w-]+/);
  });

  it('logs the links of each mail so development needs no inbox', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-outbox-'));
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createMailer(loadConfig({ DATA_DIR: dir }), log as never);
    expect(mailer.mode).toBe('outbox');
    const content = passwordResetMail('<b>نام</b>', 'http://localhost:8000/auth/reset-password/abc?email=a%40b.co', 60);
    await mailer.send({ kind: 'password-reset', to: 'a@b.co', ...content });
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ links: ['http://localhost:8000/auth/reset-password/abc?email=a%40b.co'], file: expect.stringContaining(dir) }), expect.any(String));
    // Names are text, never markup.
    expect(content.html).toContain('&lt;b&gt;نام&lt;/b&gt;');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
