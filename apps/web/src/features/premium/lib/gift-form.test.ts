import { HttpError, type RequestConfig } from '../../../lib/api-client';
import { describe, expect, it } from 'vitest';
import { compactGiftCode, redeemFailure, toGiftInput, validateGiftCode, validateGiftForm } from './gift-form';

const httpError = (status: number, data: unknown) => {
  const config = {} as RequestConfig;
  return new HttpError('x', config, { data, status });
};

describe('gift codes', () => {
  it('drops spaces and dashes as the API does', () => {
    expect(compactGiftCode(' abcd-efgh jklm ')).toBe('abcdefghjklm');
  });

  it('asks for a code, and a plausible one', () => {
    expect(validateGiftCode('  ')).toBe('کد هدیه را وارد کنید.');
    expect(validateGiftCode('AB-C')).toMatch(/کوتاه/);
    expect(validateGiftCode('ABCD-EFGH-JKLM')).toBeNull();
  });

  it('puts an unknown code, a used code and a 422 under the field; other failures above the button', () => {
    expect(redeemFailure(httpError(404, { message: 'کد هدیه معتبر نیست. آن را دوباره بررسی کنید.', code: 'GIFT_NOT_FOUND' }))).toEqual({ code: 'کد هدیه معتبر نیست. آن را دوباره بررسی کنید.' });
    expect(redeemFailure(httpError(409, { message: 'این کد هدیه پیش‌تر استفاده شده است.', code: 'GIFT_ALREADY_REDEEMED' }))).toEqual({ code: 'این کد هدیه پیش‌تر استفاده شده است.' });
    expect(redeemFailure(httpError(422, { message: 'نادرست', code: 'VALIDATION_FAILED', errors: { code: ['کد کوتاه است.'] } }))).toEqual({ code: 'کد کوتاه است.' });
    expect(redeemFailure(httpError(503, { message: 'سرویس در دسترس نیست.' }))).toEqual({ form: 'سرویس در دسترس نیست.' });
    expect(redeemFailure(new Error('network'))).toEqual({ form: 'مشکلی در انجام عملیات پیش آمد.' });
  });
});

describe('the gift purchase form', () => {
  const ok = { plan_id: '2', recipient_email: '', message: '', discount_code: '' };

  it('needs a plan; the email and the message are optional but checked', () => {
    expect(validateGiftForm(ok)).toEqual({});
    expect(validateGiftForm({ ...ok, plan_id: '' })).toEqual({ plan_id: 'یک طرح انتخاب کنید.' });
    expect(validateGiftForm({ ...ok, recipient_email: 'not-mail' })).toEqual({ recipient_email: 'نشانی ایمیل معتبر نیست.' });
    expect(validateGiftForm({ ...ok, message: 'پ'.repeat(501) }).message).toMatch(/۵۰۰/);
  });

  it('sends only what was filled in, trimmed', () => {
    expect(toGiftInput(ok)).toEqual({ plan_id: 2, recipient_email: undefined, message: undefined, discount_code: undefined });
    expect(toGiftInput({ plan_id: '3', recipient_email: ' Friend@Example.com ', message: ' تولدت مبارک ', discount_code: 'NO WRUZ' })).toEqual({
      plan_id: 3,
      recipient_email: 'friend@example.com',
      message: 'تولدت مبارک',
      discount_code: 'NOWRUZ',
    });
  });
});
