import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors/app-error';
import { assertCanWatch, canWatch, canWatchTrailer } from '../src/modules/entitlements/entitlements.service';
import { DAY_MS } from '../src/modules/premium/periods';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, paySandbox, seedPlans, type SeededPlans } from './helpers/premium';

let ctx: MemberTestContext;
let plans: SeededPlans;
let freeTitle: number;
let premiumTitle: number;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number; is_free: boolean }>(`
    INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_fa, slug, is_free)
    VALUES ('tt9000001', 'movie', 'movie', 'Free Film', 'فیلم رایگان', 'free-film', true),
           ('tt9000002', 'series', 'tvSeries', 'Premium Series', 'سریال ویژه', 'premium-series', false)
    RETURNING id, is_free`);
  freeTitle = rows.find((r) => r.is_free)!.id;
  premiumTitle = rows.find((r) => !r.is_free)!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
const access = async (titleId: number | string, who?: TestMember) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/titles/${titleId}/access`, headers: who?.headers ?? {} });
  return res;
};
const givePremium = async (who: TestMember) => {
  const { url } = await buy(ctx.app, who, '/api/user/join2', { plan_id: plans.monthly.id });
  await paySandbox(ctx.app, url);
};

describe('GET /api/titles/{id}/access', () => {
  it('a free title is free for everyone, signed in or not', async () => {
    const anon = await access(freeTitle);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ data: { canWatch: true, reason: 'free' } });
    expect(anon.headers['cache-control']).toBe('private, no-store');
    expect((await access(freeTitle, await registerMember(ctx.app))).json().data).toEqual({ canWatch: true, reason: 'free' });
  });

  it('a premium title: visitors must sign in, members need premium, premium members may watch', async () => {
    expect((await access(premiumTitle)).json().data).toEqual({ canWatch: false, reason: 'UNAUTHENTICATED' });
    // A stale token counts as a visitor, not an error.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/titles/${premiumTitle}/access`, headers: { authorization: 'Bearer expired' } })).json().data.reason).toBe('UNAUTHENTICATED');
    const m = await registerMember(ctx.app);
    expect((await access(premiumTitle, m)).json().data).toEqual({ canWatch: false, reason: 'SUBSCRIPTION_REQUIRED' });
    await givePremium(m);
    expect((await access(premiumTitle, m)).json().data).toEqual({ canWatch: true, reason: 'premium' });
  });

  it('unknown titles are 404 and bad ids 422, never a 500', async () => {
    const missing = await access(987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(persian);
    for (const bad of ['abc', '0', '-3', '99999999999']) expect((await access(bad)).statusCode).toBe(422);
  });
});

describe('the entitlement service', () => {
  it('canWatch follows the dates: access stops at the end, a reserved plan counts from its start', async () => {
    const m = await registerMember(ctx.app);
    const db = ctx.database.db;
    const now = Date.now();
    await ctx.database.pool.query(
      `INSERT INTO premium_periods (user_id, plan_name, kind, days, starts_at, ends_at) VALUES ($1, 'یک‌ماهه', 'join', 30, $2, $3), ($1, 'سه‌ماهه', 'reserve', 90, $3, $4)`,
      [m.id, new Date(now - 10 * DAY_MS), new Date(now + 20 * DAY_MS), new Date(now + 110 * DAY_MS)],
    );
    expect(await canWatch(db, m.id, premiumTitle, new Date(now - 11 * DAY_MS))).toEqual({ canWatch: false, reason: 'SUBSCRIPTION_REQUIRED' });
    expect(await canWatch(db, m.id, premiumTitle, new Date(now))).toEqual({ canWatch: true, reason: 'premium' });
    expect(await canWatch(db, m.id, premiumTitle, new Date(now + 50 * DAY_MS))).toEqual({ canWatch: true, reason: 'premium' });
    expect(await canWatch(db, m.id, premiumTitle, new Date(now + 110 * DAY_MS))).toEqual({ canWatch: false, reason: 'SUBSCRIPTION_REQUIRED' });
    expect(await canWatch(db, null, freeTitle)).toEqual({ canWatch: true, reason: 'free' });
    expect(await canWatch(db, m.id, 987654)).toBeNull();
    expect(canWatchTrailer()).toEqual({ canWatch: true, reason: 'free' });
  });

  it('assertCanWatch gates content: 401 for visitors, 403 SUBSCRIPTION_REQUIRED in Persian, 404 unknown', async () => {
    const db = ctx.database.db;
    const m = await registerMember(ctx.app);
    const failure = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (err) {
        return err as AppError;
      }
      throw new Error('expected a refusal');
    };
    const forbidden = await failure(assertCanWatch(db, m.id, premiumTitle));
    expect(forbidden).toBeInstanceOf(AppError);
    expect(forbidden).toMatchObject({ statusCode: 403, code: 'SUBSCRIPTION_REQUIRED', message: expect.stringMatching(persian) });
    expect(await failure(assertCanWatch(db, null, premiumTitle))).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect(await failure(assertCanWatch(db, m.id, 987654))).toMatchObject({ statusCode: 404 });
    await expect(assertCanWatch(db, null, freeTitle)).resolves.toEqual({ canWatch: true, reason: 'free' });
    await givePremium(m);
    await expect(assertCanWatch(db, m.id, premiumTitle)).resolves.toEqual({ canWatch: true, reason: 'premium' });
  });
});
