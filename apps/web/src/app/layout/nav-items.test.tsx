import { describe, expect, it } from 'vitest';
import { activeItemKey, bottomBarItems, desktopNavItems, drawerNavItems } from './nav-items';

const visitor = { isMember: false, hasNewNotifications: false };
const member = { isMember: true, hasNewNotifications: true };
const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('menus (spec §2)', () => {
  it('desktop: login/register for visitors, dashboard and watchlist for members', () => {
    expect(keys(desktopNavItems(visitor))).toEqual([
      'home', 'login', 'categories', 'collections', 'series', 'movies', 'dubbed', 'comingSoon', 'support',
    ]);
    const m = desktopNavItems(member);
    expect(keys(m)).toEqual([
      'home', 'dashboard', 'watchlist', 'categories', 'collections', 'series', 'movies', 'dubbed', 'comingSoon', 'support',
    ]);
    expect(m.find((i) => i.key === 'dashboard')).toMatchObject({ dot: true, href: '/user/dashboard' });
    expect(desktopNavItems(visitor)[1]).toMatchObject({ label: 'ورود / ثبت‌نام', href: '/auth/login' });
    expect(m.find((i) => i.key === 'dubbed')!.href).toBe('/?is_dubbed=1');
    expect(m.find((i) => i.key === 'series')!.href).toBe('/tv');
  });

  it('side menu: the §2 order, logout for members only', () => {
    expect(keys(drawerNavItems(visitor))).toEqual([
      'home', 'login', 'watchlist', 'history', 'notifications', 'collections', 'categories', 'series', 'movies', 'dubbed', 'comingSoon', 'support',
    ]);
    const m = drawerNavItems(member);
    expect(keys(m).at(-1)).toBe('logout');
    expect(m.find((i) => i.key === 'notifications')!.dot).toBe(true);
  });

  it('bottom bar: support, watchlist, dashboard (with dot) or login', () => {
    expect(keys(bottomBarItems(visitor))).toEqual(['support', 'watchlist', 'login']);
    expect(bottomBarItems(member)[2]).toMatchObject({ key: 'dashboard', dot: true });
  });

  it('marks the current page', () => {
    const items = desktopNavItems(member);
    expect(activeItemKey(items, '/', '')).toBe('home');
    expect(activeItemKey(items, '/', '?is_dubbed=1')).toBe('dubbed');
    expect(activeItemKey(items, '/', '?is_dubbed=1&page=2')).toBe('dubbed');
    expect(activeItemKey(items, '/tv', '')).toBe('series');
    expect(activeItemKey(items, '/collections/3/best', '')).toBe('collections');
    expect(activeItemKey(items, '/titles/1/x', '')).toBeNull();
  });
});
