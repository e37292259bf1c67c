import { useEffect } from 'react';
import { startRefreshSchedule } from '../lib/refresh-schedule';
import { useAuthStore } from '../stores/auth-store';

/**
 * Keeps the member fresh while the site is open, so the new-notifications dot appears without a
 * reload: every minute while the page is visible, and on coming back to it (at most every 15 s).
 * Visitors make no calls.
 */
export function useUserRefresh(): void {
  const isMember = useAuthStore((s) => Boolean(s.token && s.user));
  useEffect(() => {
    if (!isMember) return;
    return startRefreshSchedule({ refresh: () => useAuthStore.getState().refreshUser() });
  }, [isMember]);
}
