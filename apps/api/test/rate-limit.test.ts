import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('rate limits', () => {
  it(`refuses the request past the limit with a Persian 429 and Retry-After${process.env.REDIS_URL ? ' (Redis store)' : ''}`, async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await ctx.app.inject({ url: '/api/no-such-thing', remoteAddress: '10.9.8.7' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(last!.json().code).toBe('TOO_MANY_REQUESTS');
    expect(last!.json().message).toMatch(/ثانیهٔ دیگر دوباره تلاش کنید/);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client separately', async () => {
    const res = await ctx.app.inject({ url: '/api/no-such-thing', remoteAddress: '10.9.8.8' });
    expect(res.statusCode).toBe(404);
  });

  it('never limits health checks', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ url: '/healthz', remoteAddress: '10.9.8.7' });
      expect(res.statusCode).toBe(200);
    }
  });
});
