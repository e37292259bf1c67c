import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MuiScope } from '../../../components/mui-scope';
import { useNoticeStore } from '../../../lib/notifications';
import { body, fail, fakeApi, renderRoutes } from '../../../features/premium/test/fake-api';
import { MoneyScreen } from './money-screen';

let restore = () => {};
afterEach(() => restore());
beforeEach(() => useNoticeStore.setState({ current: null }));

const meta = { currentPage: 1, lastPage: 1, perPage: 50, total: 1 };
const payment = {
  id: 12,
  kind: 'join',
  kindLabel: 'خرید اشتراک',
  status: 'paid',
  statusLabel: 'پرداخت‌شده',
  refundedAt: null,
  refundReason: null,
  member: { id: 7, name: 'مریم', email: 'maryam@example.com' },
  plan: { id: 1, name: 'یک‌ماهه', days: 30 },
  baseAmount: 99_000,
  discountAmount: 0,
  discountCode: null,
  amount: 99_000,
  gateway: 'sandbox',
  authority: 'SBX1',
  refId: '123456',
  cardPan: null,
  failureReason: null,
  giftRecipientEmail: null,
  createdAt: '2026-03-20T21:00:00.000Z',
  paidAt: '2026-03-20T21:01:00.000Z',
};
const detail = {
  ...payment,
  events: [
    { id: 1, fromStatus: null, toStatus: 'pending', event: 'created', eventLabel: 'ساخته شد', detail: {}, createdAt: '2026-03-20T21:00:00.000Z' },
    { id: 2, fromStatus: 'verifying', toStatus: 'paid', event: 'verified', eventLabel: 'بانک پرداخت را تأیید کرد', detail: {}, createdAt: '2026-03-20T21:01:00.000Z' },
  ],
  period: { id: 5, startsAt: '2026-03-20T21:01:00.000Z', endsAt: '2026-04-19T21:01:00.000Z', revokedAt: null },
  gift: null,
};
const plan = {
  id: 1,
  name: 'یک‌ماهه',
  days: 30,
  price: 99_000,
  discountedPrice: null,
  finalPrice: 99_000,
  features: ['تماشای کامل'],
  isActive: true,
  sortOrder: 1,
  payments: 3,
  paid: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const renderMoney = (path: string) => renderRoutes([{ path: '/admin/money', element: <MoneyScreen /> }], path, (node) => <MuiScope>{node}</MuiScope>);

describe('money: payments', () => {
  it('lists payments in tomans, opens the state history, refunds with a reason and says so in Persian', async () => {
    const api = fakeApi((c) => {
      if (c.url === '/api/admin/payments') return { data: [payment], meta };
      if (c.url === '/api/admin/payments/12') return { data: detail };
      if (c.url === '/api/admin/payments/12/refund') return { data: { payment: { ...detail, refundedAt: '2026-03-25T10:00:00.000Z' }, revokedPeriodId: 5, removedDays: 25.5, disabledGiftId: null } };
      throw new Error(`unexpected ${c.url}`);
    });
    restore = api.restore;
    renderMoney('/admin/money?tab=payments&status=paid');
    const row = await screen.findByTestId('admin-payment-row');
    expect(row.textContent).toContain('۹۹٬۰۰۰ تومان');
    expect(row.textContent).toContain('۱ فروردین ۱۴۰۵');
    expect(api.seen.find((c) => c.url === '/api/admin/payments')!.params).toMatchObject({ status: 'paid' });
    // The CSV link carries the same filter.
    const csv = screen.getByTestId('admin-payments-csv');
    expect(csv.getAttribute('href')).toMatch(/\/api\/admin\/payments\.csv\?status=paid$/);

    fireEvent.click(within(row).getByTestId('admin-payment-open'));
    const events = await screen.findByTestId('admin-payment-events');
    expect(events.textContent).toContain('بانک پرداخت را تأیید کرد');
    fireEvent.click(screen.getByTestId('admin-payment-refund'));
    const dialog = await screen.findByTestId('admin-refund-dialog');
    fireEvent.click(within(dialog).getByTestId('admin-refund-dialog-confirm'));
    await waitFor(() => expect(dialog.textContent).toContain('دلیل را دست‌کم در سه نویسه بنویسید.'));
    fireEvent.change(within(dialog).getByTestId('admin-refund-reason'), { target: { value: 'عضو درخواست داد' } });
    fireEvent.click(within(dialog).getByTestId('admin-refund-dialog-confirm'));
    await waitFor(() => expect(useNoticeStore.getState().current?.message).toBe('پرداخت بازپرداخت‌شده علامت خورد و ۲۵٫۵ روز از اشتراک کم شد.'));
    expect(body(api.seen.find((c) => c.url === '/api/admin/payments/12/refund')!)).toEqual({ reason: 'عضو درخواست داد' });
  });

  it('turns Jalali dates typed in the filter into the days the API reads', async () => {
    const api = fakeApi((c) => {
      if (c.url === '/api/admin/payments') return { data: [], meta: { ...meta, total: 0 } };
      throw new Error(`unexpected ${c.url}`);
    });
    restore = api.restore;
    renderMoney('/admin/money?tab=payments');
    fireEvent.change(await screen.findByTestId('admin-payments-from'), { target: { value: '1405/01/01' } });
    fireEvent.change(screen.getByTestId('admin-payments-to'), { target: { value: '۱۴۰۵/۰۱/۳۱' } });
    fireEvent.click(screen.getByTestId('admin-payments-apply'));
    await waitFor(() => expect(api.seen.at(-1)!.params).toMatchObject({ from: '2026-03-21', to: '2026-04-20' }));
  });
});

describe('money: plans', () => {
  it('shows a server field error under its field, and deletes only plans without payments', async () => {
    const api = fakeApi((c) => {
      if (c.url === '/api/admin/plans' && c.method === 'get') return { data: [plan, { ...plan, id: 2, name: 'بی‌خریدار', payments: 0, paid: 0 }] };
      if (c.url === '/api/admin/plans' && c.method === 'post') {
        fail(c, 422, { message: 'قیمت با تخفیف باید کمتر از قیمت اصلی باشد.', code: 'VALIDATION_FAILED', errors: { discounted_price: ['قیمت با تخفیف باید کمتر از قیمت اصلی باشد.'] } });
      }
      throw new Error(`unexpected ${c.method} ${c.url}`);
    });
    restore = api.restore;
    renderMoney('/admin/money');
    const rows = await screen.findAllByTestId('admin-plan-row');
    expect(rows[0]!.textContent).toContain('۲ موفق از ۳');
    expect(within(rows[0]!).queryByTestId('admin-plan-delete')).toBeNull();
    expect(within(rows[1]!).getByTestId('admin-plan-delete')).toBeTruthy();

    fireEvent.click(screen.getByTestId('admin-plan-add'));
    const dialog = await screen.findByTestId('admin-plan-dialog');
    fireEvent.change(within(dialog).getByTestId('admin-plan-name'), { target: { value: 'دوماهه' } });
    fireEvent.change(within(dialog).getByTestId('admin-plan-days'), { target: { value: '۶۰' } });
    fireEvent.change(within(dialog).getByTestId('admin-plan-price'), { target: { value: '180000' } });
    fireEvent.change(within(dialog).getByTestId('admin-plan-discounted_price'), { target: { value: '200000' } });
    fireEvent.change(within(dialog).getByTestId('admin-plan-features'), { target: { value: 'یک\n\nدو ' } });
    fireEvent.click(within(dialog).getByTestId('admin-plan-dialog-confirm'));
    await waitFor(() => expect(dialog.textContent).toContain('قیمت با تخفیف باید کمتر از قیمت اصلی باشد.'));
    expect(body(api.seen.find((c) => c.method === 'post')!)).toEqual({ name: 'دوماهه', days: 60, price: 180_000, discounted_price: 200_000, features: ['یک', 'دو'], is_active: true, sort_order: 0 });
    expect(within(dialog).queryByTestId('admin-plan-dialog-error')).toBeNull();
  });
});
