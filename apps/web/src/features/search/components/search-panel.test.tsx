import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { theme } from '../../../theme/theme';
import { useSearchStore } from '../stores/search-store';
import { personResults, titleResults } from '../test-fixtures';
import SearchPanel from './search-panel';

vi.mock('../../../lib/api-client', () => ({ api: { get: vi.fn() } }));

const get = vi.mocked(api.get);
let titles = titleResults(3);
let people = personResults(2);

function setViewport(mobile: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: mobile && query.includes('max-width:675px'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

function renderPanel({ mobile = false } = {}) {
  setViewport(mobile);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <SearchPanel />
            <button type="button">outside</button>
          </>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  act(() => useSearchStore.getState().open());
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

const field = () => screen.getByRole('combobox');
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Past the debounce, then a tick more for the query cache's batched notification. */
const answered = async (ms: number) => {
  await advance(ms);
  await advance(1);
};
const calls = (path: string) => get.mock.calls.filter(([url]) => url === path);

beforeEach(() => {
  vi.useFakeTimers();
  titles = titleResults(3);
  people = personResults(2);
  get.mockReset();
  get.mockImplementation(async (url: string) => ({ data: { data: url.includes('people') ? people : titles } }) as Awaited<ReturnType<typeof api.get>>);
  useSearchStore.getState().close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search panel: debounce (spec §5)', () => {
  it('asks for titles 500 ms and for people 1000 ms after typing stops', async () => {
    renderPanel();
    type('پ');
    await advance(300);
    type('پد');
    await advance(499);
    expect(get).not.toHaveBeenCalled();
    await advance(1);
    expect(calls('/api/titles/search')).toEqual([['/api/titles/search', expect.objectContaining({ query: { q: 'پد', limit: 20 } })]]);
    expect(calls('/api/people/search')).toHaveLength(0);
    await advance(499);
    expect(calls('/api/people/search')).toHaveLength(0);
    await advance(1);
    expect(calls('/api/people/search')).toEqual([['/api/people/search', expect.objectContaining({ query: { q: 'پد' } })]]);
  });

  it('sends nothing for fewer than 2 characters', async () => {
    renderPanel();
    type('پ');
    await advance(3000);
    type('  ب ');
    await advance(3000);
    expect(get).not.toHaveBeenCalled();
    expect(screen.getByText('دست‌کم ۲ حرف بنویسید.')).toBeTruthy();
  });

  it('keeps restarting the wait while typing continues', async () => {
    renderPanel();
    for (const text of ['br', 'bre', 'brea', 'break']) {
      type(text);
      await advance(400);
    }
    expect(get).not.toHaveBeenCalled();
    await advance(100);
    expect(calls('/api/titles/search').map(([, c]) => (c as { query: { q: string } }).query.q)).toEqual(['break']);
  });
});

describe('search panel: results', () => {
  it('shows a title with both titles, Persian year and genres, split IMDb rating, RT meter and status', async () => {
    renderPanel();
    type('پدرخوانده');
    await answered(500);
    const list = screen.getByRole('listbox', { name: 'فیلم‌ها و سریال‌های پیدا شده' });
    const first = within(list).getAllByRole('option')[0]!;
    expect(first.getAttribute('href')).toBe('/titles/1/title-1');
    expect(first.textContent).toContain('عنوان ۱');
    const en = first.querySelector('bdi')!;
    expect(en.textContent).toBe('Title 1');
    expect(en.getAttribute('dir')).toBe('ltr');
    expect(first.textContent).toContain('۱۹۷۰ · درام، جنایی');
    expect(first.querySelector('[data-part="whole"]')!.textContent).toBe('۹');
    expect(first.querySelector('[data-part="decimal"]')!.textContent).toBe('٫۲');
    const rt = first.querySelector('[data-testid="rt"]')!;
    expect(rt.getAttribute('data-status')).toBe('certified');
    expect(rt.textContent).toBe('، راتن تومیتوز:۹۷٪تازهٔ تأییدشده');
    // The name comes from the content, with spoken labels for the two scores.
    expect(within(list).getByRole('option', { name: /^عنوان ۱\s*Title 1.*راتن تومیتوز:.*۹۷٪.*تازهٔ تأییدشده.*امتیاز IMDb:.*۹٫۲$/ })).toBe(first);
    expect(first.querySelector('img')!.getAttribute('src')).toBe('https://img.example/posters/1.jpg');
  });

  it('falls back to the default poster when the image fails', async () => {
    renderPanel();
    type('پدرخوانده');
    await answered(500);
    const img = screen.getAllByRole('option')[0]!.querySelector('img')!;
    fireEvent.error(img);
    expect(img.getAttribute('src')).not.toBe('https://img.example/posters/1.jpg');
    expect(img.getAttribute('data-fallback')).toBe('true');
  });

  it('desktop: 6 titles and a show-more link when more than 6 come back', async () => {
    titles = titleResults(7);
    renderPanel();
    type('breaking');
    await answered(500);
    expect(screen.getAllByRole('option')).toHaveLength(6);
    const more = screen.getByRole('link', { name: 'نمایش همهٔ نتایج' });
    expect(more.getAttribute('href')).toBe('/?order_by=votes&type=all&q=breaking');
    expect(screen.getByRole('status').textContent).toBe('۶ فیلم و سریال پیدا شد. نتایج بیشتر در جستجوی کامل.');
  });

  it('desktop: exactly 6 titles have no show-more link', async () => {
    titles = titleResults(6);
    renderPanel();
    type('breaking');
    await answered(500);
    expect(screen.getAllByRole('option')).toHaveLength(6);
    expect(screen.queryByRole('link', { name: 'نمایش همهٔ نتایج' })).toBeNull();
  });

  it('mobile: every title, no show-more link', async () => {
    titles = titleResults(20);
    renderPanel({ mobile: true });
    type('breaking');
    await answered(500);
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(screen.queryByRole('link', { name: 'نمایش همهٔ نتایج' })).toBeNull();
  });

  it.each([
    [8, 8],
    [9, 6],
  ])('desktop: %i people come back, %i are shown', async (returned, shown) => {
    people = personResults(returned);
    renderPanel();
    type('نولان');
    await answered(1000);
    fireEvent.click(screen.getByRole('tab', { name: 'هنرمندان' }));
    expect(useSearchStore.getState().stage).toBe('personResults');
    const options = within(screen.getByRole('listbox', { name: 'هنرمندان پیدا شده' })).getAllByRole('option');
    expect(options).toHaveLength(shown);
    expect(screen.getByRole('status').textContent).toBe(`${'۰۱۲۳۴۵۶۷۸۹'[shown]} هنرمند پیدا شد.`);
  });

  it('a person shows both names, the best-starred work of an actor and the best-directed of a director', async () => {
    renderPanel();
    type('نولان');
    await answered(1000);
    fireEvent.click(screen.getByRole('tab', { name: 'هنرمندان' }));
    const [actor, director] = screen.getAllByRole('option');
    expect(actor!.textContent).toContain('هنرمند ۱');
    expect(actor!.querySelector('bdi')!.textContent).toBe('Person 1');
    expect(actor!.textContent).toContain('بازیگر · بهترین نقش‌آفرینی: اثر ۱ (۱۹۹۰)');
    expect(director!.textContent).toContain('کارگردان · بهترین کارگردانی: اثر ۲ (۱۹۹۱)');
    expect(director!.getAttribute('href')).toBe('/people/director/2/person-2');
  });

  it('an empty result shows the sad face and the nothing-found text', async () => {
    titles = [];
    renderPanel();
    type('zzzzqq');
    await answered(500);
    const empty = screen.getByTestId('search-empty');
    expect(empty.textContent).toBe('متأسفانه نتیجه‌ای پیدا نشد!');
    expect(empty.querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('نتیجه‌ای پیدا نشد.');
  });

  it('uses different placeholders on desktop and mobile', () => {
    renderPanel();
    expect(field().getAttribute('placeholder')).toBe('نام فیلم، سریال یا هنرمند را بنویسید…');
  });
});

describe('search panel: keyboard and submit', () => {
  it('arrow keys move through the results and Enter opens the active one', async () => {
    const router = renderPanel();
    type('پدرخوانده');
    await answered(500);
    const options = screen.getAllByRole('option');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[0]!.id); // wrapped
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(field(), { key: 'Enter' });
    await advance(0);
    expect(router.state.location.pathname).toBe('/titles/3/title-3');
    expect(useSearchStore.getState().menuStage).toBe('menu');
  });

  it('Enter goes to the full search only with more than 2 characters', async () => {
    const router = renderPanel();
    type('پد');
    fireEvent.keyDown(field(), { key: 'Enter' });
    await advance(0);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect((screen.getByTestId('search-submit') as HTMLButtonElement).disabled).toBe(true);
    type('پدر');
    fireEvent.keyDown(field(), { key: 'Enter' });
    await advance(0);
    expect(router.state.location.search).toBe('?order_by=votes&type=all&q=%D9%BE%D8%AF%D8%B1');
    expect(useSearchStore.getState().menuStage).toBe('menu');
  });

  it('the full-search icon follows the same rule', async () => {
    const router = renderPanel();
    type('breaking');
    fireEvent.click(screen.getByRole('button', { name: 'جستجوی کامل' }));
    await advance(0);
    expect(router.state.location.search).toBe('?order_by=votes&type=all&q=breaking');
  });

  it('Escape closes and asks for focus back on the search icon', () => {
    renderPanel();
    type('پد');
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(useSearchStore.getState()).toMatchObject({ menuStage: 'menu', stage: 'start', query: '', returnFocus: true });
  });

  it('Escape closes even when focus is elsewhere on the page', () => {
    renderPanel({ mobile: true }); // the field has no focus for the first 500 ms
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(useSearchStore.getState().menuStage).toBe('menu');
  });

  it('a click outside closes; a click inside does not', async () => {
    renderPanel();
    type('پدرخوانده');
    await answered(500);
    fireEvent.pointerDown(screen.getByRole('tab', { name: 'هنرمندان' }));
    expect(useSearchStore.getState().menuStage).toBe('search');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'outside' }));
    expect(useSearchStore.getState().menuStage).toBe('menu');
  });
});

describe('search panel: focus', () => {
  it('desktop: the field has focus at once', () => {
    renderPanel();
    expect(document.activeElement).toBe(field());
  });

  it('mobile: the field takes focus 500 ms after opening, with the mobile placeholder', async () => {
    renderPanel({ mobile: true });
    expect(field().getAttribute('placeholder')).toBe('جستجوی فیلم و هنرمند…');
    await advance(499);
    expect(document.activeElement).not.toBe(field());
    await advance(1);
    expect(document.activeElement).toBe(field());
  });
});
