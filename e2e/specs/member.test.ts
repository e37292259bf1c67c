import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newContext, waitForScreen } from '../support/browser';

const baseUrl = inject('baseUrl');

// Accounts are not served yet; the member is simulated at the network edge so the shell's
// member state is checked in a real browser. The token cookie is what the shell reads.
const member = { id: 9, name: 'نیما', email: 'nima@example.com', newNotifications: true };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let userCalls: { authorization: string | undefined }[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  userCalls = [];
  context = await newContext(browser);
  await context.addCookies([{ name: 'token', value: 'e2e-token', url: baseUrl }]);
  page = await context.newPage();
  // A member's shell asks which profile this device shows (household profiles); the made-up token
  // would get a real 401 there and clear the session, so the one profile is answered here too.
  await page.route('**/api/user/profiles', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: { profiles: [{ id: 1, name: member.name, avatar: 'sun', kids: false, main: true, hasPin: false, lockedUntil: null }], currentId: 1, max: 5 } }),
    }),
  );
});
afterEach(async () => {
  await context.close();
});

const answerUser = (status: number) => async (route: Route) => {
  userCalls.push({ authorization: await route.request().headerValue('authorization') ?? undefined });
  const body = status === 200 ? { data: member } : { message: 'ابتدا وارد حساب خود شوید.', code: 'UNAUTHENTICATED' };
  await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
};

describe('the shell for a member', () => {
  it('fetches the user with the Bearer token and shows dashboard, watchlist and the dot', async () => {
    await page.route('**/api/user', answerUser(200));
    // The made-up token would get a real 401 from the watchlist endpoint and clear the session.
    await page.route('**/api/user/watchlist*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } }) }),
    );
    await page.goto(`${baseUrl}/user/watchlist`);
    await page.getByRole('heading', { level: 1, name: 'لیست تماشا' }).waitFor();
    expect(userCalls[0]?.authorization).toBe('Bearer e2e-token');
    const nav = page.getByRole('navigation', { name: 'منوی اصلی' });
    await nav.getByRole('link', { name: 'داشبورد (اعلان تازه دارید)' }).waitFor();
    expect(await nav.getByRole('link', { name: 'لیست تماشا' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'ورود / ثبت‌نام' }).count()).toBe(0);
    expect(await page.getByTestId('notification-dot').first().isVisible()).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null'));
    expect(stored.state).toEqual({ token: 'e2e-token', user: member });
  });

  it('has logout and the dot in the side menu, and dashboard in the bottom bar', async () => {
    await page.setViewportSize(MOBILE);
    await page.route('**/api/user', answerUser(200));
    // The home page shows a member's continue-watching row; the made-up token would get a 401 there.
    await page.route('**/api/user/history*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } }) }),
    );
    await page.goto(`${baseUrl}/`);
    await waitForScreen(page);
    const bar = page.getByTestId('bottom-bar');
    await bar.getByRole('link', { name: 'داشبورد (اعلان تازه دارید)' }).waitFor();
    await page.getByTestId('mobile-logo').click();
    const menu = page.getByTestId('side-menu');
    await menu.getByRole('link', { name: 'خروج' }).waitFor();
    await menu.getByRole('link', { name: 'اعلان‌ها (اعلان تازه دارید)' }).waitFor();
  });

  it('a 401 clears the session: cookie, store, and the guarded page sends to login', async () => {
    await page.route('**/api/user', answerUser(401));
    await page.goto(`${baseUrl}/user/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'ورود' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/dashboard');
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null'));
    expect(stored.state).toEqual({ token: null, user: null });
  });
});
