import { useEffect } from 'react';
import { shouldFetchUserOnStart, useAuthStore } from '../stores/auth-store';

/**
 * Spec §4 start-up: fetch the member once per page load. A user restored from storage is shown
 * at once and refreshed here, so a revoked token or new notifications show without delay.
 */
export function useAuthBootstrap(): void {
  useEffect(() => {
    const state = useAuthStore.getState();
    if (shouldFetchUserOnStart(state)) void state.fetchUser();
  }, []);
}
