import type { AuthResponse, LoginInput } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { startSession } from '../lib/start-session';
import { authCall } from './auth-call';

/**
 * `POST /api/sanc/login`; on success the session starts (cookie + store). An unconfirmed sign-up
 * answers 403 `EMAIL_NOT_VERIFIED` (the server mails the confirmation link again).
 */
export async function login(input: LoginInput): Promise<AuthResult<AuthResponse>> {
  const result = await authCall('/api/sanc/login', input);
  if (result.ok) startSession(result.data);
  return result;
}
