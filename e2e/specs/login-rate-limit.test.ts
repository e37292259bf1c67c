import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { expectNoSeriousViolations } from './screens-support';

/**
 * The shared e2e server raises AUTH_RATE_LIMIT to 1000 because the other specs sign in many
 * times from one address. Reaching 1000 there is no way to test the limit: per IP it would lock
 * every later spec out of signing in for a minute, and per email it costs a thousand password
 * checks (scrypt, ~45 ms of CPU each). So this spec runs its own server with the production
 * limit (5 a minute, per IP and per email), without the demo catalogue it does not need.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ AUTH_RATE_LIMIT: '5', SEED_DEMO: 'false' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
});

const LIMIT = 5;
const isLogin = (url: string) => new URL(url).pathname === '/api/sanc/login';

describe('signing in too often', () => {
  it('shows the server’s Persian “try again in …” on the login screen', async () => {
    context = await newContext(browser, { viewport: DESKTOP });
    page = await context.newPage();
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole('heading', { level: 1, name: 'ورود' }).waitFor();
    const error = page.getByTestId('form-error');

    const attempt = async () => {
      await page.getByTestId('field-email').fill('guess@example.com');
      await page.getByTestId('field-password').fill('wrong-password-1');
      const answered = page.waitForResponse((r) => isLogin(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      return answered;
    };

    // Wrong passwords: the server's 422, in Persian, while under the limit.
    for (let i = 0; i < LIMIT; i++) expect((await attempt()).status()).toBe(422);
    await error.waitFor();

    const limited = await attempt();
    expect(limited.status()).toBe(429);
    const retryAfter = Number(await limited.headerValue('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await limited.json()) as { message: string; code: string };
    expect(body.code).toBe('TOO_MANY_REQUESTS');
    // The alert shows exactly the server's sentence, seconds in Persian digits.
    await page.waitForFunction((text) => document.querySelector('[data-testid="form-error"]')?.textContent === text, body.message);
    expect(body.message).toMatch(/[۰-۹]+ ثانیهٔ دیگر دوباره تلاش کنید\.$/);
    expect(body.message).not.toMatch(/[0-9A-Za-z]/);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('field-email').inputValue()).toBe('guess@example.com');
    await expectNoSeriousViolations(page);
  });
});
