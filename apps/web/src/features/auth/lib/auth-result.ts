import { getErrorMessage, getErrorStatus } from '../../../lib/errors';

/** A field's first Persian sentence from a 422 (`errors: {field: [sentence]}`). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * What every auth helper answers (spec §8): never a throw. A failure carries the server's
 * Persian `message` (or the default sentence) and, for a 422, the first error of each field.
 */
export type AuthResult<T> = { ok: true; data: T } | { ok: false; message: string; fieldErrors: FieldErrors; status?: number; code?: string };

/** The field errors of a 422 body, first sentence per field. */
export function readFieldErrors(body: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!body || typeof body !== 'object' || !('errors' in body)) return out;
  const map = (body as { errors: unknown }).errors;
  if (!map || typeof map !== 'object') return out;
  for (const [field, list] of Object.entries(map as Record<string, unknown>)) {
    const first = Array.isArray(list) ? list.find((x) => typeof x === 'string') : typeof list === 'string' ? list : undefined;
    if (first) out[field] = first;
  }
  return out;
}

/** The stable `code` of an error body (`EMAIL_NOT_VERIFIED`), for screens that answer one differently. */
function readCode(body: unknown): string | undefined {
  const code = body && typeof body === 'object' && 'code' in body ? (body as { code: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export function toAuthFailure(error: unknown): Extract<AuthResult<never>, { ok: false }> {
  const status = getErrorStatus(error);
  const body = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const code = readCode(body);
  return { ok: false, message: getErrorMessage(error), fieldErrors: status === 422 ? readFieldErrors(body) : {}, status, ...(code ? { code } : {}) };
}
