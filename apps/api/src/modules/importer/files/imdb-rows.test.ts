import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMDB_COLUMNS, parseCharacters, parseImdbRow, RowError } from './imdb-rows';

const basics = (over: Partial<Record<string, string>> = {}) => {
  const row: Record<string, string> = {
    tconst: 'tt0111161',
    titleType: 'movie',
    primaryTitle: 'The Shawshank Redemption',
    originalTitle: 'The Shawshank Redemption',
    isAdult: '0',
    startYear: '1994',
    endYear: '\\N',
    runtimeMinutes: '142',
    genres: 'Drama',
    ...over,
  };
  return IMDB_COLUMNS['title.basics'].map((c) => row[c]!);
};

const error = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(RowError);
    return (err as Error).message;
  }
  throw new Error('expected a RowError');
};

describe('title.basics parser', () => {
  it('validates ids, years, flags and integers with operator-readable messages', () => {
    expect(error(() => parseImdbRow('title.basics', basics({ startYear: '19x4' })))).toBe('bad startYear "19x4"');
    expect(error(() => parseImdbRow('title.basics', basics({ endYear: '2101' })))).toBe('endYear 2101 out of range 1870–2100');
    expect(error(() => parseImdbRow('title.basics', basics({ tconst: 'tt123' })))).toBe('bad tconst "tt123"');
    expect(error(() => parseImdbRow('title.basics', basics({ isAdult: '2019' })))).toBe('bad isAdult "2019" (expected 0 or 1)');
    expect(error(() => parseImdbRow('title.basics', basics({ runtimeMinutes: '-5' })))).toBe('bad runtimeMinutes "-5"');
    expect(error(() => parseImdbRow('title.basics', basics({ runtimeMinutes: '1.5' })))).toBe('bad runtimeMinutes "1.5"');
    expect(error(() => parseImdbRow('title.basics', basics({ primaryTitle: '\\N' })))).toBe('missing primaryTitle');
    expect(error(() => parseImdbRow('title.basics', ['tt0111161']))).toBe('expected 9 fields, got 1');
  });

  it('accepts the year bounds and 8-digit ids, and falls back to the primary title', () => {
    expect(parseImdbRow('title.basics', basics({ startYear: '1870', endYear: '2100' }))).toMatchObject({
      startYear: 1870,
      endYear: 2100,
    });
    expect(parseImdbRow('title.basics', basics({ tconst: 'tt10872600' })).tconst).toBe('tt10872600');
    expect(parseImdbRow('title.basics', basics({ originalTitle: '\\N' })).originalTitle).toBe('The Shawshank Redemption');
    expect(error(() => parseImdbRow('title.basics', basics({ startYear: '1869' })))).toMatch(/out of range/);
  });
});

describe('other parsers', () => {
  it('checks ratings between 0 and 10 and votes as whole numbers', () => {
    expect(parseImdbRow('title.ratings', ['tt0000001', '0.0', '0'])).toEqual({ tconst: 'tt0000001', averageRating: 0, numVotes: 0 });
    expect(error(() => parseImdbRow('title.ratings', ['tt0000001', '10.1', '5']))).toBe('averageRating 10.1 out of range 0–10');
    expect(error(() => parseImdbRow('title.ratings', ['tt0000001', '-1', '5']))).toBe('bad averageRating "-1"');
    expect(error(() => parseImdbRow('title.ratings', ['tt0000001', '7.5', '1e3']))).toBe('bad numVotes "1e3"');
    expect(error(() => parseImdbRow('title.ratings', ['tt0000001', '7.5', '-3']))).toBe('bad numVotes "-3"');
  });

  it('checks people ids in crew and titles in knownForTitles', () => {
    expect(error(() => parseImdbRow('title.crew', ['tt0000001', 'nm0000001,nm12', '\\N']))).toBe('bad directors entry "nm12"');
    expect(error(() => parseImdbRow('name.basics', ['nm0000001', 'X', '\\N', '\\N', 'actor', 'tt1,tt0000001']))).toBe(
      'bad knownForTitles entry "tt1"',
    );
    expect(error(() => parseImdbRow('title.principals', ['tt0000001', '1', 'tt0000001', 'actor', '\\N', '\\N']))).toBe(
      'bad nconst "tt0000001"',
    );
  });

  it('splits aka types and attributes on IMDb\'s \\u0002 separator, not on commas', () => {
    const row = parseImdbRow('title.akas', [
      'tt0062622',
      '9',
      '2001: Odisea del espacio',
      'ES',
      '\\N',
      'imdbDisplay\u0002dvd',
      'new title, second edition\u0002literal title',
      '0',
    ]);
    expect(row).toMatchObject({ types: ['imdbDisplay', 'dvd'], attributes: ['new title, second edition', 'literal title'], language: null });
  });

  it('keeps null episode numbers and rejects bad ones', () => {
    expect(parseImdbRow('title.episode', ['tt0959621', 'tt0903747', '\\N', '3'])).toMatchObject({ seasonNumber: null, episodeNumber: 3 });
    expect(error(() => parseImdbRow('title.episode', ['tt0959621', 'tt0903747', 'one', '3']))).toBe('bad seasonNumber "one"');
  });
});

describe('parseCharacters', () => {
  it('parses IMDb\'s JSON arrays and \\N', () => {
    expect(parseCharacters('\\N')).toEqual([]);
    expect(parseCharacters('["Walter White","Heisenberg"]')).toEqual(['Walter White', 'Heisenberg']);
    expect(parseCharacters('["Emmett \\"Doc\\" Brown"]')).toEqual(['Emmett "Doc" Brown']);
    expect(parseCharacters('["Self - Host"]')).toEqual(['Self - Host']);
  });

  it('rejects what is not an array of strings', () => {
    for (const bad of ['Andy', '["Andy"', '{"a":1}', '[1]', '"Andy"', '[null]']) {
      expect(() => parseCharacters(bad), bad).toThrow(RowError);
    }
  });

  it('reads back any list of names written as JSON (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 })), (names) => {
        expect(parseCharacters(JSON.stringify(names))).toEqual(names);
      }),
    );
  });
});
