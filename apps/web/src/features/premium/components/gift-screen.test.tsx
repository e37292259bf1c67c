import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { body, fail, fakeApi, inactive, plans, renderRoutes } from '../test/fake-api';
import { GiftScreen } from './gift-screen';

let restore = () => {};
afterEach(() => restore());

const gifts = {
  data: [
    { id: 2, code: 'WXYZ-2345-6789', planName: 'یک‌ماهه', days: 30, recipientEmail: 'friend@example.com', message: 'تولدت مبارک', redeemed: true, redeemedAt: '2026-03-02T10:00:00.000Z', paymentId: 8, createdAt: '2026-03-01T10:00:00.000Z' },
    { id: 1, code: 'ABCD-EFGH-JKLM', planName: 'سه‌ماهه', days: 90, recipientEmail: null, message: null, redeemed: false, redeemedAt: null, paymentId: 7, createdAt: '2026-02-01T10:00:00.000Z' },
  ],
  meta: { currentPage: 1, lastPage: 1, perPage: 10, total: 2 },
};

function setup() {
  const api = fakeApi((c) => {
    if (c.url === '/api/plans') return { data: plans };
    if (c.url === '/api/user/gifts') return gifts;
    if (c.url === '/api/user/premium') return { data: inactive };
    if (c.url === '/api/user/gift/redeem') {
      const code = body(c).code;
      if (code === 'USEDUSEDUSED') fail(c, 409, { message: 'این کد هدیه پیش‌تر استفاده شده است.', code: 'GIFT_ALREADY_REDEEMED' });
      if (code === 'NOPENOPENOPE') fail(c, 404, { message: 'کد هدیه معتبر نیست. آن را دوباره بررسی کنید.', code: 'GIFT_NOT_FOUND' });
      return { data: { giftId: 1, planName: 'سه‌ماهه', days: 90, startsAt: '2026-03-01T10:00:00.000Z', endsAt: '2026-05-30T10:00:00.000Z', premium: { active: true, activeUntil: '2026-05-30T10:00:00.000Z', daysLeft: 90, reserved: [], premiumUntil: '2026-05-30T10:00:00.000Z' } } };
    }
    if (c.url === '/api/user/gift') return { url: 'javascript:alert(1)', paymentId: 9 };
    throw new Error(`unexpected ${c.url}`);
  });
  restore = api.restore;
  return api;
}

const renderGift = (path: string) => renderRoutes([{ path: '/gift', element: <GiftScreen /> }], path);

describe('the gift page', () => {
  it('prefills ?code=, says a used code under the field, and redeems a good one', async () => {
    const api = setup();
    renderGift('/gift?code=USED-USED-USED');
    const field = (await screen.findByTestId('field-code')) as HTMLInputElement;
    expect(field.value).toBe('USED-USED-USED');
    fireEvent.click(screen.getByTestId('redeem-button'));
    await waitFor(() => expect(screen.getByTestId('field-code-help').textContent).toBe('این کد هدیه پیش‌تر استفاده شده است.'));
    expect(body(api.seen.find((c) => c.url === '/api/user/gift/redeem')!)).toEqual({ code: 'USEDUSEDUSED' });

    fireEvent.change(field, { target: { value: 'NOPE NOPE NOPE' } });
    fireEvent.click(screen.getByTestId('redeem-button'));
    await waitFor(() => expect(screen.getByTestId('field-code-help').textContent).toBe('کد هدیه معتبر نیست. آن را دوباره بررسی کنید.'));

    fireEvent.change(field, { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('redeem-button'));
    expect(screen.getByTestId('field-code-help').textContent).toMatch(/کوتاه/);

    fireEvent.change(field, { target: { value: 'ABCD-EFGH-JKLM' } });
    fireEvent.click(screen.getByTestId('redeem-button'));
    const done = await screen.findByTestId('redeem-success');
    expect(done.textContent).toContain('سه‌ماهه (۹۰ روز)');
    expect(done.textContent).toContain('۹ خرداد ۱۴۰۵');
    expect(field.value).toBe('');
  });

  it('lists the gifts bought with redeemed or not, in Persian', async () => {
    setup();
    renderGift('/gift');
    const list = await screen.findByTestId('my-gifts');
    await waitFor(() => expect(within(list).getAllByTestId('gift')).toHaveLength(2));
    const [used, unused] = within(list).getAllByTestId('gift');
    expect(used!.getAttribute('data-redeemed')).toBe('true');
    expect(within(used!).getByTestId('gift-status').textContent).toBe('استفاده شد در ۱۱ اسفند ۱۴۰۴');
    expect(used!.textContent).toContain('friend@example.com');
    expect(within(unused!).getByTestId('gift-status').textContent).toBe('هنوز استفاده نشده');
  });

  it('checks the purchase form first, preselects ?plan=, and refuses a non-web gateway address', async () => {
    const api = setup();
    renderGift('/gift?plan=2');
    const plan2 = (await screen.findByTestId('gift-plan-2')) as HTMLInputElement;
    expect(plan2.checked).toBe(true);
    fireEvent.change(screen.getByTestId('field-recipient_email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('gift-pay-button'));
    expect(screen.getByTestId('field-recipient_email-help').textContent).toBe('نشانی ایمیل معتبر نیست.');
    expect(api.seen.some((c) => c.url === '/api/user/gift')).toBe(false);

    fireEvent.change(screen.getByTestId('field-recipient_email'), { target: { value: 'Friend@Example.com' } });
    fireEvent.change(screen.getByTestId('field-message'), { target: { value: 'تولدت مبارک' } });
    fireEvent.click(screen.getByTestId('gift-pay-button'));
    await screen.findByTestId('form-error');
    expect(body(api.seen.find((c) => c.url === '/api/user/gift')!)).toEqual({ plan_id: 2, recipient_email: 'friend@example.com', message: 'تولدت مبارک' });
  });
});
