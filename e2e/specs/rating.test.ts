import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE } from '../support/browser';
import { registerMember, signInBrowser } from '../support/members';
import { apiGet, type Card, expectNoHorizontalOverflow, expectNoSeriousViolations, openContext, type Page1, settle, shoot, WIDTHS } from './screens-support';

/** Issue #5: a member's own 1–10 rating on the title page, and on their watchlist. */

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let title: Card;

beforeAll(async () => {
  browser = await launchBrowser();
  // Any movie: a rating is the member's own and changes nothing anyone else sees.
  [title] = (await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=movie&per_page=1&page=3')).data as [Card];
  expect(title, 'a movie in the demo catalogue').toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

const group = () => page.getByRole('group', { name: 'امتیاز شما' });
const option = (n: string) => group().getByRole('button', { name: `امتیاز ${n} از ۱۰`, exact: true });
const status = () => page.getByTestId('my-rating');
const ratingSaved = () => page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/user/rating/${title.id}`));

async function openTitle() {
  await page.goto(baseUrl + title.path);
  await group().waitFor();
}

describe('a member rates a title', () => {
  it.each(WIDTHS)('at %s px: rates 8, keeps it after a reload, sees it on the watchlist, removes it', async (width, viewport) => {
    const light = viewport !== MOBILE;
    const member = await registerMember({ baseUrl, name: 'نگار' });
    context = await openContext(browser, viewport);
    // The phone in the dark theme, the desktop in the light one: the hero is dark in both.
    if (light) await context.addInitScript(() => localStorage.setItem('mui-mode', 'light'));
    await signInBrowser(context, member, baseUrl);
    page = await context.newPage();
    await openTitle();
    expect(await status().innerText()).toBe('هنوز امتیاز نداده‌اید');
    expect(await group().getByRole('button').allInnerTexts()).toEqual(['۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹', '۱۰']);

    const saved = ratingSaved();
    if (width === '375') {
      await option('۸').click();
    } else {
      // The keyboard: one Tab stop, End to ۱۰, two steps back (to the right) to ۸, Enter.
      await option('۱').focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await option('۸').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => option('۸').getAttribute('aria-pressed')).toBe('true');
    expect((await saved).status()).toBe(200);
    expect(await status().innerText()).toBe('۸ از ۱۰');

    await settle(page);
    await group().scrollIntoViewIfNeeded();
    if (width === '375') await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await shoot(page, `rating-${width}`);

    await page.reload();
    await group().waitFor();
    await expect.poll(() => status().innerText()).toBe('۸ از ۱۰');
    expect(await option('۸').getAttribute('aria-pressed')).toBe('true');
    expect(await option('۸').getAttribute('tabindex')).toBe('0');

    // Onto the watchlist: the card there carries the member's score.
    const watchlistButton = page.locator('[data-testid="watchlist-button"][aria-pressed]:visible').first();
    await expect.poll(() => watchlistButton.getAttribute('aria-pressed')).toBe('false');
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/user/watchlist/${title.id}`));
    await watchlistButton.click();
    expect((await added).status()).toBe(200);
    await page.goto(`${baseUrl}/user/watchlist`);
    const card = page.locator(`[data-testid="watchlist-grid"] [data-title-id="${title.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('card-my-rating').innerText()).toBe('امتیاز شما: ۸');
    await settle(page);
    if (width === '375') await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);

    // Removing it: gone on the page, after a reload, and on the watchlist.
    await openTitle();
    const removed = ratingSaved();
    await page.getByRole('button', { name: 'حذف امتیاز شما' }).click();
    await expect.poll(() => status().innerText()).toBe('هنوز امتیاز نداده‌اید');
    expect((await removed).status()).toBe(200);
    expect(JSON.parse((await removed).request().postData() ?? '{}')).toEqual({ rating: null });
    await page.reload();
    await group().waitFor();
    await expect.poll(() => status().innerText()).toBe('هنوز امتیاز نداده‌اید');
    await page.goto(`${baseUrl}/user/watchlist`);
    await card.waitFor();
    expect(await card.getByTestId('card-my-rating').count()).toBe(0);
  });
});

describe('a visitor', () => {
  it('gets a link to sign in that comes back to the title', async () => {
    context = await openContext(browser, MOBILE);
    page = await context.newPage();
    await page.goto(baseUrl + title.path);
    const link = page.getByRole('link', { name: 'برای امتیاز دادن وارد شوید' });
    await link.waitFor();
    expect(await page.getByRole('group', { name: 'امتیاز شما' }).count()).toBe(0);
    await settle(page);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'ورود' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(title.path);
  });
});
