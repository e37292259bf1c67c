import type { PaymentResult } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { parsePaymentId, pendingPollDelay, resultView, retryHref } from './result-state';

const base: PaymentResult = {
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
  message: 'پرداخت با موفقیت انجام شد.',
  premiumUntil: '2026-05-30T10:01:00.000Z',
  retryPath: null,
};

describe('resultView', () => {
  it('success: the new end date in Jalali and the days, in Persian digits', () => {
    const v = resultView(base);
    expect(v).toMatchObject({ state: 'success', kind: 'join', premiumUntil: '۹ خرداد ۱۴۰۵', days: '۹۰', giftCode: null, period: null });
  });

  it('a paid reserve also shows when its days run', () => {
    const v = resultView({ ...base, kind: 'reserve', period: { startsAt: '2026-05-30T10:01:00.000Z', endsAt: '2026-08-28T10:01:00.000Z' } });
    expect(v.state === 'success' && v.period).toEqual({ from: '۹ خرداد ۱۴۰۵', to: '۶ شهریور ۱۴۰۵' });
  });

  it('a paid gift shows its code', () => {
    const v = resultView({ ...base, kind: 'gift', period: null, premiumUntil: null, gift: { id: 4, code: 'ABCD-EFGH-JKLM', redeemed: false } });
    expect(v).toMatchObject({ state: 'success', giftCode: 'ABCD-EFGH-JKLM', premiumUntil: null });
  });

  it('failure and cancel: the reason and a retry with the same plan and the same way of buying', () => {
    const reason = 'پرداخت در درگاه بانک لغو شد و مبلغی از حسابتان کم نشد.';
    const failed = { ...base, status: 'cancelled', outcome: 'failure', failureReason: reason, refId: null, paidAt: null, period: null, premiumUntil: null, message: `${reason} می‌توانید دوباره تلاش کنید.` } as const;
    expect(resultView(failed)).toEqual({ state: 'failure', message: failed.message, reason, retryHref: '/premium/join/2' });
    expect(resultView({ ...failed, kind: 'reserve' })).toMatchObject({ retryHref: '/premium/join/2?mode=reserve' });
    expect(resultView({ ...failed, kind: 'gift' })).toMatchObject({ retryHref: '/gift?plan=2' });
    expect(resultView({ ...failed, status: 'expired', failureReason: null })).toMatchObject({ state: 'failure', reason: failed.message });
  });

  it('pending and verifying wait', () => {
    expect(resultView({ ...base, status: 'pending', outcome: 'pending', message: 'در حال بررسی' })).toEqual({ state: 'pending', message: 'در حال بررسی' });
    expect(resultView({ ...base, status: 'verifying', outcome: 'pending' }).state).toBe('pending');
  });
});

describe('retryHref', () => {
  it('goes to join, reserve or gift', () => {
    expect(retryHref({ kind: 'join', plan: { id: 7 } })).toBe('/premium/join/7');
    expect(retryHref({ kind: 'reserve', plan: { id: 7 } })).toBe('/premium/join/7?mode=reserve');
    expect(retryHref({ kind: 'gift', plan: { id: 7 } })).toBe('/gift?plan=7');
  });
});

describe('pendingPollDelay', () => {
  it('starts at 2 s, doubles, and settles at 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(pendingPollDelay)).toEqual([2_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });
});

describe('parsePaymentId', () => {
  it('takes a positive whole number only', () => {
    expect(parsePaymentId('12')).toBe(12);
    expect(parsePaymentId(null)).toBeNull();
    expect(parsePaymentId('0')).toBeNull();
    expect(parsePaymentId('-3')).toBeNull();
    expect(parsePaymentId('1e3')).toBeNull();
    expect(parsePaymentId('99999999999')).toBeNull();
  });
});
