import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { registerMember as signUp, signInBrowser } from '../support/members';
import { linkIn, waitForMail } from '../support/outbox';
import { apiGet, expectNoHorizontalOverflow, expectNoSeriousViolations, openContext, settle, shoot, WIDTHS, type Card, type Page1 } from './screens-support';

/**
 * Issue #6 in the browser against the real server and its sandbox gateway: choosing a plan as a
 * visitor, logging in on the way, paying (approve or cancel on the sandbox's own page), the result
 * page, the dashboard's subscription box and receipts, and a gift bought by one member and
 * redeemed by another.
 */

const baseUrl = inject('baseUrl');
const PASSWORD = 'parde-pass-123';
const JALALI_DATE = /^[۰-۹]{1,2} (فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند) [۰-۹]{4}$/;
const LATIN = /[A-Za-z0-9]/;

let browser: Browser;
const contexts: BrowserContext[] = [];
/** A non-free title: the visitor's way to premium starts on its page. */
let locked: Card;

beforeAll(async () => {
  browser = await launchBrowser();
  const titles = await apiGet<Page1<Card>>(baseUrl, '/api/titles?type=movie&per_page=20');
  for (const t of titles.data) {
    const access = await apiGet<{ data: { canWatch: boolean; reason: string } }>(baseUrl, `/api/titles/${t.id}/access`);
    if (access.data.reason === 'UNAUTHENTICATED') {
      locked = t;
      break;
    }
  }
  expect(locked, 'a title that needs premium in the demo catalogue').toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  while (contexts.length) await contexts.pop()!.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await openContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

let counter = 0;
const uniqueEmail = (tag: string) => `e2e-premium-${tag}-${Date.now()}-${counter++}@example.com`;

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const pathname = (page: Page) => new URL(page.url()).pathname;

async function fillRegister(page: Page, name: string, email: string) {
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('field-password').fill(PASSWORD);
  await page.getByTestId('field-password_confirmation').fill(PASSWORD);
  await page.getByRole('button', { name: 'ساخت حساب' }).click();
}

/** A fresh, confirmed member (sign-up through the API and its mailed link); the browser is them, on the home page. */
async function registerMember(page: Page, name: string, email = uniqueEmail('m')): Promise<string> {
  const member = await signUp({ name, email, baseUrl });
  await signInBrowser(page.context(), member, baseUrl);
  await page.goto(`${baseUrl}/`);
  return email;
}

/** The register form ends in "check your email"; the mailed link confirms, signs in and returns. */
async function confirmByMail(page: Page, email: string) {
  await page.getByTestId('register-sent-status').waitFor({ timeout: 20_000 });
  const link = linkIn(await waitForMail(email, 'verify-email'), '/auth/login');
  await page.goto(baseUrl + link.pathname + link.search);
}

/** The sandbox gateway's own page (served by the API): approve or cancel, then back to the result page. */
async function decideAtSandbox(page: Page, choice: 'approve' | 'cancel') {
  await page.waitForURL((u) => u.pathname.startsWith('/api/gateways/sandbox/'), { timeout: 20_000 });
  await page.getByRole('heading', { name: 'درگاه پرداخت آزمایشی' }).waitFor();
  await page.getByRole('button', { name: choice === 'approve' ? 'پرداخت' : 'انصراف', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/premium/result', { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('payment')).toMatch(/^\d+$/);
}

/** The result page once the payment has settled (it asks again by itself while the bank is silent). */
async function settledResult(page: Page, state: 'success' | 'failure') {
  await page.locator(`[data-testid="result-screen"][data-state="${state}"]`).waitFor({ timeout: 30_000 });
  await settle(page);
}

async function checkScreen(page: Page, width: string, shot: string) {
  await settle(page);
  if (width === '375') await expectNoHorizontalOverflow(page);
  await shoot(page, `${shot}-${width}`);
  await expectNoSeriousViolations(page);
}

describe.each(WIDTHS)('buying premium at %s px', (width, viewport) => {
  it('a visitor picks a plan, logs in on the way, pays in the sandbox, and the dashboard shows premium and the receipt', async () => {
    const page = await newPage(viewport);

    // A locked title points the visitor to premium rather than to a player that would refuse.
    await page.goto(baseUrl + locked.path);
    const gate = page.locator('[data-testid="premium-gate"]:visible').first();
    await gate.waitFor();
    expect(await gate.getAttribute('data-reason')).toBe('UNAUTHENTICATED');
    expect(await page.locator('[data-testid="watch-button"]:visible').first().getAttribute('href')).toBe('/gopremium');
    await checkScreen(page, width, 'title-locked');

    // The plans: Persian names, days and Toman, discounted prices struck through.
    await page.goto(`${baseUrl}/premium/plans`);
    await h1(page, 'طرح‌های اشتراک ویژه').waitFor();
    const cards = page.getByTestId('plan-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    const three = page.locator('[data-testid="plan-card"][data-plan-id="2"]');
    expect(await three.getByRole('heading', { level: 2 }).innerText()).toBe('سه‌ماهه');
    expect(await three.getByTestId('plan-days').innerText()).toBe('۹۰ روز');
    expect(await three.getByTestId('price-final').innerText()).toContain('۲۴۹٬۰۰۰ تومان');
    expect(await three.getByTestId('price-original').innerText()).toContain('۲۹۷٬۰۰۰ تومان');
    expect(await three.getByTestId('price-original').evaluate((e) => e.tagName)).toBe('S');
    expect(await page.locator('main').innerText()).not.toMatch(LATIN);
    await checkScreen(page, width, 'premium-plans');

    // The plan's page: join, reserve (explained), gift.
    await three.getByTestId('plan-details').click();
    await h1(page, 'طرح اشتراک سه‌ماهه').waitFor();
    expect(await page.getByTestId('plan-actions').innerText()).toContain('پس از پایان اشتراک فعلی');
    expect(await page.getByTestId('plan-reserve').getAttribute('href')).toBe('/premium/join/2?mode=reserve');
    expect(await page.getByTestId('plan-gift').getAttribute('href')).toBe('/gift?plan=2');
    expect(await page.locator('main').innerText()).not.toMatch(LATIN);
    await checkScreen(page, width, 'premium-plan');

    // Join needs a member: to login (and on to register), carrying the way back.
    await page.getByTestId('plan-join').click();
    await h1(page, 'ورود').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/premium/join/2');
    await page.getByTestId('to-register').click();
    await h1(page, 'ثبت‌نام').waitFor();
    const buyer = uniqueEmail(`buy${width}`);
    await fillRegister(page, 'پریسا احمدی', buyer);
    await confirmByMail(page, buyer);
    await h1(page, 'خرید اشتراک ویژه').waitFor();
    expect(pathname(page)).toBe('/premium/join/2');
    const summary = page.getByTestId('join-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('سه‌ماهه');
    expect(await page.getByTestId('join-preview').innerText()).toContain('از همین حالا');
    expect(await page.locator('main').innerText()).not.toMatch(LATIN);
    await checkScreen(page, width, 'premium-join');

    // A code the API does not know: its 422, in Persian, under the field.
    await page.getByTestId('field-discount_code').fill('NO-SUCH-CODE');
    await page.getByTestId('pay-button').click();
    await expect.poll(() => page.getByTestId('field-discount_code-help').innerText(), { timeout: 20_000 }).toBe('کد تخفیف معتبر نیست.');
    expect(await page.getByTestId('field-discount_code').getAttribute('aria-invalid')).toBe('true');
    if (width === '375') await shoot(page, 'premium-join-error-375');
    await page.getByTestId('field-discount_code').fill('');

    // Pay: the gateway's page, approve, back on the result page with the new end date.
    await page.getByTestId('pay-button').click();
    await decideAtSandbox(page, 'approve');
    await settledResult(page, 'success');
    expect(await h1(page, 'پرداخت موفق').isVisible()).toBe(true);
    const until = await page.getByTestId('result-until').innerText();
    expect(until).toMatch(JALALI_DATE);
    expect(await page.getByTestId('result-days').innerText()).toBe('۹۰ روز');
    expect(await page.getByTestId('receipt-ref').innerText()).toMatch(/^[۰-۹]+$/);
    expect(await page.locator('main').innerText()).not.toMatch(LATIN);
    await checkScreen(page, width, 'premium-result');

    // The dashboard: premium active until that date, and the payment among the receipts.
    await page.getByTestId('to-dashboard').click();
    await h1(page, 'داشبورد').waitFor();
    const card = page.getByTestId('premium-card');
    await expect.poll(() => card.getAttribute('data-active'), { timeout: 20_000 }).toBe('true');
    expect(await card.getByTestId('premium-until').innerText()).toBe(`فعال تا ${until}`);
    expect(await card.getByTestId('premium-days-left').innerText()).toMatch(/^(۹۰|۸۹) روز مانده$/);
    const receipt = page.locator('[data-testid="payment"][data-status="paid"]').first();
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('خرید اشتراک');
    expect(await receipt.innerText()).toContain('طرح سه‌ماهه، ۹۰ روز');
    expect(await receipt.getByTestId('payment-amount').innerText()).toBe('۲۴۹٬۰۰۰ تومان');
    expect(await receipt.getByTestId('payment-ref').innerText()).toMatch(/^[۰-۹]+$/);
    expect(await receipt.getByTestId('payment-date').innerText()).toMatch(/^[۰-۹]{1,2} [^\s]+ [۰-۹]{4}، ساعت [۰-۹]{2}:[۰-۹]{2}$/);
    expect(await page.getByTestId('payment-history').innerText()).not.toMatch(LATIN);
    await settle(page);
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `dashboard-premium-${width}`);
    await expectNoSeriousViolations(page);
    await page.getByTestId('payment-history').scrollIntoViewIfNeeded();
    await shoot(page, `dashboard-payments-${width}`);

    // The locked title is open now.
    await page.goto(baseUrl + locked.path);
    const watch = page.locator('[data-testid="watch-button"]:visible').first();
    await expect.poll(() => watch.getAttribute('data-locked'), { timeout: 20_000 }).toBe('false');
    expect(await watch.getAttribute('href')).toMatch(/^\/watch\//);
    expect(await page.getByTestId('premium-gate').count()).toBe(0);
  }, 240_000);

  it('a cancelled payment shows the failure page with the reason and a retry', async () => {
    const page = await newPage(viewport);
    await registerMember(page, 'کاوه');
    await page.goto(`${baseUrl}/premium/join/1`);
    await h1(page, 'خرید اشتراک ویژه').waitFor();
    await page.getByTestId('join-summary').waitFor();
    await page.getByTestId('pay-button').click();
    await decideAtSandbox(page, 'cancel');
    await settledResult(page, 'failure');
    expect(await h1(page, 'پرداخت ناموفق').isVisible()).toBe(true);
    expect(await page.getByTestId('result-reason').innerText()).toBe('پرداخت در درگاه بانک لغو شد و مبلغی از حسابتان کم نشد.');
    expect(await page.getByTestId('payment-status').innerText()).toBe('لغوشده');
    expect(await page.locator('main').innerText()).not.toMatch(LATIN);
    await checkScreen(page, width, 'premium-result-failure');

    const retry = page.getByTestId('retry-payment');
    expect(await retry.getAttribute('href')).toBe('/premium/join/1');
    await retry.click();
    await h1(page, 'خرید اشتراک ویژه').waitFor();
    expect(pathname(page)).toBe('/premium/join/1');

    await page.goto(`${baseUrl}/user/dashboard`);
    await h1(page, 'داشبورد').waitFor();
    await page.locator('[data-testid="payment"][data-status="cancelled"]').waitFor();
    expect(await page.getByTestId('premium-card').getAttribute('data-active')).toBe('false');
  }, 180_000);

  it('gopremium and gift pass axe and fit the screen', async () => {
    const page = await newPage(viewport);
    await registerMember(page, 'نگار');
    await page.goto(`${baseUrl}/gopremium`);
    await h1(page, 'خرید اشتراک ویژه').waitFor();
    await page.getByTestId('plans-compare').waitFor();
    expect(await page.getByTestId('benefits').innerText()).toMatch(/دوبله/);
    expect(await page.getByTestId('benefits').innerText()).toMatch(/بدون آگهی/);
    expect(await page.locator('main').innerText()).not.toMatch(LATIN);
    await checkScreen(page, width, 'gopremium');
    await page.getByTestId('gopremium-cta').click();
    await h1(page, 'طرح‌های اشتراک ویژه').waitFor();

    await page.goto(`${baseUrl}/gift?plan=3`);
    await h1(page, 'هدیهٔ اشتراک ویژه').waitFor();
    await page.getByTestId('gift-buy-form').waitFor();
    expect(await page.getByTestId('gift-plan-3').isChecked()).toBe(true);
    await checkScreen(page, width, 'gift');
  }, 120_000);
});

/** Presses Tab until the element with `testId` has the focus (at most `max` presses). */
async function tabTo(page: Page, testId: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
  }
  throw new Error(`${testId} was not reached with the keyboard`);
}

describe('keyboard and the light theme', () => {
  it('a member chooses a plan and reaches the gateway with the keyboard alone', async () => {
    const page = await newPage(WIDTHS[1][1]);
    await registerMember(page, 'بهرام');
    await page.goto(`${baseUrl}/premium/plans`);
    await page.getByTestId('plan-card').first().waitFor();
    await tabTo(page, 'choose-plan');
    await page.keyboard.press('Enter');
    await h1(page, 'خرید اشتراک ویژه').waitFor();
    await page.getByTestId('join-summary').waitFor();
    await tabTo(page, 'mode-join');
    await page.keyboard.press('ArrowDown');
    await h1(page, 'رزرو اشتراک ویژه').waitFor();
    expect(new URL(page.url()).searchParams.get('mode')).toBe('reserve');
    await tabTo(page, 'pay-button');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/api/gateways/sandbox/'), { timeout: 20_000 });
  }, 120_000);

  it('the premium screens pass axe in the light theme too', async () => {
    const context = await openContext(browser, WIDTHS[0][1]);
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('mui-mode', 'light'));
    const page = await context.newPage();
    await registerMember(page, 'سیما');
    for (const [route, heading] of [
      ['/premium/plans', 'طرح‌های اشتراک ویژه'],
      ['/premium/plans/2', 'طرح اشتراک سه‌ماهه'],
      ['/premium/join/2?mode=reserve', 'رزرو اشتراک ویژه'],
      ['/gopremium', 'خرید اشتراک ویژه'],
      ['/gift', 'هدیهٔ اشتراک ویژه'],
      ['/user/dashboard', 'داشبورد'],
      [locked.path, locked.titleFa ?? locked.titleEn],
    ] as const) {
      await page.goto(baseUrl + route);
      await h1(page, heading).waitFor();
      await settle(page);
      await expectNoSeriousViolations(page);
    }
  }, 180_000);
});

describe('gifts', () => {
  it('member A buys a gift in the sandbox, member B redeems it on /gift?code=…, and A sees it redeemed', async () => {
    const viewport = WIDTHS[1][1];
    const a = await newPage(viewport);
    const b = await newPage(WIDTHS[0][1]);
    const emailB = uniqueEmail('giftee');
    await registerMember(a, 'امید');
    await registerMember(b, 'ترانه', emailB);

    // A: the plan, B's address and a message, then the gateway.
    await a.goto(`${baseUrl}/gift?plan=1`);
    await h1(a, 'هدیهٔ اشتراک ویژه').waitFor();
    await a.getByTestId('gift-buy-form').waitFor();
    await a.getByTestId('field-recipient_email').fill('not-an-email');
    await a.getByTestId('gift-pay-button').click();
    expect(await a.getByTestId('field-recipient_email-help').innerText()).toBe('نشانی ایمیل معتبر نیست.');
    await a.getByTestId('field-recipient_email').fill(emailB);
    await a.getByTestId('field-message').fill('تولدت مبارک؛ با هم فیلم ببینیم.');
    await a.getByTestId('gift-pay-button').click();
    await decideAtSandbox(a, 'approve');
    await settledResult(a, 'success');
    expect(await h1(a, 'هدیه آماده است').isVisible()).toBe(true);
    const code = await a.getByTestId('gift-code').innerText();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await shoot(a, 'premium-result-gift-1280');
    await expectNoSeriousViolations(a);

    // Not redeemed yet in A's list.
    await a.goto(`${baseUrl}/gift`);
    const mine = a.locator('[data-testid="gift"]').filter({ has: a.locator('[data-testid="gift-code"]', { hasText: code }) });
    await mine.waitFor();
    expect(await mine.getAttribute('data-redeemed')).toBe('false');
    expect(await mine.getByTestId('gift-status').innerText()).toBe('هنوز استفاده نشده');

    // B: the link of the gift mail prefills the code; a code nobody made is said under the field.
    await b.goto(`${baseUrl}/gift?code=ZZZZ-ZZZZ-ZZZZ`);
    await h1(b, 'هدیهٔ اشتراک ویژه').waitFor();
    await b.getByTestId('redeem-button').click();
    await expect.poll(() => b.getByTestId('field-code-help').innerText(), { timeout: 20_000 }).toBe('کد هدیه معتبر نیست. آن را دوباره بررسی کنید.');
    await b.goto(`${baseUrl}/gift?code=${encodeURIComponent(code)}`);
    await h1(b, 'هدیهٔ اشتراک ویژه').waitFor();
    expect(await b.getByTestId('field-code').inputValue()).toBe(code);
    await b.getByTestId('redeem-button').click();
    const done = b.getByTestId('redeem-success');
    await done.waitFor({ timeout: 20_000 });
    expect(await done.innerText()).toContain('یک‌ماهه (۳۰ روز)');
    await settle(b);
    await shoot(b, 'gift-redeemed-375');
    await expectNoSeriousViolations(b);

    // Once only.
    await b.getByTestId('field-code').fill(code);
    await b.getByTestId('redeem-button').click();
    await expect.poll(() => b.getByTestId('field-code-help').innerText(), { timeout: 20_000 }).toBe('این کد هدیه پیش‌تر استفاده شده است.');

    // B is premium now.
    await b.goto(`${baseUrl}/user/dashboard`);
    await h1(b, 'داشبورد').waitFor();
    const card = b.getByTestId('premium-card');
    await expect.poll(() => card.getAttribute('data-active'), { timeout: 20_000 }).toBe('true');
    expect((await card.getByTestId('premium-until').innerText()).replace(/^فعال تا /, '')).toMatch(JALALI_DATE);

    // A's list says it was used.
    await a.reload();
    await mine.waitFor();
    await expect.poll(() => mine.getAttribute('data-redeemed'), { timeout: 20_000 }).toBe('true');
    expect(await mine.getByTestId('gift-status').innerText()).toMatch(/^استفاده شد در [۰-۹]{1,2} /);
    expect(await mine.innerText()).toContain(emailB);
    await settle(a);
    await a.getByTestId('my-gifts').scrollIntoViewIfNeeded();
    await shoot(a, 'gift-list-1280');
  }, 240_000);
});
