import { HttpError, type RequestConfig } from './api-client';
import { describe, expect, it } from 'vitest';
import { getErrorMessage, getErrorStatus } from './errors';
import { DEFAULT_ERROR_MESSAGE } from './persian';

const httpError = (status: number, data: unknown) => {
  const config = {} as RequestConfig;
  return new HttpError('x', config, { status, data });
};

describe('errors (spec §8)', () => {
  it('shows the server message', () => {
    expect(getErrorMessage(httpError(422, { message: 'ایمیل تکراری است.', code: 'VALIDATION_FAILED' }))).toBe('ایمیل تکراری است.');
    expect(getErrorStatus(httpError(422, {}))).toBe(422);
  });

  it('falls back to the default Persian sentence', () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe('مشکلی در انجام عملیات پیش آمد.');
    expect(getErrorMessage(httpError(500, '<html>'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(getErrorMessage(httpError(500, { message: '  ' }))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(getErrorMessage(new Error('network'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(getErrorStatus(new Error('network'))).toBeUndefined();
  });
});
