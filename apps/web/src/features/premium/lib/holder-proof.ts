import { toLatinDigits } from '@parde/persian';
import { getErrorStatus } from '../../../lib/errors';

/**
 * Paying from a profile other than the main one proves the account holder (decision 21): the
 * account's password or the main profile's four-digit PIN, typed in one field. Passwords have
 * at least eight characters, so four digits can only be the PIN.
 */
export function holderProofBody(typed: string): { password?: string; main_pin?: string } {
  if (typed === '') return {};
  const digits = toLatinDigits(typed.trim());
  return /^\d{4}$/.test(digits) ? { main_pin: digits } : { password: typed };
}

/** The API asks for the proof (403 `HOLDER_PROOF_REQUIRED`) or refused it (422 on `password` or `main_pin`): its sentence. */
export function holderProofRefusal(error: unknown): string | null {
  const body = (error as { response?: { data?: { code?: unknown; message?: unknown; errors?: Record<string, unknown> } } } | null)?.response?.data;
  if (!body) return null;
  if (getErrorStatus(error) === 422) {
    const list = body.errors?.password ?? body.errors?.main_pin;
    const first = Array.isArray(list) ? list.find((x): x is string => typeof x === 'string') : undefined;
    if (first) return first;
  }
  if (body.code === 'HOLDER_PROOF_REQUIRED' && typeof body.message === 'string') return body.message;
  return null;
}
