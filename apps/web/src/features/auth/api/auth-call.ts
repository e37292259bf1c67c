import { api, type ApiAnswer, type ApiInit, type ApiPath } from '../../../lib/api-client';
import { toAuthFailure, type AuthResult } from '../lib/auth-result';

/** The sign-in forms' routes (and the sign-out), each answering a 422 to a bad form. */
type AuthPath = Extract<ApiPath<'post'>, `/api/sanc/${string}` | '/api/forgot-password' | '/api/reset-password'>;

/**
 * Spec §7: the CSRF cookie is fetched first before each auth call (the client echoes it as
 * `X-XSRF-TOKEN`); spec §8: failures come back as `{ok: false, message}`, never as a throw.
 */
export async function authCall<P extends AuthPath>(path: P, body?: ApiInit<'post', P>['body']): Promise<AuthResult<ApiAnswer<'post', P>>> {
  try {
    await api.get('/sanctum/csrf-cookie');
    const res = await api.post<AuthPath>(path, { body } as ApiInit<'post', AuthPath>);
    return { ok: true, data: res.data as ApiAnswer<'post', P> };
  } catch (error) {
    return toAuthFailure(error);
  }
}
