import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { apiPost, asMember, DEFAULT_PASSWORD as PASSWORD, registerMember, signInBrowser, uniqueEmail } from '../support/members';
import { linkIn, mailsTo, waitForMail } from '../support/outbox';
import { apiGet, expectNoHorizontalOverflow, expectNoSeriousViolations, openContext, settle, shoot, WIDTHS, type Card, type Page1 } from './screens-support';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

const h1 = (name: string) => page.getByRole('heading', { level: 1, name });
const field = (name: string) => page.getByTestId(`field-${name}`);
const help = (name: string) => page.getByTestId(`field-${name}-help`);
const pathname = () => new URL(page.url()).pathname;
const tokenCookie = async () => (await context.cookies(baseUrl)).find((c) => c.name === 'token');

async function waitForPath(p: string) {
  await page.waitForURL((u) => u.pathname === p, { timeout: 20_000 });
}

async function registerThroughForm(name: string, email: string) {
  await field('name').fill(name);
  await field('email').fill(email);
  await field('password').fill(PASSWORD);
  await field('password_confirmation').fill(PASSWORD);
  await page.getByRole('button', { name: 'ساخت حساب' }).click();
}

async function loginThroughForm(email: string, password: string) {
  await field('email').fill(email);
  await field('password').fill(password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
}

/** Opens a mailed link of this site in the page (the mail names the server's SITE_URL, not the test port). */
async function openMailedLink(url: URL) {
  await page.goto(baseUrl + url.pathname + url.search);
}

/** The "check your email" screen after a sign-up, whatever the address was. */
async function expectCheckEmailScreen(email: string) {
  await h1('ایمیل خود را ببینید').waitFor();
  expect(pathname()).toBe('/auth/register');
  expect(await page.getByTestId('register-sent-email').innerText()).toBe(email);
  expect(await page.getByTestId('register-sent-spam').innerText()).toContain('هرزنامه');
  expect(await tokenCookie()).toBeUndefined();
}

/** The header dot: in the desktop menu at 1280 px, in the bottom bar at 375 px. */
async function visibleDots(): Promise<number> {
  const dots = page.getByTestId('notification-dot');
  let n = 0;
  for (let i = 0; i < (await dots.count()); i++) if (await dots.nth(i).isVisible()) n++;
  return n;
}

describe.each(WIDTHS)('account at %s px', (width, viewport) => {
  it('register → confirmation mail → its link signs in → login → watchlist → comment → notification dot → logout', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    const email = uniqueEmail(`flow${width}`);

    // A visitor on a member page is sent to login, with the way back.
    await page.goto(`${baseUrl}/user/watchlist`);
    await h1('ورود').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/watchlist');
    await settle(page);
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `login-${width}`);

    // Register (the redirect travels along), checked first in the browser, in Persian.
    await page.getByTestId('to-register').click();
    await h1('ثبت‌نام').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/watchlist');
    await field('name').fill('س');
    await field('email').fill('not-an-email');
    await page.getByRole('button', { name: 'ساخت حساب' }).click();
    expect(await help('name').innerText()).toBe('نام باید دست‌کم ۲ نویسه باشد.');
    expect(await help('email').innerText()).toBe('نشانی ایمیل معتبر نیست.');
    expect(await help('password').innerText()).toBe('این فیلد الزامی است.');
    await shoot(page, `register-${width}`);
    await registerThroughForm('سارا رضایی', email);

    // Nobody is signed in yet: the screen says to open the mail (address, spam hint).
    await expectCheckEmailScreen(email);
    await settle(page);
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `register-sent-${width}`);
    await expectNoSeriousViolations(page);

    // Signing in before confirming: the password is right, so the server says what to do.
    await page.goto(`${baseUrl}/auth/login?redirect=%2Fuser%2Fwatchlist`);
    await h1('ورود').waitFor();
    await loginThroughForm(email, PASSWORD);
    const notVerified = page.getByTestId('email-not-verified');
    await notVerified.waitFor();
    expect(await notVerified.innerText()).toMatch(/تأیید نشده[\s\S]*هرزنامه/);
    expect(await page.getByTestId('form-error').count()).toBe(0);
    expect(await tokenCookie()).toBeUndefined();
    await settle(page);
    await shoot(page, `login-not-verified-${width}`);

    // The confirmation mail (Persian, right-to-left, with a plain-text part) and its link: it
    // confirms, signs in and lands on the page the visitor was going to.
    const mail = await waitForMail(email, 'verify-email');
    expect(mail.subject).toBe('تأیید ایمیل و فعال‌سازی حساب پرده');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('سلام سارا رضایی،');
    const link = linkIn(mail, '/auth/login');
    expect(link.searchParams.get('redirect')).toBe('/user/watchlist');
    await openMailedLink(link);
    await h1('لیست تماشا').waitFor();
    expect(pathname()).toBe('/user/watchlist');
    expect((await tokenCookie())?.value).toBeTruthy();
    await page.getByTestId('empty-state').waitFor();

    // The link was single-use.
    await page.goto(`${baseUrl}/auth/logout`);
    await waitForPath('/');
    await openMailedLink(link);
    await page.getByTestId('form-error').waitFor();
    expect(await tokenCookie()).toBeUndefined();

    // Log in with the password: a wrong one is the server's 422, under the email field.
    await page.goto(`${baseUrl}/auth/login?redirect=%2Fuser%2Fdashboard`);
    await h1('ورود').waitFor();
    await loginThroughForm(email, 'wrong-password-1');
    await page.getByTestId('form-error').waitFor();
    expect(await help('email').innerText()).toMatch(/[\u0600-\u06FF]/);
    expect(await field('email').getAttribute('aria-invalid')).toBe('true');
    await loginThroughForm(email, PASSWORD);
    await h1('داشبورد').waitFor();
    expect(pathname()).toBe('/user/dashboard');
    await page.getByTestId('profile-card').getByText('سلام، سارا رضایی').waitFor();
    expect(await page.getByTestId('premium-card').getAttribute('data-active')).toBe('false');
    await settle(page);
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `dashboard-${width}`);

    // Watchlist: the title page's button, then the member's list shows the card.
    // The least voted movie: the comment below is seen by everyone, and other specs look at the
    // most voted titles (the title page expects those to have no comments).
    const { meta } = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=movie&per_page=1');
    const [title] = (await apiGet<Page1<Card>>(baseUrl, `/api/titles?type=movie&per_page=1&page=${meta.lastPage}`)).data;
    await page.goto(baseUrl + title!.path);
    // The member's button (it has aria-pressed); the page may hold one per layout.
    const button = page.locator('[data-testid="watchlist-button"][aria-pressed]:visible').first();
    await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    // The button flips at once (optimistic); leaving before the save answers would abort it.
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/user/watchlist/${title!.id}`));
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    expect((await saved).status()).toBeLessThan(300);
    await page.goto(`${baseUrl}/user/watchlist`);
    await page.locator(`[data-testid="watchlist-grid"] [data-title-id="${title!.id}"]`).waitFor();
    await settle(page);
    await shoot(page, `watchlist-${width}`);

    // Comment with the member's token (the browser's own cookies: token and XSRF-TOKEN).
    const commented = await page.evaluate(async (titleId) => {
      const cookie = (n: string) => decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(n + '='))?.slice(n.length + 1) ?? '');
      const res = await fetch('/api/user/comment', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${cookie('token')}`, 'X-XSRF-TOKEN': cookie('XSRF-TOKEN') },
        body: JSON.stringify({ title_id: titleId, body: 'فیلم خیلی خوبی بود، پیشنهاد می‌کنم.' }),
      });
      return { status: res.status, body: (await res.json()) as { data?: { body: string } } };
    }, title!.id);
    expect(commented.status).toBeLessThan(300);
    expect(commented.body.data?.body).toBe('فیلم خیلی خوبی بود، پیشنهاد می‌کنم.');

    // Notification dot. No HTTP call makes a notification for a fresh member (operators answer
    // requests; releases come from imports), so one unread notification is added to the real
    // answers at the network edge until the page marks them read through the real API.
    let unread = true;
    let marked = 0;
    const extra = { id: 999_999, kind: 'request_answered', title: 'درخواست شما انجام شد', body: 'عنوان درخواستی شما به پرده اضافه شد.', link: title!.path, read: false, createdAt: new Date().toISOString() };
    await page.route(
      (u) => u.pathname === '/api/user',
      async (route: Route) => {
        const res = await route.fetch();
        const json = (await res.json()) as { data: Record<string, unknown> };
        if (unread) json.data = { ...json.data, newNotifications: true, unreadNotifications: 1 };
        await route.fulfill({ response: res, json });
      },
    );
    await page.route(
      (u) => u.pathname === '/api/user/notifications',
      async (route: Route) => {
        if (route.request().method() === 'POST') {
          marked++;
          unread = false;
          return route.continue();
        }
        const res = await route.fetch();
        const json = (await res.json()) as { data: unknown[] };
        if (unread) json.data = [extra, ...json.data];
        await route.fulfill({ response: res, json });
      },
    );
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="notification-dot"]')).some((d) => (d as HTMLElement).offsetParent !== null));
    expect(await visibleDots()).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/user/notifications`);
    await h1('اعلان‌ها').waitFor();
    await page.locator('[data-testid="notification"][data-new="true"]').first().waitFor();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="notification-dot"]')).every((d) => (d as HTMLElement).offsetParent === null));
    expect(marked).toBe(1);
    expect(await visibleDots()).toBe(0);
    await settle(page);
    await shoot(page, `notifications-${width}`);
    // A fresh load asks the server, which now says nothing is unread.
    const userFetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user');
    await page.reload();
    await h1('اعلان‌ها').waitFor();
    await userFetched;
    expect(await visibleDots()).toBe(0);

    // Logout from the dashboard: home, no cookie, the visitor's menu.
    await page.goto(`${baseUrl}/user/dashboard`);
    await page.getByTestId('dashboard-logout').click();
    await waitForPath('/');
    expect(await tokenCookie()).toBeUndefined();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null'));
    expect(stored.state).toEqual({ token: null, user: null });
    await page.goto(`${baseUrl}/user/dashboard`);
    await h1('ورود').waitFor();
  }, 120_000);

  it('signing up with an address that has an account shows the very same screen; the owner gets a notice', async () => {
    const owner = await registerMember({ name: 'صاحب حساب', email: uniqueEmail(`owner${width}`) });
    const stranger = uniqueEmail(`stranger${width}`);
    context = await openContext(browser, viewport);
    page = await context.newPage();

    // The same words for an unused address and for the owner's (apart from the address itself).
    const screenText = async (email: string) => {
      await page.goto(`${baseUrl}/auth/register?redirect=%2Fgopremium`);
      await h1('ثبت‌نام').waitFor();
      await field('name').fill('کسی دیگر');
      await field('email').fill(email);
      await field('password').fill('someone-elses-pass');
      await field('password_confirmation').fill('someone-elses-pass');
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sanc/register');
      await page.getByRole('button', { name: 'ساخت حساب' }).click();
      const res = await answer;
      await expectCheckEmailScreen(email);
      return { status: res.status(), body: await res.text(), text: (await page.getByTestId('register-sent').innerText()).replace(email, '<email>') };
    };
    const fresh = await screenText(stranger);
    const taken = await screenText(owner.email);
    expect(taken).toEqual(fresh);
    expect(taken.status).toBe(202);
    await settle(page);
    if (width === '375') await expectNoHorizontalOverflow(page);

    // The owner hears about it, with a way in; nothing of the account changed.
    const notice = await waitForMail(owner.email, 'account-exists');
    expect(notice.subject).toBe('تلاش برای ساخت حساب تازه با ایمیل شما');
    expect(notice.html).toContain('dir="rtl"');
    expect(notice.text).toContain('سلام صاحب حساب،');
    expect(notice.text).toContain('/auth/forgot-password');
    expect(mailsTo(owner.email, 'verify-email')).toHaveLength(1); // only the owner's own sign-up
    expect((await apiPost('/api/sanc/login', { email: owner.email, password: 'someone-elses-pass' })).status).toBe(422);
    expect((await apiPost('/api/sanc/login', { email: owner.email, password: owner.password })).status).toBe(200);

    // The notice's sign-in link works for the owner and goes where the form was headed.
    const link = linkIn(notice, '/auth/login');
    expect(link.searchParams.get('redirect')).toBe('/gopremium');
    await openMailedLink(link);
    await page.waitForURL((u) => u.pathname === '/gopremium', { timeout: 20_000 });
    expect((await tokenCookie())?.value).toBeTruthy();
  });

  it("a member's home shows the titles they were watching, in a row that stays inside the page", async () => {
    const member = await registerMember({ name: 'سارا', email: uniqueEmail(`continue${width}`) });
    const titles = (await apiGet<Page1<Card>>(baseUrl, '/api/titles?per_page=8')).data;
    // Several titles, so the row has its previous/next buttons on a desktop.
    for (const t of titles) expect((await asMember(baseUrl, member, 'POST', `/api/user/history/${t.id}`, { position_sec: 60 })).status).toBe(200);
    context = await openContext(browser, viewport);
    page = await context.newPage();
    await signInBrowser(context, member);
    await page.goto(baseUrl + '/');
    const row = page.getByTestId('continue-watching');
    await row.getByRole('link', { name: new RegExp(titles[0]!.titleFa ?? titles[0]!.titleEn) }).first().waitFor();
    await settle(page);
    await expectNoHorizontalOverflow(page);
    // The row lines up with the list below it: both inside the page's container.
    const [rowBox, listBox] = await Promise.all([row.boundingBox(), page.getByTestId('title-grid').boundingBox()]);
    expect(Math.round(rowBox!.x)).toBe(Math.round(listBox!.x));
    expect(Math.round(rowBox!.width)).toBe(Math.round(listBox!.width));
  });

  it('every account screen passes axe (no serious or critical violations)', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    for (const [route, heading] of [
      ['/auth/login', 'ورود'],
      ['/auth/register', 'ثبت‌نام'],
      ['/auth/forgot-password', 'فراموشی رمز عبور'],
      ['/auth/reset-password/abcdefghijklmnopqrstuvwxyz?email=a%40example.com', 'بازنشانی رمز عبور'],
    ] as const) {
      await page.goto(baseUrl + route);
      await h1(heading).waitFor();
      await settle(page);
      await expectNoSeriousViolations(page);
    }
    await signInBrowser(context, await registerMember({ name: 'مینا', email: uniqueEmail(`axe${width}`) }));
    for (const [route, heading, shot] of [
      ['/user/dashboard', 'داشبورد', null],
      ['/user/watchlist', 'لیست تماشا', null],
      ['/user/history', 'تاریخچهٔ تماشا', 'history'],
      ['/user/notifications', 'اعلان‌ها', null],
      ['/user/new-request', 'درخواست جدید', 'new-request'],
      ['/user/edit-password', 'تغییر رمز عبور', 'edit-password'],
    ] as const) {
      await page.goto(baseUrl + route);
      await h1(heading).waitFor();
      await settle(page);
      if (width === '375') await expectNoHorizontalOverflow(page);
      if (shot) await shoot(page, `${shot}-${width}`);
      await expectNoSeriousViolations(page);
    }
  });
});

describe('account forms against the real API', () => {
  it('a content request is sent, listed, and its 422 shows under the field', async () => {
    context = await openContext(browser, WIDTHS[1][1]);
    page = await context.newPage();
    await signInBrowser(context, await registerMember({ name: 'نیما', email: uniqueEmail('request') }));
    await page.goto(`${baseUrl}/user/new-request`);
    await h1('درخواست جدید').waitFor();
    await field('title').fill('x');
    await field('imdb').fill('imdb.com/nope');
    await page.getByRole('button', { name: 'ثبت درخواست' }).click();
    expect(await help('title').innerText()).toBe('دست‌کم ۲ نویسه وارد کنید.');
    expect(await help('imdb').innerText()).toMatch(/IMDb/);
    await field('title').fill('Dune: Part Three');
    await field('year').fill('2026');
    await field('imdb').fill('');
    await page.getByRole('button', { name: 'ثبت درخواست' }).click();
    await page.getByTestId('form-success').waitFor();
    await page.getByTestId('my-requests').getByText('Dune: Part Three').waitFor();
  });

  it('changing the password needs the current one (server 422 under the field)', async () => {
    context = await openContext(browser, WIDTHS[0][1]);
    page = await context.newPage();
    await signInBrowser(context, await registerMember({ name: 'لیلا', email: uniqueEmail('chpw') }));
    await page.goto(`${baseUrl}/user/edit-password`);
    await h1('تغییر رمز عبور').waitFor();
    await field('current_password').fill('not-my-password');
    await field('password').fill('another-pass-456');
    await field('password_confirmation').fill('another-pass-456');
    await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
    await page.getByTestId('form-error').waitFor();
    expect(await help('current_password').innerText()).toMatch(/[\u0600-\u06FF]/);
    await field('current_password').fill(PASSWORD);
    await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="field-current_password"]') as HTMLInputElement | null)?.value === '');
    expect((await tokenCookie())?.value).toBeTruthy();
  });
});

describe.each(WIDTHS)('password reset through the outbox at %s px', (width, viewport) => {
  it('forgot-password → the mailed link → a new password → login', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    const { email } = await registerMember({ name: 'رضا', email: uniqueEmail(`reset${width}`) });

    await page.goto(`${baseUrl}/auth/login`);
    await page.getByTestId('to-forgot').click();
    await h1('فراموشی رمز عبور').waitFor();
    await field('email').fill(email);
    await page.getByRole('button', { name: 'ارسال لینک بازنشانی' }).click();
    await page.getByTestId('form-success').waitFor();
    await settle(page);
    await shoot(page, `forgot-password-${width}`);

    const target = linkIn(await waitForMail(email, 'password-reset'), '/auth/reset-password/');
    await page.goto(baseUrl + target.pathname + target.search);
    await h1('بازنشانی رمز عبور').waitFor();
    await settle(page);
    await shoot(page, `reset-password-${width}`);
    await field('password').fill('brand-new-pass-1');
    await field('password_confirmation').fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'ذخیرهٔ رمز عبور تازه' }).click();
    expect(await help('password_confirmation').innerText()).toBe('تکرار رمز عبور با رمز عبور یکسان نیست.');
    await field('password_confirmation').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'ذخیرهٔ رمز عبور تازه' }).click();
    await page.getByTestId('form-success').waitFor();

    // The link is single-use; the new password works and the old one does not.
    await page.goto(baseUrl + target.pathname + target.search);
    await field('password').fill('brand-new-pass-3');
    await field('password_confirmation').fill('brand-new-pass-3');
    await page.getByRole('button', { name: 'ذخیرهٔ رمز عبور تازه' }).click();
    await page.getByTestId('form-error').waitFor();

    await page.goto(`${baseUrl}/auth/login?redirect=%2Fuser%2Fhistory`);
    await loginThroughForm(email, PASSWORD);
    await page.getByTestId('form-error').waitFor();
    await loginThroughForm(email, 'brand-new-pass-1');
    await h1('تاریخچهٔ تماشا').waitFor();
    expect(pathname()).toBe('/user/history');
  });
});

describe('the ref=ad rule and login links', () => {
  it('an advertising visitor is sent to register, and a bad login link says so in Persian', async () => {
    context = await openContext(browser, WIDTHS[1][1]);
    await context.addCookies([{ name: 'ref', value: 'ad', url: baseUrl }]);
    page = await context.newPage();
    await page.goto(`${baseUrl}/user/notifications`);
    await h1('ثبت‌نام').waitFor();
    expect(pathname()).toBe('/auth/register');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/notifications');

    await page.goto(`${baseUrl}/auth/login?token=not-a-real-token-0123456789`);
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').innerText()).toMatch(/[\u0600-\u06FF]/);
  });

  it('a mailed login link signs in and returns to the page', async () => {
    context = await openContext(browser, WIDTHS[0][1]);
    page = await context.newPage();
    const { email } = await registerMember({ name: 'آرش', email: uniqueEmail('link') });
    await page.goto(`${baseUrl}/auth/login`);
    await field('email').fill(email);
    await page.getByTestId('send-login-link').click();
    await page.getByTestId('link-sent').waitFor();
    const target = linkIn(await waitForMail(email, 'login-link'), '/auth/login');
    await page.goto(`${baseUrl}${target.pathname}${target.search}&redirect=%2Fuser%2Fwatchlist`);
    await h1('لیست تماشا').waitFor();
    expect((await tokenCookie())?.value).toBeTruthy();
  });
});
