import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser';
import { apiGet, type Card, expectNoHorizontalOverflow, expectNoSeriousViolations, openContext, type Page1, PERSIAN, shoot, VisitorPages, WIDTHS } from './screens-support';
import { toPersianDigits } from '@parde/persian';

const baseUrl = inject('baseUrl');

type Detail = Card & {
  slug: string;
  backdrop: string;
  poster: string;
  runtime: number | null;
  ageRating: string | null;
  genres: { id: number; titleFa: string }[];
  countries: { code: string; nameFa: string }[];
  rottenTomatoes: { rtMeter: number | null; rtStatus: string | null };
  writers: { path: string; fullnameFa: string | null; fullnameEn: string }[];
  imdbId: string;
  year: number;
  seasons: { number: number; episodes: { id: number }[] }[];
  dubs: { studio: string }[];
  cast: { path: string; fullnameFa: string | null; fullnameEn: string }[];
  directors: { path: string; fullnameFa: string | null; fullnameEn: string }[];
  fileCount: number;
  isFree: boolean;
};
type MediaFile = { quality: string; codec: string; source: string; subtitles: string[] };
type Person = { id: number; slug: string; path: string; image: string; birthYear: number | null; deathYear: number | null; bioFa: string | null; bioEn: string | null; fullnameFa: string | null; fullnameEn: string; filmography: Record<'actor' | 'director' | 'writer', Card[]> };

let browser: Browser;
/** A test's own context (one that signs in or intercepts requests); closed after it. */
let context: BrowserContext | undefined;
let visitors: VisitorPages;
let page: Page;
let movie: Detail;
let series: Detail;

beforeAll(async () => {
  browser = await launchBrowser();
  visitors = new VisitorPages(browser);
  // The most voted dubbed movie with files, and the most voted series with two seasons or more.
  const dubbed = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=movie&is_dubbed=1&per_page=10');
  for (const c of dubbed.data) {
    const d = (await apiGet<{ data: Detail }>(baseUrl, `/api/titles/${c.id}`)).data;
    if (d.fileCount > 0 && d.cast.length > 0 && d.directors.length > 0 && d.writers.length > 0 && d.countries.length > 0 && d.ageRating && d.runtime && d.rottenTomatoes.rtMeter !== null) {
      movie = d;
      break;
    }
  }
  const shows = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=series&per_page=10');
  for (const c of shows.data) {
    const d = (await apiGet<{ data: Detail }>(baseUrl, `/api/titles/${c.id}`)).data;
    if (d.seasons.length >= 2 && d.fileCount > 0) {
      series = d;
      break;
    }
  }
  expect(movie, 'a dubbed movie with files in the demo catalogue').toBeDefined();
  expect(series, 'a series with seasons and files in the demo catalogue').toBeDefined();
});
afterAll(async () => {
  await visitors?.close();
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A visitor's read-only visit, on the viewport's shared page. */
async function open(viewport: { width: number; height: number }, route: string) {
  page = await visitors.visit(viewport, baseUrl + route);
}

const h1 = () => page.locator('main h1');

describe.each(WIDTHS)('title page at %s px', (width, viewport) => {
  it('a wrong slug is replaced by the right one', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    await page.goto(`${baseUrl}/titles/${movie.id}/not-${movie.slug}`);
    await page.waitForURL((u) => u.pathname === `/titles/${movie.id}/${movie.slug}`);
    await h1().waitFor();
    expect(await h1().innerText()).toBe(movie.titleFa);
    // replaced, not pushed: back leaves the title page
    expect(await page.evaluate(() => history.length)).toBe(2);
  });

  it('shows the whole title in Persian, English names left to right; screenshot and axe', async () => {
    await open(viewport, movie.path);
    expect(await h1().innerText()).toBe(movie.titleFa);
    const en = page.getByTestId('title-en');
    expect(await en.innerText()).toBe(movie.titleEn);
    expect(await en.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    const facts = await page.getByTestId('title-facts').innerText();
    expect(facts).toContain(toPersianDigits(movie.year));
    expect(facts).not.toContain(String(movie.year));
    expect(facts).toContain(`${toPersianDigits(Math.floor(movie.runtime! / 60))} ساعت`);
    expect(facts).toContain(`${toPersianDigits(movie.runtime! % 60)} دقیقه`);
    const age = page.locator('.p-title-hero__age');
    expect(await age.innerText()).toBe(movie.ageRating);
    expect(await age.getAttribute('aria-label')).toBe(`رده‌بندی سنی: ${movie.ageRating}`);
    // The backdrop and the poster, each loaded from the title's own artwork.
    for (const [selector, url] of [
      ['.p-title-hero__backdrop img', movie.backdrop],
      ['.p-title-hero__poster img', movie.poster],
    ] as const) {
      const img = page.locator(selector);
      expect(new URL((await img.getAttribute('src'))!, baseUrl).pathname).toBe(new URL(url).pathname);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    }
    expect(await page.getByTestId('imdb-rating').first().getAttribute('aria-label')).toMatch(/^امتیاز IMDb: [۰-۹]٫[۰-۹] از ۱۰$/);
    expect(await page.getByTestId('rt-badge').first().getAttribute('aria-label')).toContain(`${toPersianDigits(movie.rottenTomatoes.rtMeter!)}٪`);
    // Genres and countries, each opening the list filtered by it.
    const genres = page.getByTestId('genre-link');
    expect(await genres.allInnerTexts()).toEqual(movie.genres.map((g) => g.titleFa));
    expect(await genres.first().getAttribute('href')).toBe(`/?genre=${movie.genres[0]!.id}`);
    const countries = page.getByTestId('country-link');
    expect((await countries.allInnerTexts()).map((t) => t.trim())).toEqual(movie.countries.map((c) => c.nameFa));
    expect(await countries.first().getAttribute('href')).toBe(`/?country=${movie.countries[0]!.code}`);
    // Director and writer, by name, each a link to their page.
    const details = page.getByTestId('details');
    for (const person of [movie.directors[0]!, movie.writers[0]!]) {
      expect(await details.getByRole('link', { name: person.fullnameFa ?? person.fullnameEn, exact: true }).first().getAttribute('href')).toBe(person.path);
    }
    expect(await page.getByTestId('plot').innerText()).toMatch(PERSIAN);
    expect(await page.getByTestId('dub').count()).toBe(movie.dubs.length);
    expect(await page.getByTestId('files-link').getAttribute('href')).toBe(`/titles/${movie.id}/files`);
    // A visitor cannot watch a title that needs premium: play leads to premium instead (issue #6).
    const watchHref = movie.isFree ? `/watch/${movie.imdbId}/${movie.id}` : '/gopremium';
    await expect.poll(() => page.getByTestId('watch-button').getAttribute('href')).toBe(watchHref);
    await page.getByTestId('similar').getByTestId('title-card').first().waitFor();
    // The director's other titles, as the API lists them, this title not among them; or the
    // row's Persian empty state when there are none.
    const others = (await apiGet<{ data: Card[] }>(baseUrl, `/api/titles/${movie.id}/director-titles`)).data;
    const byDirector = page.getByTestId('director-titles');
    if (others.length === 0) await byDirector.getByTestId('empty-state').waitFor();
    else {
      await expect.poll(() => byDirector.getByTestId('title-card').count()).toBe(others.length);
      expect(others.map((t) => t.id)).not.toContain(movie.id);
    }
    // The comment section, in Persian: a visitor is asked to sign in to write. Whether there are
    // comments depends on the specs before (account.test comments on this very movie), so
    // either the list or the empty state (comments.test covers the section in full).
    const comments = page.getByTestId('comments');
    await comments.getByRole('heading', { level: 2, name: 'دیدگاه‌ها' }).waitFor();
    await comments.getByRole('link', { name: 'ورود به حساب' }).waitFor();
    await comments.locator('[data-testid="comment-list"], [data-testid="empty-state"]').first().waitFor();
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `title-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('cast and crew open the person page; a visitor’s watchlist goes to login and back', async () => {
    await open(viewport, movie.path);
    const watchlist = page.getByTestId('watchlist-button');
    expect(await watchlist.getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent(movie.path)}`);
    const person = page.getByTestId('cast').getByTestId('person-link').first();
    const href = (await person.getAttribute('href'))!;
    expect(href).toMatch(/^\/people\/(actor|director|writer)\/\d+\/[a-z0-9-]+$/);
    await person.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByTestId('person-page').waitFor();
  });

  it('a series shows its seasons and episodes', async () => {
    await open(viewport, series.path);
    const seasons = page.getByTestId('season-button');
    expect(await seasons.count()).toBe(series.seasons.length);
    expect(await seasons.first().innerText()).toBe('فصل ۱');
    expect(await page.getByTestId('episode').count()).toBe(series.seasons[0]!.episodes.length);
    await seasons.nth(1).click();
    expect(await seasons.nth(1).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('episode').count()).toBe(series.seasons[1]!.episodes.length);
    expect(await page.getByTestId('episode').first().innerText()).toMatch(/^۱/);
    await page.getByTestId('seasons').scrollIntoViewIfNeeded();
    await shoot(page, `series-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('files of a movie are grouped by quality, with size, codec, audio and subtitles', async () => {
    await open(viewport, `/titles/${movie.id}/files`);
    expect(await h1().innerText()).toBe(`فایل‌های ${movie.titleFa}`);
    const groups = page.getByTestId('files-movie').getByTestId('quality-group');
    expect(await groups.count()).toBeGreaterThan(0);
    const row = await page.getByTestId('media-file').first().innerText();
    expect(row).toMatch(/حجم:\s*[۰-۹٫]+ (مگابایت|گیگابایت)/);
    expect(row).toMatch(/صدا:\s*(صدای اصلی|دوبلهٔ فارسی)/);
    expect(row).not.toMatch(/زبان اصلی|دوبلهٔ فارسی \(/);
    expect(row).toContain('زیرنویس:');
    expect(await page.getByTestId('media-file').count()).toBe(movie.fileCount);
    // Each file as the API lists it: its quality's group, its codec and source (left to right)
    // and its subtitles' languages in Persian.
    const files = (await apiGet<{ data: MediaFile[] }>(baseUrl, `/api/titles/${movie.id}/files`)).data;
    expect(new Set(await groups.evaluateAll((els) => els.map((el) => el.getAttribute('data-quality'))))).toEqual(new Set(files.map((f) => f.quality)));
    const rows = await page.getByTestId('media-file').allInnerTexts();
    const language: Record<string, string> = { fa: 'فارسی', en: 'انگلیسی' };
    for (const file of files) {
      expect(rows.some((r) => r.includes(`کدک:`) && r.includes(`${file.codec} • ${file.source}`))).toBe(true);
      const subtitles = file.subtitles.length ? file.subtitles.map((c) => language[c] ?? c).join('، ') : 'ندارد';
      expect(rows.some((r) => r.includes(`زیرنویس:`) && r.includes(subtitles)), `subtitles ${subtitles}`).toBe(true);
    }
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `files-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('files of a series are grouped by season, then episode, then quality', async () => {
    await open(viewport, `/titles/${series.id}/files`);
    const seasonButtons = page.getByTestId('files-season-button');
    expect(await seasonButtons.count()).toBeGreaterThan(0);
    const episodes = page.getByTestId('files-season').getByTestId('files-episode');
    expect(await episodes.count()).toBeGreaterThan(0);
    // The first episode is open, with its qualities; the others open on demand.
    expect(await episodes.first().getByTestId('quality-group').first().isVisible()).toBe(true);
    if ((await episodes.count()) > 1) {
      await episodes.nth(1).locator('summary').click();
      await episodes.nth(1).getByTestId('media-file').first().waitFor();
    }
    if (width === '1280') await shoot(page, 'files-series-1280');
  });
});

describe.each(WIDTHS)('person page at %s px', (width, viewport) => {
  it('image, names, years, biography and filmography by role; a wrong slug is corrected', async () => {
    const castPath = movie.cast[0]!.path;
    const id = Number(castPath.split('/')[3]);
    const person = (await apiGet<{ data: Person }>(baseUrl, `/api/people/${id}`)).data;
    await open(viewport, `/people/actor/${id}/wrong-slug`);
    await page.waitForURL((u) => u.pathname === `/people/actor/${id}/${person.slug}`);
    expect(await h1().innerText()).toBe(person.fullnameFa ?? person.fullnameEn);
    expect(await page.getByTestId('person-name-en').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    const actorTab = page.getByTestId('role-actor');
    expect(await actorTab.getAttribute('aria-pressed')).toBe('true');
    expect(await actorTab.innerText()).toMatch(/^بازیگر \([۰-۹]+\)$/);
    const films = page.getByTestId('filmography').getByTestId('title-card');
    expect(await films.count()).toBe(person.filmography.actor.length);
    expect(await page.getByTestId('person-page').innerText()).toMatch(/زندگی‌نامه/);
    expect(await page.getByTestId('biography').innerText()).toBe(person.bioFa ?? person.bioEn);
    if (person.birthYear) expect(await page.getByTestId('person-years').innerText()).toContain(toPersianDigits(person.birthYear));
    const portrait = page.getByTestId('person-page').locator('img').first();
    expect(new URL((await portrait.getAttribute('src'))!, baseUrl).pathname).toBe(new URL(person.image).pathname);
    await expect.poll(() => portrait.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    await shoot(page, `person-${width}`);
    await expectNoSeriousViolations(page);
  });
});

describe('person page with more than one role', () => {
  it('shows each role’s titles on its own tab, the address’s role first', async () => {
    let person: Person | undefined;
    for (const p of [...movie.directors, ...movie.writers]) {
      const d = (await apiGet<{ data: Person }>(baseUrl, `/api/people/${Number(p.path.split('/')[3])}`)).data;
      if (Object.values(d.filmography).filter((list) => list.length > 0).length >= 2) {
        person = d;
        break;
      }
    }
    expect(person, 'a director or writer with two roles in the demo catalogue').toBeDefined();
    const roles = (['director', 'writer', 'actor'] as const).filter((r) => person!.filmography[r].length > 0);
    await open(DESKTOP, `/people/${roles[0]}/${person!.id}/${person!.slug}`);
    const films = page.getByTestId('filmography').getByTestId('title-card');
    for (const role of roles) {
      const tab = page.getByTestId(`role-${role}`);
      await tab.click();
      expect(await tab.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => films.count()).toBe(person!.filmography[role].length);
      const shown = await films.evaluateAll((els) => els.map((a) => a.getAttribute('href')));
      expect(new Set(shown)).toEqual(new Set(person!.filmography[role].map((t) => t.path)));
    }
    expect(await page.getByTestId('role-actor').count()).toBe(person!.filmography.actor.length > 0 ? 1 : 0);
  });
});

describe('a member on the title page (accounts simulated at the network edge)', () => {
  it('watchlist flips at once, settles on the answer, and rolls back on failure', async () => {
    context = await openContext(browser, DESKTOP);
    await context.addCookies([{ name: 'token', value: 'e2e-token', url: baseUrl }]);
    page = await context.newPage();
    const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    await page.route('**/api/user', (r) => json(r, 200, { data: { id: 9, name: 'نیما', email: 'nima@example.com', newNotifications: false } }));
    await page.route(`**/api/user/titles/${movie.id}/state`, (r) => json(r, 200, { data: { inWatchlist: false, liked: false, likes: 12, rating: null } }));
    // The comment section asks which comments the member liked (when there are any): the
    // made-up token would get a real 401 there and end the simulated session.
    await page.route(`**/api/user/titles/${movie.id}/comment-likes`, (r) => json(r, 200, { data: [] }));
    // And which profile this device shows (household profiles), for the same reason.
    await page.route('**/api/user/profiles', (r) =>
      json(r, 200, { data: { profiles: [{ id: 1, name: 'نیما', avatar: 'sun', kids: false, main: true, hasPin: false, lockedUntil: null }], currentId: 1, max: 5 } }),
    );
    let release!: () => void;
    let calls = 0;
    await page.route(`**/api/user/watchlist/${movie.id}`, async (r) => {
      calls++;
      await new Promise<void>((res) => (release = res));
      if (calls === 1) return json(r, 200, { data: { inWatchlist: true } });
      return json(r, 500, { message: 'سرور در دسترس نیست.', code: 'INTERNAL' });
    });
    await page.goto(baseUrl + movie.path);
    const button = page.getByTestId('watchlist-button');
    await page.getByTestId('like-button').getByText('۱۲ پسند').waitFor();
    expect(await button.evaluate((el) => el.tagName)).toBe('BUTTON');

    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => calls).toBe(1);
    release();
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await button.innerText()).toBe('در لیست تماشا');

    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => calls).toBe(2);
    release();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('سرور در دسترس نیست.').waitFor();
  });
});

describe('not found', () => {
  it('an unknown title shows the not-found state with the Persian message', async () => {
    await open(DESKTOP, '/titles/99999999/none');
    expect(await h1().innerText()).toBe('صفحه پیدا نشد');
    await page.getByText('فیلم یا سریالی با این نشانی پیدا نشد.').waitFor();
  });
});
