import type { MessageResponse } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { authCall } from './auth-call';

/** `POST /api/forgot-password` — mails the reset link `/auth/reset-password/{token}?email=…`. */
export const forgotPassword = (email: string): Promise<AuthResult<MessageResponse>> => authCall('/api/forgot-password', { email });
