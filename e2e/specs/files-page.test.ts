import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext } from '../support/browser';
import { registerMember, signInBrowser, type Member } from '../support/members';

/**
 * The files page against the real server and the demo media it ships: each row tells the
 * visitor the one thing they lack to download it.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;
let free: { id: number };
let premiumTitle: { id: number };

const titleByImdb = async (imdb: string) => ((await (await fetch(`${baseUrl}/api/titles/imdb/${imdb}`)).json()) as { data: { id: number } }).data;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember({ name: 'ژاله' });
  free = await titleByImdb('tt0038650');
  premiumTitle = await titleByImdb('tt0111161');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(who: Member | null, path: string) {
  context = await newContext(browser, { viewport: DESKTOP });
  if (who) await signInBrowser(context, who);
  page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
}

describe('the files page', () => {
  it("asks a visitor to sign in for a free title's files, and brings them back", async () => {
    await open(null, `/titles/${free.id}/files`);
    const signIn = page.getByTestId('download-sign-in');
    await expect.poll(() => signIn.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('media-file').count()).toBe(await signIn.count());
    expect(await page.getByTestId('download-premium').count()).toBe(0);
    expect(await page.getByTestId('files-note').innerText()).toContain('این عنوان رایگان است');
    expect(await page.getByText('دانلود ویژهٔ مشترکان').count()).toBe(0);
    await signIn.first().click();
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('redirect') === `/titles/${free.id}/files`);
  });

  it("says a premium title's files need premium, with the plans link", async () => {
    await open(null, `/titles/${premiumTitle.id}/files`);
    const premium = page.getByTestId('download-premium');
    await expect.poll(() => premium.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('download-sign-in').count()).toBe(0);
    expect(await premium.first().innerText()).toContain('دانلود ویژهٔ مشترکان');
    await premium.first().click();
    await page.waitForURL((url) => url.pathname === '/premium/plans');
  });

  it("lets a signed-in member download a free title's files", async () => {
    await open(member, `/titles/${free.id}/files`);
    const links = page.getByTestId('download-link');
    await expect.poll(() => links.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('download-sign-in').count()).toBe(0);
    expect(await page.getByTestId('download-premium').count()).toBe(0);
    expect(await page.getByTestId('media-file').first().innerText()).toContain('صدای اصلی — انگلیسی');
  });
});
