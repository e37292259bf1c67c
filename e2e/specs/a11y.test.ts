import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, describeViolations, launchBrowser, MOBILE, newContext, seriousViolations, waitForScreen } from '../support/browser';
import { expectMuiInScope } from './screens-support';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility of the shell (axe-core: no serious or critical violations)', () => {
  it.each([
    ['desktop, dark', DESKTOP, 'dark', '/'],
    ['desktop, light', DESKTOP, 'light', '/'],
    ['desktop, not found', DESKTOP, 'dark', '/missing/page'],
    ['mobile, dark', MOBILE, 'dark', '/'],
    ['mobile, light', MOBILE, 'light', '/contact'],
  ] as const)('%s', async (_name, viewport, mode, route) => {
    const context = await newContext(browser, { viewport });
    await context.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);
    const page = await context.newPage();
    await page.goto(baseUrl + route);
    await waitForScreen(page);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await expectMuiInScope(page);
    await context.close();
  });

  it('the open side menu', async () => {
    const context = await newContext(browser, { viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await waitForScreen(page);
    await page.getByTestId('mobile-logo').click();
    await page.getByTestId('side-menu').waitFor();
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await expectMuiInScope(page);
    await context.close();
  });

  it('is keyboard reachable: skip link first, then the menu', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await waitForScreen(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('رفتن به محتوای اصلی');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('پرده، صفحهٔ اصلی');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('خانه');
    await context.close();
  });
});
