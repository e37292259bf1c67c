import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { queryClient } from '../../../lib/query-client';
import { useProfileStore } from '../stores/profile-store';

/** Screens where the picker is not forced on top: they are the picker and its management. */
const isProfileScreen = (pathname: string) => pathname === paths.profiles.picker.path || pathname.startsWith(`${paths.profiles.picker.path}/`);

/**
 * Decides, from the shell, when the member must say who is watching: after sign-in (or on a
 * device that has not chosen yet) when the account has more than one profile, and when the
 * API said the session's profile moved under this tab (409 `PROFILE_CHANGED`). With one profile
 * it is simply remembered. On sign-out the remembered profile goes.
 */
export function useProfileGate(userId: number | null, hasToken: boolean): void {
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the answer arrives: login navigates on to its redirect meanwhile.
  const here = useRef(location.pathname + location.search);
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location.pathname, location.search]);
  const storedUser = useProfileStore((s) => s.userId);
  const hasProfile = useProfileStore((s) => s.profile !== null);
  const pickNeeded = useProfileStore((s) => s.pickNeeded);

  useEffect(() => {
    if (!hasToken) {
      if (storedUser !== null) useProfileStore.getState().clear();
      return;
    }
    if (userId === null) return;
    const fresh = storedUser !== userId || !hasProfile;
    if (!fresh && !pickNeeded) return;
    let cancelled = false;
    // The HTTP client is loaded here, for members only: a visitor's first page never needs it.
    void import('../api/get-profiles')
      .then((m) => queryClient.fetchQuery(m.getProfilesQueryOptions()))
      .then((data) => {
        if (cancelled) return;
        const current = data.profiles.find((p) => p.id === data.currentId) ?? data.profiles[0];
        if (!current) return;
        useProfileStore.getState().setProfile(userId, current);
        const path = here.current;
        if ((pickNeeded || data.profiles.length > 1) && !isProfileScreen(path.split('?')[0] ?? '')) {
          void navigate(paths.profiles.picker.getHref(path), { replace: pickNeeded });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [hasToken, userId, storedUser, hasProfile, pickNeeded, navigate]);
}
