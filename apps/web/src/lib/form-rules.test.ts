import { adminGiftIssueInput, adminGrantInput, adminReasonInput } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { checkForm, formErrors } from './form-rules';

describe('forms checked with the contract', () => {
  it('passes the parsed body on (trimmed as the contract trims it)', () => {
    const check = checkForm(adminGrantInput, { days: 10, reason: '  جبران قطعی  ' });
    expect(check).toEqual({ ok: true, data: { days: 10, reason: 'جبران قطعی' }, errors: {} });
  });

  it('gives the first problem of each field in the contract’s Persian sentences', () => {
    expect(formErrors(adminGrantInput, { days: 0, reason: 'ab' })).toEqual({ days: 'عدد باید دست‌کم ۱ باشد.', reason: 'دست‌کم ۳ نویسه وارد کنید.' });
    expect(formErrors(adminGrantInput, { days: 4000, reason: 'دلیل' })).toEqual({ days: 'عدد باید حداکثر ۳۶۵۰ باشد.' });
    expect(formErrors(adminGiftIssueInput, { plan_id: null, days: null, reason: 'دلیل', recipient_email: 'bad@' })).toEqual({
      recipient_email: 'نشانی ایمیل معتبر نیست.',
      plan_id: 'یک طرح یا تعداد روزها را انتخاب کنید.',
    });
  });

  it('uses the screen’s own sentence for a field, for one kind of problem or for any', () => {
    const sentences = { days: 'تعداد روز را عددی از ۱ تا ۳۶۵۰ بنویسید.', reason: { too_small: 'کوتاه است.' } };
    expect(formErrors(adminGrantInput, { days: null, reason: '' }, sentences)).toEqual({ days: sentences.days, reason: 'کوتاه است.' });
    expect(formErrors(adminReasonInput, { reason: 'x'.repeat(501) }, { reason: { too_small: 'کوتاه است.' } })).toEqual({ reason: 'حداکثر ۵۰۰ نویسه مجاز است.' });
  });
});
