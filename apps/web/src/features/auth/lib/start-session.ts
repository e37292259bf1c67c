import type { AuthResponse } from '@parde/contract';
import { setCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { useAuthStore } from '../stores/auth-store';

const DAY = 24 * 60 * 60;

/** The token goes to cookie `token` (expiring with it), the member to the store (spec §3). */
export function startSession({ token, expiresAt, user }: AuthResponse): void {
  const seconds = Math.floor((Date.parse(expiresAt) - Date.now()) / 1000);
  setCookie(TOKEN_COOKIE, token, Number.isFinite(seconds) && seconds > 0 ? seconds : DAY);
  useAuthStore.getState().setSession(token, user);
}
