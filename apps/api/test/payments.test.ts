import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountCode, discountOff } from '../src/modules/payments/discounts';
import { runPremiumJobs, type PremiumJobsContext } from '../src/modules/payments/jobs';
import { DAY_MS, isPremium, premiumStatus } from '../src/modules/premium/periods';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, eventsOf, pathOf, paymentOf, paySandbox, periodsOf, premiumOf, seedPlans, type SeededPlans } from './helpers/premium';

let ctx: MemberTestContext;
let plans: SeededPlans;
let jobs: PremiumJobsContext;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
  jobs = { database: ctx.database, config: ctx.config, log: ctx.app.log };
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${process.pid}X${++n}`;
const usedCount = async (code: string) =>
  (await ctx.database.pool.query<{ used_count: number }>('SELECT used_count FROM discount_codes WHERE code = $1', [code.toUpperCase()])).rows[0]!.used_count;
const join = (who: TestMember, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: who.headers, payload });
const discountError = async (who: TestMember, code: string) => {
  const res = await join(who, { plan_id: plans.monthly.id, discount_code: code });
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(Object.keys(body.errors)).toEqual(['discount_code']);
  expect(body.errors.discount_code[0]).toMatch(persian);
  return body.errors.discount_code[0] as string;
};

describe('discount codes', () => {
  it('computes whole-Toman discounts: percent rounds the discount down, fixed never exceeds the price', () => {
    expect(discountOff({ kind: 'percent', value: 15 }, 99_000)).toBe(14_850);
    expect(discountOff({ kind: 'percent', value: 33 }, 249_000)).toBe(82_170);
    expect(discountOff({ kind: 'percent', value: 7 }, 99_999)).toBe(6_999);
    expect(discountOff({ kind: 'fixed', value: 20_000 }, 99_000)).toBe(20_000);
    expect(discountOff({ kind: 'fixed', value: 500_000 }, 99_000)).toBe(99_000);
    expect(discountOff({ kind: 'percent', value: 100 }, 99_000)).toBe(99_000);
    // Never a charge too small for a gateway: 500 Toman left becomes 1,000.
    expect(discountOff({ kind: 'fixed', value: 98_500 }, 99_000)).toBe(98_000);
  });

  it('a percent code lowers the charge; the receipt shows it; the use is counted', async () => {
    const code = uniqueCode('NOROOZ');
    await createDiscountCode(ctx.database.db, { code, kind: 'percent', value: 20 });
    const m = await registerMember(ctx.app);
    // Typed in lower case, with spaces.
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.quarterly.id, discount_code: ` ${code.toLowerCase()} ` });
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.body).toContain('۱۹۹٬۲۰۰ تومان');
    await paySandbox(ctx.app, url);
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ outcome: 'success', baseAmount: 249_000, discountAmount: 49_800, amount: 199_200, discountCode: code.toUpperCase() });
    expect(await usedCount(code)).toBe(1);
  });

  it('a fixed code takes off Toman; one that covers the price needs no gateway', async () => {
    const fixed = uniqueCode('OFF');
    await createDiscountCode(ctx.database.db, { code: fixed, kind: 'fixed', value: 30_000 });
    const m = await registerMember(ctx.app);
    const { paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: fixed });
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ amount: 69_000, discountAmount: 30_000, status: 'pending' });

    const free = uniqueCode('FREE');
    await createDiscountCode(ctx.database.db, { code: free, kind: 'percent', value: 100 });
    const lucky = await registerMember(ctx.app);
    const res = await buy(ctx.app, lucky, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: free });
    expect(res.url).toBe(`${ctx.config.SITE_URL}/premium/result?payment=${res.paymentId}`);
    expect(await paymentOf(ctx.app, lucky, res.paymentId)).toMatchObject({ outcome: 'success', amount: 0, gateway: 'free', status: 'paid' });
    expect(await premiumOf(ctx.app, lucky)).toMatchObject({ active: true, daysLeft: 30 });
  });

  it('refuses unknown, inactive and expired codes with Persian field errors', async () => {
    const m = await registerMember(ctx.app);
    const inactive = uniqueCode('OLD');
    await createDiscountCode(ctx.database.db, { code: inactive, kind: 'percent', value: 10, isActive: false });
    const expired = uniqueCode('YALDA');
    await createDiscountCode(ctx.database.db, { code: expired, kind: 'percent', value: 10, expiresAt: new Date(Date.now() - 1000) });
    expect(await discountError(m, 'NOSUCHCODE')).toBe('کد تخفیف معتبر نیست.');
    expect(await discountError(m, inactive)).toBe('کد تخفیف معتبر نیست.');
    expect(await discountError(m, expired)).toContain('مهلت');
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [m.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it('a usage cap holds, also under concurrent purchases; a failed payment gives its use back', async () => {
    const code = uniqueCode('CAP');
    await createDiscountCode(ctx.database.db, { code, kind: 'fixed', value: 10_000, maxUses: 2 });
    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(ctx.app)));
    const answers = await Promise.all(members.map((m) => join(m, { plan_id: plans.monthly.id, discount_code: code })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json().errors.discount_code[0]).toContain('ظرفیت');
    expect(await usedCount(code)).toBe(2);

    // One of the two cancels at the bank: its use goes back to the pool.
    const holder = members[answers.findIndex((a) => a.statusCode === 200)]!;
    const held = answers.find((a) => a.statusCode === 200)!.json();
    await paySandbox(ctx.app, held.url, 'cancel');
    expect(await usedCount(code)).toBe(1);
    const late = members[answers.findIndex((a) => a.statusCode === 422)]!;
    expect((await join(late, { plan_id: plans.monthly.id, discount_code: code })).statusCode).toBe(200);
    expect(await usedCount(code)).toBe(2);
    // The one who cancelled may use it again only once a use is free.
    expect((await join(holder, { plan_id: plans.monthly.id, discount_code: code })).statusCode).toBe(422);
  });

  it('once per member: a paid use blocks the next; a pending one is replaced by the retry', async () => {
    const code = uniqueCode('ONCE');
    await createDiscountCode(ctx.database.db, { code, kind: 'percent', value: 10 });
    const m = await registerMember(ctx.app);
    const first = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: code });
    // Abandoned at the bank, then tried again: the first payment is superseded, not counted twice.
    const retry = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: code });
    expect(await paymentOf(ctx.app, m, first.paymentId)).toMatchObject({ status: 'cancelled', outcome: 'failure' });
    expect((await eventsOf(ctx.database, first.paymentId)).at(-1)).toMatchObject({ event: 'superseded', to_status: 'cancelled' });
    expect(await usedCount(code)).toBe(1);
    // The superseded payment's approval at the bank changes nothing.
    await paySandbox(ctx.app, first.url);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);

    await paySandbox(ctx.app, retry.url);
    expect((await paymentOf(ctx.app, m, retry.paymentId)).outcome).toBe('success');
    expect(await discountError(m, code)).toContain('پیش‌تر');
    expect(await usedCount(code)).toBe(1);
    // Others still may.
    expect((await join(await registerMember(ctx.app), { plan_id: plans.monthly.id, discount_code: code })).statusCode).toBe(200);
  });
});

describe('premium jobs', () => {
  const insertPeriod = (userId: number, startsAt: Date, endsAt: Date, kind = 'join') =>
    ctx.database.pool.query(`INSERT INTO premium_periods (user_id, plan_name, kind, days, starts_at, ends_at) VALUES ($1, 'یک‌ماهه', $2, 30, $3, $4)`, [userId, kind, startsAt, endsAt]);
  const expiring = async (who: TestMember) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/user/notifications', headers: who.headers })).json().data.filter((x: { kind: string }) => x.kind === 'premium_expiring');

  it('notifies 3 days before the end, once however often it runs; not earlier; not for an extended end', async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const end = new Date(Date.now() + 10 * DAY_MS);
    await insertPeriod(m.id, new Date(Date.now() - DAY_MS), end);
    // Another member whose premium continues with a reserved plan is not about to lose it.
    await insertPeriod(other.id, new Date(Date.now() - DAY_MS), end);
    await insertPeriod(other.id, end, new Date(end.getTime() + 30 * DAY_MS), 'reserve');

    await runPremiumJobs(jobs, new Date(end.getTime() - 4 * DAY_MS));
    expect(await expiring(m)).toHaveLength(0);
    const at = new Date(end.getTime() - 3 * DAY_MS + 60_000);
    await runPremiumJobs(jobs, at);
    await runPremiumJobs(jobs, new Date(at.getTime() + 5 * 60_000));
    await Promise.all([runPremiumJobs(jobs, at), runPremiumJobs(jobs, at)]);
    const notes = await expiring(m);
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toMatch(persian);
    expect(notes[0].link).toBe('/premium/plans');
    expect(await expiring(other)).toHaveLength(0);
  });

  it('at the end access stops, and a reserved plan starts by itself', async () => {
    const m = await registerMember(ctx.app);
    const join = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, join.url);
    const reserve = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.quarterly.id });
    await paySandbox(ctx.app, reserve.url);
    const periods = await periodsOf(ctx.database, m.id);
    const firstEnd = periods[0]!.ends_at;
    const db = ctx.database.db;
    const justAfter = new Date(firstEnd.getTime() + 1000);
    expect(await isPremium(db, m.id, justAfter)).toBe(true);
    const status = await premiumStatus(db, m.id, justAfter);
    expect(status).toMatchObject({ active: true, reserved: [], daysLeft: 90 });
    const afterAll = new Date(periods[1]!.ends_at.getTime() + 1000);
    expect(await isPremium(db, m.id, afterAll)).toBe(false);
    expect(await premiumStatus(db, m.id, afterAll)).toEqual({ active: false, activeUntil: null, daysLeft: 0, reserved: [], premiumUntil: null });
  });

  it('closes payments nobody came back for, giving back their discount use; a payer who paid but never returned still gets the plan', async () => {
    const code = uniqueCode('ABANDON');
    await createDiscountCode(ctx.database.db, { code, kind: 'percent', value: 10, maxUses: 1 });
    const m = await registerMember(ctx.app);
    const abandoned = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: code });
    const payer = await registerMember(ctx.app);
    const paidButGone = await buy(ctx.app, payer, '/api/user/join2', { plan_id: plans.monthly.id });
    // Pays at the bank, closes the tab before the redirect.
    await ctx.app.inject({ method: 'POST', url: pathOf(paidButGone.url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=approve' });

    const early = await runPremiumJobs(jobs, new Date(Date.now() + 30 * 60_000));
    expect(early.closedPayments).toBe(0);
    const later = new Date(Date.now() + 61 * 60_000);
    await runPremiumJobs(jobs, later);
    expect(await paymentOf(ctx.app, m, abandoned.paymentId)).toMatchObject({ status: 'expired', outcome: 'failure', failureReason: expect.stringMatching(persian) });
    expect(await usedCount(code)).toBe(0);
    expect(await paymentOf(ctx.app, payer, paidButGone.paymentId)).toMatchObject({ status: 'paid', outcome: 'success' });
    // The jobs ran "an hour later": the plan runs from then.
    expect(await isPremium(ctx.database.db, payer.id, new Date(later.getTime() + 1000))).toBe(true);
    expect(await periodsOf(ctx.database, payer.id)).toHaveLength(1);
    // A late callback for the expired one changes nothing.
    const page = await ctx.app.inject({ method: 'POST', url: pathOf(abandoned.url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=approve' });
    await ctx.app.inject({ method: 'GET', url: pathOf(String(page.headers.location)) });
    expect((await paymentOf(ctx.app, m, abandoned.paymentId)).status).toBe('expired');
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
  });
});
