import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './normalize';
import { CONNECTOR_WORDS, queryTokens, searchTokens, stemCandidates, stemPersian, withoutConnectors } from './tokens';
import { anyText } from './test-arbitraries';

describe('searchTokens', () => {
  it('indexes the parts and the joined form of a hyphenated title', () => {
    expect(searchTokens('Spider-Man: Far From Home')).toEqual(['spider', 'man', 'spiderman', 'far', 'from', 'home']);
  });

  it('indexes the parts and the joined form of a ZWNJ compound', () => {
    expect(searchTokens('می‌خواهم')).toEqual(['می', 'خواهم', 'میخواهم']);
    expect(searchTokens('کتاب‌های من')).toEqual(['کتاب', 'های', 'کتابهای', 'من']);
    expect(searchTokens('می\u200Dخواهم')).toEqual(['می', 'خواهم', 'میخواهم']);
  });

  it('indexes apostrophe words whole and in parts', () => {
    expect(searchTokens("O'Brien")).toEqual(['o', 'brien', 'obrien']);
    expect(searchTokens("Schindler’s List")).toEqual(['schindler', 's', 'schindlers', 'list']);
  });

  it('handles apostrophes inside hyphenated compounds at two levels', () => {
    expect(searchTokens("rock'n'roll-star")).toEqual(['rock', 'n', 'roll', 'rocknroll', 'star', 'rocknrollstar']);
  });

  it('folds like normalizeForSearch (Arabic keyboard, digits, diacritics, tatweel)', () => {
    expect(searchTokens('كتابِ پـرده ٢٠١٩')).toEqual(['کتاب', 'پرده', '2019']);
  });

  it('dedupes and keeps the order of first appearance', () => {
    expect(searchTokens('Man of Steel, man-man')).toEqual(['man', 'of', 'steel', 'manman']);
    expect(searchTokens('')).toEqual([]);
    expect(searchTokens(' - ‌ ')).toEqual([]);
  });

  it('adds initials joined, as they are typed ("R.I.P.D." → ripd, "E.T." → et)', () => {
    expect(searchTokens('R.I.P.D.')).toEqual(['r', 'i', 'p', 'd', 'ripd']);
    expect(searchTokens('E.T. the Extra-Terrestrial')).toContain('et');
    expect(searchTokens('S&M')).toContain('sm');
    // Single letters apart from each other stay apart.
    expect(searchTokens('Episode I - The Phantom Menace')).toEqual(['episode', 'i', 'the', 'phantom', 'menace']);
  });

  it('makes "Spider-Man", "spider man" and "spiderman" meet', () => {
    const indexed = new Set(searchTokens('Spider-Man'));
    for (const query of ['Spider-Man', 'spider man', 'spiderman', 'SPIDERMAN']) {
      const { words, joinedPairs } = queryTokens(query);
      // Every word is found, or the words joined are found.
      const found = words.every((w) => indexed.has(w)) || joinedPairs.some((p) => indexed.has(p));
      expect(found, query).toBe(true);
    }
  });

  it('makes "می‌خواهم", "می خواهم" and "میخواهم" meet', () => {
    const indexed = new Set(searchTokens('می‌خواهم'));
    for (const query of ['می‌خواهم', 'می خواهم', 'میخواهم', 'مي خواهم']) {
      const { words } = queryTokens(query);
      expect(words.every((w) => indexed.has(w)), query).toBe(true);
    }
  });

  it('contains every word of normalizeForSearch, and only normalized words (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const tokens = searchTokens(text);
        const words = normalizeForSearch(text).split(' ').filter((w) => w !== '');
        for (const word of words) expect(tokens).toContain(word);
        for (const token of tokens) expect(normalizeForSearch(token)).toBe(token);
        expect(new Set(tokens).size).toBe(tokens.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('queryTokens', () => {
  it('returns normalized words and adjacent pairs joined', () => {
    expect(queryTokens('Spider Man')).toEqual({ words: ['spider', 'man'], joinedPairs: ['spiderman'] });
    expect(queryTokens('مي خواهم')).toEqual({ words: ['می', 'خواهم'], joinedPairs: ['میخواهم'] });
    expect(queryTokens('the dark knight')).toEqual({
      words: ['the', 'dark', 'knight'],
      joinedPairs: ['thedark', 'darkknight'],
    });
  });

  it('treats hyphens and apostrophes in the query like the index does', () => {
    expect(queryTokens('spider-man')).toEqual({ words: ['spider', 'man'], joinedPairs: ['spiderman'] });
    expect(queryTokens("o'brien")).toEqual({ words: ['obrien'], joinedPairs: [] });
  });

  it('dedupes words but pairs the words as typed', () => {
    expect(queryTokens('new new york')).toEqual({ words: ['new', 'york'], joinedPairs: ['newnew', 'newyork'] });
  });

  it('returns nothing for an empty or punctuation-only query', () => {
    expect(queryTokens('')).toEqual({ words: [], joinedPairs: [] });
    expect(queryTokens(' ؟! ')).toEqual({ words: [], joinedPairs: [] });
  });
});

describe('stemPersian', () => {
  it.each([
    ['فیلمها', 'فیلم'],
    ['فیلمهای', 'فیلم'],
    ['کتابهایی', 'کتاب'],
    ['بزرگتر', 'بزرگ'],
    ['بزرگترین', 'بزرگ'],
    ['کتابی', 'کتاب'],
    ['خانهای', 'خان'], // longest suffix wins; stemCandidates also offers خانه
  ])('%s → %s', (word, stem) => {
    expect(stemPersian(word)).toBe(stem);
  });

  it.each([
    ['تنها', 'تن + ها would leave two letters'],
    ['بهتر', 'به + تر would leave two letters'],
    ['گلها', 'گل + ها would leave two letters'],
    ['یی', 'too short for anything'],
  ])('keeps %s unchanged (%s)', (word) => {
    expect(stemPersian(word)).toBe(word);
  });

  it('strips ی once three letters remain, even when that makes another word', () => {
    // ماهی (fish) → ماه (moon): why stems are extra candidates, never a replacement.
    expect(stemPersian('ماهی')).toBe('ماه');
  });

  it('leaves words without a suffix, Latin words and digits alone', () => {
    expect(stemPersian('پرده')).toBe('پرده');
    expect(stemPersian('series')).toBe('series');
    expect(stemPersian('1400ها')).toBe('1400ها');
    expect(stemPersian('')).toBe('');
  });
});

describe('stemCandidates', () => {
  it('returns the word first, then every one-suffix stem, then stems of stems', () => {
    expect(stemCandidates('خانهای')).toEqual(['خانهای', 'خان', 'خانه', 'خانها']);
    expect(stemCandidates('بزرگترها')).toEqual(['بزرگترها', 'بزرگتر', 'بزرگ']);
    expect(stemCandidates('فیلمهایی')).toEqual(['فیلمهایی', 'فیلم', 'فیلمهای', 'فیلمه', 'فیلمها']);
  });

  it('is just the word when nothing can be stripped', () => {
    expect(stemCandidates('تنها')).toEqual(['تنها']);
    expect(stemCandidates('batman')).toEqual(['batman']);
    expect(stemCandidates('')).toEqual(['']);
  });

  it('always starts with the word, has no duplicates, and only shortens (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ابتکفلمنهیرو'), maxLength: 10 }), (word) => {
        const candidates = stemCandidates(word);
        expect(candidates[0]).toBe(word);
        expect(new Set(candidates).size).toBe(candidates.length);
        for (const stem of candidates.slice(1)) {
          expect(word.startsWith(stem)).toBe(true);
          expect(stem.length).toBeGreaterThanOrEqual(3);
        }
        expect(candidates).toContain(stemPersian(word));
      }),
    );
  });
});

describe('connector words', () => {
  it('are the words that join names, in English and Persian', () => {
    expect([...CONNECTOR_WORDS]).toEqual(expect.arrayContaining(['and', 'و']));
    expect(withoutConnectors('deadpool and wolverine')).toBe('deadpool wolverine');
    expect(withoutConnectors('لیلی و مجنون')).toBe('لیلی مجنون');
    expect(withoutConnectors('android')).toBe('android');
  });
});
