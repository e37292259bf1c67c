import { api } from '../../../lib/api-client';
import { toAuthFailure, type AuthResult } from '../lib/auth-result';

/**
 * Spec §7: the CSRF cookie is fetched first before each auth call (the client echoes it as
 * `X-XSRF-TOKEN`); spec §8: failures come back as `{ok: false, message}`, never as a throw.
 */
export async function authCall<T>(path: string, body?: object): Promise<AuthResult<T>> {
  try {
    await api.get('/sanctum/csrf-cookie');
    const res = await api.post<T>(path, body);
    return { ok: true, data: res.data };
  } catch (error) {
    return toAuthFailure(error);
  }
}
