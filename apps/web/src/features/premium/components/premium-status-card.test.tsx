import { formatJalali } from '@parde/persian';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, inactive, renderRoutes } from '../test/fake-api';
import { PremiumStatusCard } from './premium-status-card';

let restore = () => {};
afterEach(() => restore());

function renderCard(status: unknown) {
  restore = fakeApi(() => ({ data: status })).restore;
  renderRoutes([{ path: '/', element: <PremiumStatusCard /> }], '/');
}

describe('the dashboard’s subscription box', () => {
  it('an active member: until when (Jalali), days left, the reserved plans queued', async () => {
    renderCard({
      active: true,
      activeUntil: '2026-05-30T10:00:00.000Z',
      daysLeft: 12,
      reserved: [{ id: 4, planName: 'یک‌ساله', days: 365, startsAt: '2026-05-30T10:00:00.000Z', endsAt: '2027-05-30T10:00:00.000Z' }],
      premiumUntil: '2027-05-30T10:00:00.000Z',
    });
    const card = await screen.findByTestId('premium-card');
    expect(card.getAttribute('data-active')).toBe('true');
    expect(within(card).getByTestId('premium-until').textContent).toBe('فعال تا ۹ خرداد ۱۴۰۵');
    expect(within(card).getByTestId('premium-days-left').textContent).toBe('۱۲ روز مانده');
    const reserved = within(card).getByTestId('premium-reserved');
    expect(reserved.textContent).toContain('طرح یک‌ساله (۳۶۵ روز)');
    expect(reserved.textContent).toContain(`تا ${formatJalali('2027-05-30T10:00:00.000Z')}`);
    expect(within(card).getByTestId('premium-plans-link').getAttribute('href')).toBe('/premium/plans');
  });

  it('without premium: the pitch and the way to the plans', async () => {
    renderCard(inactive);
    const card = await screen.findByTestId('premium-card');
    expect(card.getAttribute('data-active')).toBe('false');
    expect(within(card).getByRole('heading', { name: 'اشتراک ویژه ندارید' })).toBeTruthy();
    expect(within(card).getByTestId('premium-plans-link').textContent).toBe('خرید اشتراک');
  });
});
