import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/modules/premium/periods';
import { createMemberTestApp, registerMember, type MemberTestContext } from './helpers/members';
import { buy, eventsOf, pathOf, paymentOf, paySandbox, periodsOf, premiumOf, seedPlans, type SeededPlans } from './helpers/premium';

let ctx: MemberTestContext;
let plans: SeededPlans;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
const resultPage = (id: number) => `${ctx.config.SITE_URL}/premium/result?payment=${id}`;
const near = (iso: string | null, expected: number, slackMs = 60_000) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(slackMs);
};

describe('plans', () => {
  it('lists the plans on sale with Persian names, integer Toman prices and features', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const data = res.json().data;
    expect(data.map((p: { name: string }) => p.name)).toEqual(['یک‌ماهه', 'سه‌ماهه', 'شش‌ماهه', 'یک‌ساله']);
    expect(data.map((p: { days: number }) => p.days)).toEqual([30, 90, 180, 365]);
    const quarterly = data[1];
    expect(quarterly).toMatchObject({ id: plans.quarterly.id, price: 297_000, discountedPrice: 249_000, finalPrice: 249_000, discountPercent: 16, monthlyPrice: 83_000, isActive: true });
    expect(quarterly.path).toBe(`/premium/plans/${plans.quarterly.id}`);
    expect(quarterly.joinPath).toBe(`/premium/join/${plans.quarterly.id}`);
    expect(data[0]).toMatchObject({ price: 99_000, discountedPrice: null, finalPrice: 99_000, discountPercent: null });
    for (const p of data) {
      expect(Number.isInteger(p.price) && Number.isInteger(p.finalPrice) && Number.isInteger(p.monthlyPrice)).toBe(true);
      expect(p.features.length).toBeGreaterThan(0);
      for (const f of p.features) expect(f).toMatch(persian);
    }
  });

  it('shows one plan; an unknown or withdrawn plan is a Persian 404, a bad id a 422', async () => {
    const one = await ctx.app.inject({ method: 'GET', url: `/api/plans/${plans.yearly.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ name: 'یک‌ساله', days: 365 });

    const missing = await ctx.app.inject({ method: 'GET', url: '/api/plans/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PLAN_NOT_FOUND', message: expect.stringMatching(persian) });

    const { rows } = await ctx.database.pool.query<{ id: number }>(`INSERT INTO plans (name, days, price, is_active) VALUES ('قدیمی', 7, 20000, false) RETURNING id`);
    const withdrawn = await ctx.app.inject({ method: 'GET', url: `/api/plans/${rows[0]!.id}` });
    expect(withdrawn.statusCode).toBe(404);
    const buyIt = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: (await registerMember(ctx.app)).headers, payload: { plan_id: rows[0]!.id } });
    expect(buyIt.statusCode).toBe(404);
    expect(buyIt.json().code).toBe('PLAN_NOT_FOUND');

    for (const bad of ['abc', '0', '99999999999999']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/plans/${bad}` })).statusCode).toBe(422);
    }
  });

  it('seeds the plans once: a second start adds nothing', async () => {
    await seedPlans(ctx.database);
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM plans WHERE is_active');
    expect(rows[0]!.n).toBe(4);
  });
});

describe('join with the sandbox gateway', () => {
  it('join2 → the sandbox page → approve → callback → result page: premium for the plan’s days', async () => {
    const m = await registerMember(ctx.app);
    const started = Date.now();
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    expect(url).toMatch(/^http:\/\/localhost(:80)?\/api\/gateways\/sandbox\/SBX[0-9A-F]{32}$/);

    // The bank's test page: Persian, RTL, the amount in Persian digits, plain forms, no script.
    const page = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fa" dir="rtl">');
    expect(page.body).toContain('۹۹٬۰۰۰ تومان');
    expect(page.body).toContain('۹۹۰٬۰۰۰ ریال');
    expect(page.body).not.toMatch(/<script|onclick=|javascript:/i);
    expect(page.body.match(/<form method="post"/g)).toHaveLength(2);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`form-action 'self' ${ctx.config.SITE_URL}`);

    const pending = await paymentOf(ctx.app, m, paymentId);
    expect(pending).toMatchObject({ outcome: 'pending', status: 'pending', amount: 99_000, kind: 'join', retryPath: null });

    const { callback, result } = await paySandbox(ctx.app, url, 'approve');
    expect(callback).toMatch(new RegExp(`/api/payments/${paymentId}/callback\\?Authority=SBX[0-9A-F]{32}&Status=OK$`));
    expect(result).toBe(resultPage(paymentId));

    const done = await paymentOf(ctx.app, m, paymentId);
    expect(done).toMatchObject({
      outcome: 'success',
      status: 'paid',
      statusLabel: 'پرداخت‌شده',
      kindLabel: 'خرید اشتراک',
      plan: { id: plans.monthly.id, name: 'یک‌ماهه', days: 30 },
      baseAmount: 99_000,
      discountAmount: 0,
      amount: 99_000,
      gateway: 'sandbox',
      failureReason: null,
      retryPath: null,
      gift: null,
    });
    expect(done.refId).toMatch(/^\d{9}$/);
    expect(done.message).toMatch(persian);
    near(done.period.endsAt, started + 30 * DAY_MS, 120_000);
    expect(done.premiumUntil).toBe(done.period.endsAt);

    const premium = await premiumOf(ctx.app, m);
    expect(premium).toMatchObject({ active: true, daysLeft: 30, reserved: [] });
    expect(premium.activeUntil).toBe(done.period.endsAt);

    expect((await eventsOf(ctx.database, paymentId)).map((e) => `${e.event}:${e.from_status ?? ''}>${e.to_status}`)).toEqual([
      'created:>pending',
      'sent_to_gateway:pending>pending',
      'callback:pending>verifying',
      'verified:verifying>paid',
    ]);
  });

  it('cancelling at the bank fails the payment with a Persian reason and a retry, and changes nothing', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.quarterly.id });
    const { callback, result } = await paySandbox(ctx.app, url, 'cancel');
    expect(callback).toContain('Status=NOK');
    expect(result).toBe(resultPage(paymentId));
    const outcome = await paymentOf(ctx.app, m, paymentId);
    expect(outcome).toMatchObject({ outcome: 'failure', status: 'cancelled', retryPath: `/premium/join/${plans.quarterly.id}`, period: null, refId: null });
    expect(outcome.failureReason).toMatch(persian);
    expect(outcome.message).toContain(outcome.failureReason);
    expect(await premiumOf(ctx.app, m)).toMatchObject({ active: false, activeUntil: null, daysLeft: 0 });
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);

    // Approving later at the bank, or replaying an OK callback, does not revive it.
    const again = await ctx.app.inject({ method: 'GET', url: pathOf(callback.replace('Status=NOK', 'Status=OK')) });
    expect(again.statusCode).toBe(303);
    expect((await paymentOf(ctx.app, m, paymentId)).status).toBe('cancelled');
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
  });

  it('a callback replayed 10 times gives one subscription', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    const { callback } = await paySandbox(ctx.app, url);
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: pathOf(callback) });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(resultPage(paymentId));
    }
    const periods = await periodsOf(ctx.database, m.id);
    expect(periods).toHaveLength(1);
    expect((await premiumOf(ctx.app, m)).daysLeft).toBe(30);
    expect((await eventsOf(ctx.database, paymentId)).filter((e) => e.to_status === 'paid')).toHaveLength(1);
  });

  it('10 concurrent callbacks give one subscription', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.quarterly.id });
    const page = await ctx.app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=approve' });
    const callback = pathOf(String(page.headers.location));
    const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({ method: 'GET', url: callback })));
    expect(answers.every((a) => a.statusCode === 303 && a.headers.location === resultPage(paymentId))).toBe(true);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(1);
    expect((await paymentOf(ctx.app, m, paymentId)).outcome).toBe('success');
    expect((await premiumOf(ctx.app, m)).daysLeft).toBe(90);
    const events = await eventsOf(ctx.database, paymentId);
    expect(events.filter((e) => e.event === 'callback')).toHaveLength(1);
    expect(events.filter((e) => e.to_status === 'paid')).toHaveLength(1);
  });

  it('days stack on what is left: joining again moves the end by the plan’s days', async () => {
    const m = await registerMember(ctx.app);
    const first = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, first.url);
    const end1 = new Date((await premiumOf(ctx.app, m)).activeUntil!).getTime();
    const second = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.quarterly.id });
    await paySandbox(ctx.app, second.url);
    const premium = await premiumOf(ctx.app, m);
    expect(new Date(premium.activeUntil!).getTime()).toBe(end1 + 90 * DAY_MS);
    expect(premium.daysLeft).toBe(120);
    const result = await paymentOf(ctx.app, m, second.paymentId);
    expect(new Date(result.period.startsAt).getTime()).toBe(end1);
  });

  it('refuses an amount that differs from the order, and changes nothing', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    // Our record of the order no longer matches what the bank was asked to charge.
    await ctx.database.pool.query('UPDATE payments SET amount = amount + 1000, base_amount = base_amount + 1000 WHERE id = $1', [paymentId]);
    await paySandbox(ctx.app, url);
    const outcome = await paymentOf(ctx.app, m, paymentId);
    expect(outcome).toMatchObject({ outcome: 'failure', status: 'failed', retryPath: `/premium/join/${plans.monthly.id}` });
    expect(outcome.failureReason).toContain('مبلغ');
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
    const { rows } = await ctx.database.pool.query('SELECT failure_code FROM payments WHERE id = $1', [paymentId]);
    expect(rows[0].failure_code).toBe('AMOUNT_MISMATCH');
  });

  it('a callback with another Authority changes nothing; the real one still settles the payment', async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const mine = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.yearly.id });
    const theirs = await buy(ctx.app, other, '/api/user/join2', { plan_id: plans.monthly.id });
    const page = await ctx.app.inject({ method: 'POST', url: pathOf(theirs.url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=approve' });
    const theirAuthority = new URL(String(page.headers.location)).searchParams.get('Authority');
    // The cheap payment's approval presented for the expensive one.
    const swapped = await ctx.app.inject({ method: 'GET', url: `/api/payments/${mine.paymentId}/callback?Authority=${theirAuthority}&Status=OK` });
    expect(swapped.statusCode).toBe(303);
    expect((await paymentOf(ctx.app, m, mine.paymentId)).status).toBe('pending');
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
    for (const q of ['', '?Status=OK', '?Authority=&Status=OK', `?Authority=${'x'.repeat(500)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/payments/${mine.paymentId}/callback${q}` });
      expect(res.statusCode).toBe(303);
    }
    expect((await paymentOf(ctx.app, m, mine.paymentId)).status).toBe('pending');
    await paySandbox(ctx.app, mine.url);
    expect((await paymentOf(ctx.app, m, mine.paymentId)).outcome).toBe('success');
  });

  it('a payment belongs to its owner: others get 404, and the callback credits the owner whoever opens it', async () => {
    const m = await registerMember(ctx.app);
    const stranger = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    const page = await ctx.app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=approve' });
    // The stranger's browser follows the return address.
    const back = await ctx.app.inject({ method: 'GET', url: pathOf(String(page.headers.location)), headers: stranger.headers });
    expect(back.statusCode).toBe(303);
    expect((await premiumOf(ctx.app, m)).active).toBe(true);
    expect((await premiumOf(ctx.app, stranger)).active).toBe(false);
    const peek = await ctx.app.inject({ method: 'GET', url: `/api/user/payments/${paymentId}`, headers: stranger.headers });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: expect.stringMatching(persian) });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/user/payments', headers: stranger.headers });
    expect(list.json().meta.total).toBe(0);
  });

  it('asks for a signed-in member and valid input, in Persian, never a 500', async () => {
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: { authorization: 'Bearer nope' }, payload: { plan_id: plans.monthly.id } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toMatch(persian);
    for (const path of ['/api/user/premium', '/api/user/payments', '/api/user/payments/1', '/api/user/gifts']) {
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
    const m = await registerMember(ctx.app);
    for (const payload of [{}, { plan_id: 'x' }, { plan_id: -1 }, { plan_id: 1.5 }, { plan_id: 99999999999 }, { plan_id: 1, discount_code: 'x'.repeat(41) }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/reserve2', headers: m.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(persian);
    }
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: m.headers, payload: { plan_id: 424242 } });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/payments/abc/callback?Authority=x&Status=OK' });
    expect(bad.statusCode).toBe(422);
    const nobody = await ctx.app.inject({ method: 'GET', url: '/api/payments/987654/callback?Authority=x&Status=OK' });
    expect(nobody.statusCode).toBe(303);
    const sandboxPage = await ctx.app.inject({ method: 'GET', url: '/api/gateways/sandbox/SBX00000000000000000000000000000000' });
    expect(sandboxPage.statusCode).toBe(404);
    expect(sandboxPage.body).toMatch(persian);
    const sandboxPost = await ctx.app.inject({ method: 'POST', url: '/api/gateways/sandbox/nope', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=steal' });
    expect(sandboxPost.statusCode).toBe(422);
  });

  it('lists the payment history with receipts, newest first', async () => {
    const m = await registerMember(ctx.app);
    const a = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, a.url);
    const b = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.halfYear.id });
    await paySandbox(ctx.app, b.url, 'cancel');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/payments', headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 2, currentPage: 1 });
    expect(body.data.map((p: { id: number; status: string; kind: string }) => [p.id, p.status, p.kind])).toEqual([
      [b.paymentId, 'cancelled', 'reserve'],
      [a.paymentId, 'paid', 'join'],
    ]);
    expect(body.data[1]).toMatchObject({ amount: 99_000, refId: expect.any(String), paidAt: expect.any(String), period: { startsAt: expect.any(String), endsAt: expect.any(String) } });
    expect(body.data[1]).not.toHaveProperty('authority');
  });
});

describe('reserve', () => {
  it('without a subscription reserve2 behaves like join', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, url);
    const premium = await premiumOf(ctx.app, m);
    expect(premium).toMatchObject({ active: true, daysLeft: 30, reserved: [] });
    expect((await paymentOf(ctx.app, m, paymentId)).outcome).toBe('success');
    expect((await periodsOf(ctx.database, m.id))[0]!.kind).toBe('join');
  });

  it('with one, the plan is queued after it; a later join goes before the queue and pushes it', async () => {
    const m = await registerMember(ctx.app);
    const join = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, join.url);
    const end = new Date((await premiumOf(ctx.app, m)).activeUntil!).getTime();

    const reserve = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.quarterly.id });
    await paySandbox(ctx.app, reserve.url);
    let premium = await premiumOf(ctx.app, m);
    expect(premium.activeUntil).toBe(new Date(end).toISOString());
    expect(premium.daysLeft).toBe(30);
    expect(premium.reserved).toEqual([expect.objectContaining({ planName: 'سه‌ماهه', days: 90, startsAt: new Date(end).toISOString(), endsAt: new Date(end + 90 * DAY_MS).toISOString() })]);
    expect(premium.premiumUntil).toBe(new Date(end + 90 * DAY_MS).toISOString());
    const result = await paymentOf(ctx.app, m, reserve.paymentId);
    expect(result.message).toContain('رزرو');

    const extend = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, extend.url);
    premium = await premiumOf(ctx.app, m);
    expect(premium.activeUntil).toBe(new Date(end + 30 * DAY_MS).toISOString());
    expect(premium.daysLeft).toBe(60);
    expect(premium.reserved[0]).toMatchObject({ startsAt: new Date(end + 30 * DAY_MS).toISOString(), endsAt: new Date(end + 120 * DAY_MS).toISOString() });
    expect(premium.premiumUntil).toBe(new Date(end + 120 * DAY_MS).toISOString());

    // A second reserve queues after the first.
    const again = await buy(ctx.app, m, '/api/user/reserve2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, again.url);
    premium = await premiumOf(ctx.app, m);
    expect(premium.reserved.map((r) => r.days)).toEqual([90, 30]);
    expect(premium.premiumUntil).toBe(new Date(end + 150 * DAY_MS).toISOString());
  });
});

describe('the member profile', () => {
  it('GET /api/user shows premium as active, with its end, once a payment is verified', async () => {
    const m = await registerMember(ctx.app);
    const before = await ctx.app.inject({ url: '/api/user', headers: m.headers });
    expect(before.json().data.premium).toEqual({ active: false, until: null });
    const { url } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, url);
    const after = (await ctx.app.inject({ url: '/api/user', headers: m.headers })).json().data.premium;
    expect(after.active).toBe(true);
    near(after.until, Date.now() + 30 * DAY_MS);
  });
});
