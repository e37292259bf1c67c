import { describe, expect, it } from 'vitest';
import { decideGuard, getPostLoginRedirect, getRedirectTarget, isPanelAddress } from './guard';

const visitor = { token: null, user: null, isLoading: false, hasTriedFetchingUser: true };
const member = { token: 't', user: { id: 1 }, isLoading: false, hasTriedFetchingUser: true };

describe('guard (spec §2)', () => {
  it('lets a member through', () => {
    expect(decideGuard(member, null, '/user/watchlist')).toEqual({ type: 'allow' });
  });

  it('sends a visitor to auth/login with the way back', () => {
    expect(decideGuard(visitor, null, '/user/watchlist?page=2')).toEqual({
      type: 'redirect',
      to: '/auth/login?redirect=%2Fuser%2Fwatchlist%3Fpage%3D2',
    });
    expect(decideGuard({ ...visitor, hasTriedFetchingUser: false }, 'x', '/gift')).toEqual({
      type: 'redirect',
      to: '/auth/login?redirect=%2Fgift',
    });
  });

  it('sends a visitor whose ref cookie is "ad" to auth/register', () => {
    expect(decideGuard(visitor, 'ad', '/gopremium')).toEqual({ type: 'redirect', to: '/auth/register?redirect=%2Fgopremium' });
  });

  it('waits while a token is being checked, then redirects if it failed', () => {
    expect(decideGuard({ token: 't', user: null, isLoading: true, hasTriedFetchingUser: false }, null, '/gift')).toEqual({ type: 'wait' });
    expect(decideGuard({ token: 't', user: null, isLoading: false, hasTriedFetchingUser: false }, null, '/gift')).toEqual({ type: 'wait' });
    expect(decideGuard({ token: 't', user: null, isLoading: false, hasTriedFetchingUser: true }, 'ad', '/gift').type).toBe('redirect');
  });
});

describe('getPostLoginRedirect', () => {
  it('returns to the page on this site', () => {
    expect(getPostLoginRedirect('?redirect=%2Fuser%2Fwatchlist%3Fpage%3D2')).toBe('/user/watchlist?page=2');
  });
  it.each(['', '?redirect=https%3A%2F%2Fevil.example', '?redirect=%2F%2Fevil.example', '?redirect=%2F%5Cevil', '?redirect=%2Fauth%2Flogin'])(
    'goes home for %s',
    (search) => expect(getPostLoginRedirect(search)).toBe('/'),
  );
});

describe('getRedirectTarget (what a sign-up sends along for its confirmation link)', () => {
  it('is the page on this site, or nothing', () => {
    expect(getRedirectTarget('?redirect=%2Fpremium%2Fjoin%2F3')).toBe('/premium/join/3');
    for (const search of ['', '?redirect=%2F%2Fevil.example', '?redirect=%2Fauth%2Fregister', '?redirect=%2Fa%20b', `?redirect=%2F${'x'.repeat(500)}`]) {
      expect(getRedirectTarget(search), search).toBeUndefined();
    }
  });
});

describe('the panel after signing in', () => {
  it('knows the panel’s addresses, which the site’s router does not have, from the site’s own', () => {
    for (const to of ['/admin', '/admin/', '/admin/titles/3', '/admin?x=1', '/admin#top']) expect(isPanelAddress(to), to).toBe(true);
    for (const to of ['/', '/administration', '/admins/1', '/user/dashboard', '/titles/1/admin']) expect(isPanelAddress(to), to).toBe(false);
  });
});
