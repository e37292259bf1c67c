import { Navigate, Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { getCookie } from '../../../lib/cookies';
import { shellMessages } from '../shell-messages';
import { useAuthStore } from '../stores/auth-store';
import { decideGuard, REF_COOKIE } from '../lib/guard';

/** Layout route around every login-required screen (spec §2). */
export function RequireAuth() {
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const hasTriedFetchingUser = useAuthStore((s) => s.hasTriedFetchingUser);
  const decision = decideGuard(
    { token, user, isLoading, hasTriedFetchingUser },
    getCookie(REF_COOKIE),
    location.pathname + location.search + location.hash,
  );
  if (decision.type === 'allow') return <Outlet />;
  if (decision.type === 'wait') return <ProgressBar label={shellMessages.checkingSession} />;
  return <Navigate to={decision.to} replace />;
}
