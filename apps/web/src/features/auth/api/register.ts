import type { AuthResponse, RegisterInput } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { startSession } from '../lib/start-session';
import { authCall } from './auth-call';

/** `POST /api/sanc/register`; the new member is signed in at once. */
export async function register(input: RegisterInput): Promise<AuthResult<AuthResponse>> {
  const result = await authCall<AuthResponse>('/api/sanc/register', input);
  if (result.ok) startSession(result.data);
  return result;
}
