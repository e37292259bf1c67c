import { HttpError, type RequestConfig } from './api-client';
import { describe, expect, it } from 'vitest';
import { useNoticeStore } from './notifications';
import { createQueryClient, shouldRetry } from './query-client';

const httpError = (status: number) => {
  const config = {} as RequestConfig;
  return new HttpError('x', config, { status, data: {} });
};

describe('query client defaults (spec §7)', () => {
  it('stale 60 s, cache 300 s, refetch on focus', () => {
    const d = createQueryClient().getDefaultOptions().queries!;
    expect(d.staleTime).toBe(60_000);
    expect(d.gcTime).toBe(300_000);
    expect(d.refetchOnWindowFocus).toBe(true);
  });

  it('never retries a 4xx; retries network errors and 5xx up to 3 times', () => {
    for (const s of [400, 401, 403, 404, 419, 422, 429]) expect(shouldRetry(0, httpError(s))).toBe(false);
    expect(shouldRetry(0, httpError(503))).toBe(true);
    expect(shouldRetry(2, new Error('offline'))).toBe(true);
    expect(shouldRetry(3, httpError(500))).toBe(false);
  });

  it('a failed write shows its Persian message once, unless the mutation is silent', async () => {
    const client = createQueryClient();
    const fail = () => Promise.reject(Object.assign(httpError(409), { response: { status: 409, data: { message: 'قبلا ثبت شده است.' } } }));
    await client.getMutationCache().build(client, { mutationFn: fail }).execute(undefined).catch(() => undefined);
    expect(useNoticeStore.getState().current).toMatchObject({ message: 'قبلا ثبت شده است.', severity: 'error' });
    useNoticeStore.getState().dismiss();
    await client.getMutationCache().build(client, { mutationFn: fail, meta: { silent: true } }).execute(undefined).catch(() => undefined);
    expect(useNoticeStore.getState().current).toBeNull();
  });
});
