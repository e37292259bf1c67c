import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { launchBrowser } from '../support/browser';
import { mailsTo } from '../support/outbox';
import { expectNoHorizontalOverflow, expectNoSeriousViolations, openContext, settle, shoot, WIDTHS } from './screens-support';
import { toPersianDigits } from '@parde/persian';

const baseUrl = inject('baseUrl');
const social = inject('social');
const supportEmail = inject('supportEmail');
const PERSIAN = /[\u0600-\u06FF]/;
/** A subject no other run wrote, in Persian digits as a person would type it. */
const uniqueTopic = (word: string) => `${word} ${toPersianDigits(String(Date.now() % 1_000_000).padStart(6, '0'))}`;

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

const help = (field: string) => page.getByTestId(`contact-${field}-help`);

/**
 * The contact page with its form live: the server draws the form before the app takes it over,
 * and a press before that is no one's (CI, 2026-12-02: no message under any field).
 */
async function openForm() {
  await page.goto(baseUrl + '/contact');
  await page.getByTestId('contact-form').waitFor();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

async function fill(values: Record<string, string>) {
  for (const [k, v] of Object.entries(values)) await page.getByTestId(`contact-${k}`).fill(v);
}

describe.each(WIDTHS)('contact at %s px', (width, viewport) => {
  it('shows the support channels and the form; screenshot and axe', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    await page.goto(baseUrl + '/contact');
    await settle(page);
    expect(await page.locator('main h1').innerText()).toBe('پشتیبانی و تماس با ما');
    const channels = page.getByTestId('support-channels');
    expect(await channels.locator('[data-channel="telegram"]').getAttribute('href')).toBe(social.telegram);
    expect(await channels.locator('[data-channel="instagram"]').getAttribute('href')).toBe(social.instagram);
    expect(await channels.locator('[data-channel="email"]').getAttribute('href')).toBe(`mailto:${supportEmail}`);
    await page.getByTestId('contact-form').waitFor();
    if (width === '375') await expectNoHorizontalOverflow(page);
    await shoot(page, `contact-${width}`);
    await expectNoSeriousViolations(page);
  });

  it('checks the fields before sending, in Persian, under each field', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posted++;
    });
    await openForm();
    await fill({ name: 'م', email: 'not-an-email' });
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    expect(await help('name').innerText()).toBe('دست‌کم ۲ نویسه وارد کنید.');
    expect(await help('email').innerText()).toBe('نشانی ایمیل معتبر نیست.');
    expect(await help('subject').innerText()).toBe('این فیلد الزامی است.');
    expect(await help('message').innerText()).toBe('این فیلد الزامی است.');
    expect(await page.getByTestId('contact-name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('contact-email').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);
  });

  it('shows the server’s 422 errors under their fields, after fetching the CSRF cookie', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    const order: string[] = [];
    page.on('request', (r: Request) => {
      const u = new URL(r.url());
      if (u.pathname === '/sanctum/csrf-cookie' || u.pathname === '/api/contact') order.push(`${r.method()} ${u.pathname}`);
    });
    await openForm();
    // The page's own check lets this address through; the server's stricter one does not.
    const topic = uniqueTopic('زیرنویس قسمت آخر');
    await fill({ name: 'مینا رضایی', email: 'mina..rezaei@example.com', subject: topic, message: 'سلام، زیرنویس فارسی قسمت آخر کی اضافه می‌شود؟' });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact');
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    const res = await answer;
    expect(res.status()).toBe(422);
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors)).toEqual(['email']);
    expect(body.errors.email![0]).toMatch(PERSIAN);
    await help('email').getByText(body.errors.email![0]!).waitFor();
    for (const field of ['name', 'subject']) expect((await help(field).innerText()).replace(/[\s\u200b]/g, ''), field).toBe('');
    expect(await page.getByTestId('contact-error').innerText()).toBe('لطفاً خطاهای فرم را برطرف کنید.');
    expect(order).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/contact']);
    const cookie = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect(res.request().headers()['x-xsrf-token']).toBe(decodeURIComponent(cookie!.value));
    // Refused, so nothing reached the operators.
    expect(mailsTo(supportEmail, 'contact').some((m) => m.subject.includes(topic))).toBe(false);
    if (width === '375') await shoot(page, 'contact-errors-375');
  });

  it('a message reaches the operators’ mailbox, and the sender is told so in Persian', async () => {
    context = await openContext(browser, viewport);
    page = await context.newPage();
    await openForm();
    const topic = uniqueTopic('پیشنهاد');
    const message = 'لطفاً سریال‌های بیشتری با دوبلهٔ فارسی اضافه کنید.';
    const sender = `mina.${width}@example.com`;
    await fill({ name: 'مینا رضایی', email: sender, subject: topic, message });
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    await page.getByTestId('contact-success').getByText('پیام شما به دست تیم پشتیبانی رسید. پاسخ را به ایمیلتان می‌فرستیم.').waitFor();
    // The server stored it and mailed it to support, with the sender to reply to.
    const mail = await vi.waitFor(
      () => {
        const found = mailsTo(supportEmail, 'contact').find((m) => m.subject.includes(topic));
        if (!found) throw new Error(`no contact mail about "${topic}" yet`);
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(mail.subject).toBe(`پیام تازه از فرم تماس: ${topic}`);
    expect(mail.replyTo).toContain(sender);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`فرستنده: مینا رضایی <${sender}>`);
  });
});
