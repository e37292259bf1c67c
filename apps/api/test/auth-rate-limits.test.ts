import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberTestApp, uniqueEmail, type MemberTestContext } from './helpers/members';

let ctx: MemberTestContext;
beforeAll(async () => {
  // The production limits: 5 a minute per IP and per email.
  ctx = await createMemberTestApp({ AUTH_RATE_LIMIT: '5' });
});
afterAll(async () => {
  await ctx?.close();
});

let ip = 0;
const nextIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;
const post = (url: string, payload: object, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { authorization: 'Bearer none' } });

function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  // The Persian message says when to try again, as Retry-After does.
  expect(res.json().message).toMatch(/[۰-۹]+ ثانیهٔ دیگر دوباره تلاش کنید/);
  const after = Number(res.headers['retry-after']);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(60);
}

describe(`sign-in rate limits${process.env.REDIS_URL ? ' (Redis store)' : ''}`, () => {
  const forms: [string, (email: string) => object][] = [
    ['/api/sanc/login', (email) => ({ email, password: 'whatever-pass' })],
    ['/api/sanc/register', (email) => ({ name: 'آزمون', email, password: 'long-enough', password_confirmation: 'long-enough' })],
    ['/api/forgot-password', (email) => ({ email })],
    ['/api/sanc/login-link', (email) => ({ email })],
  ];

  for (const [url, body] of forms) {
    it(`${url}: 5 a minute per IP`, async () => {
      const from = nextIp();
      for (let i = 0; i < 5; i++) expect((await post(url, body(uniqueEmail()), from)).statusCode).not.toBe(429);
      expectLimited(await post(url, body(uniqueEmail()), from));
      // Someone else is not affected.
      expect((await post(url, body(uniqueEmail()), nextIp())).statusCode).not.toBe(429);
    });

    it(`${url}: 5 a minute per email, from any number of addresses`, async () => {
      const email = uniqueEmail('target');
      for (let i = 0; i < 5; i++) expect((await post(url, body(email), nextIp())).statusCode).not.toBe(429);
      expectLimited(await post(url, body(email.toUpperCase()), nextIp()));
      expect((await post(url, body(uniqueEmail()), nextIp())).statusCode).not.toBe(429);
    });
  }

  it('/api/sanc/login-with-token: 5 a minute per IP', async () => {
    const from = nextIp();
    for (let i = 0; i < 5; i++) expect((await post('/api/sanc/login-with-token', { token: `guess-${i}-xxxxxxxxxxxxxxxx` }, from)).statusCode).toBe(422);
    expectLimited(await post('/api/sanc/login-with-token', { token: 'guess-6-xxxxxxxxxxxxxxxx' }, from));
  });

  it('/api/reset-password: 5 a minute per IP', async () => {
    const from = nextIp();
    const body = { token: 'guess-xxxxxxxxxxxxxxxxxxxx', password: 'long-enough', password_confirmation: 'long-enough' };
    for (let i = 0; i < 5; i++) expect((await post('/api/reset-password', body, from)).statusCode).toBe(422);
    expectLimited(await post('/api/reset-password', body, from));
  });
});
