import type { MessageResponse, ResetPasswordInput } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { authCall } from './auth-call';

/** `POST /api/reset-password` — every device is signed out; the member signs in again. */
export const resetPassword = (input: ResetPasswordInput): Promise<AuthResult<MessageResponse>> => authCall('/api/reset-password', input);
