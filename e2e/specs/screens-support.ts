import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { describeViolations, DESKTOP, MOBILE, newContext, seriousViolations } from '../support/browser';
import { repoRoot } from '../support/server';

/** Helpers shared by the `screens-*` specs: the two widths, data lookups, shots and axe. */

export const WIDTHS = [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const;

export async function openContext(browser: Browser, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const mobile = viewport.width < 600;
  return newContext(browser, { viewport, isMobile: mobile, hasTouch: mobile });
}

/**
 * One visitor page per viewport for a spec file's read-only visits: opened on the first visit,
 * navigated from then on. A new page costs Chromium about 2 s of processor time before it has
 * loaded anything (Playwright setting the page up; a page opened without it costs 0.3 s), and a
 * visit on an open page about 1 s (measured on this machine, 2026-11-28): new pages were most of
 * what the browser tests cost CI. Each visit is a full navigation to a new document; what carries
 * over is the context's cookies and storage, which a visitor reading pages does not write. A test
 * that signs in, intercepts requests or changes a setting opens a context of its own.
 */
export class VisitorPages {
  private readonly pages = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();

  /**
   * `initScript` runs in every document of the pages (as `page.addInitScript`); `ready` is what a
   * visit waits for once the page has navigated (`settle` unless told).
   */
  constructor(
    private readonly browser: Browser,
    private readonly options: { initScript?: string; ready?: (page: Page) => Promise<void> } = {},
  ) {}

  /** The viewport's page at `url`, ready. */
  async visit(viewport: { width: number; height: number }, url: string): Promise<Page> {
    const key = `${viewport.width}x${viewport.height}`;
    let open = this.pages.get(key);
    // A page that a failed test left closed is replaced, so that one failure stays one.
    const last = await open?.catch(() => undefined);
    if (open && (!last || last.page.isClosed())) {
      await last?.context.close().catch(() => {});
      open = undefined;
    }
    if (!open) {
      open = openContext(this.browser, viewport).then(async (context) => {
        const page = await context.newPage();
        if (this.options.initScript) await page.addInitScript(this.options.initScript);
        return { context, page };
      });
      this.pages.set(key, open);
    }
    const { page } = await open;
    await page.goto(url);
    await (this.options.ready ?? settle)(page);
    return page;
  }

  /** Takes back what a test added to the pages: its request routes. */
  async reset(): Promise<void> {
    for (const open of this.pages.values()) await (await open.catch(() => undefined))?.page.unrouteAll({ behavior: 'wait' }).catch(() => {});
  }

  async close(): Promise<void> {
    const open = [...this.pages.values()];
    this.pages.clear();
    await Promise.all(open.map(async (p) => (await p.catch(() => undefined))?.context.close()));
  }
}

/** A GET on the real API, for choosing test data rather than hard-coding ids. */
export async function apiGet<T>(baseUrl: string, url: string): Promise<T> {
  const res = await fetch(baseUrl + url);
  if (!res.ok) throw new Error(`GET ${url} → ${res.status}`);
  return (await res.json()) as T;
}

export type Card = { id: number; path: string; titleFa: string | null; titleEn: string; type: 'movie' | 'series'; hasDub: boolean; expectedDate: string | null };
export type Page1<T> = { data: T[]; meta: { currentPage: number; lastPage: number; total: number } };

/** Waits until the main heading is there, the skeletons are gone and fonts and images are in. */
export async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  // A server-rendered page shows its heading before the app has taken it over.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid$="skeleton"], .p-skel, .MuiSkeleton-root').length === 0, undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () => Array.from(document.images).filter((i) => i.loading !== 'lazy' || i.getBoundingClientRect().top < window.innerHeight).every((i) => i.complete),
    undefined,
    { timeout: 20_000 },
  );
}

/** `docs/screenshots/<name>.png`, the viewport as a person first sees it. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = path.join(repoRoot, 'docs/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
  if (process.env.E2E_FULL_SHOTS) {
    await page.screenshot({ path: path.join(process.env.E2E_FULL_SHOTS, `${name}-full.png`), fullPage: true, animations: 'disabled' });
  }
}

export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await expectMuiInScope(page);
}

/**
 * MUI's components only inside `MuiScope` (docs/decisions/0010): one rendered outside it would
 * fall back to MUI's default theme and Emotion's default cache, whose style elements are keyed
 * `css` instead of the right-to-left cache's `muirtl`.
 */
export async function expectMuiInScope(page: Page): Promise<void> {
  const unscoped = await page.evaluate(() => [...document.querySelectorAll('style[data-emotion]')].map((s) => s.getAttribute('data-emotion')!).filter((k) => !k.startsWith('muirtl')));
  expect(unscoped).toEqual([]);
}

/** Nothing wider than the viewport: no sideways scrolling of the page at 375 px. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export const PERSIAN = /[\u0600-\u06FF]/;
export const LATIN_DIGIT = /[0-9]/;
