import type { MessageResponse } from '@parde/contract';
import type { AuthResult } from '../lib/auth-result';
import { authCall } from './auth-call';

/** `POST /api/sanc/login-link` — mails a one-time sign-in link; the answer is the same for any email. */
export const sendLoginLink = (email: string): Promise<AuthResult<MessageResponse>> => authCall('/api/sanc/login-link', { email });
