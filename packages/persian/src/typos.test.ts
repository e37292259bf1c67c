import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LATIN_ALPHABET,
  PERSIAN_ALPHABET,
  alphabetFor,
  damerauLevenshtein,
  maxTyposFor,
  oneEditVariants,
} from './typos';

describe('damerauLevenshtein', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['spiderman', 'spidreman', 1], // one swap, which plain Levenshtein counts as 2
    ['ab', 'ba', 1],
    ['ca', 'abc', 3], // optimal string alignment: no edit on a swapped pair (true Damerau: 2)
    ['فیلم', 'فلیم', 1],
    ['پرده', 'برده', 1],
    ['سریال', 'سریا', 1],
    ['ماتریکس', 'ماتریس', 1],
    ['😀a', 'a😀', 1], // code points, not UTF-16 units
  ])('(%j, %j) = %i', (a, b, d) => {
    expect(damerauLevenshtein(a, b)).toBe(d);
    expect(damerauLevenshtein(b, a)).toBe(d);
  });

  it('stops early and returns max + 1 once the distance exceeds max', () => {
    expect(damerauLevenshtein('abcdef', 'zzzzzz', 2)).toBe(3);
    expect(damerauLevenshtein('a', 'abcdefgh', 1)).toBe(2);
    expect(damerauLevenshtein('kitten', 'sitting', 3)).toBe(3);
    expect(damerauLevenshtein('kitten', 'sitting', 2)).toBe(3);
    expect(damerauLevenshtein('kitten', 'sitting', 0)).toBe(1);
    expect(damerauLevenshtein('same', 'same', 0)).toBe(0);
  });

  const word = fc.string({ unit: fc.constantFrom(...'abcپرده'), maxLength: 9 });

  it('is symmetric, zero only for equal strings, and at most the longer length (property)', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = damerauLevenshtein(a, b);
        expect(damerauLevenshtein(b, a)).toBe(d);
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the unbounded distance under any ceiling (property)', () => {
    fc.assert(
      fc.property(word, word, fc.nat(6), (a, b, max) => {
        const d = damerauLevenshtein(a, b);
        expect(damerauLevenshtein(a, b, max)).toBe(Math.min(d, max + 1));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('oneEditVariants', () => {
  it('lists deletions, swaps, substitutions and insertions, without the word itself', () => {
    expect(new Set(oneEditVariants('ab', 'ab'))).toEqual(
      new Set(['b', 'a', 'ba', 'bb', 'aa', 'aab', 'bab', 'abb', 'aba']),
    );
    expect(oneEditVariants('', 'xy').sort()).toEqual(['x', 'y']);
  });

  it('finds the common Persian slips', () => {
    const variants = oneEditVariants('فیلم', PERSIAN_ALPHABET);
    expect(variants).toContain('فلیم'); // swap
    expect(variants).toContain('فلم'); // deletion
    expect(variants).toContain('فییلم'); // insertion
    expect(variants).toContain('قیلم'); // neighbouring key
    expect(variants).not.toContain('فیلم');
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('has each variant at distance exactly 1 (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abca'), maxLength: 6 }), (w) => {
        for (const v of oneEditVariants(w, 'abc')) expect(damerauLevenshtein(w, v)).toBe(1);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'پردهسی'), maxLength: 5 }), (w) => {
        for (const v of oneEditVariants(w, PERSIAN_ALPHABET)) expect(damerauLevenshtein(w, v)).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  it('contains every string at distance 1 over the alphabet (property)', () => {
    const alphabet = 'ab';
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 5 }),
        fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 6 }),
        (w, other) => {
          if (damerauLevenshtein(w, other) === 1) expect(oneEditVariants(w, alphabet)).toContain(other);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('alphabets', () => {
  it('has the 32 Persian letters plus 10 digits, and 26 Latin letters plus 10 digits', () => {
    expect(Array.from(PERSIAN_ALPHABET)).toHaveLength(42);
    expect(new Set(PERSIAN_ALPHABET).size).toBe(42);
    expect(PERSIAN_ALPHABET).toContain('ی');
    expect(PERSIAN_ALPHABET).not.toContain('ي');
    expect(PERSIAN_ALPHABET).not.toContain('ك');
    expect(LATIN_ALPHABET).toHaveLength(36);
  });

  it('picks the alphabet by script', () => {
    expect(alphabetFor('پرده')).toBe(PERSIAN_ALPHABET);
    expect(alphabetFor('matrix')).toBe(LATIN_ALPHABET);
    expect(alphabetFor('2019')).toBe(LATIN_ALPHABET);
    expect(alphabetFor('فیلم2')).toBe(PERSIAN_ALPHABET);
  });
});

describe('maxTyposFor', () => {
  it.each([
    ['', 0],
    ['دل', 0],
    ['man', 0],
    ['فیلم', 1],
    ['matrix', 1],
    ['ماتریکس', 1],
    ['spiderman', 2],
    ['اینترستلار', 2],
  ])('%j → %i', (word, n) => {
    expect(maxTyposFor(word)).toBe(n);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(maxTyposFor('😀😀😀')).toBe(0);
  });
});
