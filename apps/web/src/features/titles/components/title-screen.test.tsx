import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpError, type Adapter, type RequestConfig } from '../../../lib/api-client';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { api } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { TitleScreen } from './title-screen';
import { matrixDetail } from './title-fixtures';

const detail = matrixDetail('http://localhost:8000');

let seen: RequestConfig[] = [];
let likeFails = false;
let access: unknown = undefined;
let releaseLike: () => void = () => {};
const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  seen = [];
  likeFails = false;
  access = undefined;
  const adapter: Adapter = async (config) => {
    seen.push(config);
    const url = config.url ?? '';
    const ok = (data: unknown) => ({ data, status: 200, headers: new Headers(), config });
    if (url === '/api/titles/7') return ok({ data: detail });
    if (url === '/api/titles/7/access' && access) return ok({ data: access });
    if (url === '/api/user/titles/7/state') return ok({ data: { inWatchlist: false, liked: false, likes: 4, rating: null } });
    if (url === '/api/user/like/7') {
      // Held until the test has seen the optimistic state.
      await new Promise<void>((r) => (releaseLike = r));
      if (likeFails) throw new HttpError('x', config, { data: { message: 'خطا' }, status: 500 });
      return ok({ data: { liked: true, likes: 5 } });
    }
    if (url === '/api/titles/99') {
      throw new HttpError('nf', config, { data: { message: 'فیلم یا سریالی با این نشانی پیدا نشد.', code: 'NOT_FOUND' }, status: 404 });
    }
    return ok({ data: [] });
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function Page({ isMember }: { isMember: boolean }) {
  const p = useParams();
  return (
    <TitleScreen
      id={Number(p.id)}
      slug={p.slug ?? ''}
      access={{ isMember, loginHref: '/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix' }}
      comments={<div data-testid="comments-slot" />}
    />
  );
}

function renderAt(path: string, isMember = false) {
  const router = createMemoryRouter([{ path: '/titles/:id/:slug', element: <Page isMember={isMember} /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
  return router;
}

describe('the title page', () => {
  it('replaces a wrong slug with the right one, keeping the query', async () => {
    const router = renderAt('/titles/7/wrong-name?dub=1');
    await screen.findByRole('heading', { level: 1, name: 'ماتریکس' });
    expect(router.state.location.pathname).toBe('/titles/7/the-matrix');
    expect(router.state.location.search).toBe('?dub=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.find((c) => c.url === '/api/titles/7')?.params).toEqual({ dub: 1 });
  });

  it('shows the facts in Persian digits, links, and the comment section the route gives it', async () => {
    renderAt('/titles/7/the-matrix');
    await screen.findByRole('heading', { level: 1, name: 'ماتریکس' });
    expect(screen.getByTestId('title-facts').textContent).toContain('۱۹۹۹');
    expect(screen.getByTestId('title-facts').textContent).toContain('۲ ساعت و ۱۶ دقیقه');
    expect(screen.getByRole('img', { name: 'امتیاز IMDb: ۸٫۷ از ۱۰' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'راتن تومیتوز: ۸۳٪، تازهٔ تأییدشده' })).toBeTruthy();
    expect(screen.getByTestId('files-link').getAttribute('href')).toBe('/titles/7/files');
    expect(screen.getByTestId('trailer-link').getAttribute('href')).toBe('/watch/trailer/tt0133093');
    expect(screen.getByTestId('watch-button').getAttribute('href')).toBe('/watch/tt0133093/7');
    expect(screen.getByTestId('genre-link').getAttribute('href')).toBe('/?genre=1');
    expect(screen.getByTestId('person-link').getAttribute('href')).toBe('/people/actor/3/keanu-reeves');
    expect(screen.getByTestId('comments-slot')).toBeTruthy();
  });

  it('sends a visitor to login from the watchlist, like and rating controls', async () => {
    renderAt('/titles/7/the-matrix');
    await screen.findByRole('heading', { level: 1, name: 'ماتریکس' });
    expect(screen.getByTestId('watchlist-button').getAttribute('href')).toBe('/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix');
    expect(screen.getByTestId('like-button').getAttribute('href')).toBe('/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix');
    expect(screen.getByTestId('rating-login').getAttribute('href')).toBe('/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix');
    expect(seen.some((c) => c.url?.startsWith('/api/user/'))).toBe(false);
  });

  it('a member’s like flips at once and settles on the server’s count', async () => {
    renderAt('/titles/7/the-matrix', true);
    const like = await screen.findByTestId('like-button');
    await waitFor(() => expect(like.textContent).toContain('۴ پسند'));
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toContain('۵ پسند');
    await waitFor(() => expect(seen.some((c) => c.url === '/api/user/like/7' && c.method === 'post')).toBe(true));
    releaseLike();
    await waitFor(() => expect(like.hasAttribute('disabled')).toBe(false));
    expect(like.getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls the like back when the call fails', async () => {
    likeFails = true;
    renderAt('/titles/7/the-matrix', true);
    const like = await screen.findByTestId('like-button');
    await waitFor(() => expect(like.textContent).toContain('۴ پسند'));
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(seen.some((c) => c.url === '/api/user/like/7')).toBe(true));
    releaseLike();
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(like.textContent).toContain('۴ پسند');
  });

  it('a locked title’s play button leads to premium, with a Persian note why', async () => {
    access = { canWatch: false, reason: 'UNAUTHENTICATED' };
    renderAt('/titles/7/the-matrix');
    const gate = await screen.findByTestId('premium-gate');
    expect(gate.textContent).toMatch(/اشتراک ویژه/);
    expect(gate.getAttribute('data-reason')).toBe('UNAUTHENTICATED');
    const watch = screen.getByTestId('watch-button');
    expect(watch.getAttribute('href')).toBe('/gopremium');
    expect(watch.textContent).toBe('تماشا با اشتراک ویژه');
  });

  it('a premium member keeps the plain play button', async () => {
    access = { canWatch: true, reason: 'premium' };
    renderAt('/titles/7/the-matrix', true);
    await screen.findByRole('heading', { level: 1, name: 'ماتریکس' });
    await waitFor(() => expect(seen.some((c) => c.url === '/api/titles/7/access')).toBe(true));
    expect(screen.queryByTestId('premium-gate')).toBeNull();
    expect(screen.getByTestId('watch-button').getAttribute('href')).toBe('/watch/tt0133093/7');
  });

  it('shows the not-found page with the server’s Persian message', async () => {
    renderAt('/titles/99/anything');
    expect(await screen.findByRole('heading', { level: 1, name: 'صفحه پیدا نشد' })).toBeTruthy();
    expect(screen.getByText('فیلم یا سریالی با این نشانی پیدا نشد.')).toBeTruthy();
  });
});
