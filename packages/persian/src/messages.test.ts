import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from './messages';
import { normalizeDisplay } from './normalize';

describe('DEFAULT_ERROR_MESSAGE', () => {
  it('is the spec §8 sentence, in clean Persian letters', () => {
    expect(DEFAULT_ERROR_MESSAGE).toBe('مشکلی در انجام عملیات پیش آمد.');
    expect(normalizeDisplay(DEFAULT_ERROR_MESSAGE)).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
