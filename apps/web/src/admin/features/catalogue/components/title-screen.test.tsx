import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MuiScope } from '../../../../components/mui-scope';
import { api, type Adapter, type RequestConfig } from '../../../../lib/api-client';
import { createQueryClient } from '../../../../lib/query-client';
import { moved } from './sortable-list';
import { TitleScreen } from './title-screen';

const title = (over: Record<string, unknown> = {}) => ({
  id: 42,
  imdbId: 'tt900000042',
  localImdbId: true,
  type: 'movie',
  titleFa: 'باغ انار',
  titleEn: 'Pomegranate Garden',
  year: 2023,
  published: false,
  comingSoon: false,
  expectedDate: null,
  isFree: false,
  hasDub: false,
  hasVideo: false,
  votes: 0,
  path: '/titles/42/pomegranate-garden',
  updatedAt: '2026-01-01T00:00:00.000Z',
  slug: 'pomegranate-garden',
  titleOriginal: null,
  endYear: null,
  runtime: null,
  plotFa: null,
  plotEn: null,
  ageRating: null,
  releaseDate: null,
  trailerYoutubeId: null,
  rating: null,
  genres: [],
  countries: [],
  languages: [],
  seasons: [],
  credits: [],
  dubs: [],
  slideshow: [],
  collections: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

let calls: RequestConfig[];
let current: ReturnType<typeof title>;
const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  calls = [];
  current = title();
  const adapter: Adapter = async (config) => {
    calls.push(config);
    const answer = (data: unknown, status = 200) => {
      const res = { data, status, headers: new Headers(), config };
      if (status >= 400) throw Object.assign(new Error(`status ${status}`), { isHttpError: true, config, response: res });
      return res;
    };
    if (config.url === '/api/admin/catalogue/options') return answer({ data: { genres: [{ id: 1, slug: 'drama', nameFa: 'درام', nameEn: 'Drama', titleCount: 3 }], countries: [], languages: [] } });
    if (config.url === '/api/admin/titles' && config.method === 'post') {
      const body = JSON.parse(config.data ?? '{}') as Record<string, unknown>;
      if (!body.title_fa) return answer({ message: 'اطلاعات واردشده معتبر نیست.', code: 'VALIDATION_FAILED', errors: { title_fa: ['نام فارسی را وارد کنید.'] } }, 422);
      current = title({ titleFa: body.title_fa, titleEn: body.title_en, year: body.year, type: body.type });
      return answer({ data: current }, 201);
    }
    if (config.url === '/api/admin/titles/42/publish') {
      current = { ...current, published: true };
      return answer({ data: current });
    }
    if (config.url === '/api/admin/titles/42') return answer({ data: current });
    return answer({ data: [] });
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function Route() {
  const { id = '' } = useParams();
  return <TitleScreen key={id} id={id} />;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin/titles/:id', element: <Route /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MuiScope>
        <RouterProvider router={router} />
      </MuiScope>
    </QueryClientProvider>,
  );
  return router;
}

describe('the title form', () => {
  it('shows the API’s Persian field error under its field, then creates the title, lands on its page and publishes it', async () => {
    const router = renderAt('/admin/titles/new');
    const form = await screen.findByTestId('admin-title-form');
    fireEvent.change(screen.getByTestId('admin-title-title_en'), { target: { value: 'Pomegranate Garden' } });
    fireEvent.change(screen.getByTestId('admin-title-year'), { target: { value: '۲۰۲۳' } });
    fireEvent.click(screen.getByTestId('admin-title-save'));
    expect(await screen.findByText('نام فارسی را وارد کنید.')).toBeTruthy();
    expect(form.querySelector('#admin-title-title_fa')?.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByTestId('admin-title-title_fa'), { target: { value: 'باغ انار' } });
    fireEvent.change(screen.getByTestId('admin-title-type'), { target: { value: 'series' } });
    fireEvent.click(screen.getByTestId('admin-title-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/titles/42'));
    const created = calls.filter((c) => c.method === 'post' && c.url === '/api/admin/titles').at(-1)!;
    // Persian digits typed in the year reach the API as a number; empty fields are left out.
    expect(JSON.parse(created.data!)).toEqual({ type: 'series', title_fa: 'باغ انار', title_en: 'Pomegranate Garden', year: 2023, is_free: false, coming_soon: false, genre_ids: [], country_codes: [], language_codes: [] });

    const publish = await screen.findByTestId('admin-title-publish');
    expect(publish.getAttribute('data-published')).toBe('false');
    expect(screen.getByTestId('admin-title-media-link').getAttribute('href')).toBe('/admin/titles/42/media');
    fireEvent.click(publish);
    await waitFor(() => expect(screen.getByTestId('admin-title-publish').getAttribute('data-published')).toBe('true'));
    expect(calls.some((c) => c.method === 'post' && c.url === '/api/admin/titles/42/publish')).toBe(true);
  });
});

describe('reordering', () => {
  it('moves one item to a new place, the others keeping their order', () => {
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    const same = [1, 2];
    expect(moved(same, 1, 1)).toBe(same);
    expect(moved(same, 1, 5)).toBe(same);
  });
});
