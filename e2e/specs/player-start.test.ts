import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, newContext, waitForScreen } from '../support/browser';
import { asMember, buyPremium, registerMember, signInBrowser, type Member } from '../support/members';
import { shoot } from './screens-support';

/**
 * Starting to watch, in the browser against the real server and its demo media: one press of
 * «تماشا» on a title page, of a continue-watching card, or the end of a next-episode countdown
 * plays without a second press (a refused autoplay is player.test.tsx's: headless Chromium
 * lets every page autoplay); on a phone
 * the start goes full screen; Persian subtitles are off under a Persian dub and on for the
 * original, unless the member chose otherwise.
 */
const baseUrl = inject('baseUrl');

type TitleRef = { id: number; imdbId: string; path: string };
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let movie: TitleRef;
let series: TitleRef;

const titleByImdb = async (imdb: string) => ((await (await fetch(`${baseUrl}/api/titles/imdb/${imdb}`)).json()) as { data: TitleRef }).data;

async function premiumMember(name: string): Promise<Member> {
  const member = await registerMember({ name });
  await buyPremium(baseUrl, member);
  return member;
}

beforeAll(async () => {
  browser = await launchBrowser();
  movie = await titleByImdb('tt0111161');
  series = await titleByImdb('tt0903747');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(who: Member, viewport = DESKTOP) {
  context = await newContext(browser, viewport.width < 600 ? { viewport, isMobile: true, hasTouch: true } : { viewport });
  // Every call of requestFullscreen, whether the browser grants it or not.
  await context.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { fullscreenCalls: string[] }).fullscreenCalls = calls;
    const original = Element.prototype.requestFullscreen;
    Element.prototype.requestFullscreen = function (this: Element, options?: FullscreenOptions) {
      calls.push(this.getAttribute('data-testid') ?? this.tagName);
      return original.call(this, options);
    };
  });
  await signInBrowser(context, who);
  page = await context.newPage();
}

const video = () => page.getByTestId('player-video');
const player = () => page.getByTestId('player');
const currentTime = () => video().evaluate((v: HTMLVideoElement) => v.currentTime);
const paused = () => video().evaluate((v: HTMLVideoElement) => v.paused);

/** Playing, with nothing pressed on the watch screen: the time moves on by itself. */
async function expectPlayingOnArrival(from = 0) {
  await page.waitForURL(/\/watch\//);
  await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(from + 0.5);
  expect(await paused()).toBe(false);
  expect(await page.getByTestId('play-start').count()).toBe(0);
}

/** The controls hide while playing; a movement over the player brings them back. */
async function showControls() {
  await player().dispatchEvent('pointermove');
  await expect.poll(() => player().getAttribute('class')).toContain('p-player--controls');
}

async function openTitlePage(title: TitleRef) {
  await page.goto(`${baseUrl}${title.path}`);
  await waitForScreen(page);
}

describe('one press plays', () => {
  it('«تماشا» on a title page starts the movie on arrival, with Persian subtitles for the original', async () => {
    const member = await premiumMember('سپیده');
    await open(member);
    await openTitlePage(movie);
    await page.getByTestId('watch-button').click();
    await expectPlayingOnArrival();
    expect(await player().getAttribute('data-audio')).toBe('orig');
    expect(await player().getAttribute('data-subtitle')).toBe('fa');
    // Not on a phone: the page stays around the player.
    expect(await page.evaluate(() => (window as unknown as { fullscreenCalls: string[] }).fullscreenCalls)).toEqual([]);
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(2);
    await showControls();
    expect(await page.getByTestId('play-toggle').getAttribute('aria-label')).toBe('توقف');
    await shoot(page, 'watch-playing-1280');
  });

  it('a continue-watching card starts the movie where it stopped', async () => {
    const member = await premiumMember('بردیا');
    expect((await asMember(baseUrl, member, 'POST', `/api/user/history/${movie.id}`, { position_sec: 8 })).status).toBe(200);
    await open(member);
    await page.goto(`${baseUrl}/`);
    const card = page.getByTestId('continue-watching').locator(`[data-title-id="${movie.id}"]`);
    await card.waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await card.click();
    await expectPlayingOnArrival(8);
  });

  it("the next episode's countdown goes on playing without a press", async () => {
    const member = await premiumMember('کامران');
    await open(member);
    await openTitlePage(series);
    await page.getByTestId('watch-button').click();
    await expectPlayingOnArrival();
    await page.getByText('فصل ۱، قسمت ۱').waitFor();
    await video().evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.5;
    });
    await page.getByTestId('next-episode').waitFor({ timeout: 20_000 });
    // Nobody presses «پخش قسمت بعد»: the countdown ends and episode 2 plays.
    await page.waitForURL(/[?&]episode=\d+/, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: /فصل ۱، قسمت ۲/ }).waitFor();
    await expect.poll(() => video().evaluate((v: HTMLVideoElement) => !v.paused && !v.ended && v.currentTime > 0.5), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('play-start').count()).toBe(0);
  });
});

describe('on a phone', () => {
  it('the press goes full screen, and leaving full screen keeps playing', async () => {
    const member = await premiumMember('نگین');
    await open(member, MOBILE);
    await openTitlePage(movie);
    await page.getByTestId('watch-button').tap();
    await expectPlayingOnArrival();
    expect(await page.evaluate(() => (window as unknown as { fullscreenCalls: string[] }).fullscreenCalls)).toEqual(['player']);
    // Granted here (the press's activation came along); the orientation lock may be refused, silently.
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('player');
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(2);
    await showControls();
    await shoot(page, 'watch-playing-375');
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    const at = await currentTime();
    await expect.poll(currentTime, { timeout: 10_000 }).toBeGreaterThan(at + 0.5);
    expect(await paused()).toBe(false);
  });
});

describe('subtitles under a Persian dub', () => {
  it("off with the dub, on with the original, and the member's own choice wins", async () => {
    const member = await premiumMember('مهتاب');
    await open(member);
    // The dub, from the dubbed list's way in: no subtitles over Persian speech.
    await page.goto(`${baseUrl}/watch/${movie.imdbId}/${movie.id}?dub=1`);
    await player().waitFor();
    expect(await player().getAttribute('data-audio')).toBe('dub1');
    expect(await player().getAttribute('data-subtitle')).toBe('');
    // Switched to the original in place: Persian subtitles come on.
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('audio-orig').locator('input').check();
    await expect.poll(() => player().getAttribute('data-subtitle')).toBe('fa');
    // Back to the dub: off again. The member turns them on for dubs.
    await page.getByTestId('audio-dub1').locator('input').check();
    await expect.poll(() => player().getAttribute('data-subtitle')).toBe('');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/profile/prefs') && r.request().method() === 'PUT');
    await page.getByTestId('subtitle-fa').locator('input').check();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => player().getAttribute('data-subtitle')).toBe('fa');

    // Their choice is the profile's: a new visit with the dub keeps the subtitles.
    const prefs = await asMember<{ data: { subtitle: string | null; subtitleWithDub?: string | null } }>(baseUrl, member, 'GET', '/api/user/profile/prefs');
    expect(prefs.body.data).toMatchObject({ subtitle: 'fa', subtitleWithDub: 'fa' });
    await page.goto(`${baseUrl}/watch/${movie.imdbId}/${movie.id}?dub=1`);
    await player().waitFor();
    expect(await player().getAttribute('data-subtitle')).toBe('fa');

    // Subtitles turned off for originals stay off there, whatever the dub's choice.
    expect((await asMember(baseUrl, member, 'PUT', '/api/user/profile/prefs', { ...prefs.body.data, subtitle: null })).status).toBe(200);
    await page.goto(`${baseUrl}/watch/${movie.imdbId}/${movie.id}`);
    await player().waitFor();
    await expect.poll(() => player().getAttribute('data-audio')).toBe('dub1');
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('audio-orig').locator('input').check();
    await expect.poll(() => player().getAttribute('data-subtitle')).toBe('');
  });
});
