import type { ChangePasswordInput, MessageResponse } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { authCall } from './auth-call';

/** `POST /api/sanc/password` — the other devices are signed out, this one stays. */
export const changePassword = (input: ChangePasswordInput): Promise<AuthResult<MessageResponse>> => authCall('/api/sanc/password', input);
