import { describe, expect, it } from 'vitest';
import { idNumber, KeySet } from './key-set';

describe('KeySet', () => {
  it('holds ids by their number, counts each once, and grows past its first size', () => {
    const s = new KeySet();
    for (const id of ['tt0000001', 'tt0000001', 'tt9999999', 'tt12345678', 'nm0000042']) s.addId(id);
    expect(s.size).toBe(4);
    expect(s.hasId('tt0000001')).toBe(true);
    expect(s.has(1)).toBe(true);
    expect(s.hasId('tt12345678')).toBe(true);
    expect(s.has(42)).toBe(true);
    expect(s.hasId('tt0000002')).toBe(false);
    expect(s.has(123_456_789)).toBe(false);
  });

  it('keeps ids past the bitmap apart, and ignores text that is no id', () => {
    const s = new KeySet();
    s.add(2 ** 31 + 5);
    s.add(2 ** 31 + 5);
    s.addId('tt');
    s.addId('ttabc');
    s.add(-3);
    expect(s.size).toBe(1);
    expect(s.has(2 ** 31 + 5)).toBe(true);
    expect(s.has(2 ** 31 + 6)).toBe(false);
    expect(s.has(Number.NaN)).toBe(false);
    expect(idNumber('tt0000123')).toBe(123);
    expect(idNumber('x')).toBeNaN();
  });
});
