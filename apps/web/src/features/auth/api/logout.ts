import { api } from '../../../lib/api-client';
import { getErrorStatus } from '../../../lib/errors';
import { useAuthStore } from '../stores/auth-store';

/**
 * `POST /api/sanc/logout`, then the token cookie, token and user go (spec §4). Spec §8: a
 * failure answers false and the session stays, so the member can try again. A 401 means the
 * token was already dead: the client's interceptor has cleared the session, which is success.
 */
export async function logout(): Promise<boolean> {
  try {
    await api.get('/sanctum/csrf-cookie');
    await api.post('/api/sanc/logout');
  } catch (error) {
    if (getErrorStatus(error) !== 401) return false;
  }
  useAuthStore.getState().clearSession();
  return true;
}
