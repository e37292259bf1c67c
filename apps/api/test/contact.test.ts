import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { createMemberTestApp, outboxFiles, parseMail, registerMember, type MemberTestContext } from './helpers/members';

const persian = /[\u0600-\u06FF]/;
const message = { name: 'رضا', email: 'reza@example.com', subject: 'پخش قطع می‌شود', message: 'سلام، پخش فیلم‌ها هر چند دقیقه قطع می‌شود. <b>کمک</b>' };

describe('contact form', () => {
  let ctx: MemberTestContext;
  beforeAll(async () => {
    ctx = await createMemberTestApp({ SUPPORT_EMAIL: 'support@parde.test' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function visitorPost(payload: object) {
    const { cookie, header } = await csrf(ctx.app);
    return ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie, ...header }, payload });
  }

  it('stores a visitor’s message and mails it to support with the sender as Reply-To', async () => {
    const res = await visitorPost(message);
    expect(res.statusCode).toBe(201);
    const { id, createdAt } = res.json().data;
    expect(id).toBeGreaterThan(0);
    expect(new Date(createdAt).toISOString()).toBe(createdAt);

    await ctx.app.mailer.flush();
    const { rows } = await ctx.database.pool.query('SELECT user_id, name, email, subject, message, mailed_at FROM contact_messages WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({ user_id: null, name: 'رضا', email: 'reza@example.com', message: message.message });
    expect(rows[0].mailed_at).not.toBeNull();

    const files = outboxFiles(ctx.dataDir).filter((f) => f.includes('-contact-'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(files[0]!, 'utf8');
    const mail = parseMail(raw);
    expect(mail.to).toBe('support@parde.test');
    expect(raw).toMatch(/^Reply-To: reza@example\.com/m);
    expect(mail.subject).toBe('پیام تازه از فرم تماس: پخش قطع می‌شود');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('&lt;b&gt;کمک&lt;/b&gt;');
    expect(mail.text).toContain(message.message);
  });

  it('links a member’s message to their account', async () => {
    const m = await registerMember(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: m.headers, payload: message });
    expect(res.statusCode).toBe(201);
    const { rows } = await ctx.database.pool.query('SELECT user_id FROM contact_messages WHERE id = $1', [res.json().data.id]);
    expect(rows[0].user_id).toBe(m.id);
  });

  it('treats a stale token as a visitor rather than refusing the message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { authorization: 'Bearer expired-or-revoked' }, payload: message });
    expect(res.statusCode).toBe(201);
  });

  it('needs the CSRF token from visitors', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(419);
  });

  it('refuses bad input with Persian messages per field', async () => {
    const res = await visitorPost({ name: 'ر', email: 'nope', subject: '', message: 'کوتاه' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
    for (const errs of Object.values(res.json().errors) as string[][]) expect(errs[0]).toMatch(persian);
  });

  it('keeps line breaks in a subject from becoming mail headers', async () => {
    const res = await visitorPost({ ...message, subject: 'سلام\r\nBcc: victim@example.com' });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.flush();
    const mails = outboxFiles(ctx.dataDir).map((f) => parseMail(fs.readFileSync(f, 'utf8')));
    for (const mail of mails) expect(mail.headers).not.toMatch(/^Bcc:/im);
    expect(mails.some((m) => m.subject === 'پیام تازه از فرم تماس: سلام Bcc: victim@example.com')).toBe(true);
  });
});

describe('contact form without SUPPORT_EMAIL, and its rate limit', () => {
  let ctx: MemberTestContext;
  beforeAll(async () => {
    ctx = await createMemberTestApp({ CONTACT_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores the message even when there is nowhere to mail it', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie, ...header }, payload: message, remoteAddress: '10.1.1.1' });
    expect(res.statusCode).toBe(201);
    await ctx.app.mailer.flush();
    expect(outboxFiles(ctx.dataDir)).toEqual([]);
    const { rows } = await ctx.database.pool.query('SELECT mailed_at FROM contact_messages WHERE id = $1', [res.json().data.id]);
    expect(rows[0].mailed_at).toBeNull();
  });

  it('takes 5 messages per IP in ten minutes', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const send = (remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie, ...header }, payload: message, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await send('10.1.1.2')).statusCode).toBe(201);
    const limited = await send('10.1.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/ثانیهٔ دیگر دوباره تلاش کنید/);
    expect((await send('10.1.1.3')).statusCode).toBe(201);
  });
});
