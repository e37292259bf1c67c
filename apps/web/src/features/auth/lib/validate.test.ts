import { DEFAULT_ERROR_MESSAGE } from '@parde/persian';
import { describe, expect, it } from 'vitest';
import { readFieldErrors, toAuthFailure } from './auth-result';
import { rules, validate } from './validate';

describe('auth form checks', () => {
  it('names each problem in Persian', () => {
    const values = { name: 'ن', email: 'bad', password: 'short', password_confirmation: 'other' };
    expect(
      validate(values, { name: rules.name, email: rules.email, password: rules.newPassword, password_confirmation: rules.confirmation(values.password) }),
    ).toEqual({
      name: 'نام باید دست‌کم ۲ نویسه باشد.',
      email: 'نشانی ایمیل معتبر نیست.',
      password: 'رمز عبور باید دست‌کم ۸ نویسه باشد.',
      password_confirmation: 'تکرار رمز عبور با رمز عبور یکسان نیست.',
    });
    expect(validate({ email: ' a@b.co ', password: 'x' }, { email: rules.email, password: rules.required })).toEqual({});
  });
});

describe('auth failures (spec §8)', () => {
  it('carries the server message and the 422 field errors', () => {
    const error = {
      isHttpError: true,
      response: { status: 422, data: { message: 'ایمیل یا رمز عبور درست نیست.', code: 'VALIDATION_FAILED', errors: { email: ['ایمیل یا رمز عبور درست نیست.'] } } },
    };
    expect(toAuthFailure(error)).toEqual({
      ok: false,
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'ایمیل یا رمز عبور درست نیست.',
      fieldErrors: { email: 'ایمیل یا رمز عبور درست نیست.' },
    });
  });

  it('carries the stable code of a refusal that is not about a field', () => {
    const error = { isHttpError: true, response: { status: 403, data: { message: 'ایمیل این حساب هنوز تأیید نشده است.', code: 'EMAIL_NOT_VERIFIED' } } };
    expect(toAuthFailure(error)).toEqual({ ok: false, status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'ایمیل این حساب هنوز تأیید نشده است.', fieldErrors: {} });
  });

  it('falls back to the default Persian sentence', () => {
    const failure = toAuthFailure(new Error('Network Error'));
    expect(failure.ok).toBe(false);
    expect(failure.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(failure.fieldErrors).toEqual({});
  });

  it('reads only string messages of an errors map', () => {
    expect(readFieldErrors({ errors: { a: ['x', 'y'], b: [1], c: 'z' } })).toEqual({ a: 'x', c: 'z' });
    expect(readFieldErrors(null)).toEqual({});
  });
});
