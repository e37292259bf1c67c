import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountCode } from '../src/modules/payments/discounts';
import { DAY_MS } from '../src/modules/premium/periods';
import { csrf } from './helpers/app';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, eventsOf, paySandbox, paymentOf, premiumOf, seedPlans, type SeededPlans } from './helpers/premium';
import { auditOf, expectAdminOnly, registerCast } from './helpers/staff';

let ctx: MemberTestContext;
let plans: SeededPlans;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
let premiumTitle: number;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
  cast = await registerCast(ctx.app, ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number }>(`
    INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_fa, slug, is_free)
    VALUES ('tt9100001', 'movie', 'movie', 'Premium Film', 'فیلم ویژه', 'premium-film', false) RETURNING id`);
  premiumTitle = rows[0]!.id;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: TestMember, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
const admin = (method: Method, url: string, payload?: object, headers?: Record<string, string>) => call(method, url, cast.admin, payload, headers);
const near = (iso: string | null, expected: number, slackMs = 60_000) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(slackMs);
};
const auditCount = async () => (await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]!.n;
const expectFieldErrors = (res: { statusCode: number; json(): { errors: Record<string, string[]> } }, fields: string[]) => {
  expect(res.statusCode).toBe(422);
  expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
  for (const messages of Object.values(res.json().errors)) expect(messages[0]).toMatch(persian);
};

async function paidJoin(who: TestMember, kind: 'join2' | 'reserve2' = 'join2', planId = plans.monthly.id) {
  const { url, paymentId } = await buy(ctx.app, who, `/api/user/${kind}`, { plan_id: planId });
  await paySandbox(ctx.app, url);
  return paymentId;
}

async function paidGift(giver: TestMember) {
  const { url, paymentId } = await buy(ctx.app, giver, '/api/user/gift', { plan_id: plans.monthly.id });
  await paySandbox(ctx.app, url);
  const { gift } = await paymentOf(ctx.app, giver, paymentId);
  return { paymentId, giftId: gift.id as number, code: gift.code as string };
}

describe('who may use the money area', () => {
  it('every endpoint: visitor 401, member 403 STAFF_ONLY, editor 403 ADMIN_ONLY, admin answered', async () => {
    const m = await registerMember(ctx.app);
    const paymentId = await paidJoin(m);
    const { rows: planRows } = await ctx.database.pool.query<{ id: number }>(`INSERT INTO plans (name, days, price) VALUES ('آزمایشی', 7, 20000) RETURNING id`);
    const spare = planRows[0]!.id;
    const discount = await createDiscountCode(ctx.database.db, { code: `ROLE${Date.now()}`, kind: 'percent', value: 10 });
    const { rows: giftRows } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO gift_codes (code, issued_by, reason, plan_name, days) VALUES ($1, $2, 'آزمایش', 'هدیه', 5) RETURNING id`,
      [`ROLE${Date.now()}`.slice(0, 12), cast.admin.id],
    );
    const endpoints: [Method, string, object | undefined, number][] = [
      ['GET', '/api/admin/plans', undefined, 200],
      ['POST', '/api/admin/plans', { name: 'هفتگی', days: 7, price: 25_000 }, 201],
      ['PATCH', `/api/admin/plans/${spare}`, { sort_order: 9 }, 200],
      ['DELETE', `/api/admin/plans/${spare}`, undefined, 204],
      ['GET', '/api/admin/discounts', undefined, 200],
      ['POST', '/api/admin/discounts', { code: `NEW${Date.now()}`, kind: 'fixed', value: 5000 }, 201],
      ['PATCH', `/api/admin/discounts/${discount.id}`, { is_active: false }, 200],
      ['GET', '/api/admin/gifts', undefined, 200],
      ['POST', '/api/admin/gifts', { days: 7, reason: 'جایزهٔ مسابقه' }, 201],
      ['POST', `/api/admin/gifts/${giftRows[0]!.id}/disable`, { reason: 'اشتباه صادر شد' }, 200],
      ['GET', '/api/admin/payments', undefined, 200],
      ['GET', '/api/admin/payments.csv', undefined, 200],
      ['GET', `/api/admin/payments/${paymentId}`, undefined, 200],
      ['POST', `/api/admin/payments/${paymentId}/refund`, { reason: 'درخواست عضو' }, 200],
    ];
    const visitor = await csrf(ctx.app);
    const before = await auditCount();
    for (const [method, url, payload, ok] of endpoints) {
      const res = await expectAdminOnly(ctx.app, cast, visitor, method, url, payload);
      expect(res.statusCode, `${method} ${url} admin: ${res.body.slice(0, 300)}`).toBe(ok);
    }
    // Only the admin's changes were written: one entry for each of the 8 changes.
    expect((await auditCount()) - before).toBe(8);
  });
});

describe('plans', () => {
  it('creates, edits and deactivates a plan, each with an audit entry; the public list follows at once', async () => {
    const publicNames = async () => ((await ctx.app.inject({ url: '/api/plans' })).json().data as { name: string }[]).map((p) => p.name);
    await publicNames(); // cached for a while: a change must still show
    const created = await admin('POST', '/api/admin/plans', { name: 'دوماهه', days: 60, price: 180_000, discounted_price: 160_000, features: ['تماشای همه‌چیز'], sort_order: 2 });
    expect(created.statusCode).toBe(201);
    const plan = created.json().data;
    expect(plan).toMatchObject({ name: 'دوماهه', days: 60, price: 180_000, discountedPrice: 160_000, finalPrice: 160_000, features: ['تماشای همه‌چیز'], isActive: true, sortOrder: 2, payments: 0, paid: 0 });
    expect(await publicNames()).toContain('دوماهه');

    const edited = await admin('PATCH', `/api/admin/plans/${plan.id}`, { price: 200_000, discounted_price: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ price: 200_000, discountedPrice: null, finalPrice: 200_000, name: 'دوماهه' });
    const off = await admin('PATCH', `/api/admin/plans/${plan.id}`, { is_active: false });
    expect(off.json().data.isActive).toBe(false);
    expect(await publicNames()).not.toContain('دوماهه');
    const list = (await admin('GET', '/api/admin/plans')).json().data as { id: number }[];
    expect(list.map((p) => p.id)).toContain(plan.id);

    const entries = await auditOf(ctx.database, 'plan', plan.id);
    expect(entries.map((e) => e.action)).toEqual(['plan.create', 'plan.update', 'plan.update']);
    expect(entries[1]).toMatchObject({ before: { price: 180_000, discountedPrice: 160_000 }, after: { price: 200_000, discountedPrice: null } });
    expect(entries[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    // The same values again change nothing and write nothing.
    await admin('PATCH', `/api/admin/plans/${plan.id}`, { is_active: false });
    expect(await auditOf(ctx.database, 'plan', plan.id)).toHaveLength(3);
  });

  it('never deletes a plan with payments (409, deactivate instead); deletes one without', async () => {
    const m = await registerMember(ctx.app);
    const created = (await admin('POST', '/api/admin/plans', { name: 'ده‌روزه', days: 10, price: 40_000 })).json().data;
    await paidJoin(m, 'join2', created.id);
    const refused = await admin('DELETE', `/api/admin/plans/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PLAN_HAS_PAYMENTS', message: expect.stringMatching(persian) });
    const listed = ((await admin('GET', '/api/admin/plans')).json().data as { id: number; payments: number; paid: number }[]).find((p) => p.id === created.id);
    expect(listed).toMatchObject({ payments: 1, paid: 1 });

    const unused = (await admin('POST', '/api/admin/plans', { name: 'بی‌خریدار', days: 3, price: 10_000 })).json().data;
    expect((await admin('DELETE', `/api/admin/plans/${unused.id}`)).statusCode).toBe(204);
    expect((await auditOf(ctx.database, 'plan', unused.id)).map((e) => e.action)).toEqual(['plan.create', 'plan.delete']);
    expect((await admin('DELETE', `/api/admin/plans/${unused.id}`)).statusCode).toBe(404);
  });

  it('refuses bad plans with Persian field errors and writes nothing', async () => {
    const before = await auditCount();
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM plans');
    expectFieldErrors(await admin('POST', '/api/admin/plans', { name: 'ب', days: 0, price: -5 }), ['days', 'name', 'price']);
    expectFieldErrors(await admin('POST', '/api/admin/plans', { name: 'گران', days: 30, price: 100_000, discounted_price: 100_000 }), ['discounted_price']);
    expectFieldErrors(await admin('POST', '/api/admin/plans', { name: 'گران', days: 30, price: 100_000, features: ['x'.repeat(201)] }), ['features.0']);
    // A lower price under the plan's own discounted price: checked against the stored one.
    expectFieldErrors(await admin('PATCH', `/api/admin/plans/${plans.quarterly.id}`, { price: 200_000 }), ['discounted_price']);
    expect((await admin('PATCH', '/api/admin/plans/999999', { price: 200_000 })).statusCode).toBe(404);
    expect((await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM plans')).rows[0]!.n).toBe(rows[0]!.n);
    expect((await ctx.database.pool.query('SELECT price FROM plans WHERE id = $1', [plans.quarterly.id])).rows[0].price).toBe(297_000);
    expect(await auditCount()).toBe(before);
  });
});

describe('discount codes', () => {
  it('creates a code as members type it, lists its use, edits and deactivates it, each audited', async () => {
    const tag = `${Date.now()}`.slice(-6);
    const created = await admin('POST', '/api/admin/discounts', { code: `yalda-${tag}`, kind: 'percent', value: 20, max_uses: 5, expires_at: new Date(Date.now() + 10 * DAY_MS).toISOString() });
    expect(created.statusCode).toBe(201);
    const d = created.json().data;
    expect(d).toMatchObject({ code: `YALDA${tag}`, kind: 'percent', value: 20, maxUses: 5, usedCount: 0, paidUses: 0, isActive: true, usable: true });

    const m = await registerMember(ctx.app);
    const { url } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: `yalda${tag}` });
    await paySandbox(ctx.app, url);
    const listed = (await admin('GET', `/api/admin/discounts?q=yalda${tag}`)).json();
    expect(listed.meta.total).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: d.id, usedCount: 1, paidUses: 1 });

    const capped = await admin('PATCH', `/api/admin/discounts/${d.id}`, { max_uses: 1, value: 30 });
    expect(capped.statusCode).toBe(200);
    expect(capped.json().data).toMatchObject({ maxUses: 1, value: 30, usable: false });
    const off = await admin('PATCH', `/api/admin/discounts/${d.id}`, { is_active: false, max_uses: null });
    expect(off.json().data).toMatchObject({ isActive: false, maxUses: null, usable: false });
    const other = await registerMember(ctx.app);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: other.headers, payload: { plan_id: plans.monthly.id, discount_code: `YALDA${tag}` } });
    expect(refused.statusCode).toBe(422);

    const entries = await auditOf(ctx.database, 'discount', d.id);
    expect(entries.map((e) => e.action)).toEqual(['discount.create', 'discount.update', 'discount.update']);
    expect(entries[1]).toMatchObject({ before: { maxUses: 5, value: 20 }, after: { maxUses: 1, value: 30 } });
  });

  it('refuses a taken code, a percent over 100, a past expiry and a cap under the uses so far; writes nothing', async () => {
    const tag = `${Date.now()}`.slice(-6);
    const d = (await admin('POST', '/api/admin/discounts', { code: `TAKEN${tag}`, kind: 'fixed', value: 10_000 })).json().data;
    const m = await registerMember(ctx.app);
    await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id, discount_code: `TAKEN${tag}` }); // held by a pending payment
    const before = await auditCount();
    expectFieldErrors(await admin('POST', '/api/admin/discounts', { code: `taken-${tag}`, kind: 'fixed', value: 5000 }), ['code']);
    expectFieldErrors(await admin('POST', '/api/admin/discounts', { code: `P${tag}`, kind: 'percent', value: 150 }), ['value']);
    expectFieldErrors(await admin('POST', '/api/admin/discounts', { code: `E${tag}`, kind: 'fixed', value: 100, expires_at: new Date(Date.now() - DAY_MS).toISOString() }), ['expires_at']);
    expectFieldErrors(await admin('POST', '/api/admin/discounts', { code: 'a b', kind: 'cash', value: 0 }), ['code', 'kind', 'value']);
    expectFieldErrors(await admin('PATCH', `/api/admin/discounts/${d.id}`, { kind: 'percent' }), ['value']);
    expectFieldErrors(await admin('PATCH', `/api/admin/discounts/${d.id}`, { max_uses: 0 }), ['max_uses']);
    expect((await admin('PATCH', `/api/admin/discounts/${d.id}`, { max_uses: 1 })).statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    expect((await admin('PATCH', '/api/admin/discounts/999999', { is_active: false })).statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query('SELECT kind, value, max_uses FROM discount_codes WHERE id = $1', [d.id]);
    expect(rows[0]).toEqual({ kind: 'fixed', value: 10_000, max_uses: 1 });
  });
});

describe('gift codes', () => {
  it('lists bought and issued codes; issues one by hand (once per request id) that a member redeems', async () => {
    const giver = await registerMember(ctx.app);
    const bought = await paidGift(giver);
    const requestId = `gift-${Date.now()}`;
    const issued = await admin('POST', '/api/admin/gifts', { plan_id: plans.quarterly.id, reason: 'جایزهٔ مسابقهٔ یلدا', recipient_email: 'Winner@Example.com', request_id: requestId });
    expect(issued.statusCode).toBe(201);
    const gift = issued.json().data;
    expect(gift).toMatchObject({ origin: 'issued', state: 'unused', planId: plans.quarterly.id, planName: 'سه‌ماهه', days: 90, reason: 'جایزهٔ مسابقهٔ یلدا', recipientEmail: 'winner@example.com', issuedBy: { id: cast.admin.id }, giver: null, paymentId: null });
    expect(gift.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const again = await admin('POST', '/api/admin/gifts', { plan_id: plans.quarterly.id, reason: 'جایزهٔ مسابقهٔ یلدا', recipient_email: 'winner@example.com' }, { 'idempotency-key': requestId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(gift.id);
    const byDays = (await admin('POST', '/api/admin/gifts', { days: 14, reason: 'عذرخواهی بابت قطعی' })).json().data;
    expect(byDays).toMatchObject({ planId: null, planName: 'هدیهٔ ۱۴ روزه', days: 14 });

    const lists = async (query: string) => ((await admin('GET', `/api/admin/gifts?${query}`)).json().data as { id: number }[]).map((g) => g.id);
    expect(await lists('origin=issued')).toEqual(expect.arrayContaining([gift.id, byDays.id]));
    expect(await lists('origin=issued')).not.toContain(bought.giftId);
    expect(await lists('origin=bought')).toContain(bought.giftId);
    const boughtRow = (await admin('GET', `/api/admin/gifts?origin=bought&q=${giver.email}`)).json().data;
    expect(boughtRow).toEqual([expect.objectContaining({ origin: 'bought', paymentId: bought.paymentId, giver: { id: giver.id, name: giver.name, email: giver.email } })]);
    expect(await lists(`q=${gift.code.toLowerCase()}`)).toEqual([gift.id]);

    const winner = await registerMember(ctx.app);
    const redeemed = await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: winner.headers, payload: { code: gift.code } });
    expect(redeemed.statusCode).toBe(200);
    near((await premiumOf(ctx.app, winner)).premiumUntil, Date.now() + 90 * DAY_MS);
    expect((await admin('GET', `/api/admin/gifts?q=${winner.email}`)).json().data[0]).toMatchObject({ id: gift.id, state: 'redeemed', redeemedBy: { id: winner.id } });
    const entries = await auditOf(ctx.database, 'gift', gift.id);
    expect(entries).toEqual([expect.objectContaining({ action: 'gift.issue', before: null, after: expect.objectContaining({ days: 90, reason: 'جایزهٔ مسابقهٔ یلدا' }) })]);
  });

  it('disables an unused code (it then reads as unknown); a redeemed or disabled one is a 409', async () => {
    const gift = (await admin('POST', '/api/admin/gifts', { days: 5, reason: 'آزمایش غیرفعال کردن' })).json().data;
    const off = await admin('POST', `/api/admin/gifts/${gift.id}/disable`, { reason: 'به اشتباه صادر شد' });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ state: 'disabled', disabledAt: expect.any(String) });
    const m = await registerMember(ctx.app);
    const redeem = await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: m.headers, payload: { code: gift.code } });
    expect(redeem.statusCode).toBe(404);
    const twice = await admin('POST', `/api/admin/gifts/${gift.id}/disable`, { reason: 'دوباره' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('GIFT_ALREADY_DISABLED');

    const used = (await admin('POST', '/api/admin/gifts', { days: 5, reason: 'آزمایش استفاده‌شده' })).json().data;
    await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: m.headers, payload: { code: used.code } });
    const late = await admin('POST', `/api/admin/gifts/${used.id}/disable`, { reason: 'دیر شد' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'GIFT_ALREADY_REDEEMED', message: expect.stringMatching(persian) });
    expect((await auditOf(ctx.database, 'gift', gift.id)).map((e) => e.action)).toEqual(['gift.issue', 'gift.disable']);
    expect((await admin('POST', '/api/admin/gifts/999999/disable', { reason: 'نیست' })).statusCode).toBe(404);
  });

  it('refuses a gift without plan or days, an unknown plan and a missing reason; writes nothing', async () => {
    const before = await auditCount();
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM gift_codes');
    expectFieldErrors(await admin('POST', '/api/admin/gifts', { reason: 'بدون طرح' }), ['plan_id']);
    expectFieldErrors(await admin('POST', '/api/admin/gifts', { plan_id: 999999, reason: 'طرح ناشناخته' }), ['plan_id']);
    expectFieldErrors(await admin('POST', '/api/admin/gifts', { days: 0, recipient_email: 'nope' }), ['days', 'reason', 'recipient_email']);
    expect((await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM gift_codes')).rows[0]!.n).toBe(rows[0]!.n);
    expect(await auditCount()).toBe(before);
  });
});

describe('payments', () => {
  it('lists payments with filters (state, kind, member, gateway, Tehran days, search) and shows one with its history', async () => {
    const m = await registerMember(ctx.app);
    const paid = await paidJoin(m);
    const { paymentId: pending } = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.yearly.id });
    // 2026-03-20 21:00 UTC is 2026-03-21 00:30 in Tehran.
    await ctx.database.pool.query(`UPDATE payments SET created_at = '2026-03-20T21:00:00Z' WHERE id = $1`, [paid]);
    const ids = async (query: string) => {
      const res = await admin('GET', `/api/admin/payments?user_id=${m.id}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((p) => p.id);
    };
    expect(await ids('')).toEqual([pending, paid]);
    expect(await ids('status=paid')).toEqual([paid]);
    expect(await ids('status=pending')).toEqual([pending]);
    expect(await ids('kind=reserve')).toEqual([pending]);
    expect(await ids('gateway=sandbox')).toEqual([pending, paid]);
    expect(await ids('gateway=zarinpal')).toEqual([]);
    expect(await ids('from=2026-03-21&to=2026-03-21')).toEqual([paid]);
    expect(await ids('from=2026-03-20&to=2026-03-20')).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(m.email)}`)).toEqual([pending, paid]);
    const one = (await admin('GET', `/api/admin/payments?q=${paid}`)).json().data;
    expect(one.map((p: { id: number }) => p.id)).toContain(paid);

    const detail = await admin('GET', `/api/admin/payments/${paid}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d).toMatchObject({ id: paid, kind: 'join', status: 'paid', statusLabel: 'پرداخت‌شده', amount: plans.monthly.price, member: { id: m.id, email: m.email }, refundedAt: null, gift: null });
    expect(d.events.map((e: { event: string }) => e.event)).toEqual(['created', 'sent_to_gateway', 'callback', 'verified']);
    for (const e of d.events) expect(e.eventLabel).toMatch(persian);
    expect(d.period).toMatchObject({ revokedAt: null });
    expect((await admin('GET', '/api/admin/payments/999999')).statusCode).toBe(404);
    expectFieldErrors(await admin('GET', '/api/admin/payments?status=lost&from=1405/01/01&kind=x'), ['from', 'kind', 'status']);
  });

  it('a refund ends the days the payment bought: later days move earlier, until shrinks, play is refused after', async () => {
    const m = await registerMember(ctx.app);
    const join = await paidJoin(m);
    const reserve = await paidJoin(m, 'reserve2');
    // Ten days of the join are used: it started ten days ago, and the reserve waits after it.
    await ctx.database.pool.query(`UPDATE premium_periods SET starts_at = starts_at - interval '10 days', ends_at = ends_at - interval '10 days' WHERE user_id = $1`, [m.id]);
    const before = await premiumOf(ctx.app, m);
    near(before.premiumUntil, Date.now() + 50 * DAY_MS);
    const access = async () => (await ctx.app.inject({ url: `/api/titles/${premiumTitle}/access`, headers: m.headers })).json().data;
    const play = async () => (await ctx.app.inject({ url: `/api/titles/${premiumTitle}/play`, headers: m.headers })).statusCode;
    expect(await access()).toEqual({ canWatch: true, reason: 'premium' });
    expect(await play()).toBe(404); // past the gate: the title simply has no video yet

    const res = await admin('POST', `/api/admin/payments/${join}/refund`, { reason: 'عضو درخواست بازپرداخت داد' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ disabledGiftId: null, payment: { id: join, refundReason: 'عضو درخواست بازپرداخت داد', statusLabel: 'بازپرداخت‌شده' } });
    expect(r.removedDays).toBeCloseTo(20, 1);
    expect(r.payment.events.at(-1)).toMatchObject({ event: 'refunded', fromStatus: 'paid', toStatus: 'paid' });
    expect(r.payment.period.revokedAt).not.toBeNull();
    // The reserved month now runs from today: 20 unused days of the join are gone.
    const after = await premiumOf(ctx.app, m);
    expect(after.active).toBe(true);
    near(after.premiumUntil, Date.now() + 30 * DAY_MS);
    expect(after.reserved).toEqual([]);
    const user = (await ctx.app.inject({ url: '/api/user', headers: m.headers })).json().data;
    near(user.premium.until, Date.now() + 30 * DAY_MS);
    // The member's own receipt says so too.
    expect(await paymentOf(ctx.app, m, join)).toMatchObject({ status: 'paid', statusLabel: 'بازپرداخت‌شده', message: expect.stringContaining('بازپرداخت') });

    expect((await admin('POST', `/api/admin/payments/${reserve}/refund`, { reason: 'عضو درخواست بازپرداخت داد' })).statusCode).toBe(200);
    expect(await premiumOf(ctx.app, m)).toMatchObject({ active: false, premiumUntil: null });
    expect(await access()).toEqual({ canWatch: false, reason: 'SUBSCRIPTION_REQUIRED' });
    expect(await play()).toBe(403);
    const listed = (await admin('GET', `/api/admin/members?q=${encodeURIComponent(m.email)}`)).json().data[0];
    expect(listed.premium).toEqual({ active: false, until: null });

    // Twice: a 409 that changes nothing.
    const events = (await eventsOf(ctx.database, join)).length;
    const twice = await admin('POST', `/api/admin/payments/${join}/refund`, { reason: 'دوباره' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'PAYMENT_ALREADY_REFUNDED', message: expect.stringMatching(persian) });
    expect(await eventsOf(ctx.database, join)).toHaveLength(events);
    expect(await auditOf(ctx.database, 'payment', join)).toEqual([
      expect.objectContaining({ action: 'payment.refund', actor_id: cast.admin.id, before: { status: 'paid', refundedAt: null }, after: expect.objectContaining({ refundReason: 'عضو درخواست بازپرداخت داد', memberId: m.id }) }),
    ]);
    expect((await admin('GET', `/api/admin/payments?user_id=${m.id}&status=refunded`)).json().meta.total).toBe(2);
    expect((await admin('GET', `/api/admin/payments?user_id=${m.id}&status=paid`)).json().meta.total).toBe(0);
  });

  it('refunds at once: two refunds of one payment make one', async () => {
    const m = await registerMember(ctx.app);
    const join = await paidJoin(m);
    const results = await Promise.all([1, 2].map(() => admin('POST', `/api/admin/payments/${join}/refund`, { reason: 'دوبار کلیک' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await eventsOf(ctx.database, join)).filter((e) => e.event === 'refunded')).toHaveLength(1);
    expect(await auditOf(ctx.database, 'payment', join)).toHaveLength(1);
  });

  it('a gift refund disables the unused code, or revokes the redeemed gift’s days', async () => {
    const giver = await registerMember(ctx.app);
    const unused = await paidGift(giver);
    const r1 = await admin('POST', `/api/admin/payments/${unused.paymentId}/refund`, { reason: 'هدیه را نخواست' });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().data).toMatchObject({ revokedPeriodId: null, payment: { gift: { state: 'disabled' } } });
    expect(r1.json().data.disabledGiftId).toBe(r1.json().data.payment.gift.id);
    const friend = await registerMember(ctx.app);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: friend.headers, payload: { code: unused.code } })).statusCode).toBe(404);

    const redeemed = await paidGift(giver);
    await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: friend.headers, payload: { code: redeemed.code } });
    expect((await premiumOf(ctx.app, friend)).active).toBe(true);
    const r2 = await admin('POST', `/api/admin/payments/${redeemed.paymentId}/refund`, { reason: 'پرداخت‌کننده شکایت کرد' });
    expect(r2.statusCode).toBe(200);
    expect(r2.json().data.revokedPeriodId).not.toBeNull();
    expect(await premiumOf(ctx.app, friend)).toMatchObject({ active: false, premiumUntil: null });
  });

  it('refuses to refund a payment that was not paid, an unknown one, or without a reason; writes nothing', async () => {
    const m = await registerMember(ctx.app);
    const { paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    const before = await auditCount();
    const pending = await admin('POST', `/api/admin/payments/${paymentId}/refund`, { reason: 'هنوز پرداخت نشده' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('PAYMENT_NOT_PAID');
    expect((await admin('POST', '/api/admin/payments/999999/refund', { reason: 'نیست' })).statusCode).toBe(404);
    expectFieldErrors(await admin('POST', `/api/admin/payments/${paymentId}/refund`, { reason: '' }), ['reason']);
    expect(await auditCount()).toBe(before);
    expect((await ctx.database.pool.query('SELECT refunded_at FROM payments WHERE id = $1', [paymentId])).rows[0].refunded_at).toBeNull();
  });
});

describe('the CSV export', () => {
  it('is UTF-8 with a BOM, a Persian header, Jalali and ISO dates, Toman amounts, filtered like the list', async () => {
    const m = await registerMember(ctx.app, { name: 'سارا "خریدار", تهران' });
    const paid = await paidJoin(m);
    await ctx.database.pool.query(`UPDATE payments SET created_at = '2026-03-20T21:00:00Z' WHERE id = $1`, [paid]);
    const res = await admin('GET', `/api/admin/payments.csv?user_id=${m.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="parde-payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.split(',')).toEqual(expect.arrayContaining(['شناسه', 'تاریخ (شمسی)', 'تاریخ (ISO)', 'مبلغ (تومان)', 'وضعیت']));
    expect(lines).toHaveLength(2);
    const row = lines[1]!;
    expect(row.startsWith(`${paid},1405/01/01 00:30,2026-03-20T21:00:00.000Z,${m.id},"سارا ""خریدار"", تهران",${m.email},خرید اشتراک,یک‌ماهه,30,99000,0,,99000,پرداخت‌شده,sandbox,`)).toBe(true);

    // Filtered: nothing of this member on another day.
    const none = await admin('GET', `/api/admin/payments.csv?user_id=${m.id}&from=2026-03-22`);
    expect(none.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
    expectFieldErrors(await admin('GET', '/api/admin/payments.csv?from=yesterday'), ['from']);
  });

  it('streams a large export in batches, every payment once', async () => {
    const m = await registerMember(ctx.app);
    const { rows } = await ctx.database.pool.query<{ id: number }>('SELECT id FROM plans ORDER BY id LIMIT 1');
    await ctx.database.pool.query(
      `INSERT INTO payments (user_id, plan_id, kind, plan_name, days, base_amount, amount, gateway, status)
       SELECT $1, $2, 'join', 'یک‌ماهه', 30, 1000 + g, 1000 + g, 'sandbox', 'failed' FROM generate_series(1, 1234) g`,
      [m.id, rows[0]!.id],
    );
    const res = await admin('GET', `/api/admin/payments.csv?user_id=${m.id}`);
    const lines = res.body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1234);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(1234);
  });
});

describe('hostile input from an admin', () => {
  const HOSTILE: unknown[] = ['', ' ', '\u0000', 'a\u0000b', 'x'.repeat(10_000), '\uD800', "'; DROP TABLE payments; --", '%_\\', '0000-01-01', '9999-12-31T23:59:59Z', -1, 0, 1.5, 2 ** 31, 1e308, true, null, [], {}, ['a'], { a: 1 }];
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

  it('never answers 5xx, and every refusal is JSON with a Persian message (members and money endpoints)', async () => {
    const m = await registerMember(ctx.app);
    const payment = await paidJoin(m);
    const gift = (await admin('POST', '/api/admin/gifts', { days: 3, reason: 'آزمایش ورودی‌های بد' })).json().data;
    const discount = (await admin('POST', '/api/admin/discounts', { code: `FUZZ${Date.now()}`.slice(0, 20), kind: 'fixed', value: 1000 })).json().data;
    const plan = (await admin('POST', '/api/admin/plans', { name: 'آزمایش ورودی', days: 5, price: 5000 })).json().data;
    const lists: [string, string[]][] = [
      ['/api/admin/members', ['q', 'premium', 'disabled', 'role', 'page', 'per_page']],
      ['/api/admin/discounts', ['q', 'active', 'page']],
      ['/api/admin/gifts', ['q', 'origin', 'state', 'page']],
      ['/api/admin/payments', ['q', 'status', 'kind', 'user_id', 'gateway', 'from', 'to', 'page']],
      ['/api/admin/payments.csv', ['q', 'status', 'from', 'to']],
    ];
    const writes: [Method, string, Record<string, unknown>][] = [
      ['POST', `/api/admin/members/${m.id}/premium`, { days: 1, reason: 'جبران قطعی', request_id: 'fuzz-request-1' }],
      ['POST', `/api/admin/members/${m.id}/enable`, { reason: 'آزمایش ورودی' }],
      ['PATCH', `/api/admin/plans/${plan.id}`, { name: 'نام', days: 5, price: 6000, discounted_price: 5000, features: ['یک'], is_active: true, sort_order: 1 }],
      ['POST', '/api/admin/plans', { name: 'نام', days: 5, price: 6000, discounted_price: 5000, features: ['یک'], is_active: false, sort_order: 1 }],
      ['PATCH', `/api/admin/discounts/${discount.id}`, { kind: 'fixed', value: 100, expires_at: null, max_uses: null, is_active: true }],
      ['POST', '/api/admin/discounts', { code: 'FUZZCODE', kind: 'fixed', value: 100, expires_at: null, max_uses: 3, is_active: true }],
      ['POST', '/api/admin/gifts', { plan_id: null, days: 2, reason: 'آزمایش ورودی', recipient_email: '', request_id: 'fuzz-gift-1' }],
      ['POST', `/api/admin/gifts/${gift.id}/disable`, { reason: 'آزمایش ورودی' }],
      ['POST', `/api/admin/payments/${payment}/refund`, { reason: 'آزمایش ورودی' }],
    ];
    const failures: string[] = [];
    const check = (label: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
      if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode}`);
      else if (res.statusCode >= 400) {
        const body = JSON.parse(res.body) as { message?: string };
        if (!persian.test(body.message ?? '')) failures.push(`${label}: ${res.statusCode} without a Persian message`);
      }
    };
    for (const [url, params] of lists) {
      for (const p of params) {
        for (const v of HOSTILE) {
          const res = await ctx.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams({ [p]: text(v) })}`, headers: cast.admin.headers });
          check(`GET ${url} ${p}=${text(v).slice(0, 20)}`, res);
        }
      }
    }
    for (const [method, url, body] of writes) {
      for (const key of Object.keys(body)) {
        for (const v of HOSTILE) {
          const res = await admin(method, url, { ...body, [key]: v });
          check(`${method} ${url} ${key}=${text(v).slice(0, 20)}`, res);
        }
      }
      for (const raw of ['../../etc', '%00', '99999999999', '-1']) {
        const res = await ctx.app.inject({ method, url: url.replace(/\/\d+(\/|$)/, `/${raw}$1`), headers: cast.admin.headers, payload: body });
        check(`${method} ${url} path ${raw}`, res);
      }
    }
    expect(failures).toEqual([]);
    // Hundreds of requests one after another: over two minutes while CI's three lanes share two cores.
  }, 300_000);
});
