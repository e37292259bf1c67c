import { messages } from '../messages';

const m = messages.requests;
// The contract's `imdbLink` pattern, copied: importing the schema would pull zod into the page.
const IMDB = /^(?:tt\d{7,10}|(?:https?:\/\/)?(?:(?:www|m)\.)?imdb\.com\/(?:[a-z]{2}\/)?title\/tt\d{7,10}(?:[/?#].*)?)$/i;
export type RequestValues = { title: string; year: string; imdb: string; note: string };
export type RequestErrors = Partial<Record<keyof RequestValues, string>>;

/** The `contentRequestInput` limits, checked before sending (the server checks again). */
export function validateRequest(v: RequestValues): RequestErrors {
  const errors: RequestErrors = {};
  const title = v.title.trim();
  if (title === '') errors.title = m.required;
  else if (title.length < 2) errors.title = m.titleMin;
  if (v.year.trim() !== '') {
    const year = Number(v.year.trim());
    if (!Number.isInteger(year) || year < 1870 || year > 2100) errors.year = m.yearRange;
  }
  if (v.imdb.trim() !== '' && !IMDB.test(v.imdb.trim())) errors.imdb = m.imdbInvalid;
  return errors;
}

/** The body of `POST /api/user/request`: empty optional fields become null. */
export function toRequestInput(v: RequestValues) {
  const year = v.year.trim();
  return { title: v.title.trim(), year: year === '' ? null : Number(year), imdb: v.imdb.trim() || null, note: v.note.trim() || null };
}
