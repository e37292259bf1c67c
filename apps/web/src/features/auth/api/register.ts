import type { RegisterInput, RegisterResponse } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { authCall } from './auth-call';

/**
 * `POST /api/sanc/register` — nobody is signed in yet: the answer (202, the same for every
 * address) says a confirmation link was mailed; that link signs in (`/auth/login?token=…`).
 */
export const register = (input: RegisterInput): Promise<AuthResult<RegisterResponse>> => authCall('/api/sanc/register', input);
