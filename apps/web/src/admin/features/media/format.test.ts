import type { DetailedError, HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { persianBytes, persianDuration, persianPercent } from './format';
import { uploadErrorMessage } from './use-tus-upload';

describe('the upload screens in Persian digits', () => {
  it('sizes from bytes to gigabytes', () => {
    expect(persianBytes(53)).toBe('۵۳ بایت');
    expect(persianBytes(254_966)).toBe('۲۴۹ کیلوبایت');
    expect(persianBytes(5.5 * 1024 * 1024)).toBe('۵٫۵ مگابایت');
    expect(persianBytes(20 * 1024 ** 3)).toBe('۲۰ گیگابایت');
  });

  it('percent never says done before the last byte', () => {
    expect(persianPercent(999, 1000)).toBe('۹۹٪');
    expect(persianPercent(1000, 1000)).toBe('۱۰۰٪');
    expect(persianPercent(0, 0)).toBe('۰٪');
  });

  it('running times', () => {
    expect(persianDuration(4.2)).toBe('۰:۰۴');
    expect(persianDuration(3725)).toBe('۱:۰۲:۰۵');
  });
});

const refusal = (status: number, body: string) => {
  const response: HttpResponse = { getStatus: () => status, getHeader: () => undefined, getBody: () => body, getUnderlyingObject: () => null };
  return Object.assign(new Error('tus'), { originalResponse: response, originalRequest: null, causingError: null }) as unknown as DetailedError;
};

describe('what a failed upload tells the operator', () => {
  it("shows the server's Persian sentence and its field messages, and refusals are not resumed", () => {
    const r = uploadErrorMessage(refusal(422, JSON.stringify({ message: 'اطلاعات واردشده معتبر نیست.', code: 'VALIDATION_FAILED', errors: { episode_id: ['قسمتِ سریال را انتخاب کنید.'] } })));
    expect(r).toEqual({ message: 'اطلاعات واردشده معتبر نیست. قسمتِ سریال را انتخاب کنید.', resumable: false });
    expect(uploadErrorMessage(refusal(413, JSON.stringify({ message: 'حجم فایل بیش از حد مجاز است.', code: 'UPLOAD_TOO_LARGE' }))).resumable).toBe(false);
  });

  it('lets a full disk or a dropped connection be resumed', () => {
    expect(uploadErrorMessage(refusal(507, JSON.stringify({ message: 'فضای خالی سرور برای این فایل کافی نیست.', code: 'UPLOAD_DISK_FULL' })))).toEqual({ message: 'فضای خالی سرور برای این فایل کافی نیست.', resumable: true });
    const dropped = uploadErrorMessage(new Error('network'));
    expect(dropped.resumable).toBe(true);
    expect(dropped.message).toMatch(/[\u0600-\u06FF]/);
    expect(uploadErrorMessage(refusal(502, '<html>bad gateway</html>')).message).toMatch(/[\u0600-\u06FF]/);
  });
});
