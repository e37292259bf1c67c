import { toPersianDigits } from '@parde/persian';
import { errorMessages, type ErrorCode } from '../../errors/messages';

/**
 * A refusal the tus server sends as it is: its status, and a body in the API's own error shape
 * (`{ message, code, errors? }`, the message Persian) so the panel shows it like any other.
 */
export class UploadError extends Error {
  readonly status_code: number;
  readonly body: string;

  constructor(
    status: number,
    readonly code: ErrorCode,
    message?: string,
    errors?: Record<string, string[]>,
  ) {
    const text = message ?? errorMessages[code];
    super(text);
    this.name = 'UploadError';
    this.status_code = status;
    this.body = JSON.stringify({ message: text, code, ...(errors ? { errors } : {}) });
  }
}

/** A 422 for the upload's metadata fields. */
export const uploadValidation = (errors: Record<string, string[]>, message = errorMessages.VALIDATION_FAILED) => new UploadError(422, 'VALIDATION_FAILED', message, errors);

/** Sizes as people read them in Persian: `۲٫۵ گیگابایت`. */
export function persianBytes(bytes: number): string {
  const units = ['بایت', 'کیلوبایت', 'مگابایت', 'گیگابایت', 'ترابایت'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  const text = (u === 0 ? String(n) : n.toFixed(n < 10 ? 1 : 0)).replace(/\.0$/, '').replace('.', '٫');
  return `${toPersianDigits(text)} ${units[u]}`;
}
