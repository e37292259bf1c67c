import { contentRequestInput } from '@parde/contract';
import { formErrors } from '../../../lib/form-rules';
import { messages } from '../messages';

const m = messages.requests;
export type RequestValues = { title: string; year: string; imdb: string; note: string };
export type RequestErrors = Partial<Record<keyof RequestValues, string>>;

/**
 * The `contentRequestInput` contract's rules, checked before sending (the server checks again);
 * the sentences are the form's. This brings zod into the request screen, a member's screen.
 */
export function validateRequest(v: RequestValues): RequestErrors {
  const year = v.year.trim();
  // A year that is not a number is NaN, which the contract refuses like one out of range.
  const body = { ...toRequestInput(v), year: year === '' ? null : Number(year) };
  const errors = formErrors<keyof RequestValues>(contentRequestInput, body, { year: m.yearRange, imdb: m.imdbInvalid });
  if (body.title === '') errors.title = m.required;
  return errors;
}

/** The body of `POST /api/user/request`: empty optional fields become null. */
export function toRequestInput(v: RequestValues) {
  const year = v.year.trim();
  return { title: v.title.trim(), year: year === '' ? null : Number(year), imdb: v.imdb.trim() || null, note: v.note.trim() || null };
}
