import { formatJalali } from '@parde/persian';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { guestPool, type Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { createRedis } from '../src/lib/redis';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';

/**
 * Household profiles (decision 21) over the real app and database: the main profile made with the
 * account, the holder's proof, the five-profile limit (also under concurrent creations), choosing a
 * profile with its PIN and the lock after five wrong ones, every per-profile list kept apart, the
 * X-Profile guard, and a deleted profile's data gone with it.
 */
let ctx: MemberTestContext;
const ids = new Map<string, number>();
const id = (imdb: string) => ids.get(imdb)!;
const persian = /[\u0600-\u06FF]/;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  for (const r of (await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles')).rows) ids.set(r.imdb_id, r.id);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (who: TestMember | Record<string, string>, method: Method, url: string, payload?: object, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...('headers' in who ? (who.headers as Record<string, string>) : who), ...extra }, ...(payload === undefined ? {} : { payload }) });

interface ProfileOut {
  id: number;
  name: string;
  avatar: string;
  kids: boolean;
  main: boolean;
  hasPin: boolean;
  lockedUntil: string | null;
}
const list = async (who: TestMember | Record<string, string>) => (await call(who, 'GET', '/api/user/profiles')).json().data as { profiles: ProfileOut[]; currentId: number; max: number };

async function create(who: TestMember, body: object): Promise<ProfileOut> {
  const res = await call(who, 'POST', '/api/user/profiles', { password: who.password, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function select(who: TestMember | Record<string, string>, profileId: number, body: object = {}) {
  return call(who, 'POST', `/api/user/profiles/${profileId}/select`, body);
}

/** A second signed-in device of the same account. */
async function secondDevice(who: TestMember): Promise<Record<string, string>> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/sanc/login', headers: { authorization: 'Bearer none' }, payload: { email: who.email, password: who.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

describe('the main profile', () => {
  it('is made with the account, named after it, and the session uses it', async () => {
    const m = await registerMember(ctx.app, { name: 'خانوادهٔ رضایی' });
    const data = await list(m);
    expect(data.max).toBe(5);
    expect(data.profiles).toEqual([{ id: expect.any(Number), name: 'خانوادهٔ رضایی', avatar: 'sun', kids: false, main: true, hasPin: false, lockedUntil: null }]);
    expect(data.currentId).toBe(data.profiles[0]!.id);
  });

  it('cannot be deleted or made a kids profile', async () => {
    const m = await registerMember(ctx.app);
    const main = (await list(m)).profiles[0]!;
    const del = await call(m, 'DELETE', `/api/user/profiles/${main.id}`, { password: m.password });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('MAIN_PROFILE');
    const kids = await call(m, 'PATCH', `/api/user/profiles/${main.id}`, { kids: true, password: m.password });
    expect(kids.statusCode).toBe(422);
    expect(kids.json().errors.kids[0]).toMatch(persian);
  });
});

describe("managing profiles needs the holder's proof", () => {
  it('refuses without proof, with a wrong password or main PIN, and from a kids profile', async () => {
    const m = await registerMember(ctx.app);
    const none = await call(m, 'POST', '/api/user/profiles', { name: 'سارا' });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('HOLDER_PROOF_REQUIRED');
    expect(none.json().message).toMatch(persian);
    const wrong = await call(m, 'POST', '/api/user/profiles', { name: 'سارا', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password[0]).toMatch(persian);
    // The main PIN proves the holder too, once the main profile has one.
    const main = (await list(m)).profiles[0]!;
    expect((await call(m, 'PATCH', `/api/user/profiles/${main.id}`, { pin: '۱۲۳۴', password: m.password })).statusCode).toBe(200);
    const badPin = await call(m, 'POST', '/api/user/profiles', { name: 'سارا', main_pin: '9999' });
    expect(badPin.statusCode).toBe(422);
    expect(badPin.json().errors.main_pin[0]).toMatch(persian);
    const byPin = await call(m, 'POST', '/api/user/profiles', { name: 'سارا', main_pin: '1234' });
    expect(byPin.statusCode, byPin.body).toBe(201);
    // A kids profile's session manages nothing, even with the password.
    const kid = await create(m, { name: 'کودک', kids: true });
    expect((await select(m, kid.id)).statusCode).toBe(200);
    const fromKids = await call(m, 'POST', '/api/user/profiles', { name: 'دیگری', password: m.password });
    expect(fromKids.statusCode).toBe(403);
    expect(fromKids.json().code).toBe('KIDS_PROFILE');
    expect((await call(m, 'DELETE', `/api/user/profiles/${byPin.json().data.id}`, { password: m.password })).statusCode).toBe(403);
  });

  it('edits name, avatar and PIN, and refuses bad input with Persian field errors', async () => {
    const m = await registerMember(ctx.app);
    const p = await create(m, { name: 'نیما', avatar: 'kite' });
    expect(p).toMatchObject({ name: 'نیما', avatar: 'kite', kids: false, main: false, hasPin: false });
    const edited = await call(m, 'PATCH', `/api/user/profiles/${p.id}`, { name: 'نیمای بزرگ', avatar: 'fish', pin: '4321', password: m.password });
    expect(edited.json().data).toMatchObject({ name: 'نیمای بزرگ', avatar: 'fish', hasPin: true });
    expect((await call(m, 'PATCH', `/api/user/profiles/${p.id}`, { pin: null, password: m.password })).json().data.hasPin).toBe(false);
    for (const bad of [{ name: '' }, { name: 'x'.repeat(21) }, { pin: '12a4' }, { avatar: 'dragon' }, { pin: '12345' }]) {
      const res = await call(m, 'PATCH', `/api/user/profiles/${p.id}`, { ...bad, password: m.password });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.values(res.json().errors as Record<string, string[]>)[0]![0]).toMatch(persian);
    }
    const sameName = await call(m, 'POST', '/api/user/profiles', { name: 'نیمای بزرگ', password: m.password });
    expect(sameName.statusCode).toBe(422);
    // Another account's profile does not exist for this one.
    const other = await registerMember(ctx.app);
    const res = await call(other, 'PATCH', `/api/user/profiles/${p.id}`, { name: 'ربوده', password: other.password });
    expect(res.statusCode).toBe(404);
    expect((await select(other, p.id)).statusCode).toBe(404);
  });
});

describe('the five-profile limit', () => {
  it('keeps an account at five, and says so in Persian on the name', async () => {
    const m = await registerMember(ctx.app);
    for (const name of ['دو', 'سه', 'چهار', 'پنج']) await create(m, { name });
    const sixth = await call(m, 'POST', '/api/user/profiles', { name: 'شش', password: m.password });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().code).toBe('PROFILE_LIMIT');
    expect(sixth.json().errors.name[0]).toMatch(persian);
    expect((await list(m)).profiles).toHaveLength(5);
    // Deleting one frees its slot.
    const four = (await list(m)).profiles.find((p) => p.name === 'چهار')!;
    expect((await call(m, 'DELETE', `/api/user/profiles/${four.id}`, { password: m.password })).statusCode).toBe(204);
    await create(m, { name: 'شش' });
    expect((await list(m)).profiles.map((p) => p.name)).toEqual([expect.any(String), 'دو', 'سه', 'شش', 'پنج']);
  });

  it('holds under ten concurrent creations', async () => {
    const m = await registerMember(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(m, 'POST', '/api/user/profiles', { name: `نمایه ${i}`, password: m.password })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 422)).toHaveLength(6);
    expect(codes.every((c) => c === 201 || c === 422)).toBe(true);
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM profiles WHERE user_id = $1', [m.id]);
    expect(rows[0]!.n).toBe(5);
  }, 60_000);
});

describe('choosing a profile', () => {
  it('needs the PIN of a profile that has one, and locks it for 15 minutes after five wrong ones', async () => {
    const m = await registerMember(ctx.app);
    const p = await create(m, { name: 'قفل‌دار', pin: '2468' });
    expect(p.hasPin).toBe(true);
    const missing = await select(m, p.id);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('PIN_REQUIRED');
    for (let left = 4; left >= 1; left--) {
      const wrong = await select(m, p.id, { pin: '0000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.pin[0]).toContain('۰۱۲۳۴۵۶۷۸۹'[left]!);
    }
    const fifth = await select(m, p.id, { pin: '0000' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('PROFILE_LOCKED');
    expect(fifth.json().message).toMatch(persian);
    // Locked: even the right PIN waits.
    expect((await select(m, p.id, { pin: '2468' })).statusCode).toBe(423);
    const locked = (await list(m)).profiles.find((x) => x.id === p.id)!;
    const until = new Date(locked.lockedUntil!).getTime();
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    // Fifteen minutes later (moved back in the database) the right PIN opens it and the count starts over.
    await ctx.database.pool.query(`UPDATE profiles SET pin_locked_until = now() - interval '1 second' WHERE id = $1`, [p.id]);
    const ok = await select(m, p.id, { pin: '۲۴۶۸' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await list(m)).currentId).toBe(p.id);
    const { rows } = await ctx.database.pool.query<{ pin_failures: number; pin_locked_until: Date | null }>('SELECT pin_failures, pin_locked_until FROM profiles WHERE id = $1', [p.id]);
    expect(rows[0]).toEqual({ pin_failures: 0, pin_locked_until: null });
  });

  it('counts concurrent wrong PINs one by one: no more than five tries are ever checked', async () => {
    const m = await registerMember(ctx.app);
    const p = await create(m, { name: 'همزمان', pin: '1357' });
    const results = await Promise.all(Array.from({ length: 12 }, () => select(m, p.id, { pin: '0000' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(4);
    expect(codes.filter((c) => c === 423)).toHaveLength(8);
    // The right PIN still waits for the lock to end.
    expect((await select(m, p.id, { pin: '1357' })).statusCode).toBe(423);
  }, 60_000);

  it("leaves a kids profile only with the grown-up profile's PIN, the main PIN or the password", async () => {
    const m = await registerMember(ctx.app);
    const main = (await list(m)).profiles[0]!;
    const kid = await create(m, { name: 'بچه', kids: true });
    const teen = await create(m, { name: 'نوجوان' });
    const withPin = await create(m, { name: 'پدر', pin: '1111' });
    expect((await select(m, kid.id)).statusCode).toBe(200);
    for (const target of [main.id, teen.id]) {
      const res = await select(m, target);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('KIDS_EXIT_LOCKED');
      expect(res.json().message).toMatch(persian);
    }
    expect((await select(m, teen.id, { password: 'wrong-password' })).statusCode).toBe(422);
    // A profile with its own PIN is left for with that PIN.
    expect((await select(m, withPin.id)).json().code).toBe('PIN_REQUIRED');
    expect((await select(m, withPin.id, { pin: '1111' })).statusCode).toBe(200);
    expect((await select(m, kid.id)).statusCode).toBe(200);
    expect((await select(m, main.id, { password: m.password })).statusCode).toBe(200);
    expect((await list(m)).currentId).toBe(main.id);
  });

  it('lets the account password be guessed no faster than a few times a quarter hour (429, Persian)', async () => {
    const m = await registerMember(ctx.app);
    const teen = await create(m, { name: 'حدس' });
    const codes: number[] = [];
    for (let i = 0; i < 19; i++) codes.push((await call(m, 'PATCH', `/api/user/profiles/${teen.id}`, { name: 'حدس دوم', password: `guess-${i}` })).statusCode);
    expect(new Set(codes)).toEqual(new Set([422]));
    const limited = await call(m, 'PATCH', `/api/user/profiles/${teen.id}`, { name: 'حدس دوم', password: m.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(persian);
    // The creation above (with the password) and these 19 tries make the 20 a quarter hour allows,
    // for the whole account: its other grown-up devices wait too.
    expect((await call(await secondDevice(m), 'POST', '/api/user/profiles', { name: 'دیگری', password: m.password })).statusCode).toBe(429);
    // A PIN is not held up by it.
    expect((await call(m, 'PATCH', `/api/user/profiles/${teen.id}`, { main_pin: '1234' })).statusCode).toBe(403);
  }, 60_000);

  it('belongs to the session: another device keeps its own profile', async () => {
    const m = await registerMember(ctx.app);
    const p = await create(m, { name: 'دستگاه دوم' });
    const other = await secondDevice(m);
    expect((await select(m, p.id)).statusCode).toBe(200);
    expect((await list(m)).currentId).toBe(p.id);
    expect((await list(other)).currentId).not.toBe(p.id);
  });
});

describe("a kids device's guesses (decision 26)", () => {
  /** An account whose main profile has a PIN, a teen without one, and a second device in a kids profile. */
  async function family() {
    const m = await registerMember(ctx.app);
    const main = (await list(m)).profiles[0]!;
    expect((await call(m, 'PATCH', `/api/user/profiles/${main.id}`, { pin: '2580', password: m.password })).statusCode).toBe(200);
    const teen = await create(m, { name: 'نوجوان' });
    const kid = await create(m, { name: 'کودک', kids: true });
    const kids = await secondDevice(m);
    expect((await select(kids, kid.id)).statusCode).toBe(200);
    return { m, main, teen, kid, kids };
  }

  it("five wrong main PINs lock the kids device out, not the parent's profile nor managing it on the parent's devices", async () => {
    const { m, main, teen, kids } = await family();
    // Leaving for the teen (no PIN) with the main PIN, then straight for the main profile: one count.
    for (const left of [4, 3, 2]) {
      const wrong = await select(kids, teen.id, { main_pin: '0000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.main_pin[0]).toContain('۰۱۲۳۴۵۶۷۸۹'[left]!);
    }
    expect((await select(kids, main.id, { pin: '1111' })).json().errors.pin[0]).toContain('۱');
    const fifth = await select(kids, main.id, { pin: '1111' });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('PROFILE_LOCKED');
    expect(fifth.json().message).toMatch(/این دستگاه/);
    // Guessing is stopped on the kids device: even the right PIN waits, by either way.
    expect((await select(kids, main.id, { pin: '2580' })).statusCode).toBe(423);
    expect((await select(kids, teen.id, { main_pin: '2580' })).statusCode).toBe(423);
    const seen = (await list(kids)).profiles.find((p) => p.id === main.id)!;
    expect(Date.parse(seen.lockedUntil!) - Date.now()).toBeGreaterThan(14 * 60_000);
    // The lock says until when, in the Jalali calendar.
    expect(fifth.json().message).toContain(formatJalali(new Date(seen.lockedUntil!), 'datetime'));
    expect((await list(kids)).currentId).not.toBe(main.id);

    // The parent's devices: the main profile is not locked, its PIN proves the holder, and it opens.
    expect((await list(m)).profiles.find((p) => p.id === main.id)!.lockedUntil).toBeNull();
    const managed = await call(m, 'POST', '/api/user/profiles', { name: 'مهمان', main_pin: '2580' });
    expect(managed.statusCode, managed.body).toBe(201);
    const other = await secondDevice(m);
    expect((await select(other, teen.id)).statusCode).toBe(200);
    expect((await select(other, main.id, { pin: '2580' })).statusCode).toBe(200);
    const { rows } = await ctx.database.pool.query<{ pin_failures: number; pin_locked_until: Date | null }>('SELECT pin_failures, pin_locked_until FROM profiles WHERE id = $1', [main.id]);
    expect(rows[0]).toEqual({ pin_failures: 0, pin_locked_until: null });

    // Fifteen minutes later (moved back in the database) the kids device may try again, from the start.
    await ctx.database.pool.query(`UPDATE session_pin_tries SET locked_until = now() - interval '1 second'`);
    expect((await select(kids, main.id, { pin: '0000' })).json().errors.pin[0]).toContain('۴');
    expect((await select(kids, main.id, { pin: '۲۵۸۰' })).statusCode).toBe(200);
  });

  it('counts concurrent wrong PINs from a kids device one by one, and a lock made by grown-ups holds for it too', async () => {
    const { m, main, teen, kid, kids } = await family();
    const results = await Promise.all(Array.from({ length: 12 }, () => select(kids, main.id, { pin: '0000' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(4);
    expect(codes.filter((c) => c === 423)).toHaveLength(8);
    expect((await select(kids, main.id, { pin: '2580' })).statusCode).toBe(423);
    expect((await call(m, 'PATCH', `/api/user/profiles/${main.id}`, { name: 'والد', main_pin: '2580' })).statusCode).toBe(200);
    // The profile's own lock (five wrong tries from a grown-up device) refuses every kids device as well.
    const grownUp = await secondDevice(m);
    expect((await select(grownUp, teen.id)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await select(grownUp, main.id, { pin: '0000' });
    const kids2 = await secondDevice(m);
    expect((await select(kids2, kid.id)).statusCode).toBe(200);
    const refused = await select(kids2, main.id, { pin: '2580' });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).not.toMatch(/این دستگاه/);
  }, 60_000);

  it("a password typed on a kids device counts toward that device's limit, not the account's", async () => {
    const { m, teen, kids } = await family();
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await select(kids, teen.id, { password: `guess-${i}` })).statusCode);
    expect(new Set(codes)).toEqual(new Set([422]));
    const limited = await select(kids, teen.id, { password: m.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(persian);
    // The parent manages on their own device, and a second kids device is not held up by the first.
    const managed = await call(m, 'POST', '/api/user/profiles', { name: 'مهمان', password: m.password });
    expect(managed.statusCode, managed.body).toBe(201);
    const kids2 = await secondDevice(m);
    expect((await select(kids2, (await list(m)).profiles.find((p) => p.kids)!.id)).statusCode).toBe(200);
    expect((await select(kids2, teen.id, { password: m.password })).statusCode).toBe(200);
  }, 60_000);

  it('holds across API processes: the counts are in the database (and the password limit in Redis when REDIS_URL is set)', async () => {
    const { m, main, teen, kids } = await family();
    // A second app over the same database with its own connections, as a second API process would be.
    const { database } = ctx;
    const pool = database.kind === 'pglite' ? guestPool(database.url, 2) : new pg.Pool({ connectionString: database.url, max: 3 });
    const second: Database = { ...database, pool, db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database['db'], close: async () => pool.end() };
    const redis = ctx.config.REDIS_URL ? createRedis(ctx.config.REDIS_URL) : undefined;
    const app2: App = await buildApp({ config: ctx.config, database: second, redis }, { logger: false });
    await app2.ready();
    const on = (app: App) => (who: Record<string, string>, url: string, payload: object) => app.inject({ method: 'POST', url, headers: who, payload });
    try {
      for (const app of [ctx.app, app2, ctx.app, app2]) expect((await on(app)(kids, `/api/user/profiles/${main.id}/select`, { pin: '0000' })).statusCode).toBe(422);
      expect((await on(app2)(kids, `/api/user/profiles/${main.id}/select`, { pin: '0000' })).statusCode).toBe(423);
      expect((await on(ctx.app)(kids, `/api/user/profiles/${main.id}/select`, { pin: '2580' })).statusCode).toBe(423);
      expect((await on(app2)(m.headers, '/api/user/profiles', { name: 'مهمان', main_pin: '2580' })).statusCode).toBe(201);
      if (redis) {
        for (let i = 0; i < 20; i++) await on(i % 2 ? app2 : ctx.app)(kids, `/api/user/profiles/${teen.id}/select`, { password: `guess-${i}` });
        expect((await on(app2)(kids, `/api/user/profiles/${teen.id}/select`, { password: m.password })).statusCode).toBe(429);
        expect((await on(ctx.app)(kids, `/api/user/profiles/${teen.id}/select`, { password: m.password })).statusCode).toBe(429);
        expect((await on(app2)(m.headers, '/api/user/profiles', { name: 'مهمان دوم', password: m.password })).statusCode).toBe(201);
      }
    } finally {
      await app2.close();
      redis?.disconnect();
      await pool.end();
    }
  }, 60_000);
});

describe('the X-Profile header', () => {
  it('answers 409 PROFILE_CHANGED when it names another profile than the session uses, and lets the profile list through', async () => {
    const m = await registerMember(ctx.app);
    const main = (await list(m)).profiles[0]!;
    const p = await create(m, { name: 'زبانهٔ کهنه' });
    const t = id('tt0000001');
    expect((await call(m, 'POST', `/api/user/watchlist/${t}`, undefined, { 'x-profile': String(main.id) })).statusCode).toBe(200);
    // Another tab switched the session to p; this tab still says main.
    expect((await select(m, p.id, {})).statusCode).toBe(200);
    const stale = await call(m, 'POST', `/api/user/watchlist/${t}`, undefined, { 'x-profile': String(main.id) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('PROFILE_CHANGED');
    expect(stale.json().message).toMatch(persian);
    expect((await call(m, 'GET', '/api/user/watchlist', undefined, { 'x-profile': String(main.id) })).statusCode).toBe(409);
    expect((await call(m, 'GET', '/api/titles?per_page=1', undefined, { 'x-profile': String(main.id) })).statusCode).toBe(409);
    const read = await call(m, 'GET', '/api/user/profiles', undefined, { 'x-profile': String(main.id) });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.currentId).toBe(p.id);
    // Nothing was written into p's watchlist by the stale tab; without the header the session's profile is used.
    expect((await call(m, 'GET', '/api/user/watchlist')).json().data).toEqual([]);
    expect((await call(m, 'GET', '/api/user/watchlist', undefined, { 'x-profile': String(p.id) })).statusCode).toBe(200);
    // The account read (the app's sign-in check) and signing out are answered whatever the tab names.
    expect((await call(m, 'GET', '/api/user', undefined, { 'x-profile': String(main.id) })).statusCode).toBe(200);
    expect((await call(m, 'POST', '/api/sanc/logout', undefined, { 'x-profile': String(main.id) })).statusCode).toBe(200);
  });
});

describe('each profile keeps its own', () => {
  it('watchlist, history and resume positions, likes, ratings, title state, notification reads and player choices', async () => {
    const m = await registerMember(ctx.app);
    const main = (await list(m)).profiles[0]!;
    const second = await create(m, { name: 'دومی' });
    const [t1, t2, t3] = [id('tt0000001'), id('tt0000002'), id('tt0000003')];
    const get = async (url: string) => (await call(m, 'GET', url)).json();

    // Main: t1 in the watchlist, t1 watched to 300 s, likes t1 and rates it 9, reads the notifications.
    await call(m, 'POST', `/api/user/watchlist/${t1}`);
    await call(m, 'POST', `/api/user/history/${t1}`, { position_sec: 300 });
    await call(m, 'POST', `/api/user/like/${t1}`);
    await call(m, 'POST', `/api/user/rating/${t1}`, { rating: 9 });
    await call(m, 'PUT', '/api/user/profile/prefs', { subtitle: 'fa', size: 'l', dataSaver: true, quality: 720 });
    await call(m, 'PUT', `/api/user/profile/audio/${t1}`, { edition: 'dub-1' });
    await ctx.database.pool.query(`INSERT INTO notifications (user_id, kind, title, body) VALUES ($1, 'gift_received', 'هدیه', 'متن')`, [m.id]);
    expect((await get('/api/user')).data.unreadNotifications).toBe(1);
    expect((await call(m, 'POST', '/api/user/notifications')).json().data.marked).toBe(1);
    expect((await get('/api/user')).data.unreadNotifications).toBe(0);

    // Second: sees none of it, and keeps its own.
    expect((await select(m, second.id)).statusCode).toBe(200);
    expect((await get('/api/user/watchlist')).data).toEqual([]);
    expect((await get('/api/user/history')).data).toEqual([]);
    expect((await get(`/api/user/titles/${t1}/state`)).data).toEqual({ inWatchlist: false, liked: false, likes: 1, rating: null });
    expect((await get('/api/user/notifications')).data.map((n: { read: boolean }) => n.read)).toEqual([false]);
    expect((await get('/api/user')).data).toMatchObject({ unreadNotifications: 1 });
    expect((await get('/api/user/profile/prefs')).data).toEqual({ subtitle: 'fa', size: 'm', dataSaver: null, quality: null });
    expect((await get(`/api/user/profile/audio/${t1}`)).data).toEqual({ edition: null });
    await call(m, 'POST', `/api/user/watchlist/${t2}`);
    await call(m, 'POST', `/api/user/history/${t1}`, { position_sec: 42 });
    await call(m, 'POST', `/api/user/history/${t3}`, { position_sec: 5 });
    // Each profile is one voice in the title's likes.
    expect((await call(m, 'POST', `/api/user/like/${t1}`)).json().data).toEqual({ liked: true, likes: 2 });
    await call(m, 'POST', `/api/user/rating/${t1}`, { rating: 3 });
    expect((await get('/api/user/watchlist')).data.map((c: { id: number }) => c.id)).toEqual([t2]);
    expect((await get('/api/user/history')).data.map((h: { id: number; progress: { positionSec: number } }) => [h.id, h.progress.positionSec])).toEqual([
      [t3, 5],
      [t1, 42],
    ]);

    // Back to main (no PIN): its own lists and positions are untouched.
    expect((await select(m, main.id)).statusCode).toBe(200);
    expect((await get('/api/user/watchlist')).data.map((c: { id: number; myRating: number | null }) => [c.id, c.myRating])).toEqual([[t1, 9]]);
    expect((await get('/api/user/history')).data.map((h: { id: number; progress: { positionSec: number } }) => [h.id, h.progress.positionSec])).toEqual([[t1, 300]]);
    expect((await get(`/api/user/titles/${t1}/state`)).data).toEqual({ inWatchlist: true, liked: true, likes: 2, rating: 9 });
    expect((await get('/api/user/profile/prefs')).data).toEqual({ subtitle: 'fa', size: 'l', dataSaver: true, quality: 720 });
    expect((await get(`/api/user/profile/audio/${t1}`)).data).toEqual({ edition: 'dub-1' });
    expect((await get('/api/user/notifications')).data.map((n: { read: boolean }) => n.read)).toEqual([true]);
  });

  it("is gone with a deleted profile: its lists, its likes in the counts and its choices; other profiles' stay", async () => {
    const m = await registerMember(ctx.app);
    const main = (await list(m)).profiles[0]!;
    const gone = await create(m, { name: 'رفتنی' });
    const t = id('tt0000004');
    await call(m, 'POST', `/api/user/like/${t}`);
    await call(m, 'POST', `/api/user/watchlist/${t}`);
    expect((await select(m, gone.id)).statusCode).toBe(200);
    await call(m, 'POST', `/api/user/watchlist/${t}`);
    await call(m, 'POST', `/api/user/history/${t}`, { position_sec: 60 });
    expect((await call(m, 'POST', `/api/user/like/${t}`)).json().data.likes).toBe(2);
    await call(m, 'POST', `/api/user/rating/${t}`, { rating: 7 });
    await call(m, 'PUT', '/api/user/profile/prefs', { subtitle: null, size: 's', dataSaver: false, quality: null });
    await call(m, 'PUT', `/api/user/profile/audio/${t}`, { edition: 'orig' });
    await ctx.database.pool.query(`INSERT INTO notifications (user_id, kind, title, body) VALUES ($1, 'gift_received', 'هدیه', 'متن')`, [m.id]);
    await call(m, 'POST', '/api/user/notifications');
    const other = await secondDevice(m);
    expect((await select(other, gone.id)).statusCode).toBe(200);

    // Deleted from the main profile's session with the password.
    expect((await select(m, main.id)).statusCode).toBe(200);
    const del = await call(m, 'DELETE', `/api/user/profiles/${gone.id}`, { password: m.password });
    expect(del.statusCode, del.body).toBe(204);
    const counts = await ctx.database.pool.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM watchlist_items WHERE profile_id = $1) AS watchlist,
              (SELECT count(*)::int FROM watch_history WHERE profile_id = $1) AS history,
              (SELECT count(*)::int FROM title_likes WHERE profile_id = $1) AS likes,
              (SELECT count(*)::int FROM title_ratings WHERE profile_id = $1) AS ratings,
              (SELECT count(*)::int FROM notification_reads WHERE profile_id = $1) AS reads,
              (SELECT count(*)::int FROM profile_prefs WHERE profile_id = $1) AS prefs,
              (SELECT count(*)::int FROM profile_audio WHERE profile_id = $1) AS audio,
              (SELECT count(*)::int FROM profiles WHERE id = $1) AS profile`,
      [gone.id],
    );
    expect(counts.rows[0]).toEqual({ watchlist: 0, history: 0, likes: 0, ratings: 0, reads: 0, prefs: 0, audio: 0, profile: 0 });
    const state = (await call(m, 'GET', `/api/user/titles/${t}/state`)).json().data;
    expect(state).toEqual({ inWatchlist: true, liked: true, likes: 1, rating: null });
    // The other device that used it is signed out, rather than opened as the main profile.
    expect((await call(other, 'GET', '/api/user/profiles')).statusCode).toBe(401);
  });
});
