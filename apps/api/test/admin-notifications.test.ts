import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { createMemberTestApp, registerMember, startSignUp, type MemberTestContext, type TestMember } from './helpers/members';
import { auditOf, registerCast } from './helpers/staff';

/**
 * Announcements: every member, premium members or one member, once per idempotency key. The file
 * has its own database, so the members made here are all there are.
 */
let ctx: MemberTestContext;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
let premium: TestMember[];
let plain: TestMember[];
let lapsed: TestMember;
let disabled: TestMember;
let everyone: TestMember[];

async function givePremium(who: TestMember, from: string, to: string, revoked = false) {
  await ctx.database.pool.query(
    `INSERT INTO premium_periods (user_id, plan_name, kind, days, starts_at, ends_at, reason, revoked_at)
     VALUES ($1, 'ماهانه', 'grant', 30, now() + $2::interval, now() + $3::interval, 'آزمون', CASE WHEN $4 THEN now() END)`,
    [who.id, from, to, revoked],
  );
}

beforeAll(async () => {
  ctx = await createMemberTestApp();
  cast = await registerCast(ctx.app, ctx.database);
  premium = [await registerMember(ctx.app), await registerMember(ctx.app)];
  plain = [await registerMember(ctx.app), await registerMember(ctx.app)];
  lapsed = await registerMember(ctx.app);
  disabled = await registerMember(ctx.app);
  for (const p of premium) await givePremium(p, '-1 day', '29 days');
  await givePremium(lapsed, '-40 days', '-10 days');
  // A refunded (revoked) period does not make a premium member.
  await givePremium(plain[0]!, '-1 day', '29 days', true);
  await ctx.database.pool.query('UPDATE users SET disabled_at = now() WHERE id = $1', [disabled.id]);
  // A sign-up never confirmed: nobody to read it.
  await startSignUp(ctx.app);
  everyone = [cast.member, cast.editor, cast.admin, ...premium, ...plain, lapsed];
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
type Method = 'GET' | 'POST';
const call = (method: Method, url: string, who: TestMember, payload?: object) => ctx.app.inject({ method, url, headers: who.headers, payload });
let n = 0;
const key = () => `send-${Date.now()}-${++n}`;
const announcementsOf = async (who: TestMember) => {
  const { rows } = await ctx.database.pool.query<{ title: string; body: string; link: string | null }>(`SELECT title, body, link FROM notifications WHERE user_id = $1 AND kind = 'announcement' ORDER BY id`, [who.id]);
  return rows;
};

describe('who may send announcements', () => {
  it('answers a visitor 401, a member 403, an editor 403 (admins only) and an admin 2xx, on every endpoint', async () => {
    const endpoints: { method: Method; url: string; payload?: () => object }[] = [
      { method: 'POST', url: '/api/admin/notifications', payload: () => ({ audience: 'member', member_id: plain[1]!.id, title: 'آزمون نقش‌ها', body: 'فقط برای آزمون', idempotency_key: key() }) },
      { method: 'POST', url: '/api/admin/notifications/preview', payload: () => ({ audience: 'all', title: 'پیش‌نمایش', body: 'متن پیش‌نمایش' }) },
      { method: 'GET', url: `/api/admin/notifications/members?q=${encodeURIComponent(plain[1]!.email.slice(0, 8))}` },
    ];
    for (const e of endpoints) {
      const { cookie, header } = await csrf(ctx.app);
      expect((await ctx.app.inject({ method: e.method, url: e.url, headers: { cookie, ...header }, payload: e.payload?.() })).statusCode).toBe(401);
      const member = await call(e.method, e.url, cast.member, e.payload?.());
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('STAFF_ONLY');
      const editor = await call(e.method, e.url, cast.editor, e.payload?.());
      expect(editor.statusCode).toBe(403);
      expect(editor.json().code).toBe('ADMIN_ONLY');
      const admin = await call(e.method, e.url, cast.admin, e.payload?.());
      expect([200, 201], admin.body).toContain(admin.statusCode);
    }
    // The editor's refused send wrote nothing.
    expect((await announcementsOf(plain[1]!)).length).toBe(1);
  });
});

describe('sending', () => {
  it('previews how it looks and how many get it, writing nothing', async () => {
    const before = (await ctx.database.pool.query('SELECT count(*)::int AS n FROM notifications')).rows[0].n;
    const res = await call('POST', '/api/admin/notifications/preview', cast.admin, { audience: 'premium', title: 'فیلم تازه', body: 'برای اعضای ویژه', link: '/titles/1/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ recipients: premium.length, member: null, notification: { kind: 'announcement', title: 'فیلم تازه', body: 'برای اعضای ویژه', link: '/titles/1/x', read: false } });
    const one = await call('POST', '/api/admin/notifications/preview', cast.admin, { audience: 'member', member_id: premium[0]!.id, title: 'سلام', body: 'فقط برای شما' });
    expect(one.json().data).toMatchObject({ recipients: 1, member: { id: premium[0]!.id, email: premium[0]!.email, premium: true } });
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM notifications')).rows[0].n).toBe(before);
  });

  it('sends to every confirmed, open account, each once, in the members’ own list', async () => {
    const k = key();
    const res = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'all', title: 'جشنوارهٔ پاییزی', body: 'این هفته فیلم‌های تازه', link: '/collections', idempotency_key: k });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ key: k, recipients: everyone.length, replayed: false });
    for (const who of everyone) expect((await announcementsOf(who)).filter((x) => x.title === 'جشنوارهٔ پاییزی')).toHaveLength(1);
    expect(await announcementsOf(disabled)).toEqual([]);
    // Shown like any notification, and lights the dot.
    const list = (await call('GET', '/api/user/notifications', premium[1]!)).json().data;
    expect(list[0]).toMatchObject({ kind: 'announcement', title: 'جشنوارهٔ پاییزی', body: 'این هفته فیلم‌های تازه', link: '/collections', read: false });
    expect((await call('GET', '/api/user', premium[1]!)).json().data.newNotifications).toBe(true);
    const [entry] = await auditOf(ctx.database, 'notification', k);
    expect(entry).toMatchObject({ action: 'notification.send', actor_id: cast.admin.id, after: expect.objectContaining({ audience: 'all', recipients: everyone.length }) });
  });

  it('sends to premium members only: not the lapsed, not the refunded', async () => {
    const res = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'premium', title: 'ویژهٔ اعضای ویژه', body: 'پیش‌نمایش اختصاصی', idempotency_key: key() });
    expect(res.json().data.recipients).toBe(premium.length);
    for (const who of premium) expect((await announcementsOf(who)).map((x) => x.title)).toContain('ویژهٔ اعضای ویژه');
    for (const who of [...plain, lapsed, cast.member]) expect((await announcementsOf(who)).map((x) => x.title)).not.toContain('ویژهٔ اعضای ویژه');
  });

  it('sends to one member, found by email', async () => {
    const found = (await call('GET', `/api/admin/notifications/members?q=${encodeURIComponent(plain[0]!.email)}`, cast.admin)).json().data;
    expect(found).toEqual([{ id: plain[0]!.id, name: plain[0]!.name, email: plain[0]!.email, premium: false }]);
    const res = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'member', member_id: plain[0]!.id, title: 'پیامی برای شما', body: 'پرداختتان بررسی شد', idempotency_key: key() });
    expect(res.json().data.recipients).toBe(1);
    expect((await announcementsOf(plain[0]!)).map((x) => x.title)).toContain('پیامی برای شما');
    expect((await announcementsOf(plain[1]!)).map((x) => x.title)).not.toContain('پیامی برای شما');
  });

  it('sends once per idempotency key: a repeat or a double click sends nothing more', async () => {
    const k = key();
    const payload = { audience: 'all', title: 'دو بار کلیک', body: 'فقط یک بار برسد', idempotency_key: k };
    const [a, b] = await Promise.all([call('POST', '/api/admin/notifications', cast.admin, payload), call('POST', '/api/admin/notifications', cast.admin, payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const replay = [a, b].find((r) => r.statusCode === 200)!.json().data;
    expect(replay).toMatchObject({ key: k, replayed: true, recipients: everyone.length });
    const later = await call('POST', '/api/admin/notifications', cast.admin, payload);
    expect(later.statusCode).toBe(200);
    expect(later.json().data.replayed).toBe(true);
    for (const who of everyone) expect((await announcementsOf(who)).filter((x) => x.title === 'دو بار کلیک')).toHaveLength(1);
    expect(await auditOf(ctx.database, 'notification', k)).toHaveLength(1);
    // The same key for other words is a mistake, not a repeat.
    const other = await call('POST', '/api/admin/notifications', cast.admin, { ...payload, body: 'متنی دیگر' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(persian);
  });

  it('refuses bad input with Persian field messages and sends nothing', async () => {
    const before = (await ctx.database.pool.query('SELECT count(*)::int AS n FROM notifications')).rows[0].n;
    const bad = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'everyone', title: 'x', body: '', link: 'https://example.com/', idempotency_key: '!' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['audience', 'body', 'idempotency_key', 'link', 'title']);
    for (const messages of Object.values(bad.json().errors) as string[][]) expect(messages[0]).toMatch(persian);
    const noMember = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'member', title: 'بدون گیرنده', body: 'کسی انتخاب نشده', idempotency_key: key() });
    expect(noMember.statusCode).toBe(422);
    expect(noMember.json().errors.member_id[0]).toMatch(persian);
    const unknown = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'member', member_id: 99_999_999, title: 'گیرندهٔ ناموجود', body: 'کسی نیست', idempotency_key: key() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.member_id[0]).toMatch(persian);
    const off = await call('POST', '/api/admin/notifications', cast.admin, { audience: 'member', member_id: disabled.id, title: 'حساب بسته', body: 'نمی‌خواند', idempotency_key: key() });
    expect(off.statusCode).toBe(422);
    const protocolRelative = await call('POST', '/api/admin/notifications/preview', cast.admin, { audience: 'all', title: 'پیوند', body: 'پیوند بیرونی', link: '//evil.example/' });
    expect(protocolRelative.statusCode).toBe(422);
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM notifications')).rows[0].n).toBe(before);
  });
});
