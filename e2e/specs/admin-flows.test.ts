import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, newContext, waitForScreen } from '../support/browser';
import { asMember, buyPremium, registerMember, signInBrowser } from '../support/members';
import { createOperator, openOperatorLink } from '../support/staff';
import { expectNoSeriousViolations, shoot } from './screens-support';

/**
 * The operators' panel end to end, in the browser against the real server: an admin makes a
 * title, uploads a short video and Persian subtitles, waits for the packaging, publishes it, and
 * a premium member plays it with those subtitles.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext | undefined;
let work: string;
let clip: string;
let srt: string;

beforeAll(async () => {
  browser = await launchBrowser();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-admin-e2e-'));
  clip = path.join(work, 'clip.mp4');
  // Four seconds of test pattern and a tone, small and quick to package.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=24:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  srt = path.join(work, 'fa.srt');
  fs.writeFileSync(srt, '1\n00:00:00,200 --> 00:00:03,800\nشب بخیر، تهران!\n');
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('an admin publishing a film', () => {
  it('creates a title, uploads a video and subtitles, publishes it, and a premium member plays it', async () => {
    const { link } = await createOperator('admin', { name: 'سردبیر پرده' });
    context = await newContext(browser, { viewport: DESKTOP });
    const page: Page = await openOperatorLink(context, link);

    // A new title starts hidden.
    await page.goto(`${baseUrl}/admin/titles/new`);
    const form = page.getByTestId('admin-title-form');
    await form.waitFor();
    const stamp = Date.now().toString(36);
    await page.getByTestId('admin-title-title_fa').fill(`شب‌های تهران ${stamp}`);
    await page.getByTestId('admin-title-title_en').fill(`Tehran Nights ${stamp}`);
    await page.getByTestId('admin-title-type').selectOption('movie');
    await page.getByTestId('admin-title-year').fill('2024');
    await page.getByTestId('admin-title-save').click();
    await page.waitForURL(/\/admin\/titles\/\d+$/);
    const titleId = Number(/\/admin\/titles\/(\d+)$/.exec(page.url())![1]);
    expect(await page.getByTestId('admin-title-publish').getAttribute('data-published')).toBe('false');
    expect((await fetch(`${baseUrl}/api/titles/${titleId}`)).status).toBe(404);
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-title-1280');

    // The video, resumable, then packaged while the page shows the progress.
    await page.getByTestId('admin-title-media-link').click();
    await page.waitForURL(`**/admin/titles/${titleId}/media`);
    await page.getByTestId('admin-video-input').setInputFiles(clip);
    await page.getByTestId('admin-video-upload').click();
    await expect.poll(() => page.getByTestId('admin-ingest-status').getAttribute('data-status'), { timeout: 120_000, interval: 500 }).toBe('done');

    // Persian subtitles for it.
    await page.getByTestId('admin-subtitle-language').selectOption('fa');
    await page.getByTestId('admin-subtitle-input').setInputFiles(srt);
    await page.getByTestId('admin-subtitle-upload').click();
    await expect.poll(() => page.getByTestId('admin-media-subtitles').first().textContent(), { timeout: 30_000 }).toMatch(/فارسی/);
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-title-media-1280');

    // Published: every process serves it within seconds.
    await page.goto(`${baseUrl}/admin/titles/${titleId}`);
    await page.getByTestId('admin-title-publish').click();
    await expect.poll(() => page.getByTestId('admin-title-publish').getAttribute('data-published')).toBe('true');
    await expect.poll(async () => (await fetch(`${baseUrl}/api/titles/${titleId}`)).status, { timeout: 10_000 }).toBe(200);
    const title = ((await (await fetch(`${baseUrl}/api/titles/${titleId}`)).json()) as { data: { imdbId: string } }).data;

    // A premium member plays it, with the Persian subtitles on.
    const viewer = await registerMember({ baseUrl, name: 'بیننده' });
    await buyPremium(baseUrl, viewer);
    const watching = await newContext(browser, { viewport: DESKTOP });
    try {
      await signInBrowser(watching, viewer, baseUrl);
      const player = await watching.newPage();
      await player.goto(`${baseUrl}/watch/${title.imdbId}/${titleId}`);
      await player.getByTestId('play-toggle').click();
      const video = player.getByTestId('player-video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
      await player.getByTestId('settings-toggle').click();
      await player.getByTestId('player-settings').getByTestId('subtitle-fa').locator('input').check();
      await video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = 1;
      });
      await expect.poll(() => player.getByTestId('player-subtitles').locator('.p-player__cue-line').first().textContent(), { timeout: 15_000 }).toBe('شب بخیر، تهران!');
    } finally {
      await watching.close();
    }
  }, 240_000);
});

describe('an editor answering requests', () => {
  it('fulfils a title two members asked for by picking it, and each member sees the notification dot', async () => {
    const askers = [await registerMember({ baseUrl, name: 'مینا' }), await registerMember({ baseUrl, name: 'رضا' })];
    for (const who of askers) {
      const res = await asMember(baseUrl, who, 'POST', '/api/user/request', { title: 'The Shawshank Redemption', year: 1994, imdb: 'https://www.imdb.com/title/tt0111161/' });
      expect(res.status).toBe(201);
    }
    const shawshank = ((await (await fetch(`${baseUrl}/api/titles/imdb/tt0111161`)).json()) as { data: { id: number } }).data;
    const { link } = await createOperator('editor', { name: 'ویراستار پرده' });
    context = await newContext(browser, { viewport: DESKTOP });
    const page = await openOperatorLink(context, link);
    await page.getByTestId('admin-nav-requests').click();
    await page.waitForURL('**/admin/requests');
    const group = page.getByTestId('admin-request-group').filter({ hasText: 'tt0111161' }).first();
    await group.waitFor();
    expect(await group.getByTestId('admin-request-members').textContent()).toMatch(/۲/);
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-requests-1280');

    await group.getByTestId('admin-request-fulfil').click();
    const dialog = page.getByTestId('admin-request-fulfil-dialog');
    await dialog.getByTestId('admin-request-title-picker').fill('Shawshank');
    await dialog.getByTestId('admin-request-title-option').first().click();
    await dialog.getByTestId('admin-request-fulfil-confirm').click();
    await dialog.waitFor({ state: 'hidden' });

    for (const who of askers) {
      const mine = await newContext(browser, { viewport: MOBILE, isMobile: true, hasTouch: true });
      try {
        await signInBrowser(mine, who, baseUrl);
        const p = await mine.newPage();
        await p.goto(`${baseUrl}/contact`);
        await waitForScreen(p);
        await p.locator('[data-testid="notification-dot"]:visible').first().waitFor({ timeout: 15_000 });
        const watchlist = await asMember<{ data: { id: number }[] }>(baseUrl, who, 'GET', '/api/user/watchlist');
        expect(watchlist.body.data.map((t) => t.id)).toContain(shawshank.id);
      } finally {
        await mine.close();
      }
    }

    // The answer was wrong after all: reopened from the answered list, it waits in the queue again.
    await page.goto(`${baseUrl}/admin/requests?status=fulfilled`);
    const answered = page.getByTestId('admin-request-group').filter({ hasText: 'tt0111161' }).first();
    await answered.getByTestId('admin-request-reopen').click();
    const reopen = page.getByTestId('admin-request-reopen-dialog');
    await reopen.getByTestId('admin-request-reopen-reason').fill('نسخهٔ نادرستی از این فیلم انتخاب شده بود.');
    await reopen.getByTestId('admin-request-reopen-confirm').click();
    await reopen.waitFor({ state: 'hidden' });
    await page.waitForURL(/status=pending/);
    await page.getByTestId('admin-request-group').filter({ hasText: 'tt0111161' }).first().getByTestId('admin-request-fulfil').waitFor();
    for (const who of askers) {
      const notes = await asMember<{ data: { kind: string; body: string }[] }>(baseUrl, who, 'GET', '/api/user/notifications');
      expect(notes.body.data[0]).toMatchObject({ kind: 'request_reopened', body: expect.stringContaining('نسخهٔ نادرستی از این فیلم انتخاب شده بود.') });
      const watchlist = await asMember<{ data: { id: number }[] }>(baseUrl, who, 'GET', '/api/user/watchlist');
      expect(watchlist.body.data.map((t) => t.id)).not.toContain(shawshank.id);
    }
  }, 180_000);
});

describe('an admin granting premium by hand', () => {
  it('sends an Idempotency-Key with every grant, and asks before giving the same grant again', async () => {
    const member = await registerMember({ baseUrl, name: 'سپیده' });
    const { link } = await createOperator('admin');
    context = await newContext(browser, { viewport: DESKTOP });
    const page = await openOperatorLink(context, link);
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/admin/members/${member.id}/premium`)) keys.push(r.headers()['idempotency-key']);
    });
    await page.goto(`${baseUrl}/admin/members/${member.id}`);
    const grant = async () => {
      await page.getByTestId('admin-member-grant').click();
      const dialog = page.getByTestId('admin-grant-dialog');
      await dialog.getByTestId('admin-grant-days').fill('۳۰');
      await dialog.getByTestId('admin-grant-reason').fill('جبران قطعی سرویس');
      await dialog.getByTestId('admin-grant-dialog-confirm').click();
      return dialog;
    };
    await (await grant()).waitFor({ state: 'hidden' });
    const again = await grant();
    const question = again.getByTestId('admin-grant-repeat');
    await question.waitFor();
    expect(await question.textContent()).toContain('همین اشتراک چند دقیقه پیش داده شد؛ دوباره بدهید؟');
    await expectNoSeriousViolations(page);
    await again.getByTestId('admin-grant-dialog-confirm').click();
    await again.waitFor({ state: 'hidden' });

    expect(keys).toHaveLength(3);
    for (const k of keys) expect(k).toMatch(/^web-[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    // The confirmed send is the same submission as the refused one.
    expect(keys[2]).toBe(keys[1]);
    const premium = await asMember<{ data: { premiumUntil: string } }>(baseUrl, member, 'GET', '/api/user/premium');
    expect(new Date(premium.body.data.premiumUntil).getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
  }, 120_000);
});

describe('every screen of the panel', () => {
  const screens: [string, string][] = [
    ['/admin', 'admin-dashboard'],
    ['/admin/titles', 'admin-titles'],
    ['/admin/catalogue', 'admin-catalogue'],
    ['/admin/imports', 'admin-imports'],
    ['/admin/comments', 'admin-comments'],
    ['/admin/notifications', 'admin-notifications'],
    ['/admin/members', 'admin-members'],
    ['/admin/money', 'admin-money'],
    ['/admin/audit', 'admin-audit'],
  ];

  it('draws each section for an admin at 1280 px, and the dashboard at 375 px, with no serious accessibility problem', async () => {
    const { link } = await createOperator('admin');
    context = await newContext(browser, { viewport: DESKTOP });
    const page = await openOperatorLink(context, link);
    for (const [url, name] of screens) {
      await page.goto(baseUrl + url);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, undefined, { timeout: 20_000 });
      if (name === 'admin-dashboard') await page.getByTestId('admin-dashboard-chart').first().locator('canvas').waitFor();
      await expectNoSeriousViolations(page);
      await shoot(page, `${name}-1280`);
    }
    // One member's page: subscription, payments and the actions on them.
    await page.goto(`${baseUrl}/admin/members`);
    await page.locator('main h1').first().waitFor();
    await page.locator('main a[href^="/admin/members/"]').first().click();
    await page.waitForURL(/\/admin\/members\/\d+$/);
    await page.getByTestId('admin-member-grant').waitFor();
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-member-1280');
    await page.setViewportSize(MOBILE);
    await page.goto(`${baseUrl}/admin`);
    await page.getByTestId('admin-dashboard-chart').first().locator('canvas').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, undefined, { timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'admin-dashboard-375');
  }, 120_000);
});
