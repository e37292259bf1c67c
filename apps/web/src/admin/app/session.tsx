import { useEffect } from 'react';
import { createPath, Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { getCookie } from '../../lib/cookies';
import { decideGuard, REF_COOKIE, useAuthBootstrap, useAuthStore, useUserRefresh } from '../../features/auth';
import { adminMessages as m } from '../features/messages';

/**
 * The panel needs a signed-in member (the layout then checks the role): the member is fetched
 * once per page load, as on the site. A visitor is sent to the site's sign-in page, a page of the
 * other app, so by loading it, with the panel's address to come back to.
 */
export function PanelSession() {
  useAuthBootstrap();
  useUserRefresh();
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const hasTriedFetchingUser = useAuthStore((s) => s.hasTriedFetchingUser);
  const decision = decideGuard({ token, user, isLoading, hasTriedFetchingUser }, getCookie(REF_COOKIE), createPath(location));
  const to = decision.type === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (to) window.location.replace(to);
  }, [to]);
  if (decision.type === 'allow') return <Outlet />;
  return <ProgressBar label={m.loading} />;
}

/**
 * An address outside the panel reached by one of its links (a status page's way home, say): the
 * site is the other app, so the page is loaded. The router's own history entry is replaced, so
 * Back returns to the panel's screen.
 */
export function LeavePanel() {
  const location = useLocation();
  useEffect(() => {
    window.location.replace(createPath(location));
  }, [location]);
  return null;
}
