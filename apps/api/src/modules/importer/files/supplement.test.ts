import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { usePersianErrors } from '@parde/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from './imdb-reader';
import { findJsonError, loadSupplement, parseSupplement, supplementSchema } from './supplement';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'supplement.json');
const fixture = () => JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, unknown> & {
  titles: Record<string, Record<string, unknown>>;
  people: Record<string, Record<string, unknown>>;
  collections: Record<string, unknown>[];
};

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-supplement-'));
  // The API installs Persian messages globally; operator reports must stay English regardless.
  usePersianErrors();
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const parse = (doc: unknown) => parseSupplement(JSON.stringify(doc, null, 2));

describe('loadSupplement', () => {
  it('loads the fixture with no issues, and it matches the full schema', async () => {
    const { data, issues } = await loadSupplement(FIXTURE);
    expect(issues).toEqual([]);
    expect(Object.keys(data.titles)).toEqual(['tt0111161', 'tt1832382', 'tt0903747', 'tt9999991']);
    expect(data.titles.tt0111161?.rottenTomatoes).toEqual({ meter: 89, status: 'certified' });
    expect(data.titles.tt0111161?.files?.[1]?.audio).toBe('dub:سورن');
    expect(data.people.nm1410815?.fullnameFa).toBe('اصغر فرهادی');
    expect(data.collections[0]?.listing).toBe('grid');
    expect(supplementSchema.safeParse(fixture()).success).toBe(true);
  });

  it('drops only the bad title, person or collection, and names each problem by its path', () => {
    const doc = fixture();
    (doc.titles.tt0111161!.rottenTomatoes as { meter: number }).meter = 140;
    doc.titles.tt1832382!.releaseDate = '2011-02-30';
    doc.titles.tt0903747!.files = [{ ...(doc.titles.tt0903747!.files as object[])[0], quality: '4k', audio: 'dubbed' }];
    doc.titles.tt123 = { plotFa: 'x', plotEn: 'x', countries: [], languages: [] };
    doc.people.nm0000209!.fullnameFa = '';
    doc.people.nm0000001 = { fullnameFa: 'فرد آستر', bio: 'typo' };
    doc.collections.push({ ...doc.collections[0], slug: 'Bad Slug', titles: ['tt1832382', 'x'] });
    doc.collections.push({ ...doc.collections[0], slug: 'second' });

    const { data, issues } = parse(doc);
    expect(issues).toEqual([
      'titles.tt0111161.rottenTomatoes.meter: too big (maximum 100)',
      'titles.tt1832382.releaseDate: expected a date as YYYY-MM-DD',
      'titles.tt0903747.files[0].quality: expected one of "480p", "720p", "1080p", "2160p"',
      'titles.tt0903747.files[0].audio: expected "original" or "dub:<studio>"',
      'titles.tt123: expected an IMDb title id like tt0111161',
      'people.nm0000209.fullnameFa: must not be empty',
      'people.nm0000001: unknown key "bio"',
      'collections[1].slug: expected a slug: lower-case latin letters, digits and hyphens',
      'collections[1].titles[1]: expected an IMDb title id like tt0111161',
    ]);
    expect(Object.keys(data.titles)).toEqual(['tt9999991']);
    expect(Object.keys(data.people)).toEqual(['nm1410815']);
    expect(data.collections.map((c) => c.slug)).toEqual(['iranian-cinema', 'second']);
    expect(Object.keys(data.genres)).toEqual(['Drama', 'Sci-Fi']);
  });

  it('checks the documented vocabularies and references between fields', () => {
    const doc = fixture();
    doc.titles.tt0111161!.ageRating = 'PG13';
    const files = doc.titles.tt0111161!.files as Record<string, unknown>[];
    files[0]!.codec = 'h264';
    files[1]!.audio = 'dub:ونوس';
    doc.titles.tt1832382!.countries = ['IR', 'FR'];
    doc.titles.tt1832382!.languages = ['fa', 'xx'];
    doc.titles.tt9999991!.dubs = [{ studio: 'سورن', language: 'en' }];
    doc.collections.push({ ...doc.collections[0] });
    const { data, issues } = parse(doc);
    expect(issues).toEqual([
      'titles.tt0111161.ageRating: expected one of "G", "PG", "PG-13", "R", "NC-17", "TV-Y", "TV-G", "TV-PG", "TV-14", "TV-MA"',
      'titles.tt0111161.files[0].codec: expected one of "x264", "x265", "AV1"',
      'titles.tt1832382.countries[1]: unknown country "FR" (not in countries)',
      'titles.tt1832382.languages[1]: unknown language "xx" (not in languages)',
      'titles.tt9999991.dubs[0].language: expected "fa"',
      'collections[1].slug: duplicate slug "iranian-cinema"',
    ]);
    expect(Object.keys(data.titles)).toEqual(['tt0903747']);
    expect(data.collections).toHaveLength(1);

    const dubless = fixture();
    ((dubless.titles.tt0111161!.files as Record<string, unknown>[])[1]!).audio = 'dub:ونوس';
    expect(parse(dubless).issues).toEqual([`titles.tt0111161.files[1].audio: dub "ونوس" is not in this title's dubs`]);
  });

  it('reports missing and mistyped fields in English', () => {
    const doc = fixture();
    delete doc.titles.tt1832382!.plotEn;
    doc.titles.tt9999991!.countries = 'IR';
    doc.titles.tt9999991!.free = false;
    const { issues } = parse(doc);
    expect(issues).toEqual([
      'titles.tt1832382.plotEn: required',
      'titles.tt9999991.countries: expected array, got string',
      'titles.tt9999991.free: expected true',
    ]);
  });

  it('refuses a wrong overall shape', () => {
    const wrongVersion = { ...fixture(), version: 2 };
    expect(() => parse(wrongVersion)).toThrow(ImportFileError);
    expect(() => parse(wrongVersion)).toThrow(/version: expected 1/);

    const noTitles = fixture() as Record<string, unknown>;
    delete noTitles.titles;
    expect(() => parse(noTitles)).toThrow(/titles: required/);

    const badGenre = fixture() as Record<string, unknown>;
    badGenre.genres = { Drama: { titleFa: 'درام' } };
    expect(() => parse(badGenre)).toThrow(/genres\.Drama\.slug: required/);

    expect(() => parse([])).toThrow(/expected object, got array/);
    expect(() => parse({ ...fixture(), extra: 1 })).toThrow(/unknown key "extra"/);
  });

  it('reports JSON syntax errors with line and column', () => {
    const cases: [string, number, number, RegExp][] = [
      ['{\n  "version": 1,\n  "titles": {,\n}', 3, 14, /property name/],
      ['{\n  "version": 1,\n}', 3, 1, /trailing comma/],
      ['{\n  "a": [1, 2,]\n}', 2, 14, /trailing comma/],
      ['{\n  "a": "unterminated\n}', 2, 21, /unterminated string/],
      ['{\n  "a": tru\n}', 2, 8, /unexpected/],
      ["{\n  'a': 1\n}", 2, 3, /double quotes/],
      ['{"a": 1}\n{"b": 2}', 2, 1, /after the end/],
      ['{\n  "a": 1', 2, 9, /end of file/],
    ];
    for (const [text, line, column, message] of cases) {
      let err: unknown;
      try {
        parseSupplement(text, 'supp.json');
      } catch (e) {
        err = e;
      }
      expect(err, text).toBeInstanceOf(ImportFileError);
      expect((err as Error).message, text).toContain(`line ${line}, column ${column}`);
      expect((err as Error).message, text).toMatch(message);
      expect((err as ImportFileError).line).toBe(line);
    }
  });

  it('accepts a BOM, and says when the file is missing', async () => {
    const file = path.join(tmp, 'bom.json');
    fs.writeFileSync(file, `\uFEFF${fs.readFileSync(FIXTURE, 'utf8')}`);
    expect((await loadSupplement(file)).issues).toEqual([]);
    await expect(loadSupplement(path.join(tmp, 'none.json'))).rejects.toThrow(/not found/);
  });
});

describe('findJsonError', () => {
  it('accepts exactly what JSON.parse accepts (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string({ maxLength: 30 })), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const found = findJsonError(text);
        // A valid document has no error offset before its end.
        expect(found.offset === text.length && found.message === 'invalid JSON').toBe(valid);
      }),
      { numRuns: 500 },
    );
  });
});
