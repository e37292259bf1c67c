import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../features/auth';
import { renderAppAt as renderAt } from '../test/app';
import { loadRoutesFor, routes } from './router';

/** A lazy screen's heading: its chunk is transformed on first import, slow on a busy machine. */
const findScreen = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

beforeEach(() => {
  useAuthStore.setState({ token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: false });
});

describe('routes (spec §2)', () => {
  it('renders a lazy screen inside the layout, with the visitor menu', async () => {
    renderAt('/contact');
    expect(await findScreen('پشتیبانی و تماس با ما')).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'منوی اصلی' })[0]!;
    expect(within(nav).getByRole('link', { name: 'ورود / ثبت‌نام' }).getAttribute('href')).toBe('/auth/login');
    expect(within(nav).queryByRole('link', { name: 'لیست تماشا' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'پشتیبانی' }).getAttribute('aria-current')).toBe('page');
    // Set by an effect after the screen commits.
    await waitFor(() => expect(document.title).toBe('پشتیبانی و تماس با ما | پرده'));
  });

  it('sends a visitor from a guarded route to login, remembering the page', async () => {
    const router = renderAt('/user/watchlist?page=2');
    expect(await findScreen('ورود')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/watchlist?page=2');
  });

  it('sends an advertising visitor (ref=ad) to register', async () => {
    document.cookie = 'ref=ad; path=/';
    const router = renderAt('/gopremium');
    expect(await findScreen('ثبت‌نام')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('shows members the guarded screen, the dashboard with its dot, and the watchlist', async () => {
    document.cookie = 'token=tok; path=/';
    useAuthStore.setState({ token: 'tok', user: { id: 1, newNotifications: true }, hasTriedFetchingUser: true });
    renderAt('/user/watchlist');
    expect(await findScreen('لیست تماشا')).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'منوی اصلی' })[0]!;
    expect(within(nav).getByRole('link', { name: 'داشبورد (اعلان تازه دارید)' }).getAttribute('href')).toBe('/user/dashboard');
    expect(within(nav).getByRole('link', { name: 'لیست تماشا' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends a visitor from joining a plan to login and keeps the reserve mode for the way back', async () => {
    const router = renderAt('/premium/join/2?mode=reserve');
    expect(await findScreen('ورود')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/premium/join/2?mode=reserve');
  });

  it('shows the not-found page for unmatched paths', async () => {
    renderAt('/no/such/page');
    expect(await findScreen('صفحه پیدا نشد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' }).getAttribute('href')).toBe('/');
  });

  it('registers every route of the spec', () => {
    const all: string[] = [];
    const walk = (rs: typeof routes) =>
      rs.forEach((r) => {
        if (r.path) all.push(r.path);
        if (r.children) walk(r.children);
      });
    walk(routes);
    expect(all).toEqual(
      expect.arrayContaining([
        '/contact', '/titles/:id/files', '/titles/:id/:slug', '/watch/trailer/:imdb', '/watch/:imdb/:id', '/tv',
        '/collections', '/collections/:id/:slug', '/people/:role/:id/:slug', '/comingsoon', '/categories',
        '/premium/plans', '/premium/plans/:id', '/premium/join/:id', '/auth/login', '/auth/register',
        '/auth/forgot-password', '/auth/reset-password/:token', '/auth/logout', '/screenshots/:id',
        '/user/watchlist', '/user/history', '/user/dashboard', '/user/edit-password', '/user/notifications',
        '/user/new-request', '/gopremium', '/gift', '/premium/result', '*',
      ]),
    );
  });
});

describe('loadRoutesFor', () => {
  const byId = (id: string) => routes[0]!.children![0]!.children!.find((r) => r.id === id)!;

  it('loads the screens the server names, by route id, whatever the address', async () => {
    expect(typeof byId('routes/not-found').lazy).toBe('function');
    await loadRoutesFor('/an/address/that/is/not/read', ['routes/not-found', 'routes/no-such-screen']);
    expect(byId('routes/not-found').lazy).toBeUndefined();
    expect(byId('routes/not-found').Component).toBeTypeOf('function');
    expect(typeof byId('routes/contact').lazy).toBe('function');
  });

  it('matches the address when the page names no screens', async () => {
    await loadRoutesFor('/tv');
    expect(byId('routes/tv').lazy).toBeUndefined();
    expect(byId('routes/tv').Component).toBeTypeOf('function');
  });
});

describe('the site’s router and the panel', () => {
  it('has none of the panel’s screens: the panel is an app of its own (admin.html)', () => {
    const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
    expect(all(routes).filter((r) => r.path === '/admin' || r.path?.startsWith('/admin/') || r.id?.includes('admin'))).toEqual([]);
  });
});
