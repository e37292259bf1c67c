import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { asMember, buyPremium, registerMember, signInBrowser, type Member } from '../support/members';
import { expectNoSeriousViolations, openContext, settle, shoot, WIDTHS } from './screens-support';

/**
 * Household profiles against the real server, at 375 and 1280 px: a premium member makes a
 * second profile with a PIN and a kids profile, switches with the PIN (a wrong try says how many
 * are left), the kids profile's home and search hold no grown-up title, and each profile resumes
 * the film where it left it. Axe on the new screens, and the header's profile button and the
 * picker work from the keyboard.
 */
const baseUrl = inject('baseUrl');
const KIDS_RATINGS = ['G', 'PG', 'TV-Y', 'TV-G', 'TV-PG'];

let browser: Browser;
let movie: { id: number; imdbId: string };

beforeAll(async () => {
  browser = await launchBrowser();
  movie = ((await (await fetch(`${baseUrl}/api/titles/imdb/tt0111161`)).json()) as { data: { id: number; imdbId: string } }).data;
});
afterAll(async () => {
  await browser?.close();
});

describe.each(WIDTHS)('household profiles at %s px', (width, viewport) => {
  let member: Member;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    member = await registerMember({ name: 'مریم' });
    await buyPremium(baseUrl, member);
    context = await openContext(browser, viewport);
    await signInBrowser(context, member);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  const video = () => page.getByTestId('player-video');
  const currentTime = () => video().evaluate((v: HTMLVideoElement) => v.currentTime);
  const menuButton = () => page.getByTestId('profile-menu-button');

  /** From the header's avatar menu, with the keyboard: Tab until the button, Enter, then the item. */
  async function openMenuItem(testId: 'switch-profile' | 'manage-profiles') {
    await page.locator('body').focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'profile-menu-button')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('profile-menu-button');
    await page.keyboard.press('Enter');
    await page.getByTestId('profile-menu').waitFor();
    // The first item has the focus; the second is one Tab further.
    if (testId === 'manage-profiles') await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(testId);
    await page.keyboard.press('Enter');
  }

  async function choose(name: string) {
    await page.getByRole('heading', { level: 1, name: 'چه کسی تماشا می‌کند؟' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^تماشا با نمایهٔ ${name}`) }).click();
  }

  /** Play, once the media is there (on a busy machine a press before it can be lost). */
  async function startPlaying() {
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 1, undefined, { timeout: 20_000 });
    await page.getByTestId('play-toggle').click();
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(0.3);
  }

  async function playAndLeaveAt(seconds: number) {
    await page.goto(`${baseUrl}/watch/${movie.imdbId}/${movie.id}`);
    await startPlaying();
    await video().evaluate((v: HTMLVideoElement, s: number) => {
      v.currentTime = s;
    }, seconds);
    await expect.poll(currentTime).toBeGreaterThan(seconds + 0.2);
    const saved = page.waitForResponse((r) => r.url().includes(`/api/user/history/${movie.id}`) && r.request().method() === 'POST');
    await video().evaluate((v: HTMLVideoElement) => v.pause());
    expect((await saved).status()).toBe(200);
    await leaveFullScreen();
  }

  /** On a phone the first start of a film goes full screen; the viewer leaves it to reach the menu. */
  async function leaveFullScreen() {
    await page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  }

  /** Opens the film again and starts it: where it starts is the profile's resume point. */
  async function resumesAt() {
    await page.goto(`${baseUrl}/`);
    await page.goto(`${baseUrl}/watch/${movie.imdbId}/${movie.id}`);
    await startPlaying();
    const at = await currentTime();
    await video().evaluate((v: HTMLVideoElement) => v.pause());
    await leaveFullScreen();
    return at;
  }

  it('makes a second profile with a PIN and a kids profile on the management screen', async () => {
    await page.goto(`${baseUrl}/`);
    await settle(page);
    // One profile: no picker, the avatar in the header.
    await menuButton().waitFor();
    expect(await menuButton().textContent()).toContain('مریم');
    await openMenuItem('manage-profiles');
    await page.getByRole('heading', { level: 1, name: 'مدیریت نمایه‌ها' }).waitFor();

    await page.getByTestId('add-profile').click();
    const form = page.getByTestId('profile-form');
    await form.getByTestId('profile-name-input').fill('آرش');
    await form.getByTestId('avatar-moon').click();
    await form.getByTestId('profile-pin-input').fill('۲۴۶۸');
    expect(await form.getByTestId('profile-pin-input').inputValue()).toBe('۲۴۶۸');
    await form.getByTestId('proof-password-input').fill(member.password);
    await expectNoSeriousViolations(page);
    await shoot(page, `profiles-form-${width}`);
    await form.getByTestId('profile-save').click();
    await form.waitFor({ state: 'detached' });
    await page.locator('[data-testid="manage-row"]', { hasText: 'آرش' }).waitFor();

    // The proof was given once on this screen: the kids profile is made without it.
    await page.getByTestId('add-profile').click();
    await form.getByTestId('profile-name-input').fill('نیلو');
    await form.getByTestId('avatar-cat').click();
    await form.getByRole('switch', { name: 'نمایهٔ کودک' }).check();
    expect(await form.getByTestId('proof-fields').count()).toBe(0);
    await form.getByTestId('profile-save').click();
    await form.waitFor({ state: 'detached' });
    const kidsRow = page.locator('[data-testid="manage-row"]', { hasText: 'نیلو' });
    await kidsRow.getByText('کودک').waitFor();
    await expect.poll(() => page.getByTestId('manage-row').count()).toBe(3);
    await expectNoSeriousViolations(page);
    await shoot(page, `profiles-manage-${width}`);

    const listed = await asMember<{ data: { profiles: { name: string; kids: boolean; hasPin: boolean }[] } }>(baseUrl, member, 'GET', '/api/user/profiles');
    expect(listed.body.data.profiles.map((p) => [p.name, p.kids, p.hasPin])).toEqual([
      ['مریم', false, false],
      ['آرش', false, true],
      ['نیلو', true, false],
    ]);
  });

  it('switches with the PIN: a wrong try says the tries left in Persian, the right one enters', async () => {
    await openMenuItem('switch-profile');
    await page.getByRole('heading', { level: 1, name: 'چه کسی تماشا می‌کند؟' }).waitFor();
    const picker = page.getByTestId('profile-picker');
    if (viewport.width < 600) {
      // A phone: the picker is the whole screen.
      const box = (await picker.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
      expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
    }
    await expectNoSeriousViolations(page);
    await shoot(page, `profiles-picker-${width}`);

    // Keyboard: the choices are buttons in the tab order.
    await page.getByRole('button', { name: /^تماشا با نمایهٔ آرش/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('unlock-dialog');
    await dialog.waitFor();
    const pin = dialog.getByTestId('pin-input');
    await pin.fill('1111');
    expect(await pin.inputValue()).toBe('۱۱۱۱');
    await dialog.getByTestId('unlock-submit').click();
    await dialog.getByText(/بار دیگر|فرصت/).waitFor();
    expect(await dialog.innerText()).toMatch(/[۰-۹]/);
    await expectNoSeriousViolations(page);
    await shoot(page, `profiles-pin-${width}`);
    // The next PIN is typed straight away, without reaching for the field: the try disabled it
    // (the browser took the focus away), and the answer gave the focus back.
    await page.keyboard.type('2468');
    expect(await pin.inputValue()).toBe('۲۴۶۸');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/profiles');
    await expect.poll(() => menuButton().textContent()).toContain('آرش');
  });

  it('each profile resumes the film where it left it', async () => {
    await playAndLeaveAt(8);
    await openMenuItem('switch-profile');
    await choose('مریم');
    await expect.poll(() => menuButton().textContent()).toContain('مریم');
    // Mariam has not watched it: it starts from the beginning, then she leaves at 3 s.
    expect(await resumesAt()).toBeLessThan(2);
    await playAndLeaveAt(3);
    const mariam = await resumesAt();
    expect(mariam).toBeGreaterThan(2.5);
    expect(mariam).toBeLessThan(6);

    await openMenuItem('switch-profile');
    await choose('آرش');
    const dialog = page.getByTestId('unlock-dialog');
    await dialog.getByTestId('pin-input').fill('2468');
    await dialog.getByTestId('unlock-submit').click();
    await page.waitForURL((u) => u.pathname !== '/profiles');
    expect(await resumesAt()).toBeGreaterThan(7.5);
  });

  it("the kids profile's home and search hold no grown-up title, and leaving it asks for the password", async () => {
    await openMenuItem('switch-profile');
    await choose('نیلو');
    await page.getByTestId('kids-badge').waitFor();
    await page.goto(`${baseUrl}/`);
    await settle(page);
    const ids = await page.locator('main [data-testid="title-card"]').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-title-id'))));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of new Set(ids)) {
      const title = (await (await fetch(`${baseUrl}/api/titles/${id}`)).json()) as { data: { ageRating: string | null } };
      expect(KIDS_RATINGS, `title ${id}`).toContain(title.data.ageRating);
    }
    await expectNoSeriousViolations(page);
    await shoot(page, `profiles-kids-home-${width}`);

    // A grown-up film by name: none for kids, though it is in the catalogue for everyone else.
    await page.goto(`${baseUrl}/?q=Shawshank`);
    await page.locator('main h1').first().waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.querySelectorAll('main .p-skel, main [data-testid$="skeleton"]').length === 0);
    expect(await page.locator(`main [data-testid="title-card"][data-title-id="${movie.id}"]`).count()).toBe(0);
    const search = (await (await fetch(`${baseUrl}/api/titles/search?q=Shawshank`)).json()) as { data: { id: number }[] };
    expect(search.data.some((t) => t.id === movie.id)).toBe(true);
    // The header search, as a kids profile: no suggestion of it either.
    const kidsSearch = await page.evaluate(async (url) => {
      const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1];
      const res = await fetch(`${url}/api/titles/search?q=Shawshank`, { headers: { authorization: `Bearer ${decodeURIComponent(token ?? '')}`, accept: 'application/json' } });
      return (await res.json()) as { data: { id: number }[] };
    }, baseUrl);
    expect(kidsSearch.data.some((t) => t.id === movie.id)).toBe(false);

    // Leaving kids for a grown-up profile without a PIN: the main PIN or the account's password.
    await openMenuItem('switch-profile');
    await choose('مریم');
    const dialog = page.getByTestId('unlock-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-kind')).toBe('exit');
    await dialog.getByTestId('proof-password').click();
    await dialog.getByTestId('proof-password-input').fill(member.password);
    await dialog.getByTestId('unlock-submit').click();
    await page.waitForURL((u) => u.pathname !== '/profiles');
    await expect.poll(() => menuButton().textContent()).toContain('مریم');
    expect(await page.getByTestId('kids-badge').count()).toBe(0);
  });
});
