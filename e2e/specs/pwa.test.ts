import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, waitForScreen } from '../support/browser';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('offline support', () => {
  it('links a Persian, right-to-left manifest with icons', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const res = await fetch(new URL(href!, baseUrl));
    expect(res.ok).toBe(true);
    const manifest = (await res.json()) as { name: string; short_name: string; dir: string; lang: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ short_name: 'پرده', dir: 'rtl', lang: 'fa' });
    expect(manifest.name).toMatch(/^پرده/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(new URL(icon.src, baseUrl))).status).toBe(200);
    await context.close();
  });

  it('registers the service worker, which takes control and serves the shell offline', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await waitForScreen(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const sw = await (await fetch(`${baseUrl}/sw.js`)).text();
    expect(sw).not.toMatch(/player-[\w-]+\.js/);
    await context.setOffline(true);
    await page.goto(baseUrl + '/collections');
    await page.getByRole('heading', { level: 1, name: 'مجموعه‌ها' }).waitFor();
    await context.close();
  });

  it('installs the worker only once the app has taken the page over, not alongside the first screen', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    // The app's code is held back: the page is loaded and drawn, but not yet the app's.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(baseUrl + '/', { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await context.close();
  });
});
