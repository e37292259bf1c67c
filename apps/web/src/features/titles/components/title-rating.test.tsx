import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type Adapter, type RequestConfig } from '../../../lib/api-client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { api } from '../../../lib/api-client';
import { useNoticeStore } from '../../../lib/notifications';
import { createQueryClient } from '../../../lib/query-client';
import { TitleRating } from './title-rating';

const LOGIN = '/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix';

let seen: RequestConfig[] = [];
let savedRating: number | null = null;
let rateFails = false;
let releaseRate: () => void = () => {};
const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  seen = [];
  savedRating = null;
  rateFails = false;
  useNoticeStore.getState().dismiss();
  const adapter: Adapter = async (config) => {
    seen.push(config);
    const ok = (data: unknown) => ({ data, status: 200, headers: new Headers(), config });
    if (config.url === '/api/user/titles/7/state') return ok({ data: { inWatchlist: false, liked: false, likes: 0, rating: savedRating } });
    if (config.url === '/api/user/rating/7') {
      // Held until the test has seen the optimistic state.
      await new Promise<void>((r) => (releaseRate = r));
      if (rateFails) throw new HttpError('x', config, { data: { message: 'ثبت امتیاز ممکن نشد.' }, status: 500 });
      const { rating } = JSON.parse(config.data as string) as { rating: number | null };
      return ok({ data: { rating } });
    }
    return ok({ data: [] });
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderRating(isMember: boolean) {
  const router = createMemoryRouter([{ path: '*', element: <TitleRating titleId={7} access={{ isMember, loginHref: LOGIN }} /> }], { initialEntries: ['/titles/7/the-matrix'] });
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
}

const group = () => screen.getByRole('group', { name: 'امتیاز شما' });
const option = (n: string) => within(group()).getByRole('button', { name: `امتیاز ${n} از ۱۰` });
const status = () => screen.getByTestId('my-rating');
const rateCalls = () => seen.filter((c) => c.url === '/api/user/rating/7' && c.method === 'post').map((c) => JSON.parse(c.data as string) as unknown);

describe('the rating on the title page', () => {
  it('gives a visitor a link to sign in that comes back, and asks the API nothing', async () => {
    renderRating(false);
    const link = await screen.findByRole('link', { name: 'برای امتیاز دادن وارد شوید' });
    expect(link.getAttribute('href')).toBe(LOGIN);
    expect(screen.queryByRole('group')).toBeNull();
    expect(seen.some((c) => c.url?.startsWith('/api/user/'))).toBe(false);
  });

  it('offers ten labelled scores in Persian digits, and shows a new one at once', async () => {
    renderRating(true);
    await waitFor(() => expect(seen.some((c) => c.url === '/api/user/titles/7/state')).toBe(true));
    const buttons = within(group()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹', '۱۰']);
    expect(status().textContent).toBe('هنوز امتیاز نداده‌اید');
    expect(screen.queryByRole('button', { name: 'حذف امتیاز شما' })).toBeNull();

    fireEvent.click(option('۸'));
    // Before the server answers.
    await waitFor(() => expect(option('۸').getAttribute('aria-pressed')).toBe('true'));
    expect(status().textContent).toBe('۸ از ۱۰');
    await waitFor(() => expect(rateCalls()).toEqual([{ rating: 8 }]));
    releaseRate();
    await waitFor(() => expect(group().getAttribute('aria-busy')).toBe('false'));
    expect(option('۸').getAttribute('aria-pressed')).toBe('true');
    expect(option('۷').getAttribute('aria-pressed')).toBe('false');
  });

  it('goes back to the old score and says why in Persian when the call fails', async () => {
    savedRating = 3;
    rateFails = true;
    renderRating(true);
    await waitFor(() => expect(status().textContent).toBe('۳ از ۱۰'));
    fireEvent.click(option('۹'));
    await waitFor(() => expect(status().textContent).toBe('۹ از ۱۰'));
    await waitFor(() => expect(rateCalls()).toHaveLength(1));
    releaseRate();
    await waitFor(() => expect(status().textContent).toBe('۳ از ۱۰'));
    expect(option('۳').getAttribute('aria-pressed')).toBe('true');
    expect(useNoticeStore.getState().current).toMatchObject({ severity: 'error', message: 'ثبت امتیاز ممکن نشد.' });
  });

  it('removes the score with its own button', async () => {
    savedRating = 8;
    renderRating(true);
    const clear = await screen.findByRole('button', { name: 'حذف امتیاز شما' });
    fireEvent.click(clear);
    await waitFor(() => expect(status().textContent).toBe('هنوز امتیاز نداده‌اید'));
    await waitFor(() => expect(rateCalls()).toEqual([{ rating: null }]));
    releaseRate();
    await waitFor(() => expect(group().getAttribute('aria-busy')).toBe('false'));
    expect(within(group()).getAllByRole('button').every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('is one Tab stop on the current score; arrows move along the right-to-left row, Home and End to the ends', async () => {
    savedRating = 5;
    renderRating(true);
    await waitFor(() => expect(status().textContent).toBe('۵ از ۱۰'));
    const tabStops = within(group())
      .getAllByRole('button')
      .filter((b) => b.tabIndex === 0);
    expect(tabStops).toEqual([option('۵')]);

    option('۵').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(option('۶'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(option('۴'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(option('۱۰'));
    expect(option('۱۰').tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(option('۱'));
    // Moving does not rate; choosing does.
    expect(rateCalls()).toEqual([]);
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(rateCalls()).toEqual([{ rating: 1 }]));
    releaseRate();
  });
});
