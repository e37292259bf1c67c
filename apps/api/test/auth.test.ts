import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { csrf } from './helpers/app';
import { runTimedJobs } from '../src/jobs';
import { purgeUnconfirmedSignUps } from '../src/modules/auth/unconfirmed';
import { AuthRepository } from '../src/modules/auth/auth.repository';
import { PasswordHasher } from '../src/modules/auth/passwords';
import { hashToken, SIGN_IN_PURPOSES } from '../src/modules/auth/tokens';
import { createMemberTestApp, outboxFiles, parseMail, registerMember, startSignUp, uniqueEmail, type MemberTestContext } from './helpers/members';

let ctx: MemberTestContext;
beforeAll(async () => {
  // The site's own password hash cost: a test below checks that every sign-up spends one hash.
  ctx = await createMemberTestApp({ PASSWORD_HASH_COST: '14' });
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
    // A mail is written after its answer: seconds later while CI's three lanes share two cores.
    { timeout: 20_000, interval: 20 },
  );
}

/** The link tokens of the mails with `subject` to `email`, oldest first. */
const tokensMailed = (email: string, subject: RegExp) =>
  mailsTo(email)
    .filter((mail) => subject.test(mail.subject))
    .map((mail) => /\/auth\/login\?token=([\w-]+)/.exec(mail.text)?.[1]);
const CONFIRM = /تأیید ایمیل/;
const register = (payload: object) => post('/api/sanc/register', { password: 'long-enough', password_confirmation: 'long-enough', ...payload });
const verifiedAt = async (email: string) => (await ctx.database.pool.query('SELECT email_verified_at FROM users WHERE email = $1', [email])).rows[0]?.email_verified_at;

describe('register', () => {
  it('answers 202 with a message, keeps the account unverified and mails a Persian right-to-left confirmation link', async () => {
    const email = uniqueEmail('Reg');
    const res = await register({ name: '  سارا  ', email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'پیوند تأیید به ایمیل شما فرستاده شد. برای پایان ثبت‌نام، نامه را باز کنید و روی پیوند آن بزنید.' });
    expect(res.json()).not.toHaveProperty('token');
    const { rows } = await ctx.database.pool.query('SELECT name, email_verified_at FROM users WHERE email = $1', [email.toLowerCase()]);
    expect(rows).toEqual([{ name: 'سارا', email_verified_at: null }]);

    const mail = await waitForMail(email.toLowerCase(), CONFIRM);
    expect(mail.subject).toBe('تأیید ایمیل و فعال‌سازی حساب پرده');
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.text).toContain('سلام سارا،');
    expect(mail.text).toContain('۲۴ ساعت');
    const link = /http:\/\/localhost:8000\/auth\/login\?token=([\w-]+)&redirect=%2Fuser%2Fdashboard/.exec(mail.text);
    expect(link, mail.text).toBeTruthy();
    expect(mail.html).toContain(link![0].replace(/&/g, '&amp;'));
  });

  it('the confirmation link signs in once ({token, user}) and marks the email verified; then the password works', async () => {
    const email = uniqueEmail('confirm');
    await register({ name: 'سارا', email });
    expect((await post('/api/sanc/login', { email, password: 'long-enough' })).statusCode).toBe(403);
    const token = (await waitForMail(email, CONFIRM)).text.match(/\/auth\/login\?token=([\w-]+)/)![1]!;

    const res = await post('/api/sanc/login-with-token', { token, remember: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.user).toMatchObject({ name: 'سارا', email, newNotifications: false, premium: { active: false, until: null } });
    expect(await verifiedAt(email)).toBeInstanceOf(Date);

    const user = await me({ authorization: `Bearer ${body.token}` });
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('private, no-store');
    expect(user.json().data).toEqual(body.user);
    expect(user.json().data.stats).toEqual({ watchlist: 0, history: 0, likes: 0, ratings: 0, comments: 0, requests: 0 });

    const reuse = await post('/api/sanc/login-with-token', { token });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.token[0]).toMatch(persian);
    expect((await post('/api/sanc/login', { email, password: 'long-enough' })).statusCode).toBe(200);
  });

  it('carries the page the visitor was going to in the link, and only a path of this site', async () => {
    const email = uniqueEmail('redirect');
    expect((await register({ name: 'سارا', email, redirect: '/premium/join/3' })).statusCode).toBe(202);
    expect((await waitForMail(email, CONFIRM)).text).toMatch(/\/auth\/login\?token=[\w-]+&redirect=%2Fpremium%2Fjoin%2F3\s/);
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example', 'user/dashboard']) {
      const res = await register({ name: 'سارا', email: uniqueEmail(), redirect });
      expect(res.statusCode, redirect).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['redirect']);
    }
  });

  it('keeps only a hash of the tokens and of the password', async () => {
    const m = await registerMember(ctx.app);
    const { rows } = await ctx.database.pool.query('SELECT token_hash FROM auth_tokens WHERE user_id = $1', [m.id]);
    expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(m.token).digest('hex') }]);
    const mailed = tokensMailed(m.email, CONFIRM)[0]!;
    const once = await ctx.database.pool.query('SELECT token_hash FROM auth_one_time_tokens WHERE user_id = $1', [m.id]);
    expect(once.rows).toEqual([{ token_hash: crypto.createHash('sha256').update(mailed).digest('hex') }]);
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

  it('answers a new, an unconfirmed and a member’s address alike: same status, same body (no account enumeration)', async () => {
    const unconfirmed = await startSignUp(ctx.app);
    const member = await registerMember(ctx.app);
    const answers = [
      await register({ name: 'تازه', email: uniqueEmail('new') }),
      await register({ name: 'دوباره', email: unconfirmed.email }),
      await register({ name: 'دیگری', email: member.email.toUpperCase() }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(answers[0]!.body);
      expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
    }
  });

  it('hashes the password whatever the address, so the answer takes as long', async () => {
    // CPU time of this process (the database runs in another one): steady on a busy machine,
    // where wall-clock times are not. scrypt is nearly all of a sign-up's CPU.
    const cpuOf = async (work: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      await work();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const member = await registerMember(ctx.app);
    const unconfirmed = await startSignUp(ctx.app);
    const cases = {
      new: () => ({ name: 'تازه', email: uniqueEmail() }),
      unconfirmed: () => ({ name: 'دوباره', email: unconfirmed.email }),
      member: () => ({ name: 'دیگری', email: member.email }),
    };
    const hasher = new PasswordHasher(ctx.config.PASSWORD_HASH_COST);
    const hash: number[] = [];
    const spent: Record<keyof typeof cases, number[]> = { new: [], unconfirmed: [], member: [] };
    for (let i = 0; i < 5; i++) {
      hash.push(await cpuOf(() => hasher.hash('long-enough')));
      for (const [name, payload] of Object.entries(cases) as [keyof typeof cases, () => object][]) {
        spent[name].push(await cpuOf(async () => expect((await register(payload())).statusCode).toBe(202)));
      }
    }
    await ctx.app.mailer.flush();
    // A case that skipped the hash would spend a small fraction of one.
    for (const [name, times] of Object.entries(spent)) expect(median(times), name).toBeGreaterThan(median(hash) * 0.7);
  });

  it('a member’s address: nothing changes, and the owner is told by mail, with a sign-in link', async () => {
    const owner = await registerMember(ctx.app, { name: 'صاحب حساب' });
    const res = await register({ name: 'دیگری', email: owner.email.toUpperCase(), password: 'another-pass', password_confirmation: 'another-pass' });
    expect(res.statusCode).toBe(202);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n, min(name) AS name FROM users WHERE email = $1', [owner.email]);
    expect(rows[0]).toEqual({ n: 1, name: 'صاحب حساب' });
    expect((await me(owner.headers)).statusCode).toBe(200);
    expect((await post('/api/sanc/login', { email: owner.email, password: 'another-pass' })).statusCode).toBe(422);
    expect((await post('/api/sanc/login', { email: owner.email, password: owner.password })).statusCode).toBe(200);

    const mail = await waitForMail(owner.email, /حساب تازه/);
    expect(mail.subject).toBe('تلاش برای ساخت حساب تازه با ایمیل شما');
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.text).toContain('سلام صاحب حساب،');
    expect(mail.text).toContain('http://localhost:8000/auth/forgot-password');
    expect(tokensMailed(owner.email, CONFIRM)).toHaveLength(1); // only the owner's own sign-up
    const token = /\/auth\/login\?token=([\w-]+)/.exec(mail.text)![1]!;
    const signIn = await post('/api/sanc/login-with-token', { token });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: owner.id, name: 'صاحب حساب' });
  });

  it('an unconfirmed address starts over: the newest name and password, a fresh link; the earlier link dies', async () => {
    const email = uniqueEmail('again');
    await register({ name: 'نفر اول', email, password: 'first-password', password_confirmation: 'first-password' });
    const first = /token=([\w-]+)/.exec((await waitForMail(email, CONFIRM)).text)![1]!;
    await register({ name: 'نفر دوم', email, password: 'second-password', password_confirmation: 'second-password' });
    const second = await vi.waitFor(() => {
      const tokens = tokensMailed(email, CONFIRM);
      if (tokens.length < 2) throw new Error('no second confirmation yet');
      return tokens[1]!;
    }, { timeout: 20_000, interval: 50 });
    expect(second).not.toBe(first);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n, min(name) AS name FROM users WHERE email = $1', [email]);
    expect(rows[0]).toEqual({ n: 1, name: 'نفر دوم' });
    expect(mailsTo(email).at(-1)!.text).toContain('سلام نفر دوم،');

    expect((await post('/api/sanc/login-with-token', { token: first })).statusCode).toBe(422);
    expect((await post('/api/sanc/login', { email, password: 'first-password' })).statusCode).toBe(422);
    const signIn = await post('/api/sanc/login-with-token', { token: second });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.name).toBe('نفر دوم');
    expect((await post('/api/sanc/login', { email, password: 'second-password' })).statusCode).toBe(200);
  });

  it('makes one account of simultaneous sign-ups with the same email, and answers each alike', async () => {
    const email = uniqueEmail('race');
    const payload = { name: 'هم‌زمان', email, password: 'long-enough', password_confirmation: 'long-enough' };
    const results = await Promise.all([post('/api/sanc/register', payload), post('/api/sanc/register', payload), post('/api/sanc/register', payload)]);
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(rows[0].n).toBe(1);
    // Each answer mailed a link, and each replaced the one before: exactly one still works.
    await ctx.app.mailer.flush();
    const tokens = tokensMailed(email, CONFIRM);
    expect(tokens).toHaveLength(3);
    const used = await Promise.all(tokens.map((token) => post('/api/sanc/login-with-token', { token })));
    expect(used.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
  });
});

describe('an unconfirmed sign-up', () => {
  it('answers a new sign-up, the confirmation link and a reset request racing for one address without an error', async () => {
    for (let i = 0; i < 6; i++) {
      const { email } = await startSignUp(ctx.app);
      const token = /token=([\w-]+)/.exec((await waitForMail(email, CONFIRM)).text)![1]!;
      const [again, opened, reset] = await Promise.all([register({ name: 'دوباره', email }), post('/api/sanc/login-with-token', { token }), post('/api/forgot-password', { email })]);
      expect(again.statusCode).toBe(202);
      expect([200, 422]).toContain(opened.statusCode);
      expect(reset.statusCode).toBe(200);
    }
  });

  // Two transactions interleaved by hand, which needs a server (the embedded database runs one at a time).
  it.runIf(process.env.TEST_DATABASE_URL)('takes the account before the token, as a new sign-up does, so the two never deadlock', async () => {
    const { email } = await startSignUp(ctx.app);
    const token = /token=([\w-]+)/.exec((await waitForMail(email, CONFIRM)).text)![1]!;
    const repo = new AuthRepository();
    const { db, pool } = ctx.database;
    const waitingForALock = async () => (await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n as number;

    let opened: Promise<{ userId: number } | undefined> | undefined;
    await db.transaction(async (signUp) => {
      // A new sign-up with the address holds the account...
      const owner = await repo.lockUserByEmail(signUp, email);
      // ...while the confirmation link is opened, and has to wait for it...
      opened = db.transaction(async (link) => {
        const used = await repo.consumeOneTimeToken(link, SIGN_IN_PURPOSES, hashToken(token));
        if (used) await repo.markEmailVerified(link, used.userId);
        return used;
      });
      await vi.waitFor(async () => expect(await waitingForALock()).toBe(1), { timeout: 20_000, interval: 20 });
      // ...then the sign-up replaces the account's link.
      await repo.restartUnverified(signUp, owner!.id, { name: 'دوباره', passwordHash: 'scrypt$x' });
      await repo.createOneTimeToken(signUp, { userId: owner!.id, purpose: 'email_verify', tokenHash: hashToken(`next-${token}`), minutes: 60 });
    });
    // The earlier link was replaced before it could be used: refused, not an error.
    expect(await opened).toBeUndefined();
    expect(await verifiedAt(email)).toBeNull();
  });

  it('signing in with the right password is a Persian 403 EMAIL_NOT_VERIFIED that mails the link again, at most once a minute', async () => {
    const { email, password } = await startSignUp(ctx.app);
    await waitForMail(email, CONFIRM);
    const res = await post('/api/sanc/login', { email, password, redirect: '/gopremium' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: expect.stringMatching(/تأیید نشده/) });
    await ctx.app.mailer.flush();
    expect(tokensMailed(email, CONFIRM)).toHaveLength(1); // the sign-up's mail went out a moment ago

    await ctx.database.pool.query(`UPDATE auth_one_time_tokens SET created_at = now() - interval '2 minutes' FROM users u WHERE u.id = user_id AND u.email = $1`, [email]);
    expect((await post('/api/sanc/login', { email, password, redirect: '/gopremium' })).statusCode).toBe(403);
    expect((await post('/api/sanc/login', { email, password })).statusCode).toBe(403);
    await ctx.app.mailer.flush();
    const tokens = tokensMailed(email, CONFIRM);
    expect(tokens).toHaveLength(2);
    expect(mailsTo(email).at(-1)!.text).toMatch(/token=[\w-]+&redirect=%2Fgopremium/);
    expect((await post('/api/sanc/login-with-token', { token: tokens[0] })).statusCode).toBe(422);
    expect((await post('/api/sanc/login-with-token', { token: tokens[1] })).statusCode).toBe(200);
  });

  it('a wrong password is the usual 422, like an unknown email: no hint that the address signed up', async () => {
    const { email } = await startSignUp(ctx.app);
    const wrong = await post('/api/sanc/login', { email, password: 'not-the-password' });
    const unknown = await post('/api/sanc/login', { email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    await ctx.app.mailer.flush();
    expect(tokensMailed(email, CONFIRM)).toHaveLength(1);
  });

  it('asking for a login link gets the confirmation link instead (the same answer as for anyone)', async () => {
    const { email } = await startSignUp(ctx.app);
    await waitForMail(email, CONFIRM);
    await ctx.database.pool.query(`UPDATE auth_one_time_tokens SET created_at = now() - interval '2 minutes' FROM users u WHERE u.id = user_id AND u.email = $1`, [email]);
    const res = await post('/api/sanc/login-link', { email });
    const unknown = await post('/api/sanc/login-link', { email: uniqueEmail('ghost') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(unknown.json());
    await ctx.app.mailer.flush();
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['تأیید ایمیل و فعال‌سازی حساب پرده', 'تأیید ایمیل و فعال‌سازی حساب پرده']);
  });

  it('a password reset through the mailed link confirms it: the mailbox chose the password', async () => {
    const { email } = await startSignUp(ctx.app);
    await post('/api/forgot-password', { email });
    const token = /reset-password\/([\w-]+)/.exec((await waitForMail(email, /بازیابی رمز عبور/)).text)![1]!;
    expect((await post('/api/reset-password', { token, password: 'chosen-by-owner', password_confirmation: 'chosen-by-owner' })).statusCode).toBe(200);
    expect(await verifiedAt(email)).toBeInstanceOf(Date);
    expect((await post('/api/sanc/login', { email, password: 'chosen-by-owner' })).statusCode).toBe(200);
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

describe('unconfirmed sign-ups are removed after a week', () => {
  const age = (email: string, days: number) => ctx.database.pool.query(`UPDATE users SET created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) WHERE email = $1`, [email, days]);
  const expireLinks = (email: string) => ctx.database.pool.query(`UPDATE auth_one_time_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
  const exists = async (email: string) => (await ctx.database.pool.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount === 1;

  it('only those past the week whose mailed links have expired; members and newer sign-ups stay', async () => {
    const stale = (await startSignUp(ctx.app)).email;
    const withReset = (await startSignUp(ctx.app)).email;
    const recent = (await startSignUp(ctx.app)).email;
    const member = await registerMember(ctx.app);
    for (const email of [stale, withReset, recent]) await waitForMail(email, CONFIRM);
    await age(stale, 8);
    await age(withReset, 8);
    await age(recent, 6);
    await age(member.email, 30);
    for (const email of [stale, withReset, recent]) await expireLinks(email);
    // A password reset asked for now: its link must still find the account.
    expect((await post('/api/forgot-password', { email: withReset })).statusCode).toBe(200);

    // Two processes running the job at once remove the account once, without an error.
    const reports = await Promise.all([runTimedJobs({ database: ctx.database, config: ctx.config, log: ctx.app.log }), runTimedJobs({ database: ctx.database, config: ctx.config, log: ctx.app.log })]);
    expect(reports.map((r) => r.removedSignUps).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    expect(await exists(stale)).toBe(false);
    expect(await exists(withReset)).toBe(true);
    expect(await exists(recent)).toBe(true);
    expect(await exists(member.email)).toBe(true);
    expect((await post('/api/sanc/login', { email: member.email, password: member.password })).statusCode).toBe(200);

    // Once the reset link has expired too, that one goes as well.
    await expireLinks(withReset);
    await purgeUnconfirmedSignUps(ctx.database.db, new Date());
    expect(await exists(withReset)).toBe(false);

    // The address is free: signing up with it again is a new, working sign-up.
    expect((await register({ name: 'دوباره', email: stale })).statusCode).toBe(202);
    const token = await vi.waitFor(() => {
      const tokens = tokensMailed(stale, CONFIRM);
      if (tokens.length < 2) throw new Error('no new confirmation mail yet');
      return tokens.at(-1)!;
      // The mail is written after the answer: as long as waitForMail's wait on a loaded machine.
    }, { timeout: 20_000, interval: 50 });
    expect((await post('/api/sanc/login-with-token', { token })).statusCode).toBe(200);
  });

  it('a sign-up made again starts its week over', async () => {
    const { email } = await startSignUp(ctx.app);
    await waitForMail(email, CONFIRM);
    await age(email, 8);
    expect((await register({ name: 'دوباره', email })).statusCode).toBe(202);
    await expireLinks(email);
    await purgeUnconfirmedSignUps(ctx.database.db, new Date());
    expect(await exists(email)).toBe(true);
  });
});
