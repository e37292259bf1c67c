import type { AuthResponse } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { startSession } from '../lib/start-session';
import { authCall } from './auth-call';

/**
 * `POST /api/sanc/login-with-token` — a mailed link `/auth/login?token=…` (a login link or the
 * sign-up confirmation, which also confirms the email) signs in once.
 */
export async function loginWithToken(token: string): Promise<AuthResult<AuthResponse>> {
  const result = await authCall('/api/sanc/login-with-token', { token, remember: true });
  if (result.ok) startSession(result.data);
  return result;
}
