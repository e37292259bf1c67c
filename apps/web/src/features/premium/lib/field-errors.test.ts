import { HttpError, type RequestConfig } from '../../../lib/api-client';
import { describe, expect, it } from 'vitest';
import { formFailure, serverFieldErrors } from './field-errors';

const httpError = (status: number, data: unknown) => {
  const config = {} as RequestConfig;
  return new HttpError('x', config, { data, status });
};

describe('server field errors', () => {
  const invalidCode = httpError(422, { message: 'کد تخفیف معتبر نیست.', code: 'VALIDATION_FAILED', errors: { discount_code: ['کد تخفیف معتبر نیست.'], other: ['x'] } });

  it('takes the first sentence of the asked-for fields from a 422 only', () => {
    expect(serverFieldErrors(invalidCode, ['discount_code'] as const)).toEqual({ discount_code: 'کد تخفیف معتبر نیست.' });
    expect(serverFieldErrors(httpError(409, { message: 'x', errors: { discount_code: ['y'] } }), ['discount_code'] as const)).toEqual({});
  });

  it('does not repeat under the button what a field already says', () => {
    expect(formFailure(invalidCode, ['discount_code'] as const)).toEqual({ fields: { discount_code: 'کد تخفیف معتبر نیست.' }, form: null });
    const busy = httpError(409, { message: 'پرداخت قبلی شما با همین کد تخفیف در حال بررسی است.', code: 'PAYMENT_IN_PROGRESS' });
    expect(formFailure(busy, ['discount_code'] as const)).toEqual({ fields: {}, form: 'پرداخت قبلی شما با همین کد تخفیف در حال بررسی است.' });
  });
});
