/**
 * Who may call what, read from the OpenAPI document itself, so that a new endpoint cannot be
 * forgotten: an operation that requires a sign-in (`security: [{ bearer: [] }]`) answers a visitor
 * 401 and a member something else; an open one never asks a visitor to sign in; an operation with
 * an optional sign-in (`[{ bearer: [] }, {}]`) may decide by itself (a premium title's player).
 * Resources of one member are not another's: every operation that names a record by id is listed
 * as the owner's or as anyone's, and another member is refused each of the owner's. Premium: of
 * every signed-in read, exactly the player's and the downloads refuse a member without premium,
 * and a premium member is refused none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, paySandbox, premiumOf, seedPlans } from './helpers/premium';
import { registerStaff } from './helpers/staff';

interface Op {
  method: string;
  path: string;
  security: 'required' | 'optional' | 'none';
  /** For the admin panel's API: the least role that may call it. */
  role?: 'editor' | 'admin';
}

let ctx: MemberTestContext;
let member: TestMember;
let other: TestMember;
let editor: TestMember;
let admin: TestMember;
let ops: Op[];

beforeAll(async () => {
  // Hundreds of calls a minute from one address: the site-wide per-address limit is not what is tested here.
  ctx = await createMemberTestApp({ RATE_LIMIT_MAX: '100000' });
  await seedPlans(ctx.database);
  await loadFixtureCatalogue(ctx.database);
  member = await registerMember(ctx.app);
  other = await registerMember(ctx.app);
  editor = await registerStaff(ctx.app, ctx.database, 'editor');
  admin = await registerStaff(ctx.app, ctx.database, 'admin');
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-role'?: 'editor' | 'admin' }>>;
  };
  ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({
        method: m.toUpperCase(),
        path: p,
        security: !op.security || op.security.length === 0 ? 'none' : op.security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required',
        role: op['x-role'],
      })),
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/**
 * Path parameters filled with a plausible id (the first title, the first plan…). The admin API's
 * get an id that exists nowhere: an operator's call must reach its handler (a 404 or 422), and
 * must not close the test members' accounts or delete the fixture titles on the way.
 */
const fill = (p: string) =>
  p
    .replace(/\{imdbId\}/g, 'tt0000001')
    .replace(/\{token\}/g, 'x'.repeat(40))
    .replace(/\{[^}]+\}/g, p.startsWith('/api/admin/') ? '2147483000' : '1');

async function call(op: Op, who: TestMember | null) {
  const { cookie, header } = await csrf(ctx.app);
  const headers = who ? { ...who.headers } : { cookie, ...header };
  return ctx.app.inject({ method: op.method as 'GET', url: fill(op.path), headers, ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }) });
}

const adminOps = () => ops.filter((o) => o.path.startsWith('/api/admin/'));

/**
 * Operations on a record one member owns, named by its id: another member must get 404 (or 403)
 * and change nothing. `payload` is what another member would send (with their own proof).
 */
const OWNED: Record<string, { record: 'profile' | 'comment' | 'payment'; payload?: (who: TestMember) => object }> = {
  'PATCH /api/user/profiles/{id}': { record: 'profile', payload: (who) => ({ name: 'ربوده', password: who.password }) },
  'DELETE /api/user/profiles/{id}': { record: 'profile', payload: (who) => ({ password: who.password }) },
  'POST /api/user/profiles/{id}/select': { record: 'profile', payload: (who) => ({ password: who.password }) },
  'PATCH /api/user/comments/{id}': { record: 'comment', payload: () => ({ body: 'متنی که نویسنده ننوشته است.' }) },
  'DELETE /api/user/comments/{id}': { record: 'comment' },
  'GET /api/user/payments/{id}': { record: 'payment' },
};

/** Operations whose id names a catalogue record (a title) or a record anyone may act on (another's comment, to like or report it). */
const ANYONES = [
  'POST /api/user/watchlist/{id}',
  'POST /api/user/history/{titleId}',
  'DELETE /api/user/history/{titleId}',
  'POST /api/user/like/{id}',
  'POST /api/user/rating/{id}',
  'GET /api/user/titles/{id}/state',
  'GET /api/user/profile/audio/{titleId}',
  'PUT /api/user/profile/audio/{titleId}',
  'POST /api/user/comments/{id}/like',
  'POST /api/user/comments/{id}/report',
  'GET /api/user/titles/{id}/comment-likes',
  'GET /api/titles/{id}/access',
  'GET /api/titles/{id}/play',
  'GET /api/titles/{id}/downloads',
  'GET /api/titles/{id}/screenshots',
];

describe('the authorisation matrix from the OpenAPI document', () => {
  it('covers every operation the document lists', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.filter((o) => o.security === 'required').length).toBeGreaterThan(20);
  });

  it('asks a visitor to sign in wherever a sign-in is required, and nowhere that is open', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      if (op.security === 'optional') continue;
      const res = await call(op, null);
      if (res.statusCode >= 500) wrong.push(`${op.method} ${op.path}: ${res.statusCode}`);
      if (op.security === 'required' && res.statusCode !== 401) wrong.push(`${op.method} ${op.path}: visitor got ${res.statusCode}, not 401`);
      if (op.security === 'none' && res.statusCode === 401) wrong.push(`${op.method} ${op.path}: open, yet 401 for a visitor`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets a signed-in member past the sign-in wherever one is required', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.security !== 'none')) {
      // Signing out would end the session the other checks use.
      if (op.path === '/api/sanc/logout') continue;
      const res = await call(op, member);
      if (res.statusCode === 401 || res.statusCode >= 500) wrong.push(`${op.method} ${op.path}: member got ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('says in the document who may call each admin operation, and requires a sign-in for all of them', () => {
    expect(adminOps().length).toBeGreaterThan(0);
    const wrong = adminOps().filter((o) => o.security !== 'required' || !o.role);
    expect(wrong).toEqual([]);
  });

  it('keeps the admin API from members (403), admin-only operations from editors (403), and lets operators in', async () => {
    const wrong: string[] = [];
    for (const op of adminOps()) {
      const asMember = await call(op, member);
      if (asMember.statusCode !== 403) wrong.push(`${op.method} ${op.path}: member got ${asMember.statusCode}, not 403`);
      const asEditor = await call(op, editor);
      if (op.role === 'admin' && asEditor.statusCode !== 403) wrong.push(`${op.method} ${op.path}: editor got ${asEditor.statusCode} on an admin-only operation`);
      if (op.role === 'editor' && (asEditor.statusCode === 401 || asEditor.statusCode === 403 || asEditor.statusCode >= 500)) {
        wrong.push(`${op.method} ${op.path}: editor got ${asEditor.statusCode}`);
      }
      const asAdmin = await call(op, admin);
      if (asAdmin.statusCode === 401 || asAdmin.statusCode === 403 || asAdmin.statusCode >= 500) wrong.push(`${op.method} ${op.path}: admin got ${asAdmin.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('puts every signed-in operation with an id in its path either among the records a member owns or among the ones anyone may name', () => {
    const named = ops.filter((o) => o.security !== 'none' && !o.path.startsWith('/api/admin/') && o.path.includes('{')).map((o) => `${o.method} ${o.path}`);
    // A new operation that names a record by id lands here until someone says whose record it is.
    expect(named.filter((k) => !(k in OWNED) && !ANYONES.includes(k))).toEqual([]);
    expect(Object.keys(OWNED).filter((k) => !named.includes(k))).toEqual([]);
  });

  it("answers another member 404 (or 403) on every record one member owns, and leaves the record as it was", async () => {
    // The owner's records: a second profile, a comment, a payment.
    const made = await ctx.app.inject({ method: 'POST', url: '/api/user/profiles', headers: member.headers, payload: { name: 'نازنین', password: member.password } });
    expect(made.statusCode).toBe(201);
    const profileId = made.json().data.id as number;
    const titleId = (await ctx.database.pool.query<{ id: number }>('SELECT id FROM titles WHERE published ORDER BY id LIMIT 1')).rows[0]!.id;
    const said = await ctx.app.inject({ method: 'POST', url: '/api/user/comment', headers: member.headers, payload: { title_id: titleId, body: 'دیدگاهی که فقط نویسنده‌اش می‌تواند عوض کند.' } });
    expect(said.statusCode).toBe(201);
    const commentId = said.json().data.id as number;
    const { paymentId } = await buy(ctx.app, member, '/api/user/join2', { plan_id: (await ctx.database.pool.query<{ id: number }>('SELECT id FROM plans ORDER BY days LIMIT 1')).rows[0]!.id });
    const ids: Record<string, number> = { profile: profileId, comment: commentId, payment: paymentId };

    const wrong: string[] = [];
    for (const [key, { record, payload }] of Object.entries(OWNED)) {
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace('{id}', String(ids[record]));
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: other.headers, ...(payload ? { payload: payload(other) } : {}) });
      if (res.statusCode !== 404 && res.statusCode !== 403) wrong.push(`${key}: another member got ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // Nothing of the owner's moved.
    const profiles = (await ctx.app.inject({ url: '/api/user/profiles', headers: member.headers })).json().data;
    expect(profiles.profiles.find((p: { id: number }) => p.id === profileId)?.name).toBe('نازنین');
    expect(profiles.currentId).not.toBe(profileId);
    const comment = await ctx.database.pool.query<{ body: string; deleted: boolean }>('SELECT body, deleted_at IS NOT NULL AS deleted FROM comments WHERE id = $1', [commentId]);
    expect(comment.rows[0]).toEqual({ body: 'دیدگاهی که فقط نویسنده‌اش می‌تواند عوض کند.', deleted: false });
    expect((await ctx.app.inject({ url: `/api/user/payments/${paymentId}`, headers: member.headers })).statusCode).toBe(200);
  });

  it('refuses a member without premium exactly the operations premium opens (403 SUBSCRIPTION_REQUIRED), and lets a premium member past them', async () => {
    const titleId = (await ctx.database.pool.query<{ id: number }>('SELECT id FROM titles WHERE published AND NOT is_free ORDER BY id LIMIT 1')).rows[0]!.id;
    const premium = await registerMember(ctx.app);
    const { url } = await buy(ctx.app, premium, '/api/user/join2', { plan_id: (await ctx.database.pool.query<{ id: number }>('SELECT id FROM plans ORDER BY days LIMIT 1')).rows[0]!.id });
    await paySandbox(ctx.app, url);
    expect((await premiumOf(ctx.app, premium)).active).toBe(true);
    const onTitle = (op: Op) => op.path.replace(/\{(id|titleId)\}/g, String(titleId)).replace(/\{[^}]+\}/g, '1');
    const gated: string[] = [];
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.security !== 'none' && !o.path.startsWith('/api/admin/') && o.method === 'GET')) {
      const plain = await ctx.app.inject({ url: onTitle(op), headers: member.headers });
      if (plain.statusCode === 403 && plain.json().code === 'SUBSCRIPTION_REQUIRED') gated.push(`${op.method} ${op.path}`);
      const paid = await ctx.app.inject({ url: onTitle(op), headers: premium.headers });
      if (paid.statusCode === 401 || paid.statusCode === 403 || paid.statusCode >= 500) wrong.push(`${op.method} ${op.path}: premium member got ${paid.statusCode}`);
    }
    expect(gated.sort()).toEqual(['GET /api/titles/{id}/downloads', 'GET /api/titles/{id}/play'].sort());
    expect(wrong).toEqual([]);
  });

  it("keeps one member's payments to that member", async () => {
    const { paymentId } = await buy(ctx.app, member, '/api/user/join2', { plan_id: (await ctx.database.pool.query<{ id: number }>('SELECT id FROM plans ORDER BY days LIMIT 1')).rows[0]!.id });
    expect((await ctx.app.inject({ url: `/api/user/payments/${paymentId}`, headers: member.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/user/payments/${paymentId}`, headers: other.headers })).statusCode).toBe(404);
  });
});
