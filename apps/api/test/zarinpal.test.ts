import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPremiumJobs } from '../src/modules/payments/jobs';
import { DAY_MS } from '../src/modules/premium/periods';
import { createMemberTestApp, outboxFiles, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, eventsOf, pathOf, paymentOf, periodsOf, premiumOf, seedPlans, startFakeZarinpal, type FakeZarinpal, type SeededPlans } from './helpers/premium';

let ctx: MemberTestContext;
let zp: FakeZarinpal;
let plans: SeededPlans;

beforeAll(async () => {
  zp = await startFakeZarinpal();
  ctx = await createMemberTestApp({ GATEWAY: 'zarinpal', ZARINPAL_MERCHANT_ID: zp.merchantId, ZARINPAL_BASE_URL: zp.baseUrl });
  plans = await seedPlans(ctx.database);
});
afterAll(async () => {
  await ctx?.close();
  await zp?.close();
});

const persian = /[\u0600-\u06FF]/;
const resultPage = (id: number) => `${ctx.config.SITE_URL}/premium/result?payment=${id}`;
const authorityOf = (url: string) => decodeURIComponent(url.slice(`${zp.baseUrl}/pg/StartPay/`.length));
const returnTo = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
};
/** join2/reserve2/gift at Zarinpal: the StartPay page, then the payer pays (or not) and comes back. */
const payAtZarinpal = async (who: TestMember, path: string, payload: object, outcome: 'pay' | 'cancel' = 'pay') => {
  const { url, paymentId } = await buy(ctx.app, who, path, payload);
  expect(url).toMatch(new RegExp(`^${zp.baseUrl}/pg/StartPay/A\\d{35}$`));
  expect((await fetch(url)).status).toBe(200);
  const authority = authorityOf(url);
  const back = outcome === 'pay' ? zp.pay(authority) : zp.cancel(authority);
  expect(await returnTo(back)).toBe(resultPage(paymentId));
  return { paymentId, authority, back };
};

describe('join through Zarinpal', () => {
  it('requests in Rial with our merchant id, sends the payer to StartPay, verifies the returned Authority, activates', async () => {
    const m = await registerMember(ctx.app);
    const before = zp.calls.verify.length;
    const { paymentId, authority } = await payAtZarinpal(m, '/api/user/join2', { plan_id: plans.quarterly.id });

    const request = zp.calls.request.at(-1)!;
    expect(request).toMatchObject({ merchant_id: zp.merchantId, amount: 2_490_000, currency: 'IRR', metadata: { order_id: String(paymentId), email: m.email } });
    expect(request.callback_url).toMatch(new RegExp(`/api/payments/${paymentId}/callback$`));
    expect(String(request.description)).toMatch(persian);
    expect(zp.calls.verify.slice(before)).toEqual([{ merchant_id: zp.merchantId, amount: 2_490_000, authority }]);

    const result = await paymentOf(ctx.app, m, paymentId);
    expect(result).toMatchObject({ outcome: 'success', status: 'paid', gateway: 'zarinpal', amount: 249_000, refId: String(zp.payments.get(authority)!.refId), cardPan: '502229******5995' });
    expect(await premiumOf(ctx.app, m)).toMatchObject({ active: true, daysLeft: 90 });
  });

  it('verifies once: 10 replayed and 10 concurrent callbacks give one subscription and one verify call', async () => {
    const m = await registerMember(ctx.app);
    const { paymentId, back } = await payAtZarinpal(m, '/api/user/join2', { plan_id: plans.monthly.id });
    const verifies = zp.calls.verify.length;
    for (let i = 0; i < 10; i++) expect(await returnTo(back)).toBe(resultPage(paymentId));
    const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({ method: 'GET', url: pathOf(back) })));
    expect(answers.every((a) => a.statusCode === 303)).toBe(true);
    expect(zp.calls.verify.length).toBe(verifies);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(1);

    // And 10 concurrent first callbacks of a fresh payment.
    const m2 = await registerMember(ctx.app);
    const { url, paymentId: id2 } = await buy(ctx.app, m2, '/api/user/join2', { plan_id: plans.monthly.id });
    const back2 = zp.pay(authorityOf(url));
    const before2 = zp.calls.verify.length;
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({ method: 'GET', url: pathOf(back2) })));
    expect(concurrent.every((a) => a.statusCode === 303 && a.headers.location === resultPage(id2))).toBe(true);
    expect(zp.calls.verify.length - before2).toBe(1);
    expect(await periodsOf(ctx.database, m2.id)).toHaveLength(1);
    expect((await paymentOf(ctx.app, m2, id2)).outcome).toBe('success');
  });

  it('Status=NOK (cancelled at the bank) fails the payment without asking the bank', async () => {
    const m = await registerMember(ctx.app);
    const verifies = zp.calls.verify.length;
    const { paymentId } = await payAtZarinpal(m, '/api/user/join2', { plan_id: plans.monthly.id }, 'cancel');
    expect(zp.calls.verify.length).toBe(verifies);
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ outcome: 'failure', status: 'cancelled', retryPath: `/premium/join/${plans.monthly.id}` });
    expect(await premiumOf(ctx.app, m)).toMatchObject({ active: false });
  });

  it('-51 (not paid) at verify fails the payment with a Persian reason and a retry', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    // The payer comes back with OK, but the bank never took the money.
    const back = zp.cancel(authorityOf(url)).replace('Status=NOK', 'Status=OK');
    await returnTo(back);
    const result = await paymentOf(ctx.app, m, paymentId);
    expect(result).toMatchObject({ outcome: 'failure', status: 'failed', retryPath: `/premium/join/${plans.monthly.id}` });
    expect(result.failureReason).toMatch(persian);
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
    const events = await eventsOf(ctx.database, paymentId);
    expect(events.at(-1)).toMatchObject({ from_status: 'verifying', to_status: 'failed', event: 'failed' });
  });

  it('-50 (the amount differs) is refused as an amount mismatch', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await ctx.database.pool.query('UPDATE payments SET amount = amount - 9000, discount_amount = discount_amount + 9000 WHERE id = $1', [paymentId]);
    await returnTo(zp.pay(authorityOf(url)));
    expect(zp.calls.verify.at(-1)).toMatchObject({ amount: 900_000 });
    const result = await paymentOf(ctx.app, m, paymentId);
    expect(result).toMatchObject({ outcome: 'failure', status: 'failed' });
    expect(result.failureReason).toContain('مبلغ');
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(0);
  });

  it('101 (already verified at the bank) still settles the payment once', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    const authority = authorityOf(url);
    const back = zp.pay(authority);
    zp.payments.get(authority)!.verified = true;
    await returnTo(back);
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ outcome: 'success', refId: String(zp.payments.get(authority)!.refId) });
    const events = await eventsOf(ctx.database, paymentId);
    expect(events.at(-1)).toMatchObject({ to_status: 'paid' });
  });

  it('no answer at verify (dropped connection, -52) leaves it pending; the jobs settle it later', async () => {
    const m = await registerMember(ctx.app);
    const { url, paymentId } = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    const back = zp.pay(authorityOf(url));
    zp.failVerify('drop');
    await returnTo(back);
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ outcome: 'pending', status: 'verifying' });
    // Replays while it is being verified do nothing.
    await returnTo(back);
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ status: 'verifying' });

    zp.failVerify(-52);
    const soon = await runPremiumJobs({ database: ctx.database, config: ctx.config, log: ctx.app.log }, new Date(Date.now() + 3 * 60_000));
    expect(soon.retriedPayments).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ status: 'verifying' });

    await runPremiumJobs({ database: ctx.database, config: ctx.config, log: ctx.app.log }, new Date(Date.now() + 6 * 60_000));
    expect(await paymentOf(ctx.app, m, paymentId)).toMatchObject({ outcome: 'success', status: 'paid' });
    expect(await periodsOf(ctx.database, m.id)).toHaveLength(1);
  });

  it('a refused or unreachable request is a Persian 503, and the payment is recorded as failed', async () => {
    const m = await registerMember(ctx.app);
    for (const code of [-9, -10, -11, -12, -15]) {
      zp.failNextRequest(code);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: m.headers, payload: { plan_id: plans.monthly.id } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', message: expect.stringMatching(persian) });
    }
    const { rows } = await ctx.database.pool.query<{ status: string; failure_code: string }>('SELECT status, failure_code FROM payments WHERE user_id = $1', [m.id]);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === 'failed' && r.failure_code === 'GATEWAY_ERROR')).toBe(true);

    zp.failNextRequest('drop');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/join2', headers: m.headers, payload: { plan_id: plans.monthly.id } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('GATEWAY_UNAVAILABLE');
  });
});

describe('reserve and gift through Zarinpal', () => {
  it('reserve2 queues the plan after the running subscription', async () => {
    const m = await registerMember(ctx.app);
    await payAtZarinpal(m, '/api/user/join2', { plan_id: plans.monthly.id });
    const end = new Date((await premiumOf(ctx.app, m)).activeUntil!).getTime();
    const { paymentId } = await payAtZarinpal(m, '/api/user/reserve2', { plan_id: plans.halfYear.id });
    expect(zp.calls.request.at(-1)).toMatchObject({ amount: 4_590_000 });
    const premium = await premiumOf(ctx.app, m);
    expect(premium).toMatchObject({ daysLeft: 30, activeUntil: new Date(end).toISOString(), premiumUntil: new Date(end + 180 * DAY_MS).toISOString() });
    expect(premium.reserved).toHaveLength(1);
    expect((await paymentOf(ctx.app, m, paymentId)).kind).toBe('reserve');
  });

  it('gift: pays, mails the code to the recipient, and the code works once', async () => {
    const giver = await registerMember(ctx.app, { name: 'نگار' });
    const recipient = await registerMember(ctx.app);
    const { paymentId } = await payAtZarinpal(giver, '/api/user/gift', { plan_id: plans.monthly.id, recipient_email: recipient.email, message: 'تولدت مبارک!' });
    const result = await paymentOf(ctx.app, giver, paymentId);
    expect(result).toMatchObject({ outcome: 'success', kind: 'gift', period: null, gift: { code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/), redeemed: false } });
    expect(await premiumOf(ctx.app, giver)).toMatchObject({ active: false });
    await ctx.app.mailer.flush();
    expect(outboxFiles(ctx.dataDir).some((f) => f.includes('-gift-'))).toBe(true);

    const redeem = await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: recipient.headers, payload: { code: result.gift.code } });
    expect(redeem.statusCode).toBe(200);
    expect(await premiumOf(ctx.app, recipient)).toMatchObject({ active: true, daysLeft: 30 });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: giver.headers, payload: { code: result.gift.code } });
    expect(again.statusCode).toBe(409);
  });
});
