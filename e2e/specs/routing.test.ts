import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, waitForScreen } from '../support/browser';

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
beforeEach(async () => {
  context = await newContext(browser, { viewport: DESKTOP });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const h1 = (name: string) => page.getByRole('heading', { level: 1, name });

describe('guarded routes (spec §2)', () => {
  it('send a visitor to auth/login, carrying the page to return to', async () => {
    await page.goto(`${baseUrl}/user/watchlist?page=2`);
    await h1('ورود').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('redirect')).toBe('/user/watchlist?page=2');
  });

  it('send a visitor whose ref cookie is "ad" to auth/register', async () => {
    await context.addCookies([{ name: 'ref', value: 'ad', url: baseUrl }]);
    await page.goto(`${baseUrl}/gopremium`);
    await h1('ثبت‌نام').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/register');
    expect(url.searchParams.get('redirect')).toBe('/gopremium');
  });
});

describe('not-found and placeholders', () => {
  /** Errors in the page: a failed hydration, a script error (the document's own 404 is the point). */
  function pageErrors() {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 40[34]|status of 410/.test(m.text())) errors.push(m.text());
    });
    return errors;
  }

  it('answers an unknown address with 404 and the not-found page drawn by the server; the app works from there', async () => {
    const errors = pageErrors();
    const res = await page.goto(`${baseUrl}/this/does/not-exist`);
    expect(res?.status()).toBe(404);
    const html = await res!.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toMatch(/<div id="root">.*<h1[^>]*>صفحه پیدا نشد<\/h1>/s);
    await h1('صفحه پیدا نشد').waitFor();
    // The app takes the drawn page over as it is…
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.title()).toBe('صفحه پیدا نشد | پرده');
    // …and its links open screens inside the app, back and forth.
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'مجموعه‌ها' }).click();
    await h1('مجموعه‌ها').waitFor();
    expect(new URL(page.url()).pathname).toBe('/collections');
    await page.goBack();
    await h1('صفحه پیدا نشد').waitFor();
    await page.getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' }).click();
    await h1('فیلم‌ها و سریال‌ها').waitFor();
    expect(errors).toEqual([]);
  });

  it('answers a link to a title that does not exist with 404 and the not-found page, inside the working app', async () => {
    const errors = pageErrors();
    const res = await page.goto(`${baseUrl}/titles/99999999/no-such-title`);
    expect(res?.status()).toBe(404);
    await h1('صفحه پیدا نشد').waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'فیلم‌ها' }).click();
    await h1('فیلم‌ها و سریال‌ها').waitFor();
    // A client-side move to a missing page is the app's own not-found screen, as before.
    await page.evaluate(() => {
      history.pushState(null, '', '/no/such/page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await h1('صفحه پیدا نشد').waitFor();
    expect(errors).toEqual([]);
  });

  // The catalogue screens (title, files, person…) are covered by screens-*.test.ts.
  it.each([
    ['/watch/trailer/tt0133093', 'تریلر'],
    ['/premium/plans/3', 'طرح اشتراک'],
    ['/auth/reset-password/abc', 'بازنشانی رمز عبور'],
  ])('%s shows the heading «%s»', async (route, heading) => {
    await page.goto(baseUrl + route);
    await h1(heading).waitFor();
  });
});

describe('navigation behaviour', () => {
  it('scrolls to the top on every path or query change', async () => {
    await page.goto(`${baseUrl}/tv`);
    await waitForScreen(page);
    await page.evaluate(() => {
      document.body.style.paddingBottom = '4000px';
      window.scrollTo(0, 1500);
    });
    await page.waitForFunction(() => window.scrollY === 1500);
    // path change
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'مجموعه‌ها' }).click();
    await h1('مجموعه‌ها').waitFor();
    await page.waitForFunction(() => window.scrollY === 0);

    // query change on the same path
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'فیلم‌ها' }).click();
    await h1('فیلم‌ها و سریال‌ها').waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => window.scrollY === 1200);
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'دوبله' }).click();
    await page.waitForURL(`${baseUrl}/?is_dubbed=1`);
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('shows the progress bar while a lazy screen loads', async () => {
    await page.goto(`${baseUrl}/`);
    await waitForScreen(page);
    // Hold the next screen's chunk until the bar has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/categories-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'دسته‌بندی‌ها' }).click();
    await page.getByTestId('navigation-progress').waitFor();
    release();
    await h1('دسته‌بندی‌ها').waitFor();
    await page.getByTestId('navigation-progress').waitFor({ state: 'detached' });
  });

  it('reloads the page once when a screen chunk fails to load', async () => {
    await page.goto(`${baseUrl}/`);
    await waitForScreen(page);
    let aborted = 0;
    await page.route(/\/assets\/contact-[\w-]+\.js$/, async (route) => {
      if (aborted++ === 0) return route.abort('failed');
      return route.continue();
    });
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'پشتیبانی' }).click();
    await reloaded;
    await h1('پشتیبانی و تماس با ما').waitFor();
    // The server draws the contact page: its screen's code (whose load clears the mark) comes
    // once the app takes the page over.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(aborted).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('parde:chunk-reload'))).toBeNull();
  });

  it('does not loop: a chunk that keeps failing ends on the error page after one reload', async () => {
    await page.goto(`${baseUrl}/`);
    await waitForScreen(page);
    let loads = 0;
    page.on('load', () => loads++);
    await page.route(/\/assets\/categories-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'دسته‌بندی‌ها' }).click();
    await h1('خطایی پیش آمد').waitFor();
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/categories');
    // The error page offers a retry and the way home, inside the shell.
    await page.getByRole('button', { name: 'تلاش دوباره' }).waitFor();
    await page.getByRole('navigation', { name: 'منوی اصلی' }).waitFor();
  });
});
