import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Adapter, RequestConfig } from '../../../lib/api-client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { api } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { listHeading, TitleListScreen } from './title-list-screen';
import { parseListFilters } from '../lib/list-filters';

const card = (id: number, titleFa: string) => ({
  id,
  path: `/titles/${id}/t-${id}`,
  poster: `http://localhost:8000/api/artwork/titles/${id}/poster.png`,
  titleEn: `Title ${id}`,
  titleFa,
  year: 2000 + id,
  genres: [],
  rating: 7.5,
  rottenTomatoes: { rtMeter: 90, rtStatus: 'fresh' },
  type: 'movie',
  votes: 1000,
  endYear: null,
  hasDub: id % 2 === 0,
  isFree: false,
  comingSoon: false,
  expectedDate: null,
});

let seen: RequestConfig[] = [];
const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  seen = [];
  const adapter: Adapter = async (config) => {
    seen.push(config);
    const url = config.url ?? '';
    let data: unknown = { data: [] };
    if (url === '/api/titles') {
      const type = (config.params as Record<string, string>).type;
      data = type === 'series'
        ? { data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } }
        : type === 'movie'
          ? { data: [card(1, 'ماتریکس'), card(2, 'تلقین')], meta: { currentPage: 2, lastPage: 10_000, perPage: 24, total: 1_200_000, estimated: true } }
          : { data: [card(1, 'ماتریکس'), card(2, 'تلقین')], meta: { currentPage: 1, lastPage: 3, perPage: 24, total: 50 } };
    }
    return { data, status: 200, headers: new Headers(), config };
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', Component: TitleListScreen }], { initialEntries: [path] });
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
  return router;
}

const titleCalls = () => seen.filter((c) => c.url === '/api/titles').map((c) => c.params as Record<string, unknown>);

describe('the home list screen', () => {
  it('names the list after its filters', () => {
    expect(listHeading(parseListFilters(''))).toBe('فیلم‌ها و سریال‌ها');
    expect(listHeading(parseListFilters('is_dubbed=1'))).toBe('فیلم‌ها و سریال‌های دوبله');
    expect(listHeading(parseListFilters('is_dubbed=1&type=movie'))).toBe('فیلم‌های دوبله');
    expect(listHeading(parseListFilters('type=series'))).toBe('سریال‌ها');
    expect(listHeading(parseListFilters('q=matrix'))).toBe('جستجوی «matrix»');
  });

  it('asks the API for the filters in the URL and shows the cards with Persian counts', async () => {
    renderAt('/?genre=drama&order_by=rating&is_dubbed=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'فیلم‌ها و سریال‌های دوبله' })).toBeTruthy();
    expect(await screen.findByText('ماتریکس')).toBeTruthy();
    expect(titleCalls()[0]).toEqual({ order_by: 'rating', type: 'all', page: 1, per_page: 24, is_dubbed: 1, genre: 'drama' });
    expect(screen.getByTestId('result-count').textContent).toBe('۵۰ عنوان');
    // Cards of the dubbed list open the title with its dubs first.
    expect(screen.getAllByTestId('title-card')[0]!.getAttribute('href')).toBe('/titles/1/t-1?dub=1');
  });

  it('says «حدود» before a total the API only estimated (a list too long to count), and before its last page', async () => {
    renderAt('/?type=movie&page=2');
    await screen.findByText('ماتریکس');
    expect(screen.getByTestId('result-count').textContent).toBe('حدود ۱٬۲۰۰٬۰۰۰ عنوان');
    expect(screen.getByText('صفحهٔ ۲ از حدود ۱۰۰۰۰')).toBeTruthy();
  });

  it('a control changes the URL (a new history entry), the list follows, and back restores it', async () => {
    const router = renderAt('/?order_by=year&page=2');
    await screen.findByText('ماتریکس');
    fireEvent.click(screen.getByTestId('type-series'));
    await screen.findByTestId('empty-state');
    expect(router.state.location.search).toBe('?order_by=year&type=series');
    expect(titleCalls().at(-1)).toMatchObject({ type: 'series', order_by: 'year', page: 1 });
    expect(screen.getByTestId('empty-state').textContent).toContain('عنوانی با این فیلترها پیدا نشد.');

    fireEvent.change(screen.getByTestId('order-by'), { target: { value: 'rating' } });
    expect(router.state.location.search).toBe('?order_by=rating&type=series');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?order_by=year&type=series');
    expect((screen.getByTestId('order-by') as HTMLSelectElement).value).toBe('year');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?order_by=year&page=2');
    expect(await screen.findByText('ماتریکس')).toBeTruthy();
  });

  it('the free-text search applies on submit; a chip removes it', async () => {
    const router = renderAt('/');
    await screen.findByText('ماتریکس');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '  matrix ' } });
    expect(router.state.location.search).toBe('');
    fireEvent.submit(screen.getByTestId('list-search').closest('form')!);
    expect(router.state.location.search).toBe('?q=matrix');
    const chips = await screen.findByTestId('active-filters');
    fireEvent.click(within(chips).getByRole('button', { name: 'حذف فیلتر «matrix»' }));
    expect(router.state.location.search).toBe('');
  });

  it('pagination links keep the filters', async () => {
    renderAt('/?country=IR');
    await screen.findByText('ماتریکس');
    const nav = screen.getAllByRole('navigation', { name: 'ناوبری صفحه' })[0]!;
    expect(within(nav).getByRole('link', { name: 'رفتن به صفحهٔ ۲' }).getAttribute('href')).toBe('/?country=IR&page=2');
  });
});
