import { describe, expect, it } from 'vitest';
import { clock, dataAmount } from './format';

describe('player formats', () => {
  it('writes the clock in Persian digits', () => {
    expect(clock(83)).toBe('۱:۲۳');
    expect(clock(5025)).toBe('۱:۲۳:۴۵');
    expect(clock(Number.NaN)).toBe('۰:۰۰');
  });
  it('writes data per hour as people read plans', () => {
    expect(dataAmount(230_788_350)).toBe('۲۳۱ مگابایت');
    expect(dataAmount(1_116_922_500)).toBe('۱٫۱ گیگابایت');
  });
});
