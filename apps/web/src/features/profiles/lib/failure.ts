import { getErrorMessage, getErrorStatus } from '../../../lib/errors';

/** The stable `code` of an error body (`PIN_REQUIRED`, `KIDS_EXIT_LOCKED`…). */
export function errorCode(error: unknown): string | undefined {
  const body = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const code = body && typeof body === 'object' && 'code' in body ? (body as { code: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The first Persian sentence of each field of a 422. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (getErrorStatus(error) !== 422) return {};
  const errors = (error as { response?: { data?: { errors?: Record<string, unknown> } } }).response?.data?.errors ?? {};
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors)) {
    const first = Array.isArray(list) ? list.find((x): x is string => typeof x === 'string' && x.trim() !== '') : undefined;
    if (first) out[field] = first;
  }
  return out;
}

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
  const code = errorCode(error);
  const message = getErrorMessage(error);
  if (status === 423 || code === 'PROFILE_LOCKED') return { next: 'locked', message };
  if (code === 'PIN_REQUIRED') return { next: 'pin', message: '' };
  if (code === 'KIDS_EXIT_LOCKED') return { next: 'exit', message };
  if (status === 422) {
    const fields = fieldErrors(error);
    if (fields.pin) return { next: 'pin', message: fields.pin };
    const proof = fields.main_pin ?? fields.password;
    if (proof) return { next: 'exit', message: proof };
  }
  return { next: 'error', message };
}

/** A refusal of the account holder's proof (managing): missing (403 `HOLDER_PROOF_REQUIRED`) or wrong (422 on it). */
export function isProofRefused(error: unknown): boolean {
  const fields = fieldErrors(error);
  return Boolean(fields.password || fields.main_pin) || errorCode(error) === 'HOLDER_PROOF_REQUIRED';
}
