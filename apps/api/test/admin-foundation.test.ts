import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../src/modules/admin/operators';
import { csrf } from './helpers/app';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { auditOf, registerCast } from './helpers/staff';

let ctx: MemberTestContext;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };

beforeAll(async () => {
  ctx = await createMemberTestApp();
  cast = await registerCast(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;

describe('roles', () => {
  it('tells the web app the role of the signed-in account', async () => {
    for (const [who, role] of [
      [cast.member, 'member'],
      [cast.editor, 'editor'],
      [cast.admin, 'admin'],
    ] as const) {
      const res = await ctx.app.inject({ url: '/api/user', headers: who.headers });
      expect(res.json().data.role).toBe(role);
    }
  });

  it('keeps the audit log for admins: visitor 401, member 403, editor 403, admin 200', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const visitor = await ctx.app.inject({ url: '/api/admin/audit', headers: { cookie, ...header } });
    expect(visitor.statusCode).toBe(401);
    const member = await ctx.app.inject({ url: '/api/admin/audit', headers: cast.member.headers });
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('STAFF_ONLY');
    expect(member.json().message).toMatch(persian);
    const editor = await ctx.app.inject({ url: '/api/admin/audit', headers: cast.editor.headers });
    expect(editor.statusCode).toBe(403);
    expect(editor.json().code).toBe('ADMIN_ONLY');
    const admin = await ctx.app.inject({ url: '/api/admin/audit', headers: cast.admin.headers });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().meta.total).toBeGreaterThanOrEqual(0);
  });
});

describe('admin:create', () => {
  it('makes an existing member an admin once, with an audit entry, and says so when nothing changes', async () => {
    const m = await registerMember(ctx.app);
    const first = await createOperator(ctx.database.db, { email: m.email, role: 'admin', siteUrl: 'http://localhost:8000', password: 'x'.repeat(20), passwordHashCost: ctx.config.PASSWORD_HASH_COST });
    expect(first).toMatchObject({ created: false, changed: true });
    const again = await createOperator(ctx.database.db, { email: m.email, role: 'admin', siteUrl: 'http://localhost:8000', password: 'x'.repeat(20), passwordHashCost: ctx.config.PASSWORD_HASH_COST });
    expect(again.changed).toBe(false);
    const entries = await auditOf(ctx.database, 'member', m.id);
    expect(entries).toEqual([expect.objectContaining({ action: 'member.role', actor_id: null, before: { role: 'member' }, after: { role: 'admin' } })]);
    const res = await ctx.app.inject({ url: '/api/admin/audit?entity=member&entity_id=' + m.id, headers: cast.admin.headers });
    expect(res.json().data[0]).toMatchObject({ action: 'member.role', actionLabel: 'تغییر نقش', actor: { id: null, role: 'system' } });
  });

  it('creates a new account whose one-time link signs in as admin and lands on the panel', async () => {
    const email = `boss-${Date.now()}@example.com`;
    const made = await createOperator(ctx.database.db, { email, role: 'admin', siteUrl: 'http://localhost:8000', password: 'y'.repeat(20), passwordHashCost: ctx.config.PASSWORD_HASH_COST });
    expect(made.created).toBe(true);
    const url = new URL(made.link!);
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('redirect')).toBe('/admin');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sanc/login-with-token', headers: { authorization: 'Bearer none' }, payload: { token: url.searchParams.get('token') } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/sanc/login-with-token', headers: { authorization: 'Bearer none' }, payload: { token: url.searchParams.get('token') } });
    expect(reused.statusCode).toBe(422);
  });
});

describe('a disabled account', () => {
  it('loses its sessions and cannot sign in again, with a Persian reason', async () => {
    const m = await registerMember(ctx.app);
    await ctx.database.pool.query('UPDATE users SET disabled_at = now() WHERE id = $1', [m.id]);
    expect((await ctx.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(401);
    const { cookie, header } = await csrf(ctx.app);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/sanc/login', headers: { cookie, ...header }, payload: { email: m.email, password: m.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(login.json().message).toMatch(persian);
  });
});
