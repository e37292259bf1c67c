import { describe, expect, it } from 'vitest';
import { serverFieldErrors, validateContact } from './validate-contact';

const valid = { name: 'مینا', email: 'mina@example.com', subject: 'پرسش', message: 'سلام، زیرنویس این فیلم کی می‌آید؟' };

describe('contact form validation (the contactInput limits)', () => {
  it('accepts a valid message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('names each field’s problem in Persian', () => {
    expect(validateContact({ name: ' ', email: 'nope', subject: 'x', message: 'کوتاه' })).toEqual({
      name: 'این فیلد الزامی است.',
      email: 'نشانی ایمیل معتبر نیست.',
      subject: 'دست‌کم ۲ نویسه وارد کنید.',
      message: 'دست‌کم ۱۰ نویسه وارد کنید.',
    });
    expect(validateContact({ ...valid, name: 'ن'.repeat(81) }).name).toBe('حداکثر ۸۰ نویسه مجاز است.');
  });

  it('trims before measuring, as the server does', () => {
    expect(validateContact({ ...valid, subject: '  ا  ' }).subject).toBe('دست‌کم ۲ نویسه وارد کنید.');
  });

  it('reads the field errors of a 422 body', () => {
    const body = { message: 'اطلاعات واردشده درست نیست.', code: 'VALIDATION_FAILED', errors: { email: ['ایمیل معتبر نیست.', 'دوم'], message: ['کوتاه است.'], other: ['x'] } };
    expect(serverFieldErrors(body)).toEqual({ email: 'ایمیل معتبر نیست.', message: 'کوتاه است.' });
    expect(serverFieldErrors({ message: 'x' })).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
