import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE } from '../support/browser';
import { apiGet, type Card, expectNoHorizontalOverflow, expectNoSeriousViolations, LATIN_DIGIT, openContext, type Page1, PERSIAN, settle, shoot, VisitorPages, WIDTHS } from './screens-support';
import { toPersianDigits } from '@parde/persian';

const baseUrl = inject('baseUrl');

let browser: Browser;
/** A test's own context (one that signs in or intercepts requests); closed after it. */
let context: BrowserContext | undefined;
let visitors: VisitorPages;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  visitors = new VisitorPages(browser);
});
afterAll(async () => {
  await visitors?.close();
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A visitor's read-only visit, on the viewport's shared page. */
async function open(viewport: { width: number; height: number }, route: string) {
  page = await visitors.visit(viewport, baseUrl + route);
}

const h1 = () => page.locator('main h1');
const cards = () => page.getByTestId('title-card');
const firstCardId = () => cards().first().getAttribute('data-title-id');

describe.each(WIDTHS)('lists at %s px', (width, viewport) => {
  it('home: picks, then the list in Persian, with page links; screenshot and axe', async () => {
    await open(viewport, '/');
    expect(await h1().innerText()).toBe('فیلم‌ها و سریال‌ها');
    await page.getByTestId('slideshow').waitFor();
    expect(await page.getByTestId('slide').count()).toBeGreaterThan(1);
    expect(await cards().count()).toBe(24);
    expect(await cards().first().innerText()).toMatch(PERSIAN);
    expect(await page.getByTestId('result-count').innerText()).toMatch(/^[۰-۹٬]+ عنوان$/);
    const nav = page.getByRole('navigation', { name: 'ناوبری صفحه' });
    expect(await nav.innerText()).not.toMatch(LATIN_DIGIT);
    await nav.getByRole('link', { name: 'رفتن به صفحهٔ ۲' }).waitFor();
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `home-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('filters are in the URL, change the list, and survive back and forward', async () => {
    await open(viewport, '/');
    const before = await firstCardId();

    const series = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=series&per_page=24');
    const seriesByYear = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=series&order_by=year&per_page=24');
    expect(series.data[0]!.id).not.toBe(seriesByYear.data[0]!.id);

    await page.getByTestId('type-series').click();
    await page.waitForURL((u) => u.search === '?type=series');
    await expect.poll(firstCardId).toBe(String(series.data[0]!.id));
    expect(await h1().innerText()).toBe('سریال‌ها');
    // A card just added is laid out at the next frame (content-visibility: auto).
    await expect.poll(() => cards().first().innerText()).toContain('سریال');

    await page.getByTestId('order-by').selectOption('year');
    await page.waitForURL((u) => u.search === '?order_by=year&type=series');
    await expect.poll(firstCardId).toBe(String(seriesByYear.data[0]!.id));

    await page.goBack();
    await page.waitForURL((u) => u.search === '?type=series');
    expect(await page.getByTestId('order-by').inputValue()).toBe('votes');
    await expect.poll(firstCardId).toBe(String(series.data[0]!.id));
    await page.goBack();
    await page.waitForURL((u) => u.search === '');
    expect(await h1().innerText()).toBe('فیلم‌ها و سریال‌ها');
    await expect.poll(firstCardId).toBe(before);
    await page.goForward();
    await page.waitForURL((u) => u.search === '?type=series');
    expect(await page.getByTestId('type-series').getAttribute('aria-pressed')).toBe('true');
  });

  it('the less used filters (genre, years, dubbed) fold away on a phone and still reach the URL', async () => {
    await open(viewport, '/');
    if (viewport === MOBILE) {
      expect(await page.getByTestId('genre').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'فیلترهای بیشتر' }).click();
    }
    // Each change is awaited in the page itself (its chip) before the next one, as a person would.
    const chips = page.getByTestId('active-filters');
    await page.getByTestId('genre').selectOption('drama');
    await page.waitForURL((u) => u.search === '?genre=drama');
    await chips.getByRole('button', { name: /ژانر: درام/ }).waitFor();
    await page.getByTestId('year-from').selectOption('2000');
    await page.waitForURL((u) => u.search === '?genre=drama&year_from=2000');
    await chips.getByText('از سال ۲۰۰۰').waitFor();
    await page.getByTestId('dubbed-toggle').click();
    await page.waitForURL((u) => u.search === '?is_dubbed=1&genre=drama&year_from=2000');
    await chips.getByText('فقط دوبله').waitFor();
    expect(await h1().innerText()).toBe('فیلم‌ها و سریال‌های دوبله');
    await chips.getByRole('button', { name: 'حذف فیلترها' }).click();
    await page.waitForURL((u) => u.search === '');
    // The country: the list becomes that country's titles.
    await chips.waitFor({ state: 'detached' });
    if (viewport === MOBILE && !(await page.getByTestId('country').isVisible())) await page.getByRole('button', { name: 'فیلترهای بیشتر' }).click();
    await page.getByTestId('country').selectOption('FR');
    await page.waitForURL((u) => u.search === '?country=FR');
    await chips.getByRole('button', { name: /کشور: فرانسه/ }).waitFor();
    const french = await apiGet<Page1<Card>>(baseUrl, '/api/titles?country=FR&per_page=24');
    expect(french.data.length).toBeGreaterThan(0);
    await expect.poll(firstCardId).toBe(String(french.data[0]!.id));
  });

  it('`/?is_dubbed=1` is the dubbed list; its cards open titles with dubs first', async () => {
    await open(viewport, '/?is_dubbed=1');
    expect(await h1().innerText()).toBe('فیلم‌ها و سریال‌های دوبله');
    const n = await cards().count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(n, 6); i++) expect(await cards().nth(i).innerText()).toContain('دوبله');
    expect(await cards().first().getAttribute('href')).toMatch(/\?dub=1$/);
    if (width === '1280') await shoot(page, 'dubbed-1280');
  });

  it('`/tv` is the series list, with series picks and no type switch', async () => {
    await open(viewport, '/tv');
    expect(await h1().innerText()).toBe('سریال‌ها');
    expect(await page.getByTestId('type-all').count()).toBe(0);
    const { data } = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=series&per_page=24');
    expect(await firstCardId()).toBe(String(data[0]!.id));
    // The picks above the list are series, the series picks the API gives.
    const picks = (await apiGet<{ data: (Card & { path: string; type: string })[] }>(baseUrl, '/api/titles/slideshow?type=series')).data;
    expect(picks.length).toBeGreaterThan(1);
    expect(picks.every((t) => t.type === 'series')).toBe(true);
    await expect.poll(() => page.getByTestId('slide').count()).toBe(picks.length);
    const active = page.locator('[data-testid="slide"][data-active="true"]');
    expect(await active.locator('.p-slide__cta').getAttribute('href')).toBe(picks[0]!.path);
    expect(await active.locator('h2').innerText()).toBe(picks[0]!.titleFa);
    await shoot(page, `tv-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('pages are links: page 2 has other cards, and back returns', async () => {
    await open(viewport, '/?order_by=rating');
    const first = await firstCardId();
    await page.getByRole('navigation', { name: 'ناوبری صفحه' }).getByRole('link', { name: 'رفتن به صفحهٔ ۲' }).click();
    await page.waitForURL((u) => u.search === '?order_by=rating&page=2');
    await expect.poll(firstCardId).not.toBe(first);
    await page.getByRole('link', { name: 'صفحهٔ ۲' }).first().waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.search === '?order_by=rating');
    await expect.poll(firstCardId).toBe(first);
  });

  it('a search with no result shows the Persian empty state and a way out', async () => {
    await open(viewport, '/?q=qqzzxxyy');
    expect(await h1().innerText()).toBe('جستجوی «qqzzxxyy»');
    const empty = page.getByTestId('empty-state');
    expect(await empty.innerText()).toContain('چیزی برای «qqzzxxyy» پیدا نشد.');
    await empty.getByRole('button', { name: 'حذف فیلترها' }).click();
    await page.waitForURL((u) => u.search === '');
    await cards().first().waitFor();
    if (width === '375') await shoot(page, 'home-empty-375');
  });

  it('a missing poster falls back to the default artwork', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    await page.route(/\/api\/artwork\/titles\/\d+\/poster\.png$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(baseUrl + '/?order_by=year');
    await cards().first().waitFor();
    const img = cards().first().locator('img');
    await expect.poll(() => img.getAttribute('data-fallback')).toBe('true');
    expect(await img.getAttribute('src')).toMatch(/\/api\/artwork\/fallback\.svg$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // The box kept its 2:3 shape while the image was swapped.
    const box = (await img.boundingBox())!;
    expect(Math.abs(box.height / box.width - 1.5)).toBeLessThan(0.02);
  });
});

describe.each(WIDTHS)('categories, coming soon and collections at %s px', (width, viewport) => {
  it('categories: genres and countries open filtered lists', async () => {
    await open(viewport, '/categories');
    expect(await h1().innerText()).toBe('دسته‌بندی‌ها');
    const genres = page.getByTestId('genre-tiles').getByRole('link');
    expect(await genres.count()).toBeGreaterThan(5);
    expect(await genres.first().innerText()).toMatch(/[۰-۹]+ عنوان/);
    await shoot(page, `categories-${width}`);
    await expectNoSeriousViolations(page);

    const drama = page.getByTestId('genre-tiles').getByRole('link', { name: /درام/ }).first();
    await drama.click();
    await page.waitForURL((u) => u.pathname === '/' && new URLSearchParams(u.search).get('genre') === 'drama');
    await page.getByTestId('active-filters').getByRole('button', { name: /ژانر: درام/ }).waitFor();
    await cards().first().waitFor();

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/categories');
    const country = page.getByTestId('country-tiles').getByRole('link').first();
    const code = (await country.getAttribute('href'))!.match(/country=([A-Z]{2})/)![1]!;
    await country.click();
    await page.waitForURL((u) => new URLSearchParams(u.search).get('country') === code);
    await cards().first().waitFor();
  });

  it('coming soon: expected dates in the Jalali calendar, Persian digits', async () => {
    await open(viewport, '/comingsoon');
    expect(await h1().innerText()).toBe('به‌زودی');
    const dates = page.getByTestId('expected-date');
    expect(await dates.count()).toBeGreaterThan(0);
    const months = 'فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند';
    const text = await dates.first().innerText();
    expect(text).toMatch(new RegExp(`^انتشار: [۰-۹]{1,2} (${months}) [۰-۹]{4}$`));
    // The first expected date, read back from the API, is the same Tehran day.
    const { data } = await apiGet<Page1<Card>>(baseUrl, '/api/titles/comingsoon?per_page=24');
    const g = new Date(data[0]!.expectedDate!);
    const jalaliYear = new Intl.DateTimeFormat('en-u-ca-persian', { year: 'numeric', timeZone: 'Asia/Tehran' }).format(g).replace(/\D/g, '');
    expect(text).toContain(toPersianDigits(jalaliYear));
    await shoot(page, `comingsoon-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('collections: covers and counts; one collection lists its titles; a wrong slug is corrected', async () => {
    await open(viewport, '/collections');
    expect(await h1().innerText()).toBe('مجموعه‌ها');
    const list = page.getByTestId('collection-card');
    expect(await list.count()).toBeGreaterThan(3);
    expect(await list.first().innerText()).toMatch(/[۰-۹]+ عنوان/);
    await shoot(page, `collections-${width}`);
    await expectNoSeriousViolations(page);

    const href = (await list.first().getAttribute('href'))!;
    const name = await list.first().locator('h2').innerText();
    await list.first().click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByTestId('collection-page').getByTestId('title-card').first().waitFor();
    await settle(page);
    expect(await h1().innerText()).toBe(name);
    await shoot(page, `collection-${width}`);
    await expectNoSeriousViolations(page);

    const [, , id] = href.split('/');
    await page.goto(`${baseUrl}/collections/${id}/not-the-slug`);
    await page.waitForURL((u) => u.pathname === href);
  });
});

describe('not found', () => {
  it('an unknown collection shows the not-found state with the Persian message', async () => {
    await open(DESKTOP, '/collections/999999/none');
    expect(await h1().innerText()).toBe('صفحه پیدا نشد');
    await page.getByText('مجموعه‌ای با این نشانی پیدا نشد.').waitFor();
  });
});
