import { describe, expect, it } from 'vitest';
import { HttpError, type RequestConfig } from '../../../lib/api-client';
import { holderProofBody, holderProofRefusal } from './holder-proof';

const fail = (status: number, data: unknown) => new HttpError('x', {} as RequestConfig, { status, data });

describe("the holder's proof when paying from a profile other than the main one", () => {
  it('sends four digits (Persian or Latin) as the main PIN and anything else as the password', () => {
    expect(holderProofBody('۱۲۳۴')).toEqual({ main_pin: '1234' });
    expect(holderProofBody('1234')).toEqual({ main_pin: '1234' });
    expect(holderProofBody('long secret')).toEqual({ password: 'long secret' });
    expect(holderProofBody('')).toEqual({});
  });

  it("reads the API's request for it and its refusal, in Persian", () => {
    expect(holderProofRefusal(fail(403, { code: 'HOLDER_PROOF_REQUIRED', message: 'گذرواژه را وارد کنید.' }))).toBe('گذرواژه را وارد کنید.');
    expect(holderProofRefusal(fail(422, { message: 'x', errors: { main_pin: ['رمز نادرست است.'] } }))).toBe('رمز نادرست است.');
    expect(holderProofRefusal(fail(422, { message: 'x', errors: { discount_code: ['نامعتبر'] } }))).toBeNull();
  });
});
