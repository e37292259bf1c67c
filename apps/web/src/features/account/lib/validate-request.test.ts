import { describe, expect, it } from 'vitest';
import { toRequestInput, validateRequest } from './validate-request';

describe('content request form', () => {
  it('accepts a title alone and sends nulls for the rest', () => {
    const v = { title: ' Dune ', year: '', imdb: '', note: '' };
    expect(validateRequest(v)).toEqual({});
    expect(toRequestInput(v)).toEqual({ title: 'Dune', year: null, imdb: null, note: null });
  });
  it('names each problem in Persian', () => {
    const errors = validateRequest({ title: 'x', year: '1700', imdb: 'imdb.com/nope', note: '' });
    expect(errors.title).toBe('دست‌کم ۲ نویسه وارد کنید.');
    expect(errors.year).toBe('سال باید بین ۱۸۷۰ و ۲۱۰۰ باشد.');
    expect(errors.imdb).toMatch(/IMDb/);
    expect(validateRequest({ title: 'Dune', year: '2021', imdb: 'tt1160419', note: '' })).toEqual({});
  });
});
