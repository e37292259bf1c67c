import { toLatinDigits } from '@parde/persian';
import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf, getErrorCode } from '../../../lib/field-errors';

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
  const fields = fieldErrorsOf(error, { only: ['password', 'main_pin'] });
  const refused = fields.password ?? fields.main_pin;
  if (refused) return refused;
  return getErrorCode(error) === 'HOLDER_PROOF_REQUIRED' ? getErrorMessage(error) : null;
}
