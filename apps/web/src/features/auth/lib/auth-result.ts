import { readFailure, type FieldErrors as ServerFieldErrors } from '../../../lib/field-errors';

/** A field's first Persian sentence from a 422 (`errors: {field: [sentence]}`). */
export type FieldErrors = Partial<ServerFieldErrors>;

/**
 * What every auth helper answers (spec §8): never a throw. A failure carries the server's
 * Persian `message` (or the default sentence) and, for a 422, the first error of each field.
 */
export type AuthResult<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors: FieldErrors; status?: number; code?: string };

/** The field errors of a 422 body, first sentence per field: the web app's one reader of them. */
export { fieldErrorsOfBody as readFieldErrors } from '../../../lib/field-errors';

export function toAuthFailure(error: unknown): Extract<AuthResult<never>, { ok: false }> {
  const { fields, message, status, code } = readFailure(error);
  return { ok: false, message, fieldErrors: fields, status, ...(code ? { code } : {}) };
}
