import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, waitForScreen } from '../support/browser';

const baseUrl = inject('baseUrl');
const analyticsUrl = inject('analyticsUrl');
const siteId = inject('analyticsSiteId');

type PageViewEvent = {
  body: { type: string; payload: { website: string; url: string; hostname: string; language: string; screen: string; title: string; referrer: string } };
};

async function events(): Promise<PageViewEvent[]> {
  const res = await fetch(`${analyticsUrl}/__events`);
  return (await res.json()) as PageViewEvent[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('page views reach the self-hosted tracker', () => {
  it('reports the first page and every route change, Umami-style', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const marker = `e2e-${Date.now()}`;
    await page.goto(`${baseUrl}/comingsoon?from=${marker}`);
    await waitForScreen(page);
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'سریال‌ها' }).click();
    await page.getByRole('heading', { level: 1, name: 'سریال‌ها' }).waitFor();

    const first = `/comingsoon?from=${marker}`;
    await expect
      .poll(async () => (await events()).map((e) => e.body.payload?.url), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([first, '/tv']));

    const all = await events();
    const landing = all.find((e) => e.body.payload.url === first)!;
    expect(landing.body).toMatchObject({
      type: 'event',
      payload: {
        website: siteId,
        hostname: '127.0.0.1',
        language: 'fa-IR',
        screen: '1280x800',
        title: 'به‌زودی | پرده',
      },
    });
    const next = all.filter((e) => e.body.payload.url === '/tv').at(-1)!;
    expect(next.body.payload.title).toBe('سریال‌ها | پرده');
    expect(next.body.payload.referrer).toBe(`${baseUrl}${first}`);
    // exactly one view per route change
    expect(all.filter((e) => e.body.payload.url === first)).toHaveLength(1);
    await context.close();
  });
});
