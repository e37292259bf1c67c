import type { Payment } from '@parde/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { withMui } from '../../../app/mui-scope';
import { queryClient } from '../../../lib/query-client';
import { answerApiWith } from '../../../test/app';
import { PaymentHistory } from './payment-history';

const payment = (id: number, profileName: string | null | undefined): Payment => ({
  id,
  kind: 'join',
  kindLabel: 'خرید اشتراک',
  plan: { id: 1, name: 'یک‌ماهه', days: 30 },
  baseAmount: 99000,
  discountAmount: 0,
  discountCode: null,
  amount: 99000,
  status: 'paid',
  statusLabel: 'پرداخت‌شده',
  gateway: 'sandbox',
  refId: '12345',
  cardPan: null,
  failureReason: null,
  createdAt: '2026-11-20T10:00:00Z',
  paidAt: '2026-11-20T10:01:00Z',
  ...(profileName === undefined ? {} : { profileName }),
  period: null,
  gift: null,
});

answerApiWith(async (config) => ({
  data: { data: [payment(2, 'آرش'), payment(1, null)], meta: { currentPage: 1, lastPage: 1, perPage: 5, total: 2 } },
  status: 200,
  headers: new Headers(),
  config,
}));

const History = withMui(PaymentHistory);

describe('receipts of a household (decision 21)', () => {
  it('say which profile paid, and nothing for payments made before profiles', async () => {
    queryClient.clear();
    const router = createMemoryRouter([{ path: '*', element: <History /> }]);
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect((await screen.findByTestId('payment-profile')).textContent).toBe('با نمایهٔ آرش');
    expect(screen.getAllByTestId('payment')).toHaveLength(2);
    expect(screen.getAllByTestId('payment-profile')).toHaveLength(1);
  });
});
