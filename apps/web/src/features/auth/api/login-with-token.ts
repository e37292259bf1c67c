import type { AuthResponse } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { startSession } from '../lib/start-session';
import { authCall } from './auth-call';

/** `POST /api/sanc/login-with-token` — the mailed link `/auth/login?token=…` signs in once. */
export async function loginWithToken(token: string): Promise<AuthResult<AuthResponse>> {
  const result = await authCall<AuthResponse>('/api/sanc/login-with-token', { token, remember: true });
  if (result.ok) startSession(result.data);
  return result;
}
