import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugify } from './slug';
import { anyText } from './test-arbitraries';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('slugify', () => {
  it.each([
    ['Amélie', 'amelie'],
    ['Spider-Man: No Way Home (2021)', 'spider-man-no-way-home-2021'],
    ["Schindler's List", 'schindlers-list'],
    ['  --The   Matrix--  ', 'the-matrix'],
    ['Straße', 'strasse'],
    ['Ærø Łódź', 'aero-lodz'],
    ['Fast & Furious 7', 'fast-furious-7'],
    ['WALL·E', 'wall-e'],
    ['پرده', 'title'],
    ['فیلم ۱۹۸۴', '1984'],
    ['Parasite / انگل', 'parasite'],
    ['', 'title'],
    ['!!!', 'title'],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('cuts a long title at the last word boundary within 80 characters', () => {
    const title = `${'word '.repeat(15)}lastword`; // 5 × 15 + 8 = 83 characters
    const slug = slugify(title);
    expect(slug).toBe(Array(15).fill('word').join('-'));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  });

  it('keeps an 80-character slug whole when the 81st character is a hyphen', () => {
    const eighty = `${'a'.repeat(39)}-${'b'.repeat(40)}`;
    expect(slugify(`${eighty} more`)).toBe(eighty);
  });

  it('cuts a single over-long word hard', () => {
    expect(slugify('x'.repeat(200))).toBe('x'.repeat(80));
  });

  it('always yields a well-formed slug of at most 80 characters, or "title" (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ maxLength: 200 })), (text) => {
        const slug = slugify(text);
        expect(slug === 'title' || SLUG.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      }),
      { numRuns: 2000 },
    );
  });
});
