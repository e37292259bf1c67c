import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formatJalali } from '@parde/persian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { body, fail, fakeApi, inactive, plans, renderRoutes } from '../test/fake-api';
import type * as Purchase from '../lib/purchase';
import { JoinScreen } from './join-screen';

const gateway = vi.hoisted(() => vi.fn());
vi.mock('../lib/purchase', async (importOriginal) => ({ ...(await importOriginal<typeof Purchase>()), goToGateway: gateway }));

let restore = () => {};
beforeEach(() => gateway.mockClear());
afterEach(() => restore());

function setup(status: unknown = inactive) {
  const api = fakeApi((c) => {
    if (c.url === '/api/plans/2') return { data: plans[1] };
    if (c.url === '/api/user/premium') return { data: status };
    if (c.url === '/api/user/join2' || c.url === '/api/user/reserve2') {
      if (body(c).discount_code === 'BAD') fail(c, 422, { message: 'کد تخفیف معتبر نیست.', code: 'VALIDATION_FAILED', errors: { discount_code: ['کد تخفیف معتبر نیست.'] } });
      return { url: 'http://127.0.0.1:9/api/gateways/sandbox/SBX1', paymentId: 5 };
    }
    throw new Error(`unexpected ${c.url}`);
  });
  restore = api.restore;
  return api;
}

const renderJoin = (path = '/premium/join/2') => renderRoutes([{ path: '/premium/join/:id', element: <JoinScreen id={2} /> }], path);

describe('the join page', () => {
  it('sums up the plan in Persian digits and sends the member to the gateway', async () => {
    const api = setup();
    renderJoin();
    await screen.findByRole('heading', { level: 1, name: 'خرید اشتراک ویژه' });
    const summary = await screen.findByTestId('join-summary');
    expect(summary.textContent).toContain('سه‌ماهه');
    expect(summary.textContent).toContain('۹۰ روز');
    expect(summary.textContent).toContain('۲۴۹٬۰۰۰ تومان');
    expect(summary.textContent).toContain('۲۹۷٬۰۰۰ تومان');
    expect(screen.getByTestId('join-preview').textContent).toContain('از همین حالا');
    const pay = screen.getByTestId('pay-button');
    expect(pay.textContent).toBe('پرداخت ۲۴۹٬۰۰۰ تومان');
    fireEvent.click(pay);
    await waitFor(() => expect(gateway).toHaveBeenCalledWith('http://127.0.0.1:9/api/gateways/sandbox/SBX1'));
    const call = api.seen.find((c) => c.url === '/api/user/join2')!;
    expect(body(call)).toEqual({ plan_id: 2 });
    expect(screen.getByTestId('pay-button').textContent).toContain('در حال انتقال');
  });

  it('shows the server’s 422 under the discount field, in Persian, and does not leave', async () => {
    setup();
    renderJoin();
    const field = await screen.findByTestId('field-discount_code');
    fireEvent.change(field, { target: { value: ' BAD ' } });
    fireEvent.click(screen.getByTestId('pay-button'));
    await waitFor(() => expect(screen.getByTestId('field-discount_code-help').textContent).toBe('کد تخفیف معتبر نیست.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(gateway).not.toHaveBeenCalled();
  });

  it('reserve mode calls reserve2 and says a member without premium starts now', async () => {
    const api = setup();
    renderJoin('/premium/join/2?mode=reserve');
    await screen.findByRole('heading', { level: 1, name: 'رزرو اشتراک ویژه' });
    expect(await screen.findByTestId('reserve-inactive')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('pay-button'));
    await waitFor(() => expect(api.seen.some((c) => c.url === '/api/user/reserve2' && c.method === 'post')).toBe(true));
  });

  it('an active member sees where the reserved plan would start, and can switch to join', async () => {
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString();
    setup({ active: true, activeUntil: until, daysLeft: 10, reserved: [], premiumUntil: until });
    const router = renderJoin('/premium/join/2?mode=reserve');
    await waitFor(() => expect(screen.getByTestId('join-preview').textContent).toContain(`آغاز: ${formatJalali(until, 'long')}`));
    expect(screen.getByTestId('active-note').textContent).toContain(formatJalali(until, 'long'));
    fireEvent.click(screen.getByTestId('mode-join'));
    await screen.findByRole('heading', { level: 1, name: 'خرید اشتراک ویژه' });
    expect(router.state.location.search).toBe('');
  });
});
