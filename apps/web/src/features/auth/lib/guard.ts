import type { NavigateFunction } from 'react-router';
import { paths } from '../../../config/paths';
import type { AuthState } from '../stores/auth-store';

/** Cookie set by advertising landing pages; those visitors are sent to sign up, not sign in. */
export const REF_COOKIE = 'ref';
export const REDIRECT_PARAM = 'redirect';

export type GuardDecision = { type: 'allow' } | { type: 'wait' } | { type: 'redirect'; to: string };

/**
 * Spec §2 and §6: a member passes; a visitor goes to auth/login, or to auth/register when the
 * `ref` cookie equals `ad`, carrying the page to come back to. While a token's user is still
 * being fetched, wait rather than bounce a member away.
 */
export function decideGuard(
  auth: Pick<AuthState, 'token' | 'user' | 'isLoading' | 'hasTriedFetchingUser'>,
  ref: string | null,
  from: string,
): GuardDecision {
  if (auth.token && auth.user) return { type: 'allow' };
  if (auth.token && (auth.isLoading || !auth.hasTriedFetchingUser)) return { type: 'wait' };
  const to = ref === 'ad' ? paths.auth.register.getHref(from) : paths.auth.login.getHref(from);
  return { type: 'redirect', to };
}

/**
 * The `redirect` parameter when it is a page of this site to come back to, else undefined.
 * Rejects `//evil.example`, absolute URLs and the auth screens themselves (and what the API
 * would refuse to put in a mailed link: spaces, more than 500 characters).
 */
export function getRedirectTarget(search: string | URLSearchParams): string | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const target = params.get(REDIRECT_PARAM);
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /\s/.test(target) || target.length > 500) return undefined;
  if (target.startsWith('/auth/')) return undefined;
  return target;
}

/** Where the login screen sends the member afterwards: the `redirect` page, else home. */
export function getPostLoginRedirect(search: string | URLSearchParams): string {
  return getRedirectTarget(search) ?? paths.home.getHref();
}

/** Whether an address is the operators' panel: an app of its own (admin.html), not the site's router's. */
export function isPanelAddress(to: string): boolean {
  const root = paths.admin.root.path;
  return to.startsWith(root) && (to.length === root.length || '/?#'.includes(to.charAt(root.length)));
}

/**
 * Goes on to where signing in leads: a page of the site by the router, the panel by loading its
 * page (the site's router has no screen of it).
 */
export function goOnAfterLogin(navigate: NavigateFunction, to: string): void {
  if (isPanelAddress(to)) window.location.replace(to);
  else void navigate(to, { replace: true });
}
