import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newContext, waitForScreen } from '../support/browser';
import { repoRoot } from '../support/server';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  page = await context.newPage();
  await page.goto(baseUrl + '/');
  await waitForScreen(page);
});

afterAll(async () => {
  await browser?.close();
});

const barHidden = () =>
  page.getByTestId('bottom-bar').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return getComputedStyle(el).visibility === 'hidden' || r.top >= window.innerHeight;
  });

describe('mobile shell at 375 px', () => {
  it('swaps the header menu for the logo button and the bottom bar', async () => {
    expect(await page.getByTestId('desktop-nav').isVisible()).toBe(false);
    expect(await page.getByTestId('mobile-logo').isVisible()).toBe(true);
    const bar = page.getByTestId('bottom-bar');
    expect(await bar.isVisible()).toBe(true);
    const labels = (await bar.locator('button, a').allInnerTexts()).map((l) => l.trim());
    expect(labels).toEqual(['منو', 'پشتیبانی', 'لیست تماشا', 'ورود']);
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(MOBILE.height);
  });

  it('saves a screenshot of the shell', async () => {
    const dir = path.join(repoRoot, 'docs/screenshots');
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'shell-375.png') });
  });

  it('opens the side menu from the logo, with the §2 items', async () => {
    await page.getByTestId('mobile-logo').click();
    const menu = page.getByTestId('side-menu');
    await menu.waitFor();
    const labels = (await menu.getByRole('link').allInnerTexts()).map((l) => l.trim());
    expect(labels).toEqual([
      'خانه',
      'ورود / ثبت‌نام',
      'لیست تماشا',
      'تاریخچه',
      'اعلان‌ها',
      'مجموعه‌ها',
      'دسته‌بندی‌ها',
      'سریال‌ها',
      'فیلم‌ها',
      'دوبله',
      'به‌زودی',
      'پشتیبانی',
    ]);
    // It slides in from the right (the start edge in RTL).
    const paper = (await page.getByRole('dialog').boundingBox())!;
    expect(Math.round(paper.x + paper.width)).toBe(MOBILE.width);
    // A link navigates and closes the menu.
    await menu.getByRole('link', { name: 'مجموعه‌ها' }).click();
    await page.getByRole('heading', { level: 1, name: 'مجموعه‌ها' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('opens the same side menu from the bar, and Escape closes it', async () => {
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'منو' }).click();
    await page.getByTestId('side-menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('hides the bottom bar when scrolling down past 100 px and brings it back on scrolling up', async () => {
    await page.evaluate(() => {
      document.body.style.paddingBottom = '3000px'; // room to scroll on a short placeholder page
    });
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForFunction(() => window.scrollY === 60);
    expect(await barHidden()).toBe(false); // not yet past 100 px
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 100);
    await expect.poll(barHidden).toBe(true);
    await page.mouse.wheel(0, -150);
    await expect.poll(barHidden).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });
});
