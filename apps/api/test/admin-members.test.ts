import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRole, disableMember } from '../src/modules/admin-members/members.admin';
import { DAY_MS } from '../src/modules/premium/periods';
import { csrf } from './helpers/app';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, paySandbox, periodsOf, premiumOf, seedPlans, type SeededPlans } from './helpers/premium';
import { auditOf, expectAdminOnly, registerCast, registerStaff } from './helpers/staff';

let ctx: MemberTestContext;
let plans: SeededPlans;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
  cast = await registerCast(ctx.app, ctx.database);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who: TestMember, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
const near = (iso: string | null, expected: number, slackMs = 60_000) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(slackMs);
};
const count = async (sql: string, params: unknown[]) => (await ctx.database.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
const auditCount = () => count('SELECT count(*)::int AS n FROM audit_log', []);

describe('who may use the members area', () => {
  it('every endpoint: visitor 401, member 403 STAFF_ONLY, editor 403 ADMIN_ONLY, admin answered', async () => {
    const target = await registerMember(ctx.app);
    const endpoints: [Method, string, object | undefined, number][] = [
      ['GET', '/api/admin/members', undefined, 200],
      ['GET', `/api/admin/members/${target.id}`, undefined, 200],
      ['POST', `/api/admin/members/${target.id}/premium`, { days: 3, reason: 'جبران قطعی سرویس' }, 201],
      ['POST', `/api/admin/members/${target.id}/disable`, { reason: 'آزمایش دسترسی' }, 200],
      ['POST', `/api/admin/members/${target.id}/enable`, { reason: 'آزمایش دسترسی' }, 200],
      ['POST', `/api/admin/members/${target.id}/sign-out`, undefined, 200],
      ['PUT', `/api/admin/members/${target.id}/role`, { role: 'editor' }, 200],
    ];
    const visitor = await csrf(ctx.app);
    for (const [method, url, payload, ok] of endpoints) {
      const admin = await expectAdminOnly(ctx.app, cast, visitor, method, url, payload);
      expect(admin.statusCode, `${method} ${url} admin: ${admin.body}`).toBe(ok);
    }
    // Nothing the refused callers sent changed anything: one grant, one disable…, each by the admin.
    const entries = await auditOf(ctx.database, 'member', target.id);
    expect(entries.map((e) => e.action)).toEqual(['member.grant_premium', 'member.disable', 'member.enable', 'member.sign_out', 'member.role']);
    expect(new Set(entries.map((e) => e.actor_id))).toEqual(new Set([cast.admin.id]));
  });
});

describe('finding members', () => {
  it('searches by name, email and id (Persian digits too), filters by premium, disabled and role, pages', async () => {
    const tag = `find${Date.now()}`;
    const premium = await registerMember(ctx.app, { name: 'نیلوفر جست‌وجو', email: `${tag}-a@example.com` });
    const plain = await registerMember(ctx.app, { name: 'کاوه جست‌وجو', email: `${tag}-b@example.com` });
    const { url } = await buy(ctx.app, premium, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, url);
    await ctx.database.pool.query('UPDATE users SET disabled_at = now(), disabled_reason = $2 WHERE id = $1', [plain.id, 'آزمایش']);

    const list = async (query: string) => {
      const res = await call('GET', `/api/admin/members?${query}`, cast.admin);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { id: number; name: string; email: string; role: string; premium: { active: boolean; until: string | null }; disabledAt: string | null; createdAt: string }[]; meta: { total: number } };
    };
    const byEmail = await list(`q=${tag}`);
    expect(byEmail.data.map((m) => m.id)).toEqual([plain.id, premium.id]);
    const p = byEmail.data.find((m) => m.id === premium.id)!;
    expect(p).toMatchObject({ name: 'نیلوفر جست‌وجو', role: 'member', disabledAt: null, premium: { active: true } });
    near(p.premium.until, Date.now() + 30 * DAY_MS);
    near(p.createdAt, Date.now(), 120_000);
    expect(byEmail.data.find((m) => m.id === plain.id)).toMatchObject({ premium: { active: false, until: null }, disabledAt: expect.any(String) });

    expect((await list(`q=${encodeURIComponent('نیلوفر جست')}`)).data.map((m) => m.id)).toEqual([premium.id]);
    const persianId = String(premium.id).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    expect((await list(`q=${encodeURIComponent(persianId)}`)).data.map((m) => m.id)).toContain(premium.id);
    expect((await list(`q=${tag}&premium=true`)).data.map((m) => m.id)).toEqual([premium.id]);
    expect((await list(`q=${tag}&premium=false`)).data.map((m) => m.id)).toEqual([plain.id]);
    expect((await list(`q=${tag}&disabled=true`)).data.map((m) => m.id)).toEqual([plain.id]);
    expect((await list(`q=${tag}&disabled=false`)).data.map((m) => m.id)).toEqual([premium.id]);
    expect((await list('role=editor')).data.map((m) => m.id)).toContain(cast.editor.id);
    expect((await list('role=editor')).data.every((m) => m.role === 'editor')).toBe(true);
    // `%` and `_` are text, not wildcards.
    expect((await list('q=%25')).meta.total).toBe(0);
    const paged = await list(`q=${tag}&per_page=1&page=2`);
    expect(paged.data.map((m) => m.id)).toEqual([premium.id]);
    expect(paged.meta).toMatchObject({ currentPage: 2, lastPage: 2, perPage: 1, total: 2 });

    const bad = await call('GET', '/api/admin/members?premium=maybe&role=king&per_page=1000', cast.admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'premium', 'role']);
    for (const messages of Object.values(bad.json().errors) as string[][]) expect(messages[0]).toMatch(persian);
  });

  it('shows one member: subscription periods with their source, payments and activity; 404 for nobody', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, url);
    const granted = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, { days: 10, reason: 'جبران قطعی سرویس' });
    expect(granted.statusCode).toBe(201);
    const { rows: titles } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_fa, slug) VALUES ('tt8800001', 'movie', 'movie', 'Watched', 'دیده‌شده', 'watched') RETURNING id`,
    );
    await ctx.database.pool.query(`INSERT INTO watch_history (user_id, profile_id, title_id, position_sec) SELECT $1, id, $2, 600 FROM profiles WHERE user_id = $1 AND main`, [m.id, titles[0]!.id]);
    await ctx.database.pool.query(`INSERT INTO content_requests (user_id, title) VALUES ($1, 'یک فیلم')`, [m.id]);

    const res = await call('GET', `/api/admin/members/${m.id}`, cast.admin);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.member).toMatchObject({ id: m.id, email: m.email, role: 'member', emailVerified: true, disabledAt: null, premium: { active: true } });
    expect(d.subscription.active).toBe(true);
    near(d.subscription.premiumUntil, Date.now() + 40 * DAY_MS);
    expect(d.periods).toHaveLength(2);
    // Newest first: the grant follows the join it extends.
    expect(d.periods[0]).toMatchObject({ kind: 'grant', kindLabel: 'هدیهٔ مدیر', state: 'waiting', days: 10, reason: 'جبران قطعی سرویس', grantedBy: { id: cast.admin.id }, paymentId: null, revokedAt: null });
    expect(d.periods[1]).toMatchObject({ kind: 'join', state: 'running', days: 30, paymentId, grantedBy: null });
    expect(d.periods[0].startsAt).toBe(d.periods[1].endsAt);
    expect(d.payments).toEqual([expect.objectContaining({ id: paymentId, status: 'paid', statusLabel: 'پرداخت‌شده', amount: plans.monthly.price, member: { id: m.id, name: m.name, email: m.email } })]);
    expect(d.activity).toMatchObject({ sessions: 1, watchCount: 1, comments: 0, requests: 1 });
    expect(d.activity.recentWatch[0]).toMatchObject({ titleId: titles[0]!.id, title: 'دیده‌شده', episode: null, positionSec: 600 });
    expect(d.activity.recentRequests[0]).toMatchObject({ title: 'یک فیلم', status: 'pending' });
    near(d.activity.lastSignInAt, Date.now(), 120_000);
    near(d.activity.lastSeenAt, Date.now(), 120_000);

    const missing = await call('GET', '/api/admin/members/999999', cast.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND', message: expect.stringMatching(persian) });
    expect((await call('GET', '/api/admin/members/abc', cast.admin)).statusCode).toBe(422);
  });
});

describe('granting premium by hand', () => {
  it('adds a grant like a join: from the current end, seen at once in the member’s own /api/user/premium, audited', async () => {
    const m = await registerMember(ctx.app);
    expect((await premiumOf(ctx.app, m)).active).toBe(false);
    const first = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, { days: 7, reason: 'جایزهٔ مسابقه' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ replayed: false, period: { kind: 'grant', days: 7, state: 'running' }, subscription: { active: true } });
    let mine = await premiumOf(ctx.app, m);
    expect(mine.active).toBe(true);
    near(mine.premiumUntil, Date.now() + 7 * DAY_MS);

    // A reserved plan waits after the grant; a second grant extends the running part and pushes it later.
    const { url } = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, url);
    const second = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, { days: 5, reason: 'جبران قطعی سرویس' });
    expect(second.statusCode).toBe(201);
    mine = await premiumOf(ctx.app, m);
    near(mine.activeUntil, Date.now() + 12 * DAY_MS);
    near(mine.premiumUntil, Date.now() + 42 * DAY_MS);
    expect(mine.reserved).toHaveLength(1);
    near(mine.reserved[0]!.startsAt, Date.now() + 12 * DAY_MS);

    const entries = await auditOf(ctx.database, 'member', m.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ action: 'member.grant_premium', actor_id: cast.admin.id, before: { premiumUntil: null }, after: { days: 7, reason: 'جایزهٔ مسابقه' } });
    expect((entries[1]!.after as { premiumUntil: string }).premiumUntil).toBe(mine.premiumUntil);
    const { rows } = await ctx.database.pool.query('SELECT granted_by, reason, kind FROM premium_periods WHERE user_id = $1 AND kind = $2 ORDER BY id', [m.id, 'grant']);
    expect(rows).toEqual([
      { granted_by: cast.admin.id, reason: 'جایزهٔ مسابقه', kind: 'grant' },
      { granted_by: cast.admin.id, reason: 'جبران قطعی سرویس', kind: 'grant' },
    ]);
  });

  it('grants once under a double submit: two requests at once with one Idempotency-Key, and a repeated request_id', async () => {
    const m = await registerMember(ctx.app);
    const key = `grant-${Date.now()}-a`;
    const body = { days: 30, reason: 'جبران قطعی سرویس' };
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, body, { 'idempotency-key': key }),
      call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, body, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect([a.json().data.replayed, b.json().data.replayed].sort()).toEqual([false, true]);
    expect(a.json().data.period.id).toBe(b.json().data.period.id);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(1);
    near((await premiumOf(ctx.app, m)).premiumUntil, Date.now() + 30 * DAY_MS);
    expect((await auditOf(ctx.database, 'member', m.id)).filter((e) => e.action === 'member.grant_premium')).toHaveLength(1);

    // The same id in the body works the same way (a second grant of the same days, confirmed).
    const withId = { ...body, request_id: `grant-${Date.now()}-b`, confirm: true };
    expect((await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, withId)).statusCode).toBe(201);
    expect((await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, withId)).statusCode).toBe(200);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(2);

    // A key reused for a different grant is refused, and adds nothing.
    const reused = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, { ...body, days: 90 }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(persian) });
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(2);
  });

  it('refuses the same grant again within minutes unless confirmed: two at once without a key give one period', async () => {
    const m = await registerMember(ctx.app);
    const body = { days: 30, reason: 'جبران قطعی سرویس' };
    const url = `/api/admin/members/${m.id}/premium`;
    const [a, b] = await Promise.all([call('POST', url, cast.admin, body), call('POST', url, cast.admin, { ...body, reason: 'جبران قطعی دیروز' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = [a, b].find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'GRANT_REPEATED', message: expect.stringMatching(persian) });
    expect(refused.message).toContain('۳۰ روز');
    expect(refused.message).toContain(cast.admin.name);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(1);
    expect((await auditOf(ctx.database, 'member', m.id)).filter((e) => e.action === 'member.grant_premium')).toHaveLength(1);

    // Another number of days is another grant; the same days, confirmed, are given again.
    expect((await call('POST', url, cast.admin, { ...body, days: 7 })).statusCode).toBe(201);
    const confirmed = await call('POST', url, cast.admin, { ...body, confirm: true });
    expect(confirmed.statusCode).toBe(201);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(3);
    const audit = await auditOf(ctx.database, 'member', m.id);
    expect(audit.at(-1)!.after).toMatchObject({ days: 30, confirmedRepeat: true });

    // Past the window, the same grant needs no confirmation.
    await ctx.database.pool.query(`UPDATE premium_periods SET created_at = created_at - interval '11 minutes' WHERE user_id = $1`, [m.id]);
    expect((await call('POST', url, cast.admin, body)).statusCode).toBe(201);
    // A revoked grant does not count.
    await ctx.database.pool.query(`UPDATE premium_periods SET revoked_at = now() WHERE user_id = $1 AND created_at > now() - interval '1 minute'`, [m.id]);
    expect((await call('POST', url, cast.admin, body)).statusCode).toBe(201);
  });

  it('gives a disabled account nothing: a Persian 409, no period, no audit entry', async () => {
    const m = await registerMember(ctx.app);
    expect((await call('POST', `/api/admin/members/${m.id}/disable`, cast.admin, { reason: 'تخلف از قوانین' })).statusCode).toBe(200);
    const before = await auditCount();
    for (const payload of [{ days: 30, reason: 'جبران قطعی سرویس' }, { days: 30, reason: 'جبران قطعی سرویس', confirm: true }]) {
      const res = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, payload, { 'idempotency-key': `grant-disabled-${payload.confirm ? 'b' : 'a'}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'MEMBER_DISABLED', message: expect.stringMatching(persian) });
    }
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
    expect(await auditCount()).toBe(before);
    // Enabled again, the grant goes through.
    expect((await call('POST', `/api/admin/members/${m.id}/enable`, cast.admin, { reason: 'رفع محدودیت' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, { days: 30, reason: 'جبران قطعی سرویس' })).statusCode).toBe(201);
  });

  it('refuses bad input with Persian field errors and writes nothing', async () => {
    const m = await registerMember(ctx.app);
    const before = await auditCount();
    for (const [payload, fields] of [
      [{ days: 0, reason: 'جبران' }, ['days']],
      [{ days: 5000, reason: 'جبران' }, ['days']],
      [{ days: 1.5, reason: 'جبران' }, ['days']],
      [{ days: 10, reason: ' ' }, ['reason']],
      [{ days: 10 }, ['reason']],
      [{ days: '10', reason: 'x'.repeat(501) }, ['days', 'reason']],
      [{ days: 10, reason: 'جبران', request_id: 'no spaces allowed' }, ['request_id']],
    ] as const) {
      const res = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
      for (const messages of Object.values(res.json().errors) as string[][]) expect(messages[0]).toMatch(persian);
    }
    const badKey = await call('POST', `/api/admin/members/${m.id}/premium`, cast.admin, { days: 1, reason: 'جبران' }, { 'idempotency-key': 'a b' });
    expect(badKey.statusCode).toBe(422);
    const nobody = await call('POST', '/api/admin/members/999999/premium', cast.admin, { days: 1, reason: 'جبران' });
    expect(nobody.statusCode).toBe(404);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
    expect(await auditCount()).toBe(before);
  });
});

describe('disabling, enabling and signing out', () => {
  it('disabling ends every session in the same change and blocks sign-in; enabling lets the member sign in again', async () => {
    const m = await registerMember(ctx.app);
    const { cookie, header } = await csrf(ctx.app);
    const login = () => ctx.app.inject({ method: 'POST', url: '/api/sanc/login', headers: { cookie, ...header }, payload: { email: m.email, password: m.password } });
    const second = await login();
    expect(second.statusCode).toBe(200);
    const secondHeaders = { authorization: `Bearer ${second.json().token}` };

    const res = await call('POST', `/api/admin/members/${m.id}/disable`, cast.admin, { reason: 'تخلف از قوانین سایت' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: m.id, disabledReason: 'تخلف از قوانین سایت', disabledAt: expect.any(String) });
    expect((await ctx.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/user', headers: secondHeaders })).statusCode).toBe(401);
    expect(await count('SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = $1 AND revoked_at IS NULL', [m.id])).toBe(0);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');

    // Twice is no change and no second entry.
    expect((await call('POST', `/api/admin/members/${m.id}/disable`, cast.admin, { reason: 'دوباره' })).statusCode).toBe(200);
    const enabled = await call('POST', `/api/admin/members/${m.id}/enable`, cast.admin, { reason: 'پس از بررسی دوباره' });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data).toMatchObject({ disabledAt: null, disabledReason: null });
    expect((await login()).statusCode).toBe(200);

    const entries = await auditOf(ctx.database, 'member', m.id);
    expect(entries).toEqual([
      expect.objectContaining({ action: 'member.disable', actor_id: cast.admin.id, before: { disabledAt: null }, after: expect.objectContaining({ disabledReason: 'تخلف از قوانین سایت', sessionsEnded: 2 }) }),
      expect.objectContaining({ action: 'member.enable', before: expect.objectContaining({ disabledReason: 'تخلف از قوانین سایت' }), after: { disabledAt: null, reason: 'پس از بررسی دوباره' } }),
    ]);
  });

  it('signs a member out everywhere, audited; an admin signing themself out keeps the session they use', async () => {
    const m = await registerMember(ctx.app);
    const res = await call('POST', `/api/admin/members/${m.id}/sign-out`, cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ signedOut: 1, member: { id: m.id } });
    expect((await ctx.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(401);
    expect(await auditOf(ctx.database, 'member', m.id)).toEqual([expect.objectContaining({ action: 'member.sign_out', before: { sessions: 1 }, after: { sessions: 0, ended: 1 } })]);

    const boss = await registerStaff(ctx.app, ctx.database, 'admin');
    const self = await call('POST', `/api/admin/members/${boss.id}/sign-out`, boss);
    expect(self.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/user', headers: boss.headers })).statusCode).toBe(200);
  });

  it('refuses a bad reason with a Persian 422, and changes nothing', async () => {
    const m = await registerMember(ctx.app);
    const before = await auditCount();
    for (const payload of [{}, { reason: 'ab' }, { reason: 42 }]) {
      const res = await call('POST', `/api/admin/members/${m.id}/disable`, cast.admin, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason[0]).toMatch(persian);
    }
    expect((await ctx.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });
});

describe('roles', () => {
  it('changes a role with an audit entry; the new role takes effect on the next request', async () => {
    const m = await registerMember(ctx.app);
    const res = await call('PUT', `/api/admin/members/${m.id}/role`, cast.admin, { role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('editor');
    expect((await ctx.app.inject({ url: '/api/user', headers: m.headers })).json().data.role).toBe('editor');
    expect((await call('GET', '/api/admin/members', m)).json().code).toBe('ADMIN_ONLY');
    expect(await auditOf(ctx.database, 'member', m.id)).toEqual([expect.objectContaining({ action: 'member.role', before: { role: 'member' }, after: { role: 'editor' } })]);
    const bad = await call('PUT', `/api/admin/members/${m.id}/role`, cast.admin, { role: 'owner' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.role[0]).toMatch(persian);
  });

  it('an admin cannot demote or disable themself', async () => {
    const before = await auditCount();
    const demote = await call('PUT', `/api/admin/members/${cast.admin.id}/role`, cast.admin, { role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'CANNOT_CHANGE_SELF', message: expect.stringMatching(persian) });
    const disable = await call('POST', `/api/admin/members/${cast.admin.id}/disable`, cast.admin, { reason: 'آزمایش خودم' });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe('CANNOT_CHANGE_SELF');
    expect((await ctx.app.inject({ url: '/api/user', headers: cast.admin.headers })).json().data.role).toBe('admin');
    expect(await auditCount()).toBe(before);
  });
});

describe('the last admin', () => {
  let solo: MemberTestContext;
  afterAll(async () => {
    await solo?.close();
  });

  it('two admins demoting or disabling each other at once: one wins, the other is refused, one admin stays', async () => {
    solo = await createMemberTestApp();
    for (const action of ['role', 'disable'] as const) {
      const a = await registerStaff(solo.app, solo.database, 'admin');
      const b = await registerStaff(solo.app, solo.database, 'admin');
      // Only these two are active admins.
      await solo.database.pool.query(`UPDATE users SET role = 'member' WHERE role = 'admin' AND id NOT IN ($1, $2)`, [a.id, b.id]);
      const hit = (actor: TestMember, target: TestMember) =>
        action === 'role'
          ? solo.app.inject({ method: 'PUT', url: `/api/admin/members/${target.id}/role`, headers: actor.headers, payload: { role: 'member' } })
          : solo.app.inject({ method: 'POST', url: `/api/admin/members/${target.id}/disable`, headers: actor.headers, payload: { reason: 'آزمایش آخرین مدیر' } });
      const results = await Promise.all([hit(a, b), hit(b, a)]);
      const wins = results.filter((r) => r.statusCode === 200);
      expect(wins, results.map((r) => r.body).join('\n')).toHaveLength(1);
      // The loser is refused at the door (its role or session is gone) or, past it, as the last admin.
      const loser = results.find((r) => r.statusCode !== 200)!;
      expect([401, 403, 409]).toContain(loser.statusCode);
      if (loser.statusCode === 409) expect(loser.json().code).toBe('LAST_ADMIN');
      const { rows } = await solo.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL`);
      expect(rows[0]!.n).toBe(1);
      const { rows: audit } = await solo.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'member' AND entity_id IN ($1, $2)`, [String(a.id), String(b.id)]);
      expect(audit[0]!.n).toBe(1);
    }
  }, 60_000);

  it('an admin demoted while their request was under way cannot demote or disable the last admin: LAST_ADMIN', async () => {
    const a = await registerStaff(solo.app, solo.database, 'admin');
    const b = await registerStaff(solo.app, solo.database, 'admin');
    await solo.database.pool.query(`UPDATE users SET role = 'member' WHERE role = 'admin' AND id NOT IN ($1, $2)`, [a.id, b.id]);
    const actor = (m: TestMember) => ({ id: m.id, name: m.name, role: 'admin' });
    await changeRole(solo.database.db, actor(a), b.id, 'editor');
    // b's request passed the role check before a's change committed.
    await expect(changeRole(solo.database.db, actor(b), a.id, 'member')).rejects.toMatchObject({ code: 'LAST_ADMIN', statusCode: 409 });
    await expect(disableMember(solo.database.db, actor(b), a.id, 'آزمایش آخرین مدیر')).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    // Anything else from b is refused too: b is no longer an admin.
    const m = await registerMember(solo.app);
    await expect(changeRole(solo.database.db, actor(b), m.id, 'editor')).rejects.toMatchObject({ code: 'ADMIN_ONLY', statusCode: 403 });
    const { rows } = await solo.database.pool.query<{ role: string; disabled_at: Date | null }>('SELECT role, disabled_at FROM users WHERE id = $1', [a.id]);
    expect(rows[0]).toEqual({ role: 'admin', disabled_at: null });
  });
});
