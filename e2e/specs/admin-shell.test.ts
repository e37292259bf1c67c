import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForScreen } from '../support/browser';
import { registerMember, signInBrowser } from '../support/members';
import { repoRoot } from '../support/server';
import { createOperator, openOperatorLink } from '../support/staff';
import { expectNoSeriousViolations, openContext, PERSIAN, shoot, WIDTHS } from './screens-support';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

/**
 * The panel's own code: its page's entry (admin.html) and each of its screens' chunks (the
 * build's screen-code.json names a screen's files, its own chunk first). Libraries it shares with
 * lazily loaded parts of the site (an MUI checkbox, say) are not the panel's and may load anywhere.
 */
function panelOnlyFiles(): string[] {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const code = JSON.parse(fs.readFileSync(path.join(dist, 'screen-code.json'), 'utf8')) as Record<string, string[]>;
  const elsewhere = new Set(Object.entries(code).flatMap(([screen, files]) => (screen.startsWith('admin/') ? [] : files)));
  const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(fs.readFileSync(path.join(dist, 'admin.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('admin.html names no entry script');
  return [
    entry,
    'admin.html',
    ...Object.entries(code)
      .filter(([screen]) => screen.startsWith('admin/'))
      .map(([, files]) => files[0]!)
      .filter((f) => !elsewhere.has(f)),
  ];
}

describe('the admin panel frame', () => {
  it('lets the admin made by `npm run admin:create` sign in by the printed link, and shows the change in the audit log', async () => {
    const { email, link } = await createOperator('admin', { name: 'مدیر پرده' });
    context = await openContext(browser, WIDTHS[1][1]);
    const page = await openOperatorLink(context, link);
    await expect.poll(() => page.getByTestId('admin-user').textContent()).toContain('مدیر کل');
    for (const key of ['dashboard', 'titles', 'catalogue', 'imports', 'requests', 'comments', 'members', 'money', 'notifications', 'audit']) {
      expect(await page.getByTestId(`admin-nav-${key}`).count()).toBe(1);
    }
    await page.getByTestId('admin-nav-audit').click();
    await page.waitForURL('**/admin/audit');
    const row = page.getByTestId('audit-row').filter({ hasText: 'ساختن مدیر از خط فرمان' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: 'نمایش' }).click();
    await expect.poll(() => page.locator('pre').filter({ hasText: email }).count()).toBeGreaterThan(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-audit-1280');
    // The way back in from the site: the member dashboard offers the panel to operators only.
    await page.goto(`${baseUrl}/user/dashboard`);
    await page.getByTestId('admin-panel-link').click();
    await page.waitForURL('**/admin');
    await page.getByTestId('admin-layout').waitFor();
    // And the way out: the panel's link back loads the site's page.
    await page.getByTestId('admin-back-to-site').click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('admin-layout').count()).toBe(0);
  });

  it("answers an address under /admin that is none of its screens with the panel's own not-found screen", async () => {
    const { link } = await createOperator('editor');
    context = await openContext(browser, WIDTHS[0][1]);
    const page = await openOperatorLink(context, link);
    await page.goto(`${baseUrl}/admin/no-such-screen/9`);
    await page.getByTestId('admin-layout').waitFor();
    await page.getByText('این بخش در پنل نیست').waitFor();
    await page.getByTestId('admin-not-found-home').click();
    await page.waitForURL(/\/admin$/);
    await page.getByTestId('admin-nav-dashboard').first().waitFor({ state: 'attached' });
  });

  it('shows an editor only their sections, and refuses admin-only ones in Persian', async () => {
    const { link } = await createOperator('editor');
    context = await openContext(browser, WIDTHS[1][1]);
    const page = await openOperatorLink(context, link);
    expect(await page.getByTestId('admin-nav-money').count()).toBe(0);
    expect(await page.getByTestId('admin-nav-requests').count()).toBe(1);
    await page.goto(`${baseUrl}/admin/money`);
    await page.getByText('این بخش فقط برای مدیران کل است').waitFor();
  });

  it('tells a member the panel is for operators, and a visitor to sign in', async () => {
    const member = await registerMember({ baseUrl });
    context = await openContext(browser, WIDTHS[0][1]);
    await signInBrowser(context, member, baseUrl);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/user/dashboard`);
    await waitForScreen(page);
    expect(await page.getByTestId('admin-panel-link').count()).toBe(0);
    await page.goto(`${baseUrl}/admin`);
    await page.getByText('این بخش برای گردانندگان سایت است').waitFor();
    expect(await page.locator('h1').first().textContent()).toMatch(PERSIAN);
    const visitor = await browser.newContext();
    const vpage = await visitor.newPage();
    await vpage.goto(`${baseUrl}/admin/titles`);
    await vpage.waitForURL('**/auth/login?redirect=%2Fadmin%2Ftitles');
    await visitor.close();
  });

  it("never sends a visitor or a member the panel's code", async () => {
    const onlyPanel = panelOnlyFiles();
    expect(onlyPanel.length).toBeGreaterThan(5);
    const member = await registerMember({ baseUrl });
    context = await openContext(browser, WIDTHS[1][1]);
    await signInBrowser(context, member, baseUrl);
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname.replace(/^\//, '')));
    for (const p of ['/', '/titles/1/x', '/user/dashboard', '/user/notifications', '/premium/plans']) {
      await page.goto(baseUrl + p);
      await waitForScreen(page);
    }
    expect(fetched.length).toBeGreaterThan(10);
    expect(fetched.filter((f) => onlyPanel.includes(f))).toEqual([]);
  });
});
