import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, waitForScreen } from '../support/browser';
import { DEFAULT_PASSWORD, registerMember, type Member } from '../support/members';
import { freePort, repoRoot } from '../support/server';

/**
 * What a new user does with nothing but the README, on the default embedded database: `npm start`,
 * a member keeps a watchlist, the operator runs `npm run import` while the site serves, the new
 * titles are found, the site is restarted, and the member signs in to the same watchlist.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-readme-'));
const newFilms = path.join(repoRoot, 'apps/api/test/fixtures/new-films');
let port: number;
let baseUrl: string;
let site: ChildProcess | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** `npm start` in its own process group (npm, the server and its database child), as a person runs it. */
async function npmStart(): Promise<ChildProcess> {
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: baseUrl, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return child;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('npm start did not serve within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ctrl-C, as a person stops it; then waits for the whole group to be gone. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await done;
  for (let i = 0; i < 100 && fs.existsSync(path.join(dataDir, 'pglite.lock')); i++) await new Promise((r) => setTimeout(r, 100));
}

function npmRun(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const killSite = () => {
  try {
    if (site?.pid && site.exitCode === null) process.kill(-site.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
};
process.once('exit', killSite);

beforeAll(async () => {
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  site = await npmStart();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (site) await stop(site).catch(killSite);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function search(text: string): Promise<string[]> {
  const field = page.getByRole('combobox', { name: 'متن جستجو' });
  if (!(await field.isVisible())) await page.getByTestId('search-toggle').click();
  await field.fill(text);
  await expect.poll(() => page.getByTestId('search-status').textContent(), { timeout: 10_000 }).not.toBe('');
  return page.getByTestId('search-dropdown').getByRole('option').allInnerTexts();
}

describe('the README, followed on the embedded database', () => {
  it('npm start → a watchlist → npm run import while serving → found → restart → the same watchlist', async () => {
    const member: Member = await registerMember({ name: 'نگار', baseUrl, dataDir });
    context = await newContext(browser);
    page = await context.newPage();

    // Sign in through the form, and put a title on the watchlist from its page.
    await page.goto(`${baseUrl}/auth/login?redirect=%2Fuser%2Fdashboard`);
    await page.getByTestId('field-email').fill(member.email);
    await page.getByTestId('field-password').fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'داشبورد' }).waitFor();
    const [title] = ((await (await fetch(`${baseUrl}/api/titles?type=movie&per_page=1`)).json()) as { data: { id: number; path: string }[] }).data;
    await page.goto(baseUrl + title!.path);
    const button = page.locator('[data-testid="watchlist-button"][aria-pressed]:visible').first();
    await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/user/watchlist/${title!.id}`));
    await button.click();
    expect((await saved).status()).toBe(200);

    // Not in the demo catalogue yet.
    await page.goto(`${baseUrl}/`);
    await waitForScreen(page);
    expect((await search('wallace gromit')).join(' ')).not.toContain('Wallace');

    // The operator's import, while the site serves.
    const imported = await npmRun(['import', '--', '--imdb', newFilms]);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain('importing through its database');

    // Found by search within seconds, without a restart: the site answers it, then the search box
    // shows it. (Asked in the box before the site has taken the change, an empty answer would be
    // kept by the browser for the minute a search answer may be cached, and a poll that types the
    // same words again would only read it back.)
    await expect
      .poll(async () => JSON.stringify(await (await fetch(`${baseUrl}/api/titles/search?q=wallace+and+gromit`)).json()), { timeout: 5_000, interval: 250 })
      .toContain('Wallace & Gromit');
    await search('wallace and gromit');
    await expect.poll(async () => (await page.getByTestId('search-dropdown').getByRole('option').allInnerTexts()).join(' '), { timeout: 10_000 }).toContain('Wallace & Gromit');

    // A restart: the same files, the same member, the same watchlist.
    await context.close();
    await stop(site!);
    site = await npmStart();
    context = await newContext(browser);
    page = await context.newPage();
    await page.goto(`${baseUrl}/auth/login?redirect=%2Fuser%2Fwatchlist`);
    await page.getByTestId('field-email').fill(member.email);
    await page.getByTestId('field-password').fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'لیست تماشا' }).waitFor();
    await page.locator(`[data-testid="watchlist-grid"] [data-title-id="${title!.id}"]`).waitFor();
    expect((await search('deadpool & wolverine')).join(' ')).toContain('Deadpool & Wolverine');
    await context.close();
  }, 240_000);
});
