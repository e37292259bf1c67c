import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { csrf } from './helpers/app';
import { createMemberTestApp, outboxFiles, parseMail, registerMember, uniqueEmail, type MemberTestContext } from './helpers/members';

let ctx: MemberTestContext;
beforeAll(async () => {
  ctx = await createMemberTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
const post = (url: string, payload?: object, headers: Record<string, string> = { authorization: 'Bearer none' }) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/user', headers });

/** The mails the outbox holds for one address, decoded. */
function mailsTo(email: string) {
  return outboxFiles(ctx.dataDir)
    .map((f) => parseMail(fs.readFileSync(f, 'utf8')))
    .filter((m) => m.to.includes(email));
}
async function waitForMail(email: string, subject: RegExp) {
  return vi.waitFor(
    () => {
      const mail = mailsTo(email).find((m) => subject.test(m.subject));
      if (!mail) throw new Error(`no mail "${subject}" to ${email} yet`);
      return mail;
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('register', () => {
  it('creates the account, signs it in and answers {token, user}', async () => {
    const email = uniqueEmail('Reg');
    const res = await post('/api/sanc/register', { name: '  سارا  ', email: `  ${email.toUpperCase()} `, password: 'long-enough', password_confirmation: 'long-enough' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.user).toMatchObject({ name: 'سارا', email: email.toLowerCase(), newNotifications: false, premium: { active: false, until: null } });

    const user = await me({ authorization: `Bearer ${body.token}` });
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('private, no-store');
    expect(user.json().data).toEqual(body.user);
    expect(user.json().data.stats).toEqual({ watchlist: 0, history: 0, likes: 0, ratings: 0, comments: 0, requests: 0 });
  });

  it('keeps only a hash of the token and of the password', async () => {
    const m = await registerMember(ctx.app);
    const { rows } = await ctx.database.pool.query('SELECT token_hash FROM auth_tokens WHERE user_id = $1', [m.id]);
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(m.token).digest('hex') }]);
    const user = await ctx.database.pool.query('SELECT password_hash FROM users WHERE id = $1', [m.id]);
    expect(user.rows[0].password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(user.rows[0].password_hash).not.toContain(m.password);
  });

  it('refuses short passwords, a wrong confirmation and a bad email with Persian messages per field', async () => {
    const short = await post('/api/sanc/register', { name: 'علی', email: uniqueEmail(), password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['دست‌کم ۸ نویسه وارد کنید.']);

    const mismatch = await post('/api/sanc/register', { name: 'علی', email: uniqueEmail(), password: 'long-enough', password_confirmation: 'long-enougH' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password[0]).toMatch(persian);

    const bad = await post('/api/sanc/register', { name: 'ع', email: 'nope', password: 'long-enough', password_confirmation: 'long-enough' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name']);
  });

  it('does not create a second account for a taken email, names no account, and tells the owner by mail', async () => {
    const owner = await registerMember(ctx.app, { name: 'صاحب حساب' });
    const res = await post('/api/sanc/register', { name: 'دیگری', email: owner.email.toUpperCase(), password: 'another-pass', password_confirmation: 'another-pass' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(persian);
    expect(res.json().message).not.toMatch(/وجود دارد|تکراری|taken/);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [owner.email]);
    expect(rows[0].n).toBe(1);
    const mail = await waitForMail(owner.email, /حساب تازه/);
    expect(mail.text).toContain('صاحب حساب');
  });

  it('lets only one of two simultaneous sign-ups with the same email through', async () => {
    const email = uniqueEmail('race');
    const payload = { name: 'هم‌زمان', email, password: 'long-enough', password_confirmation: 'long-enough' };
    const results = await Promise.all([post('/api/sanc/register', payload), post('/api/sanc/register', payload), post('/api/sanc/register', payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
  });
});

describe('login', () => {
  it('signs in with email and password, case-insensitively', async () => {
    const m = await registerMember(ctx.app);
    const res = await post('/api/sanc/login', { email: m.email.toUpperCase(), password: m.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m.id, email: m.email });
    expect((await me({ authorization: `Bearer ${res.json().token}` })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way (no account enumeration)', async () => {
    const m = await registerMember(ctx.app);
    const wrong = await post('/api/sanc/login', { email: m.email, password: 'not-the-password' });
    const unknown = await post('/api/sanc/login', { email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe('ایمیل یا رمز عبور درست نیست.');
  });

  it('makes a longer-lived token with remember', async () => {
    const m = await registerMember(ctx.app);
    const short = (await post('/api/sanc/login', { email: m.email, password: m.password })).json();
    const long = (await post('/api/sanc/login', { email: m.email, password: m.password, remember: true })).json();
    const day = 24 * 3600_000;
    expect(new Date(short.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(day + 60_000);
    expect(new Date(long.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * day);
    const { rows } = await ctx.database.pool.query('SELECT remember FROM auth_tokens WHERE user_id = $1 ORDER BY id', [m.id]);
    expect(rows.map((r) => r.remember)).toEqual([false, false, true]);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed, unknown, expired or revoked token with a Persian 401', async () => {
    const m = await registerMember(ctx.app);
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'UNAUTHENTICATED', message: expect.stringMatching(persian) });
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer not-a-real-token' })).statusCode).toBe(401);

    const second = (await post('/api/sanc/login', { email: m.email, password: m.password })).json().token;
    await ctx.database.pool.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [crypto.createHash('sha256').update(second).digest('hex')]);
    expect((await me({ authorization: `Bearer ${second}` })).statusCode).toBe(401);

    const logout = await post('/api/sanc/logout', undefined, m.headers);
    expect(logout.statusCode).toBe(200);
    expect(logout.json().message).toMatch(persian);
    expect((await me(m.headers)).statusCode).toBe(401);
    expect((await post('/api/sanc/logout', undefined, m.headers)).statusCode).toBe(401);
  });

  it('logout revokes only the token that asked', async () => {
    const m = await registerMember(ctx.app);
    const other = (await post('/api/sanc/login', { email: m.email, password: m.password })).json().token;
    await post('/api/sanc/logout', undefined, m.headers);
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(200);
  });

  it('records when a token was last used (at most once a minute)', async () => {
    const m = await registerMember(ctx.app);
    await ctx.database.pool.query(`UPDATE auth_tokens SET last_used_at = now() - interval '1 hour' WHERE user_id = $1`, [m.id]);
    await me(m.headers);
    const { rows } = await ctx.database.pool.query(`SELECT last_used_at > now() - interval '1 minute' AS fresh FROM auth_tokens WHERE user_id = $1`, [m.id]);
    expect(rows[0].fresh).toBe(true);
  });

  it('accepts the token cookie, but a cookie-authenticated write needs the CSRF token', async () => {
    const m = await registerMember(ctx.app);
    const read = await ctx.app.inject({ url: '/api/user', cookies: { token: m.token } });
    expect(read.statusCode).toBe(200);

    const forged = await ctx.app.inject({ method: 'POST', url: '/api/sanc/logout', cookies: { token: m.token } });
    expect(forged.statusCode).toBe(419);
    expect(forged.json().code).toBe('CSRF_MISMATCH');
    expect((await me(m.headers)).statusCode).toBe(200);

    const { cookie, header } = await csrf(ctx.app);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/sanc/logout', headers: { cookie: `${cookie}; token=${m.token}`, ...header } });
    expect(ok.statusCode).toBe(200);
    expect((await me(m.headers)).statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password', async () => {
    const m = await registerMember(ctx.app);
    const res = await post('/api/sanc/password', { current_password: 'wrong-one', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, m.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.current_password).toEqual(['رمز عبور فعلی درست نیست.']);
  });

  it('changes it and signs out the other devices, not this one', async () => {
    const m = await registerMember(ctx.app);
    const other = (await post('/api/sanc/login', { email: m.email, password: m.password })).json().token;
    const res = await post('/api/sanc/password', { current_password: m.password, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(persian);
    expect((await me(m.headers)).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await post('/api/sanc/login', { email: m.email, password: m.password })).statusCode).toBe(422);
    expect((await post('/api/sanc/login', { email: m.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    await waitForMail(m.email, /رمز عبور حساب پرده تغییر کرد/);
  });

  it('is for members only', async () => {
    const res = await post('/api/sanc/password', { current_password: 'x', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, {});
    expect(res.statusCode).toBe(419); // no bearer, no CSRF token: refused before anything else
    const { cookie, header } = await csrf(ctx.app);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/sanc/password', headers: { cookie, ...header }, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the email has an account (no account enumeration)', async () => {
    const m = await registerMember(ctx.app);
    const known = await post('/api/forgot-password', { email: m.email });
    const unknown = await post('/api/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toMatch(persian);
  });

  it('mails a Persian right-to-left link to auth/reset-password/{token} that sets a new password once and signs out everywhere', async () => {
    const m = await registerMember(ctx.app, { name: 'نرگس' });
    await post('/api/forgot-password', { email: m.email });
    const mail = await waitForMail(m.email, /بازیابی رمز عبور/);
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.html).toContain('نرگس');
    expect(mail.text).toContain('نرگس');
    const link = /http:\/\/localhost:8000\/auth\/reset-password\/([\w-]+)\?email=([^\s"<]+)/.exec(mail.text);
    expect(link, mail.text).toBeTruthy();
    expect(mail.html).toContain(link![0].replace(/&/g, '&amp;'));
    const token = link![1]!;
    expect(decodeURIComponent(link![2]!)).toBe(m.email);

    const mismatch = await post('/api/reset-password', { token, email: uniqueEmail(), password: 'reset-password-1', password_confirmation: 'reset-password-1' });
    expect(mismatch.statusCode).toBe(422);

    const reset = await post('/api/reset-password', { token, email: m.email, password: 'reset-password-1', password_confirmation: 'reset-password-1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toMatch(persian);
    expect((await me(m.headers)).statusCode).toBe(401);
    expect((await post('/api/sanc/login', { email: m.email, password: 'reset-password-1' })).statusCode).toBe(200);

    const again = await post('/api/reset-password', { token, password: 'reset-password-2', password_confirmation: 'reset-password-2' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toMatch(persian);
  });

  it('refuses an expired reset token', async () => {
    const m = await registerMember(ctx.app);
    await post('/api/forgot-password', { email: m.email });
    const mail = await waitForMail(m.email, /بازیابی رمز عبور/);
    const token = /reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    await ctx.database.pool.query(`UPDATE auth_one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [m.id]);
    const res = await post('/api/reset-password', { token, password: 'reset-password-1', password_confirmation: 'reset-password-1' });
    expect(res.statusCode).toBe(422);
  });
});

describe('login links', () => {
  it('answers the same whether or not the email has an account', async () => {
    const m = await registerMember(ctx.app);
    const known = await post('/api/sanc/login-link', { email: m.email });
    const unknown = await post('/api/sanc/login-link', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('signs in once with the mailed token', async () => {
    const m = await registerMember(ctx.app);
    await post('/api/sanc/login-link', { email: m.email });
    const mail = await waitForMail(m.email, /پیوند ورود/);
    const token = /\/auth\/login\?token=([\w-]+)/.exec(mail.text)![1]!;
    const res = await post('/api/sanc/login-with-token', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(m.id);
    expect((await me({ authorization: `Bearer ${res.json().token}` })).statusCode).toBe(200);
    const reuse = await post('/api/sanc/login-with-token', { token });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.token[0]).toMatch(persian);
  });

  it('refuses a token made for a password reset', async () => {
    const m = await registerMember(ctx.app);
    await post('/api/forgot-password', { email: m.email });
    const mail = await waitForMail(m.email, /بازیابی رمز عبور/);
    const token = /reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    expect((await post('/api/sanc/login-with-token', { token })).statusCode).toBe(422);
  });
});

describe('every /api/user path', () => {
  /** Every member route the app declares (from its OpenAPI document), with ids filled in. */
  function memberRoutes() {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes: { method: string; url: string }[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      if (!(p === '/api/user' || p.startsWith('/api/user/'))) continue;
      for (const method of Object.keys(ops)) routes.push({ method: method.toUpperCase(), url: p.replace(/\{[^}]+\}/g, '1') });
    }
    return routes;
  }

  it('are many (the app declares them)', () => {
    expect(memberRoutes().length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a missing, expired or revoked token with 401 UNAUTHENTICATED', async () => {
    const m = await registerMember(ctx.app);
    const expired = (await post('/api/sanc/login', { email: m.email, password: m.password })).json().token;
    await ctx.database.pool.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [crypto.createHash('sha256').update(expired).digest('hex')]);
    const revoked = (await post('/api/sanc/login', { email: m.email, password: m.password })).json().token;
    await post('/api/sanc/logout', undefined, { authorization: `Bearer ${revoked}` });

    for (const { method, url } of memberRoutes()) {
      for (const authorization of ['Bearer ', `Bearer ${expired}`, `Bearer ${revoked}`]) {
        const res = await ctx.app.inject({ method: method as 'GET', url, headers: { authorization }, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url} with ${authorization.slice(0, 12)}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    }
  });
});
