import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { apiGet, type Card, expectNoHorizontalOverflow, expectNoSeriousViolations, openContext, type Page1, settle, shoot, WIDTHS } from './screens-support';

/** The trailer route of spec §2 (`watch/trailer/{imdb}`), from the title page's trailer link. */

const baseUrl = inject('baseUrl');
type Detail = Card & { imdbId: string; trailer: { youtubeId: string | null; durationSec: number | null; path: string } | null };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let withTrailer: Detail;

beforeAll(async () => {
  browser = await launchBrowser();
  const list = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=movie&per_page=24');
  for (const card of list.data) {
    const { data } = await apiGet<{ data: Detail }>(baseUrl, `/api/titles/${card.id}`);
    if (data.trailer?.youtubeId) {
      withTrailer = data;
      break;
    }
  }
  if (!withTrailer) throw new Error('the demo catalogue has no movie with a trailer among the first page');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

const h1 = () => page.locator('main h1');

describe.each(WIDTHS)('trailer at %s px', (width, viewport) => {
  it('opens from the title page, plays only on request in the privacy-enhanced player, and leads back', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    const youtube: string[] = [];
    page.on('request', (r) => {
      if (/youtube/.test(r.url())) youtube.push(r.url());
    });
    await page.goto(baseUrl + withTrailer.path);
    await page.getByTestId('trailer-link').first().click();
    await page.waitForURL((u) => u.pathname === `/watch/trailer/${withTrailer.imdbId}`);
    const name = withTrailer.titleFa ?? withTrailer.titleEn;
    await expect.poll(() => h1().innerText()).toBe(`تریلر ${name}`);
    const play = page.getByTestId('trailer-play');
    expect(await play.getAttribute('aria-label')).toBe(`پخش تریلر ${name}`);
    await settle(page);
    // Nothing from YouTube before the viewer asks.
    expect(youtube).toEqual([]);
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `trailer-${width}`);
    await expectNoSeriousViolations(page);

    await play.focus();
    await page.keyboard.press('Enter');
    const frame = page.getByTestId('trailer-frame');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${withTrailer.trailer!.youtubeId}?autoplay=1&rel=0&hl=fa&cc_lang_pref=fa`);
    expect(await frame.getAttribute('title')).toBe(`تریلر ${name}`);

    await page.getByTestId('trailer-back').click();
    await page.waitForURL((u) => u.pathname === withTrailer.path);
  });
});

describe('trailer: missing', () => {
  it('an unknown IMDb id shows the Persian not-found page', async () => {
    context = await openContext(browser, WIDTHS[1][1]);
    page = await context.newPage();
    await page.goto(`${baseUrl}/watch/trailer/tt9999999`);
    await expect.poll(() => h1().innerText()).toBe('صفحه پیدا نشد');
    await page.getByText('فیلم یا سریالی با این نشانی پیدا نشد.').waitFor();
  });
});
