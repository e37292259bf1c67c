import { toPersianDigits } from '@parde/persian';
import { memberMessages as messages } from '../member-messages';

/**
 * The length limits of a comment's body in the `commentInput` contract (a test keeps them equal).
 * Written out rather than imported so the title page does not ship zod.
 */
export const COMMENT_LIMITS = { min: 2, max: 2000 } as const;

/** The length the server counts: after trimming, as it does. */
export const commentLength = (body: string) => body.trim().length;

/** The body's problem in the server's own Persian sentences, or null when it may be sent. */
export function validateCommentBody(body: string): string | null {
  const n = commentLength(body);
  if (n === 0) return messages.validation.required;
  if (n < COMMENT_LIMITS.min) return messages.validation.min(toPersianDigits(COMMENT_LIMITS.min));
  if (n > COMMENT_LIMITS.max) return messages.validation.max(toPersianDigits(COMMENT_LIMITS.max));
  return null;
}

/** Fields of a comment request whose 422 sentences belong under the text box. */
const FIELDS = ['body', 'parent_id', 'title_id', 'spoiler'] as const;

/**
 * The first sentence of a 422's `errors` that concerns the comment (`body`, or the reply's
 * `parent_id` when the comment answered was deleted meanwhile), or null.
 */
export function serverCommentError(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('errors' in body)) return null;
  const map = (body as { errors: unknown }).errors;
  if (!map || typeof map !== 'object') return null;
  for (const field of FIELDS) {
    const list = (map as Record<string, unknown>)[field];
    const first = Array.isArray(list) ? list.find((x): x is string => typeof x === 'string' && x !== '') : undefined;
    if (first) return first;
  }
  return null;
}
