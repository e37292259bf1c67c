import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { fieldErrorsOf, getErrorCode } from '../../../lib/field-errors';

/**
 * What a refused selection asks of the viewer (contract: `selectProfileInput`):
 * - `pin`: the profile's PIN (403 `PIN_REQUIRED`), or it was wrong (422 on `pin`, tries left in the message);
 * - `exit`: leaving a kids profile needs the main PIN or the password (403 `KIDS_EXIT_LOCKED`, or 422 on them);
 * - `locked`: five wrong tries locked it (423 `PROFILE_LOCKED`, the time in the message);
 * - `error`: anything else, the server's sentence.
 */
export type SelectFailure = { next: 'pin' | 'exit' | 'locked' | 'error'; message: string };

export function readSelectFailure(error: unknown): SelectFailure {
  const status = getErrorStatus(error);
  const code = getErrorCode(error);
  const message = getErrorMessage(error);
  if (status === 423 || code === 'PROFILE_LOCKED') return { next: 'locked', message };
  if (code === 'PIN_REQUIRED') return { next: 'pin', message: '' };
  if (code === 'KIDS_EXIT_LOCKED') return { next: 'exit', message };
  if (status === 422) {
    const fields = fieldErrorsOf(error);
    if (fields.pin) return { next: 'pin', message: fields.pin };
    const proof = fields.main_pin ?? fields.password;
    if (proof) return { next: 'exit', message: proof };
  }
  return { next: 'error', message };
}

/** A refusal of the account holder's proof (managing): missing (403 `HOLDER_PROOF_REQUIRED`) or wrong (422 on it). */
export function isProofRefused(error: unknown): boolean {
  const fields = fieldErrorsOf(error);
  return Boolean(fields.password || fields.main_pin) || getErrorCode(error) === 'HOLDER_PROOF_REQUIRED';
}
