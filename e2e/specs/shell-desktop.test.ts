import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, waitForScreen } from '../support/browser';
import { repoRoot } from '../support/server';

const baseUrl = inject('baseUrl');
const social = inject('social');
const screenshots = path.join(repoRoot, 'docs/screenshots');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: DESKTOP });
  page = await context.newPage();
  await page.goto(baseUrl + '/');
  await waitForScreen(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('desktop shell at 1280 px', () => {
  it('is right-to-left, Persian and dark', async () => {
    const html = await page.evaluate(() => ({
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
      bodyDirection: getComputedStyle(document.body).direction,
      background: getComputedStyle(document.body).backgroundColor,
      // The shell only: screens will show Latin titles (titleEn) by design.
      text: Array.from(document.querySelectorAll('header, footer, nav')).map((el) => (el as HTMLElement).innerText).join('\n'),
    }));
    expect(html.dir).toBe('rtl');
    expect(html.lang).toBe('fa');
    expect(html.bodyDirection).toBe('rtl');
    expect(html.background).toBe('rgb(18, 18, 18)');
    expect(html.text).toMatch(/[\u0600-\u06FF]{3,}/);
    // No stray English in the shell: only Persian letters, digits and punctuation.
    expect(await page.locator('main h1').innerText()).toMatch(/^[\u0600-\u06FF\u200c\s]+$/);
    expect(html.text.replace(/[\s\u0600-\u06FF\u200c©.,:;!?()«»/…\-–—|]/g, '')).toBe('');
  });

  it('renders Persian text in Estedad', async () => {
    const fontOk = await page.evaluate(() => document.fonts.check('16px Estedad', 'پرده'));
    expect(fontOk).toBe(true);
    const family = await page.locator('main h1').evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toMatch(/^Estedad/);
  });

  it('shows the §2 header menu for a visitor', async () => {
    const nav = page.getByRole('navigation', { name: 'منوی اصلی' });
    await expect.poll(() => nav.isVisible()).toBe(true);
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual([
      'خانه',
      'ورود / ثبت‌نام',
      'دسته‌بندی‌ها',
      'مجموعه‌ها',
      'سریال‌ها',
      'فیلم‌ها',
      'دوبله',
      'به‌زودی',
      'پشتیبانی',
    ]);
    expect(await nav.getByRole('link', { name: 'دوبله' }).getAttribute('href')).toBe('/?is_dubbed=1');
    expect(await nav.getByRole('link', { name: 'لیست تماشا' }).count()).toBe(0);
    // The menu reads from the right edge: home is right of support.
    const home = await nav.getByRole('link', { name: 'خانه' }).boundingBox();
    const support = await nav.getByRole('link', { name: 'پشتیبانی' }).boundingBox();
    expect(home!.x).toBeGreaterThan(support!.x);
  });

  it('hides the mobile bar and logo menu button', async () => {
    expect(await page.getByTestId('bottom-bar').isVisible()).toBe(false);
    expect(await page.getByTestId('mobile-logo').isVisible()).toBe(false);
  });

  it('has the footer: copyright and the configured social links', async () => {
    const footer = page.locator('footer');
    expect(await footer.innerText()).toMatch(/© [۰-۹]{4} پرده/);
    expect(await footer.getByRole('link', { name: 'پرده در تلگرام' }).getAttribute('href')).toBe(social.telegram);
    expect(await footer.getByRole('link', { name: 'پرده در اینستاگرام' }).getAttribute('href')).toBe(social.instagram);
    expect(await footer.getByRole('link', { name: 'پرده در ایکس' }).getAttribute('href')).toBe(social.x);
  });

  it('switches between dark, light and system, and remembers it', async () => {
    await page.getByTestId('theme-mode-button').click();
    await page.getByRole('menuitemradio', { name: 'روشن' }).click();
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(246, 246, 246)');
    expect(await page.evaluate(() => localStorage.getItem('mui-mode'))).toBe('light');
    await page.reload();
    await waitForScreen(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 246, 246)');
    await page.getByTestId('theme-mode-button').click();
    await page.getByRole('menuitemradio', { name: 'تیره' }).click();
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(18, 18, 18)');
  });

  it('saves a screenshot of the shell', async () => {
    await page.goto(baseUrl + '/');
    await waitForScreen(page);
    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, 'shell-1280.png') });
  });
});
