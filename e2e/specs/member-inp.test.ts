import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newContext } from '../support/browser';
import { asMember, buyPremium, registerMember, signInBrowser, type Member } from '../support/members';

/**
 * Issue #19: a member's screens answer within 200 ms (Interaction to Next Paint), measured in
 * the page by the web-vitals library while the test taps and types as a person would: a tap on
 * the heading, three Tabs, the theme menu opened and closed. Each screen is opened fresh at
 * 375 px, with the CPU slowed four times as on Lighthouse's mobile preset; the worst interaction
 * of each is reported into docs/benchmarks.md, which is where the 200 ms target is read: a time
 * asserted here would fail whenever the machine running the tests is busy. The test checks that
 * every screen was measured.
 */
const baseUrl = inject('baseUrl');
const LIMIT_MS = 200;
const require = createRequire(import.meta.url);
// The library's classic-script build (it defines `webVitals`), beside its module entry.
const WEB_VITALS = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');
const BENCHMARKS = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');

let browser: Browser;
let context: BrowserContext | undefined;
let member: Member;
let resultPath: string;
let planId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember();
  const plans = await asMember<{ data: { id: number }[] }>(baseUrl, member, 'GET', '/api/plans');
  planId = plans.body.data[0]!.id;
  // A paid month: the result page has a payment to show, the dashboard a subscription.
  resultPath = await buyPremium(baseUrl, member);
  expect(resultPath).toMatch(/^\/premium\/result\?payment=/);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

declare global {
  interface Window {
    webVitals?: { onINP: (cb: (m: { value: number }) => void, opts?: { reportAllChanges?: boolean; durationThreshold?: number }) => void };
    __inp?: number;
  }
}

/** The screen opened as the member, with web-vitals listening from the first script on. */
async function openAsMember(pathname: string): Promise<Page> {
  context = await newContext(browser, { viewport: MOBILE });
  await signInBrowser(context, member);
  // Its `var webVitals` made a global: an init script runs in a function of its own.
  await context.addInitScript({ content: `${fs.readFileSync(WEB_VITALS, 'utf8')}\nwindow.webVitals = webVitals;` });
  await context.addInitScript(() => {
    // Every interaction counts, not only those over web-vitals' default 40 ms.
    window.webVitals?.onINP((m) => (window.__inp = m.value), { reportAllChanges: true, durationThreshold: 16 });
  });
  const page = await context.newPage();
  await page.goto(baseUrl + pathname);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

/** Lighthouse's mobile preset runs the page on a CPU four times slower; so do these taps. */
const MOBILE_CPU_SLOWDOWN = 4;

/** What a person does on any screen: a tap, moving through it with Tab, the theme menu. */
async function interact(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
  await page.locator('main h1').first().click();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await page.getByTestId('theme-mode-button').click();
  await page.getByRole('menuitemradio').first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('menuitemradio').first().waitFor({ state: 'hidden' });
}

/** The page's INP so far: its worst interaction (fewer than 50 here). */
async function inpOf(page: Page): Promise<number> {
  await page.waitForFunction(() => window.__inp !== undefined, undefined, { timeout: 10_000 });
  return page.evaluate(() => window.__inp!);
}

/** The section between `<!-- bench:NAME:begin/end -->`, as scripts/lib.mjs writes the benchmarks' sections. */
function writeSection(name: string, md: string): void {
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const doc = fs.readFileSync(BENCHMARKS, 'utf8');
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  const block = `${begin}\n${md}\n${end}`;
  fs.writeFileSync(BENCHMARKS, a >= 0 && b > a ? doc.slice(0, a) + block + doc.slice(b + end.length) : `${doc.trimEnd()}\n\n${block}\n`);
}

describe('a member’s screens: INP of a tap or a key, measured with web-vitals (target 200 ms, read in the benchmarks)', () => {
  it('dashboard, watchlist, history, notifications, go premium, join and a payment’s result', async () => {
    const screens: [string, string][] = [
      ['dashboard', '/user/dashboard'],
      ['watchlist', '/user/watchlist'],
      ['history', '/user/history'],
      ['notifications', '/user/notifications'],
      ['go premium', '/gopremium'],
      ['join a plan', `/premium/join/${planId}`],
      ['payment result', resultPath],
    ];
    const measured: [string, string, number][] = [];
    for (const [name, pathname] of screens) {
      const page = await openAsMember(pathname);
      await interact(page);
      measured.push([name, pathname.replace(/\?.*$/, ''), await inpOf(page)]);
      await context?.close();
      context = undefined;
    }
    const rows = measured.map(([name, p, ms]) => `| ${name} | \`${p}\` | ${Math.round(ms)} ms |`);
    writeSection(
      'inp',
      [
        `## Member screens' INP (\`e2e/specs/member-inp.test.ts\`), ${new Date().toISOString().slice(0, 10)}`,
        '',
        `Interaction to Next Paint from the web-vitals library in the page, Debian Chromium at 375 px, the CPU slowed ${MOBILE_CPU_SLOWDOWN}× as on Lighthouse's mobile preset, a signed-in member with a paid month; per screen a tap on the heading, three Tabs, the theme menu opened and closed (the worst of them). Target ≤ ${LIMIT_MS} ms. Machine: ${os.cpus().length} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end.`,
        '',
        '| screen | route | INP |',
        '|---|---|---|',
        ...rows,
      ].join('\n'),
    );
    const over = measured.filter(([, , ms]) => ms > LIMIT_MS).map(([name, , ms]) => `${name}: ${Math.round(ms)} ms`);
    if (over.length > 0) console.warn(`INP over ${LIMIT_MS} ms on this run (load average ${os.loadavg()[0]?.toFixed(1)}): ${over.join(', ')}`);
    // Every screen answered the taps and was measured (web-vitals reported an interaction).
    expect(measured.map(([name, , ms]) => [name, Number.isFinite(ms) && ms > 0])).toEqual(screens.map(([name]) => [name, true]));
  }, 300_000);
});
