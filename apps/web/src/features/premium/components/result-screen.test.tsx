import type { PaymentResult } from '@parde/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, renderRoutes } from '../test/fake-api';
import { ResultScreen } from './result-screen';

const paid: PaymentResult = {
  id: 12,
  kind: 'join',
  kindLabel: 'خرید اشتراک',
  plan: { id: 2, name: 'سه‌ماهه', days: 90 },
  baseAmount: 249_000,
  discountAmount: 0,
  discountCode: null,
  amount: 249_000,
  status: 'paid',
  statusLabel: 'پرداخت‌شده',
  gateway: 'sandbox',
  refId: '123456789',
  cardPan: null,
  failureReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:01:00.000Z',
  period: { startsAt: '2026-03-01T10:01:00.000Z', endsAt: '2026-05-30T10:01:00.000Z' },
  gift: null,
  outcome: 'success',
  message: 'پرداخت با موفقیت انجام شد. اشتراک ویژهٔ شما تا ۹ خرداد ۱۴۰۵ فعال است.',
  premiumUntil: '2026-05-30T10:01:00.000Z',
  retryPath: null,
};
const cancelled: PaymentResult = {
  ...paid,
  status: 'cancelled',
  statusLabel: 'لغوشده',
  refId: null,
  paidAt: null,
  period: null,
  outcome: 'failure',
  failureReason: 'پرداخت در درگاه بانک لغو شد و مبلغی از حسابتان کم نشد.',
  message: 'پرداخت در درگاه بانک لغو شد و مبلغی از حسابتان کم نشد. می‌توانید دوباره تلاش کنید.',
  premiumUntil: null,
  retryPath: '/premium/join/2',
};

let restore = () => {};
afterEach(() => restore());

function renderResult(answers: (PaymentResult | 'missing')[]) {
  let n = 0;
  const api = fakeApi((c) => {
    if (c.url !== '/api/user/payments/12') throw new Error(`unexpected ${c.url}`);
    const a = answers[Math.min(n++, answers.length - 1)]!;
    if (a === 'missing') fail(c, 404, { message: 'پرداختی با این شناسه پیدا نشد.', code: 'PAYMENT_NOT_FOUND' });
    return { data: a };
  });
  restore = api.restore;
  renderRoutes([{ path: '/premium/result', element: <ResultScreen paymentId={12} /> }], '/premium/result?payment=12');
  return api;
}

describe('the payment result page', () => {
  it('success: the Jalali end date, the days, and the receipt with the tracking number', async () => {
    renderResult([paid]);
    await screen.findByRole('heading', { level: 1, name: 'پرداخت موفق' });
    expect(screen.getByTestId('result-until').textContent).toBe('۹ خرداد ۱۴۰۵');
    expect(screen.getByTestId('result-days').textContent).toBe('۹۰ روز');
    expect(screen.getByTestId('receipt-ref').textContent).toBe('۱۲۳۴۵۶۷۸۹');
    expect(screen.getByTestId('receipt').textContent).toContain('۲۴۹٬۰۰۰ تومان');
    expect(screen.getByTestId('to-dashboard').getAttribute('href')).toBe('/user/dashboard');
    expect(document.title).toBe('پرداخت موفق | پرده');
  });

  it('failure: the reason and a retry back to the same join', async () => {
    renderResult([cancelled]);
    await screen.findByRole('heading', { level: 1, name: 'پرداخت ناموفق' });
    expect(screen.getByTestId('result-reason').textContent).toBe('پرداخت در درگاه بانک لغو شد و مبلغی از حسابتان کم نشد.');
    expect(screen.getByTestId('retry-payment').getAttribute('href')).toBe('/premium/join/2');
    expect(screen.getByTestId('payment-status').textContent).toBe('لغوشده');
  });

  it('pending: a Persian waiting state that asks again until the bank has answered', async () => {
    const api = renderResult([{ ...paid, status: 'verifying', statusLabel: 'در حال بررسی', outcome: 'pending', message: 'پرداخت شما هنوز در حال بررسی است.', refId: null, premiumUntil: null }, paid]);
    await screen.findByRole('heading', { level: 1, name: 'در انتظار تأیید بانک' });
    expect(screen.getByRole('status').textContent).toMatch(/در حال بررسی/);
    fireEvent.click(screen.getByTestId('check-again'));
    await screen.findByRole('heading', { level: 1, name: 'پرداخت موفق' });
    expect(api.seen.length).toBeGreaterThanOrEqual(2);
  });

  it('an unknown payment is the not-found page with the server’s sentence', async () => {
    renderResult(['missing']);
    await screen.findByRole('heading', { level: 1, name: 'صفحه پیدا نشد' });
    expect(screen.getByText('پرداختی با این شناسه پیدا نشد.')).toBeTruthy();
  });

  it('a gift shows its code', async () => {
    renderResult([{ ...paid, kind: 'gift', kindLabel: 'خرید هدیه', period: null, premiumUntil: null, gift: { id: 3, code: 'ABCD-EFGH-JKLM', redeemed: false }, message: 'پرداخت با موفقیت انجام شد. کد هدیهٔ شما: ABCD-EFGH-JKLM' }]);
    await screen.findByRole('heading', { level: 1, name: 'هدیه آماده است' });
    await waitFor(() => expect(screen.getByTestId('gift-code').textContent).toBe('ABCD-EFGH-JKLM'));
  });
});
