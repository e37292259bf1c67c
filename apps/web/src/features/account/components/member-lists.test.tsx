import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Adapter } from '../../../lib/api-client';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { api } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { HistoryScreen } from './history-screen';
import { WatchlistScreen } from './watchlist-screen';

const card = (id: number, titleFa: string, myRating: number | null) => ({
  id,
  path: `/titles/${id}/t${id}`,
  poster: 'http://localhost:8000/p.svg',
  titleEn: `Title ${id}`,
  titleFa,
  year: 2001,
  endYear: null,
  type: 'movie',
  votes: 10,
  rating: 7.1,
  rottenTomatoes: { rtMeter: null, rtStatus: null },
  genres: [],
  hasDub: false,
  isFree: false,
  comingSoon: false,
  expectedDate: null,
  myRating,
});
const meta = { currentPage: 1, lastPage: 1, perPage: 24, total: 2 };
const progress = { episode: null, positionSec: 0, visitedAt: '2025-01-01T10:00:00Z' };

const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  const adapter: Adapter = async (config) => {
    const ok = (data: unknown) => ({ data, status: 200, headers: new Headers(), config });
    if (config.url === '/api/user/watchlist') return ok({ data: [card(1, 'رتبه‌دار', 8), card(2, 'بی‌امتیاز', null)], meta });
    if (config.url === '/api/user/history') return ok({ data: [{ ...card(1, 'رتبه‌دار', 8), progress }, { ...card(2, 'بی‌امتیاز', null), progress }], meta });
    return ok({ data: [] });
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderScreen(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/user/list'] });
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
}

const cardOf = (id: number) => document.querySelector(`[data-testid="title-card"][data-title-id="${id}"]`)!;

describe("the member's rating on their lists", () => {
  it.each([
    ['watchlist', <WatchlistScreen key="w" />],
    ['history', <HistoryScreen key="h" />],
  ])('the %s shows «امتیاز شما: ۸» on a rated title and nothing on the others', async (_name, element) => {
    renderScreen(element);
    await screen.findByText('رتبه‌دار');
    expect(cardOf(1).querySelector('[data-testid="card-my-rating"]')?.textContent).toBe('امتیاز شما: ۸');
    expect(cardOf(2).querySelector('[data-testid="card-my-rating"]')).toBeNull();
    // Part of the card's link, so it is read with the title.
    expect(cardOf(1).textContent).toContain('امتیاز شما: ۸');
  });
});
