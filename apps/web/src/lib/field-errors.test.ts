import { HttpError, type RequestConfig } from './api-client';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, fieldErrorsOfBody, getErrorCode, readFailure } from './field-errors';
import { DEFAULT_ERROR_MESSAGE } from './persian';

const httpError = (status: number, data: unknown) => {
  const config = {} as RequestConfig;
  return new HttpError('x', config, { status, data });
};

describe('field errors of a 422 (the one reader)', () => {
  const invalid = httpError(422, {
    message: 'نام الزامی است.',
    code: 'VALIDATION_FAILED',
    errors: { name: ['نام الزامی است.', 'دومی'], 'genre_ids.0': ['ژانر پیدا نشد.'], 'genre_ids.1': ['دومی'], blank: ['  ', 'پس از خالی'], odd: [1], one: 'یک جمله' },
  });

  it('takes the first sentence of each field, skipping what is not one', () => {
    expect(fieldErrorsOf(invalid)).toEqual({ name: 'نام الزامی است.', 'genre_ids.0': 'ژانر پیدا نشد.', 'genre_ids.1': 'دومی', blank: 'پس از خالی', one: 'یک جمله' });
  });

  it('reads a 422 only', () => {
    expect(fieldErrorsOf(httpError(409, { message: 'x', errors: { name: ['y'] } }))).toEqual({});
    expect(fieldErrorsOf(httpError(422, { message: 'x' }))).toEqual({});
    expect(fieldErrorsOf(httpError(422, '<html>'))).toEqual({});
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });

  it('keeps only the fields a form has, and puts a list item under its list when asked', () => {
    expect(fieldErrorsOf(invalid, { only: ['name', 'email'] })).toEqual({ name: 'نام الزامی است.' });
    expect(fieldErrorsOf(invalid, { parentField: true, only: ['genre_ids'] })).toEqual({ genre_ids: 'ژانر پیدا نشد.' });
  });

  it('reads a body as well as an error', () => {
    expect(fieldErrorsOfBody({ errors: { email: ['ایمیل معتبر نیست.'] } })).toEqual({ email: 'ایمیل معتبر نیست.' });
    expect(fieldErrorsOfBody({ errors: null })).toEqual({});
    expect(fieldErrorsOfBody('x')).toEqual({});
  });

  it('gives a form everything at once: fields, message, status and code', () => {
    expect(readFailure(invalid, { only: ['name'] })).toEqual({ fields: { name: 'نام الزامی است.' }, message: 'نام الزامی است.', status: 422, code: 'VALIDATION_FAILED' });
    expect(readFailure(new Error('network'))).toEqual({ fields: {}, message: DEFAULT_ERROR_MESSAGE });
    expect(getErrorCode(httpError(403, { message: 'x', code: 'PIN_REQUIRED' }))).toBe('PIN_REQUIRED');
    expect(getErrorCode(httpError(403, { message: 'x', code: 7 }))).toBeUndefined();
  });
});
