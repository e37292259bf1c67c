import fs from 'node:fs';
import { toPersianDigits } from '@parde/persian';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/modules/premium/periods';
import { createMemberTestApp, outboxFiles, parseMail, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, paymentOf, paySandbox, premiumOf, seedPlans, type SeededPlans } from './helpers/premium';

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

async function buyGift(giver: TestMember, payload: object): Promise<{ paymentId: number; code: string }> {
  const { url, paymentId } = await buy(ctx.app, giver, '/api/user/gift', payload);
  await paySandbox(ctx.app, url);
  const result = await paymentOf(ctx.app, giver, paymentId);
  expect(result.outcome).toBe('success');
  return { paymentId, code: result.gift.code };
}

const redeem = (who: TestMember, code: string) => ctx.app.inject({ method: 'POST', url: '/api/user/gift/redeem', headers: who.headers, payload: { code } });
const notificationsOf = async (who: TestMember) => (await ctx.app.inject({ method: 'GET', url: '/api/user/notifications', headers: who.headers })).json().data as { kind: string; body: string }[];

describe('gifts', () => {
  it('a member buys a plan as a gift: the code is mailed with the message; the giver gets no days', async () => {
    const giver = await registerMember(ctx.app, { name: 'نگار' });
    const email = `friend-${Date.now()}@example.com`;
    const before = outboxFiles(ctx.dataDir).length;
    const { paymentId, code } = await buyGift(giver, { plan_id: plans.quarterly.id, recipient_email: ` ${email.toUpperCase()} `, message: 'تولدت مبارک! <b>فیلم ببین</b>' });
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const result = await paymentOf(ctx.app, giver, paymentId);
    expect(result).toMatchObject({ kind: 'gift', kindLabel: 'خرید هدیه', amount: 249_000, period: null, gift: { code, redeemed: false } });
    expect(result.message).toContain(code);
    expect(await premiumOf(ctx.app, giver)).toMatchObject({ active: false });

    await ctx.app.mailer.flush();
    const files = outboxFiles(ctx.dataDir).slice(before);
    expect(files).toHaveLength(1);
    const mail = parseMail(fs.readFileSync(files[0]!, 'utf8'));
    expect(mail.to).toContain(email);
    expect(mail.subject).toContain('نگار');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('تولدت مبارک!');
    expect(mail.text).toContain(`${toPersianDigits(90)} روز`);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.html).not.toContain('<b>فیلم');
    const { rows } = await ctx.database.pool.query('SELECT mailed_at FROM gift_codes WHERE payment_id = $1', [paymentId]);
    expect(rows[0].mailed_at).not.toBeNull();

    const gifts = (await ctx.app.inject({ method: 'GET', url: '/api/user/gifts', headers: giver.headers })).json();
    expect(gifts.meta.total).toBe(1);
    expect(gifts.data[0]).toMatchObject({ code, planName: 'سه‌ماهه', days: 90, recipientEmail: email, message: 'تولدت مبارک! <b>فیلم ببین</b>', redeemed: false, redeemedAt: null, paymentId });
  });

  it('anyone signed in redeems it once; the giver sees it redeemed; the recipient is notified', async () => {
    const giver = await registerMember(ctx.app, { name: 'بهرام' });
    const { code } = await buyGift(giver, { plan_id: plans.monthly.id });
    const recipient = await registerMember(ctx.app);
    // Typed by hand: lower case, spaces, Persian digits.
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/\d/g, (d) => toPersianDigits(d));
    const started = Date.now();
    const res = await redeem(recipient, typed);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ planName: 'یک‌ماهه', days: 30, premium: { active: true, daysLeft: 30 } });
    expect(Math.abs(new Date(data.endsAt).getTime() - (started + 30 * DAY_MS))).toBeLessThan(60_000);

    const gifts = (await ctx.app.inject({ method: 'GET', url: '/api/user/gifts', headers: giver.headers })).json().data;
    expect(gifts[0]).toMatchObject({ redeemed: true, redeemedAt: expect.any(String) });
    const notes = await notificationsOf(recipient);
    expect(notes.map((n) => n.kind)).toEqual(['gift_received']);
    expect(notes[0]!.body).toContain('بهرام');

    const again = await redeem(await registerMember(ctx.app), code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'GIFT_ALREADY_REDEEMED', message: expect.stringMatching(persian) });
  });

  it('a gift code redeemed by 50 concurrent requests succeeds exactly once', async () => {
    const giver = await registerMember(ctx.app);
    const { code } = await buyGift(giver, { plan_id: plans.monthly.id });
    const members = await Promise.all(Array.from({ length: 5 }, () => registerMember(ctx.app)));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(members[i % 5]!, code)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM premium_periods p JOIN gift_codes g ON g.id = p.gift_id WHERE g.code = $1', [code.replace(/-/g, '')]);
    expect(rows[0]!.n).toBe(1);
    const premium = await Promise.all(members.map((m) => premiumOf(ctx.app, m)));
    expect(premium.filter((p) => p.active)).toHaveLength(1);
  });

  it('a redeemed gift adds its days on what is left, like a join', async () => {
    const m = await registerMember(ctx.app);
    const join = await buy(ctx.app, m, '/api/user/join2', { plan_id: plans.monthly.id });
    await paySandbox(ctx.app, join.url);
    const end = new Date((await premiumOf(ctx.app, m)).activeUntil!).getTime();
    const { code } = await buyGift(await registerMember(ctx.app), { plan_id: plans.quarterly.id });
    expect((await redeem(m, code)).statusCode).toBe(200);
    expect(await premiumOf(ctx.app, m)).toMatchObject({ activeUntil: new Date(end + 90 * DAY_MS).toISOString(), daysLeft: 120 });
  });

  it('the recipient with an account hears about the gift when it is bought, once', async () => {
    const recipient = await registerMember(ctx.app);
    const giver = await registerMember(ctx.app, { name: 'سیما' });
    const { code } = await buyGift(giver, { plan_id: plans.monthly.id, recipient_email: recipient.email });
    expect((await notificationsOf(recipient)).map((n) => n.kind)).toEqual(['gift_received']);
    expect((await redeem(recipient, code)).statusCode).toBe(200);
    expect((await notificationsOf(recipient)).map((n) => n.kind)).toEqual(['gift_received']);
  });

  it('refuses unknown and malformed codes in Persian; a cancelled gift payment makes no code', async () => {
    const m = await registerMember(ctx.app);
    const unknown = await redeem(m, 'ABCD-EFGH-JKLM');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'GIFT_NOT_FOUND', message: expect.stringMatching(persian) });
    for (const code of ['', 'ab', 'x'.repeat(65)]) {
      const res = await redeem(m, code);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(persian);
    }
    const badMail = await ctx.app.inject({ method: 'POST', url: '/api/user/gift', headers: m.headers, payload: { plan_id: plans.monthly.id, recipient_email: 'not-an-email' } });
    expect(badMail.statusCode).toBe(422);
    expect(Object.keys(badMail.json().errors)).toEqual(['recipient_email']);

    const { url, paymentId } = await buy(ctx.app, m, '/api/user/gift', { plan_id: plans.monthly.id, recipient_email: '', message: '' });
    await paySandbox(ctx.app, url, 'cancel');
    const result = await paymentOf(ctx.app, m, paymentId);
    expect(result).toMatchObject({ outcome: 'failure', gift: null, retryPath: `/gift?plan=${plans.monthly.id}` });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/gifts', headers: m.headers })).json().meta.total).toBe(0);
  });
});
