import { getErrorMessage, getErrorStatus } from './errors';

/*
 * The one reader of the API's 422 in the web app (`{ message, code, errors: { field: ["<Persian
 * sentence>"] } }`, docs api-conventions; docs/decisions/0030). Forms use it, and no first visit of a
 * catalogue page has one: vite.config.ts keeps it out of the `base` chunk every first visit loads.
 */

type HttpErrorLike = { response?: { data?: unknown } };

/** Each field's first Persian sentence of a 422, by the field's name as the request spelt it. */
export type FieldErrors = Record<string, string>;

type FieldErrorsOptions = {
  /** Only these fields (a form that has no place for the others shows the message instead). */
  only?: readonly string[];
  /** `genre_ids.0` under `genre_ids`: for a form whose field is the whole list (the first sentence wins). */
  parentField?: boolean;
};

function firstSentence(value: unknown): string | undefined {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.find((x): x is string => typeof x === 'string' && x.trim() !== '');
}

/**
 * The field errors of a 422 body (`{ message, code, errors: { field: ["<Persian sentence>"] } }`,
 * docs api-conventions): the first sentence of each field; a field given as one sentence rather
 * than a list counts too, and anything that is not a sentence is skipped.
 */
export function fieldErrorsOfBody(body: unknown, options: FieldErrorsOptions = {}): FieldErrors {
  const out: FieldErrors = {};
  const map = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!map || typeof map !== 'object') return out;
  for (const [key, value] of Object.entries(map as Record<string, unknown>)) {
    const field = options.parentField ? key.split('.')[0]! : key;
    if (options.only && !options.only.includes(field)) continue;
    const first = firstSentence(value);
    if (first && !(field in out)) out[field] = first;
  }
  return out;
}

/** The field errors of a failed call: only a 422 has any (the one reader of them in the web app). */
export function fieldErrorsOf(error: unknown, options?: FieldErrorsOptions): FieldErrors {
  return getErrorStatus(error) === 422 ? fieldErrorsOfBody((error as HttpErrorLike).response?.data, options) : {};
}

/** The stable `code` of an error body (`PIN_REQUIRED`, `EMAIL_NOT_VERIFIED`…), for a screen that answers one differently. */
export function getErrorCode(error: unknown): string | undefined {
  const body = (error as { response?: { data?: unknown } } | null | undefined)?.response?.data;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A failed call as a form shows it: the sentence under each field it names, and the server's message. */
export type FormFailure = { fields: FieldErrors; message: string; status?: number; code?: string };

export function readFailure(error: unknown, options?: FieldErrorsOptions): FormFailure {
  const status = getErrorStatus(error);
  const code = getErrorCode(error);
  return { fields: fieldErrorsOf(error, options), message: getErrorMessage(error), ...(status !== undefined ? { status } : {}), ...(code ? { code } : {}) };
}
