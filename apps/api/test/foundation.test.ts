import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SITE_HOST: 'parde.test' });
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;

describe('health', () => {
  it('answers liveness without touching the database', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers readiness after asking the database', async () => {
    const res = await ctx.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.database).toBe('ok');
    expect(res.json().checks.redis).toBe(process.env.REDIS_URL ? 'ok' : 'disabled');
  });

  it('echoes a well-formed request id and replaces a hostile one', async () => {
    const ok = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(bad.headers['x-request-id']).not.toBe('a b\nc');
  });

  it('has pg_trgm installed by the first migration', async () => {
    const { rows } = await ctx.database.pool.query("select extname from pg_extension where extname = 'pg_trgm'");
    expect(rows).toHaveLength(1);
  });
});

describe('database connections', () => {
  it('a named prepared statement still works after the pool replaced its connection', async () => {
    const { pool } = ctx.database;
    const query = { name: 'foundation_reconnect', text: 'SELECT $1::int + 1 AS n', values: [1] };
    expect((await pool.query(query)).rows[0].n).toBe(2);
    // Throw the connection away, as an idle timeout or a network blip would.
    const client = await pool.connect();
    client.release(true);
    expect((await pool.query(query)).rows[0].n).toBe(2);
    // And a transaction left open by a dead connection does not leak into the next one.
    const broken = await pool.connect();
    await broken.query('BEGIN');
    await broken.query("SET LOCAL statement_timeout = '1ms'");
    broken.release(true);
    const { rows } = await pool.query('SHOW statement_timeout');
    expect(rows[0].statement_timeout).not.toBe('1ms');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a Persian JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect(res.json().message).toMatch(persian);
  });

  it('answers a validation failure with 422 and Persian messages per field', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { cookie, ...header },
      payload: { name: 'x', email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name']);
    expect(body.errors.email[0]).toBe('نشانی ایمیل معتبر نیست.');
    expect(body.errors.name[0]).toBe('دست‌کم ۲ نویسه وارد کنید.');
    expect(body.message).toMatch(persian);
  });

  it('reports a missing field as required', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie, ...header }, payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['این فیلد الزامی است.']);
  });

  it('answers malformed JSON with a Persian 400, not a 500', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { cookie, ...header, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('never shows a stack trace or the internal message of a crash', async () => {
    const res = await ctx.app.inject({ url: '/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: expect.stringMatching(persian) });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
  });
});

describe('CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie', async () => {
    const res = await ctx.app.inject({ url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const c = res.cookies.find((x) => x.name === 'XSRF-TOKEN');
    expect(c?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(c?.httpOnly).toBeFalsy();
    expect(c?.sameSite).toBe('Lax');
  });

  it('refuses a cookie-borne write without the header, with 419', async () => {
    const { cookie } = await csrf(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie }, payload: { name: 'علی', email: 'a@b.co' } });
    expect(res.statusCode).toBe(419);
    expect(res.json().code).toBe('CSRF_MISMATCH');
  });

  it('refuses a header that does not match the cookie', async () => {
    const a = await csrf(ctx.app);
    const b = await csrf(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie: a.cookie, ...b.header }, payload: { name: 'علی', email: 'a@b.co' } });
    expect(res.statusCode).toBe(419);
  });

  it('refuses a token the server did not sign, even when cookie and header agree', async () => {
    const forged = 'attacker-chosen.value';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
      payload: { name: 'علی', email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(419);
  });

  it('accepts the matching header', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie, ...header }, payload: { name: 'علی', email: 'a@b.co' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'علی', email: 'a@b.co' } });
  });

  it('needs no token when the request carries a bearer header (it cannot be forged cross-site)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { authorization: 'Bearer something' },
      payload: { name: 'علی', email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('CORS', () => {
  for (const origin of ['https://parde.test', 'https://www.parde.test', 'https://app.parde.test', 'https://m.parde.test', 'http://localhost:5173']) {
    it(`allows credentials from ${origin}`, async () => {
      const res = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/titles/search',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-xsrf-token,content-type,authorization,x-profile' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-xsrf-token');
      // The web app names the profile it shows on every call (decision 21).
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-profile');
    });
  }

  for (const origin of ['https://evil.test', 'https://parde.test.evil.test', 'http://parde.test', 'https://api.parde.test.evil']) {
    it(`gives no CORS grant to ${origin}`, async () => {
      const res = await ctx.app.inject({ url: '/healthz', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  }
});

describe('security headers', () => {
  it('sends a CSP that lets hls.js workers and blob media run, and forbids framing', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No inline script anywhere: scripts come from the site itself only.
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const permissions = String(res.headers['permissions-policy']);
    expect(permissions).toContain('camera=()');
    expect(permissions).toContain('geolocation=()');
    expect(permissions).toContain('fullscreen=(self "https://www.youtube-nocookie.com")');
  });

  it('in production over https: HSTS, and cookies marked Secure', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SITE_HOST: 'parde.example', TRUST_PROXY: 'true' });
    try {
      const res = await prod.app.inject({ url: '/sanctum/csrf-cookie', headers: { 'x-forwarded-proto': 'https', host: 'parde.example' } });
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
      const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      // Development keeps plain http working: no HSTS.
      expect((await ctx.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});

describe('draining (a stop behind a proxy)', () => {
  it('still answers, closing each connection, and says 503 on /readyz so a balancer sends no more', async () => {
    const own = await createTestApp();
    try {
      expect((await own.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      own.app.startDraining();
      const ready = await own.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', draining: true, checks: { database: 'ok' } });
      const list = await own.app.inject({ url: '/api/genres' });
      expect(list.statusCode).toBe(200);
      expect(list.headers.connection).toBe('close');
    } finally {
      await own.close();
    }
  });

  it('knows when no handler is running, so the database closes only after the last one finished', async () => {
    const own = await createTestApp();
    try {
      await expect(Promise.race([own.app.whenIdle(5000).then(() => 'idle'), new Promise((r) => setTimeout(() => r('waiting'), 50))])).resolves.toBe('idle');
      const slow = own.app.inject({ url: '/__test/slow-query?ms=400' });
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      await own.app.whenIdle(5000);
      // Resolved by the handler's end (~300 ms on), not before it and not by the time limit.
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await slow).json()).toEqual({ done: true });
      // The time limit holds when a handler never ends in time.
      const stuck = own.app.inject({ url: '/__test/slow?ms=3000' });
      await new Promise((r) => setTimeout(r, 50));
      const limited = Date.now();
      await own.app.whenIdle(200);
      expect(Date.now() - limited).toBeLessThan(2000);
      await stuck;
    } finally {
      await own.close();
    }
  });
});
