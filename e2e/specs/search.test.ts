import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DESKTOP, describeViolations, launchBrowser, MOBILE, newContext, seriousViolations, waitForScreen } from '../support/browser';
import { repoRoot } from '../support/server';
import { VisitorPages } from './screens-support';

/**
 * The header search against the real server and the demo catalogue (spec §2, §4, §5, §9).
 * Debounce timings run on Playwright's fake clock, never on sleeps.
 */
const baseUrl = inject('baseUrl');
const screenshots = path.join(repoRoot, 'docs/screenshots');

// Texts the demo catalogue answers in known ways.
/** 13 titles. */
const MANY_TITLES = 'مرد';
/** 17 people. */
const MANY_PEOPLE = 'دا';
/** Leonardo DiCaprio, an actor with a best-starred work. */
const ACTOR = 'دی کاپریو';

let browser: Browser;
/** The own context of a test on the fake clock, which cannot be taken off a page once installed. */
let context: BrowserContext | undefined;
let page: Page;
/** The other tests' pages: one per width, navigated afresh for each test. */
let visitors: VisitorPages;

beforeAll(async () => {
  browser = await launchBrowser();
  visitors = new VisitorPages(browser, { initScript: recordSearchRequests(), ready: waitForScreen });
});
afterAll(async () => {
  await visitors?.close();
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await visitors.reset();
});

/** Every search request the page sends, recorded in the page as the request goes out. */
function recordSearchRequests(): string {
  return `(() => {
    const log = (window.__searchRequests = []);
    const original = window.fetch;
    window.fetch = function (input, init) {
      const u = new URL(String(input instanceof Request ? input.url : input), location.href);
      if (/\\/api\\/(titles|people)\\/search$/.test(u.pathname)) log.push({ kind: u.pathname.split('/')[2], q: u.searchParams.get('q'), at: Date.now() });
      return original.call(this, input, init);
    };
  })();`;
}

type SearchRequest = { kind: 'titles' | 'people'; q: string; at: number };
const requests = () => page.evaluate(() => (window as unknown as { __searchRequests: SearchRequest[] }).__searchRequests);
/**
 * Lets the page finish its queued work (React renders through MessageChannel tasks, the HTTP
 * client through microtasks) without touching its timers, which belong to the fake clock.
 */
const flush = () =>
  page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });

async function openPage(viewport: typeof DESKTOP, route = '/contact', options: { clock?: boolean } = {}) {
  if (!options.clock) {
    page = await visitors.visit(viewport, baseUrl + route);
    return;
  }
  const mobile = viewport.width <= 675;
  context = await newContext(browser, mobile ? { viewport, isMobile: true, hasTouch: true } : { viewport });
  page = await context.newPage();
  await page.addInitScript(recordSearchRequests());
  if (options.clock) await page.clock.install();
  await page.goto(baseUrl + route);
  await waitForScreen(page);
}

const toggle = () => page.getByTestId('search-toggle');
const field = () => page.getByRole('combobox', { name: 'متن جستجو' });
const dropdown = () => page.getByTestId('search-dropdown');
const options = () => dropdown().getByRole('option');
const status = () => page.getByTestId('search-status');

async function search(text: string, tab: 'titles' | 'people' = 'titles') {
  if (!(await field().isVisible())) await toggle().click();
  await field().fill(text);
  if (tab === 'people') await dropdown().getByRole('tab', { name: 'هنرمندان' }).click();
  // Settled: the live region announces once the tab's answer is on screen.
  await expect.poll(() => status().textContent(), { timeout: 10_000 }).not.toBe('');
}

const persianOnlyNumbers = (text: string) => !/[0-9]/.test(text);

describe('search at 1280 px', () => {
  beforeEach(async () => {
    await openPage(DESKTOP);
  });

  it('an icon opens the field in place of the menu, focused, with the desktop placeholder', async () => {
    await expect.poll(() => page.getByTestId('desktop-nav').isVisible()).toBe(true);
    await toggle().click();
    await field().waitFor();
    expect(await page.getByTestId('desktop-nav').count()).toBe(0);
    expect(await field().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field().getAttribute('placeholder')).toBe('نام فیلم، سریال یا هنرمند را بنویسید…');
    // Stage start: nothing below the field yet.
    expect(await dropdown().count()).toBe(0);
    expect(await field().getAttribute('aria-expanded')).toBe('false');
  });

  it('a non-empty input shows the titles tab; an empty one hides the dropdown again', async () => {
    await toggle().click();
    await field().fill('پ');
    await dropdown().waitFor();
    expect(await dropdown().getByRole('tab', { name: 'فیلم و سریال' }).getAttribute('aria-selected')).toBe('true');
    expect(await dropdown().innerText()).toContain('دست‌کم ۲ حرف بنویسید.');
    await field().fill('');
    await dropdown().waitFor({ state: 'detached' });
  });

  it('shows a title result with poster, both titles, Persian year and genres, split IMDb rating and RT', async () => {
    await search('پدرخوانده');
    const first = options().first();
    const text = await first.innerText();
    expect(text).toContain('پدرخوانده');
    const en = first.locator('bdi[dir="ltr"]').first();
    expect(await en.innerText()).toMatch(/^The Godfather/);
    expect(await en.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(text).toMatch(/[۱۲][۰-۹]{3}/); // the year, in Persian digits
    expect(await first.locator('[data-part="whole"]').innerText()).toMatch(/^[۰-۹]$/);
    expect(await first.locator('[data-part="decimal"]').innerText()).toMatch(/^٫[۰-۹]$/);
    // The number reads left to right inside the right-to-left row: whole part, then decimal.
    const whole = (await first.locator('[data-part="whole"]').boundingBox())!;
    const decimal = (await first.locator('[data-part="decimal"]').boundingBox())!;
    expect(whole.x).toBeLessThan(decimal.x);
    const rt = first.locator('[data-testid="rt"]');
    expect(await rt.innerText()).toMatch(/[۰-۹]{1,3}٪/);
    expect(['fresh', 'rotten', 'certified']).toContain(await rt.getAttribute('data-status'));
    // Persian digits wherever people read numbers: only the English title may carry Latin ones.
    const withoutEnglish = await first.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('bdi, [lang="en"]').forEach((n) => n.remove());
      return copy.textContent ?? '';
    });
    expect(persianOnlyNumbers(withoutEnglish), withoutEnglish).toBe(true);
    const img = first.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await first.getAttribute('href')).toMatch(/^\/titles\/\d+\//);
    // Its genres, in Persian, as the title has them.
    const id = Number((await first.getAttribute('href'))!.split('/')[2]);
    const detail = (await (await fetch(`${baseUrl}/api/titles/${id}`)).json()) as { data: { genres: { titleFa: string }[] } };
    expect(detail.data.genres.length).toBeGreaterThan(0);
    expect(text).toContain(detail.data.genres.map((g) => g.titleFa).join('، '));
  });

  it('falls back to the default poster or portrait when an image fails to load', async () => {
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return route.request().resourceType() === 'image' && !url.protocol.startsWith('data') ? route.abort() : route.fallback();
    });
    await search('پدرخوانده');
    const img = options().first().locator('img');
    await expect.poll(() => img.getAttribute('data-fallback')).toBe('true');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // A person's portrait too.
    await search('نولان', 'people');
    const portrait = options().filter({ hasText: 'کریستوفر نولان' }).first().locator('img');
    await expect.poll(() => portrait.getAttribute('data-fallback')).toBe('true');
    await expect.poll(() => portrait.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  it('shows at most 6 titles and a show-more link to the full search when more come back', async () => {
    await search(MANY_TITLES);
    expect(await options().count()).toBe(6);
    const more = dropdown().getByRole('link', { name: 'نمایش همهٔ نتایج' });
    const href = new URL((await more.getAttribute('href'))!, baseUrl);
    expect(href.pathname).toBe('/');
    expect([...href.searchParams]).toEqual([['order_by', 'votes'], ['type', 'all'], ['q', MANY_TITLES]]);
    expect(await status().textContent()).toBe('۶ فیلم و سریال پیدا شد. نتایج بیشتر در جستجوی کامل.');
    await more.click();
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('q') === MANY_TITLES);
    await field().waitFor({ state: 'detached' });
  });

  it('shows no show-more link for 6 titles or fewer', async () => {
    await search('پدرخوانده');
    const n = await options().count();
    expect(n).toBeLessThanOrEqual(6);
    expect(await dropdown().getByRole('link', { name: 'نمایش همهٔ نتایج' }).count()).toBe(0);
  });

  it('shows people: image, both names, and the best-directed work of a director', async () => {
    await search('نولان', 'people');
    const nolan = options().filter({ hasText: 'کریستوفر نولان' }).first();
    const text = await nolan.innerText();
    expect(await nolan.locator('bdi[dir="ltr"]').first().innerText()).toBe('Christopher Nolan');
    expect(text).toContain('کارگردان');
    expect(text).toMatch(/بهترین کارگردانی: .+ \([۰-۹]{4}\)/);
    expect(await nolan.getAttribute('href')).toMatch(/^\/people\/director\/\d+\//);
    await expect.poll(() => nolan.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  it('shows the best-starred work of an actor', async () => {
    await search(ACTOR, 'people');
    const actor = options().filter({ hasText: 'بازیگر' }).first();
    expect(await actor.innerText()).toMatch(/بهترین نقش‌آفرینی: .+/);
  });

  it('cuts people to 6 when more than 8 come back', async () => {
    await search(MANY_PEOPLE, 'people');
    expect(await options().count()).toBe(6);
    expect(await status().textContent()).toBe('۶ هنرمند پیدا شد.');
  });

  it('an empty result shows the sad icon and the nothing-found text', async () => {
    await search('zzqqxxjj');
    const empty = dropdown().getByTestId('search-empty');
    expect(await empty.innerText()).toBe('متأسفانه نتیجه‌ای پیدا نشد!');
    expect(await empty.locator('svg').count()).toBe(1);
    expect(await status().textContent()).toBe('نتیجه‌ای پیدا نشد.');
  });

  it('arrow keys move through the results and Enter opens the active one', async () => {
    await search('پدرخوانده');
    const hrefs = await options().evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const activeId = await field().getAttribute('aria-activedescendant');
    expect(activeId).toBe(await options().nth(1).getAttribute('id'));
    expect(await options().nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await field().getAttribute('aria-activedescendant')).toBe(await options().nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === hrefs[1]);
    await field().waitFor({ state: 'detached' });
  });

  it('Enter goes to the full search only with more than 2 characters', async () => {
    await toggle().click();
    await field().fill('پد');
    await page.keyboard.press('Enter');
    await flush();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await page.getByTestId('search-submit').isDisabled()).toBe(true);
    await field().fill('پدر');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?order_by=votes&type=all&q=%D9%BE%D8%AF%D8%B1');
    await field().waitFor({ state: 'detached' });
  });

  it('the icon on the full search goes to the same route', async () => {
    await toggle().click();
    await field().fill('breaking');
    await page.getByRole('button', { name: 'جستجوی کامل' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?order_by=votes&type=all&q=breaking');
  });

  it('Escape closes and gives focus back to the search icon', async () => {
    await search('پدرخوانده');
    await page.keyboard.press('Escape');
    await field().waitFor({ state: 'detached' });
    expect(await toggle().evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByTestId('desktop-nav').isVisible()).toBe(true);
  });

  it('a click outside closes', async () => {
    await search('پدرخوانده');
    // Far from the dropdown, which hangs under the field on the right.
    await page.mouse.click(20, DESKTOP.height - 20);
    await field().waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/contact');
  });

  it('the dropdown is a labelled combobox with a listbox and is axe-clean', async () => {
    await search('پدرخوانده');
    expect(await field().getAttribute('aria-expanded')).toBe('true');
    const listbox = dropdown().getByRole('listbox', { name: 'فیلم‌ها و سریال‌های پیدا شده' });
    expect(await field().getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    let violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await dropdown().getByRole('tab', { name: 'هنرمندان' }).click();
    await expect.poll(() => status().textContent()).toMatch(/هنرمند پیدا شد|نتیجه‌ای پیدا نشد/);
    violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('saves a screenshot of the open dropdown', async () => {
    await search('پدرخوانده');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect.poll(() => options().first().locator('img').evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, 'search-1280.png') });
  });
});

describe('search timings on the fake clock (1280 px)', () => {
  beforeEach(async () => {
    await openPage(DESKTOP, '/contact', { clock: true });
    await toggle().click();
    await field().waitFor();
    // From here on, page timers only fire when the test moves the clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  });

  it('titles are asked 500 ms after typing stops, people 1000 ms', async () => {
    await field().fill('پد');
    await flush();
    await page.clock.runFor(499);
    await flush();
    expect(await requests()).toEqual([]);
    await page.clock.runFor(1);
    await flush();
    expect((await requests()).map((r) => [r.kind, r.q])).toEqual([['titles', 'پد']]);
    await page.clock.runFor(499);
    await flush();
    expect(await requests()).toHaveLength(1);
    await page.clock.runFor(1);
    await flush();
    expect((await requests()).map((r) => [r.kind, r.q])).toEqual([
      ['titles', 'پد'],
      ['people', 'پد'],
    ]);
  });

  it('typing restarts the wait, so only the last text is asked', async () => {
    for (const text of ['br', 'bre', 'brea']) {
      await field().fill(text);
      await flush();
      await page.clock.runFor(400);
      await flush();
    }
    expect(await requests()).toEqual([]);
    await page.clock.runFor(100);
    await flush();
    expect((await requests()).map((r) => r.q)).toEqual(['brea']);
  });

  it('fewer than 2 characters send nothing', async () => {
    await field().fill('پ');
    await flush();
    await page.clock.runFor(3000);
    await flush();
    await field().fill(' ب ');
    await flush();
    await page.clock.runFor(3000);
    await flush();
    expect(await requests()).toEqual([]);
  });
});

describe('search at 375 px', () => {
  beforeEach(async () => {
    await openPage(MOBILE);
  });

  it('the field takes the whole bar, with the mobile placeholder', async () => {
    await toggle().click();
    await field().waitFor();
    expect(await field().getAttribute('placeholder')).toBe('جستجوی فیلم و هنرمند…');
    expect(await page.getByTestId('mobile-logo').isVisible()).toBe(false);
    const box = (await page.getByTestId('search-panel').boundingBox())!;
    expect(box.width).toBeGreaterThan(MOBILE.width - 80);
  });

  it('hides the main content while the dropdown is open, and shows it again at start', async () => {
    const main = page.locator('main');
    expect(await main.isVisible()).toBe(true);
    await search('پدرخوانده');
    expect(await main.isVisible()).toBe(false);
    const drop = (await dropdown().boundingBox())!;
    expect(Math.round(drop.width)).toBe(MOBILE.width);
    // The people tab is not the start stage either.
    await dropdown().getByRole('tab', { name: 'هنرمندان' }).click();
    await expect.poll(() => dropdown().getByRole('tab', { name: 'هنرمندان' }).getAttribute('aria-selected')).toBe('true');
    expect(await main.isVisible()).toBe(false);
    await field().fill('');
    await dropdown().waitFor({ state: 'detached' });
    expect(await main.isVisible()).toBe(true);
  });

  it('shows every title (no cut to 6, no show-more link) and every person', async () => {
    await search(MANY_TITLES);
    expect(await options().count()).toBeGreaterThan(6);
    expect(await dropdown().getByRole('link', { name: 'نمایش همهٔ نتایج' }).count()).toBe(0);
    await dropdown().getByRole('tab', { name: 'هنرمندان' }).click();
    await search(MANY_PEOPLE, 'people');
    expect(await options().count()).toBeGreaterThan(8);
  });

  it('is axe-clean with the dropdown open, and saves a screenshot', async () => {
    await search('پدرخوانده');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect.poll(() => options().first().locator('img').evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, 'search-375.png') });
  });
});

describe('search focus on the fake clock (375 px)', () => {
  it('the field takes focus 500 ms after opening', async () => {
    await openPage(MOBILE, '/contact', { clock: true });
    // Load the panel's code once, so the timing below is the delay and not the download.
    await toggle().click();
    await field().waitFor();
    await page.keyboard.press('Escape');
    await field().waitFor({ state: 'detached' });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await toggle().click();
    await field().waitFor();
    await flush();
    const focused = () => field().evaluate((el) => el === document.activeElement);
    await page.clock.runFor(499);
    await flush();
    expect(await focused()).toBe(false);
    await page.clock.runFor(1);
    await flush();
    expect(await focused()).toBe(true);
  });
});
