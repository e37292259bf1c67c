import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForScreen } from '../support/browser';
import { asMember, giftFrom, registerMember, signInBrowser } from '../support/members';
import { openContext, WIDTHS } from './screens-support';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

const isUserCall = (url: string) => new URL(url).pathname === '/api/user';

/** Where the dot lives at each width: the header menu on desktop, the bottom bar on a phone. */
const dashboardLink = (width: string, name: string) =>
  (width === '375' ? page.getByTestId('bottom-bar') : page.getByRole('navigation', { name: 'منوی اصلی' })).getByRole('link', { name, exact: true });

describe.each(WIDTHS)('the notification dot at %s px', (width, viewport) => {
  it('appears without a reload when the server makes a notification while the page is open', async () => {
    const recipient = await registerMember({ baseUrl, name: 'نگار' });
    const giver = await registerMember({ baseUrl, name: 'کاوه' });
    context = await openContext(browser, viewport);
    await signInBrowser(context, recipient, baseUrl);
    page = await context.newPage();
    const userCalls: string[] = [];
    page.on('request', (r) => isUserCall(r.url()) && userCalls.push(r.url()));
    // The page's clock is ours to move: no test waits a real minute.
    await page.clock.install();

    const loaded = page.waitForResponse((r) => isUserCall(r.url()));
    await page.goto(`${baseUrl}/contact`);
    await waitForScreen(page);
    await loaded;
    await dashboardLink(width, 'داشبورد').waitFor();
    expect(await page.getByTestId('notification-dot').count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // A real event on the server: someone buys the member a gift, and the callback tells them.
    await giftFrom(baseUrl, giver, recipient);
    const user = await asMember<{ data: { newNotifications: boolean } }>(baseUrl, recipient, 'GET', '/api/user');
    expect(user.body.data.newNotifications).toBe(true);

    const refreshed = page.waitForResponse((r) => isUserCall(r.url()));
    if (width === '1280') {
      // The page stays open and visible: the minute's timer asks again.
      await page.clock.fastForward('01:00');
    } else {
      // The member comes back to the window (20 s later: past the 15 s minimum gap).
      await page.clock.fastForward(20_000);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    }
    expect((await refreshed).status()).toBe(200);
    await dashboardLink(width, 'داشبورد (اعلان تازه دارید)').waitFor();
    // The header holds a dot for each layout; the one of this width shows.
    await page.locator('[data-testid="notification-dot"]:visible').first().waitFor();

    // Same document (no reload), and one call at start plus one refresh: nothing hammered.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(userCalls).toHaveLength(2);
  });
});
