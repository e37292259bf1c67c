import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as persian from './index';

describe('package index', () => {
  it('exports the public API', () => {
    const expected = [
      'normalizeForSearch', 'normalizeDisplay',
      'searchTokens', 'queryTokens', 'stemPersian', 'stemCandidates',
      'damerauLevenshtein', 'oneEditVariants', 'alphabetFor', 'maxTyposFor', 'LATIN_ALPHABET', 'PERSIAN_ALPHABET',
      'toPersianDigits', 'toLatinDigits', 'formatNumber', 'formatToman', 'formatRating', 'formatDuration',
      'toJalali', 'toGregorian', 'isJalaliLeapYear', 'jalaliMonthLength', 'JALALI_MONTHS', 'PERSIAN_WEEKDAYS',
      'formatJalali', 'formatRelative', 'addDays', 'tehranWallTime', 'persianWeekday',
      'slugify', 'DEFAULT_ERROR_MESSAGE',
    ];
    for (const name of expected) expect(persian, name).toHaveProperty(name);
  });

  it('does not leak the internal folding helpers', () => {
    expect(persian).not.toHaveProperty('foldText');
    expect(persian).not.toHaveProperty('JOIN_MARK');
  });

  it('has no Node-only imports in library code, so it runs in browsers', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'test-arbitraries.ts');
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/from ['"](node:|fs|path|os|crypto|buffer)['"/]/);
      expect(text, file).not.toMatch(/\b(process|Buffer|require)\b[.(]/);
    }
  });
});
