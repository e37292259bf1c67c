import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findImdbFile, ImportFileError, readImdbFile, type ReadOptions, type RowIssue } from './imdb-reader';
import { IMDB_KINDS, type ImdbKind, type RowByKind } from './imdb-rows';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'imdb');

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-imdb-reader-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Writes a file under the temp dir from text or raw bytes; `.gz` names are gzipped. */
function write(name: string, content: string | Buffer): string {
  const file = path.join(tmp, name);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  fs.writeFileSync(file, name.endsWith('.gz') ? zlib.gzipSync(bytes) : bytes);
  return file;
}

async function readAll<K extends ImdbKind>(file: string, kind: K, opts: ReadOptions = {}) {
  const issues: RowIssue[] = [];
  const batches: RowByKind[K][][] = [];
  for await (const batch of readImdbFile(file, kind, { ...opts, onIssue: (i) => issues.push(i) })) batches.push(batch);
  return { rows: batches.flat(), batches, issues };
}

const BASICS_HEADER = 'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres';
const basicsLine = (n: number, year = '1994') =>
  `tt${String(n).padStart(7, '0')}\tmovie\tTitle ${n}\tTitle ${n}\t0\t${year}\t\\N\t100\tDrama`;

describe('readImdbFile on the fixtures', () => {
  it('reads every kind, plain and gzipped, with the same rows', async () => {
    for (const kind of IMDB_KINDS) {
      const plain = path.join(FIXTURES, `${kind}.tsv`);
      const gz = write(`${kind}.tsv.gz`, fs.readFileSync(plain));
      const a = await readAll(plain, kind);
      const b = await readAll(gz, kind);
      const dataLines = fs.readFileSync(plain, 'utf8').trimEnd().split('\n').length - 1;
      expect(a.issues, kind).toEqual([]);
      expect(a.rows, kind).toHaveLength(dataLines);
      expect(b.rows, kind).toEqual(a.rows);
    }
  });

  it('parses title.basics fields', async () => {
    const { rows } = await readAll(path.join(FIXTURES, 'title.basics.tsv'), 'title.basics');
    expect(rows[0]).toEqual({
      tconst: 'tt0000001',
      titleType: 'short',
      primaryTitle: 'Carmencita',
      originalTitle: 'Carmencita',
      isAdult: false,
      startYear: 1894,
      endYear: null,
      runtimeMinutes: 1,
      genres: ['Documentary', 'Short'],
    });
    expect(rows.find((r) => r.tconst === 'tt0903747')).toMatchObject({ endYear: 2013, titleType: 'tvSeries' });
    expect(rows.find((r) => r.tconst === 'tt1832382')?.originalTitle).toBe('Jodaeiye Nader az Simin');
    // IMDb does not quote fields: quotes are text, even unbalanced ones.
    expect(rows.at(-1)).toMatchObject({
      tconst: 'tt10000001',
      primaryTitle: '"Weird" Title "With Quotes',
      startYear: null,
      runtimeMinutes: null,
      genres: [],
    });
  });

  it('parses Persian akas and characters JSON', async () => {
    const akas = await readAll(path.join(FIXTURES, 'title.akas.tsv'), 'title.akas');
    expect(akas.rows.filter((r) => r.region === 'IR' && r.language === 'fa').map((r) => r.title)).toEqual([
      'رستگاری در شاوشنک',
      'جدایی نادر از سیمین',
    ]);
    expect(akas.rows[2]).toMatchObject({ types: [], attributes: ['literal English title'], isOriginalTitle: false });

    const principals = await readAll(path.join(FIXTURES, 'title.principals.tsv'), 'title.principals');
    const chars = principals.rows.map((r) => r.characters);
    expect(chars).toContainEqual(['Walter White', 'Heisenberg']);
    expect(chars).toContainEqual(['Jesse "Cap\'n Cook" Pinkman']);
    expect(chars).toContainEqual(["Ellis Boyd 'Red' Redding"]);
    expect(principals.rows[1]).toMatchObject({ category: 'director', job: null, characters: [] });
    expect(principals.rows.find((r) => r.category === 'writer')?.job).toBe(
      'short story "Rita Hayworth and Shawshank Redemption"',
    );
  });

  it('parses crew, episodes, ratings and names', async () => {
    const crew = await readAll(path.join(FIXTURES, 'title.crew.tsv'), 'title.crew');
    expect(crew.rows[1]).toEqual({ tconst: 'tt0111161', directors: ['nm0001104'], writers: ['nm0000175', 'nm0001104'] });
    expect(crew.rows[2]?.directors).toEqual([]);

    const episodes = await readAll(path.join(FIXTURES, 'title.episode.tsv'), 'title.episode');
    expect(episodes.rows[0]).toEqual({ tconst: 'tt0959621', parentTconst: 'tt0903747', seasonNumber: 1, episodeNumber: 1 });
    expect(episodes.rows[2]).toMatchObject({ seasonNumber: null, episodeNumber: null });

    const ratings = await readAll(path.join(FIXTURES, 'title.ratings.tsv'), 'title.ratings');
    expect(ratings.rows[2]).toEqual({ tconst: 'tt0111161', averageRating: 9.3, numVotes: 3_000_000 });

    const names = await readAll(path.join(FIXTURES, 'name.basics.tsv'), 'name.basics');
    expect(names.rows.find((r) => r.nconst === 'nm0000636')).toMatchObject({ birthYear: 1564, deathYear: 1616 });
    expect(names.rows.at(-1)).toEqual({
      nconst: 'nm9999999',
      primaryName: 'Nobody Known',
      birthYear: null,
      deathYear: null,
      primaryProfession: [],
      knownForTitles: [],
    });
  });
});

describe('readImdbFile header', () => {
  it('names every missing column and the file', async () => {
    const file = write('missing.tsv', 'tconst\ttitleType\tprimaryTitle\tisAdult\tgenres\ntt0000001\tshort\tX\t0\tDrama\n');
    const err = await readAll(file, 'title.basics').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as ImportFileError).file).toBe(file);
    expect((err as ImportFileError).line).toBe(1);
    expect((err as Error).message).toContain('originalTitle, startYear, endYear, runtimeMinutes');
    expect((err as Error).message).toContain(file);
  });

  it('finds columns by name, in any order, with extra columns', async () => {
    const file = write(
      'reordered.tsv',
      'numVotes\tsource\ttconst\taverageRating\n' + '42\timdb\ttt0000001\t5.7\n' + '7\tx\ttt0000002\t10.0\n',
    );
    const { rows, issues } = await readAll(file, 'title.ratings');
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      { tconst: 'tt0000001', averageRating: 5.7, numVotes: 42 },
      { tconst: 'tt0000002', averageRating: 10, numVotes: 7 },
    ]);
  });

  it('strips a UTF-8 BOM and tolerates CRLF', async () => {
    const text = `\uFEFF${BASICS_HEADER}\r\n${basicsLine(1)}\r\n${basicsLine(2)}\r\n`;
    const { rows, issues } = await readAll(write('bom-crlf.tsv', text), 'title.basics');
    expect(issues).toEqual([]);
    expect(rows.map((r) => [r.tconst, r.genres])).toEqual([
      ['tt0000001', ['Drama']],
      ['tt0000002', ['Drama']],
    ]);
  });

  it('rejects an empty file and a missing one', async () => {
    await expect(readAll(write('empty.tsv', ''), 'title.crew')).rejects.toThrow(/empty/);
    await expect(readAll(path.join(tmp, 'nope.tsv'), 'title.crew')).rejects.toThrow(ImportFileError);
    await expect(readAll(path.join(tmp, 'nope.tsv'), 'title.crew')).rejects.toThrow(/not found/);
  });

  it('rejects a .gz that is not gzip, and a truncated gzip', async () => {
    const fake = path.join(tmp, 'fake.tsv.gz');
    fs.writeFileSync(fake, 'tconst\tdirectors\twriters\n');
    await expect(readAll(fake, 'title.crew')).rejects.toThrow(/not gzip/);

    const lines = [BASICS_HEADER, ...Array.from({ length: 2000 }, (_, i) => basicsLine(i + 1))].join('\n');
    const gz = zlib.gzipSync(Buffer.from(lines));
    const truncated = path.join(tmp, 'truncated.tsv.gz');
    fs.writeFileSync(truncated, gz.subarray(0, gz.length - 100));
    const err = await readAll(truncated, 'title.basics').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportFileError);
    expect((err as Error).message).toMatch(/cannot decompress/);
  });
});

describe('readImdbFile broken rows', () => {
  it('reports bad lines with 1-based line numbers and keeps the good ones', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${BASICS_HEADER}\n`), // line 1
      Buffer.from(`${basicsLine(1)}\n`), // 2
      Buffer.from(`${basicsLine(2, '19x4')}\n`), // 3: bad year
      Buffer.from('tt0000003\tmovie\tshort line\n'), // 4: too few fields
      Buffer.from('tt0000004\tmovie\tBad '), // 5: invalid UTF-8 in a title
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('\tBad\t0\t1994\t\\N\t90\tDrama\n'),
      Buffer.from(`${basicsLine(5, '1850')}\n`), // 6: year out of range
      Buffer.from(`${basicsLine(6)}\textra\n`), // 7: too many fields
      Buffer.from(`xx0000007\tmovie\tT\tT\t0\t1994\t\\N\t100\tDrama\n`), // 8: bad id
      Buffer.from(`${basicsLine(8)}`), // 9: good, no final newline
    ]);
    const { rows, issues } = await readAll(write('broken.tsv', bytes), 'title.basics');
    expect(rows.map((r) => r.tconst)).toEqual(['tt0000001', 'tt0000008']);
    const file = path.join(tmp, 'broken.tsv');
    expect(issues).toEqual([
      { file, line: 3, message: 'bad startYear "19x4"' },
      { file, line: 4, message: 'expected 9 fields, got 3' },
      { file, line: 5, message: 'invalid UTF-8 encoding' },
      { file, line: 6, message: 'startYear 1850 out of range 1870–2100' },
      { file, line: 7, message: 'expected 9 fields, got 10' },
      { file, line: 8, message: 'bad tconst "xx0000007"' },
    ]);
  });

  it('reports the same lines in a gzipped file', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${BASICS_HEADER}\n${basicsLine(1)}\n`),
      Buffer.from([0xe2, 0x82, 0x0a]), // line 3: a truncated 3-byte sequence, then the newline
      Buffer.from(`${basicsLine(2)}\n`),
    ]);
    const { rows, issues } = await readAll(write('broken.tsv.gz', bytes), 'title.basics');
    expect(rows).toHaveLength(2);
    expect(issues.map((i) => [i.line, i.message])).toEqual([[3, 'invalid UTF-8 encoding']]);
  });

  it('reports malformed characters JSON without dropping the rest', async () => {
    const text =
      'tconst\tordering\tnconst\tcategory\tjob\tcharacters\n' +
      'tt0000001\t1\tnm0000001\tactor\t\\N\t["Ok"]\n' +
      'tt0000001\t2\tnm0000002\tactor\t\\N\t["Broken\n' +
      'tt0000001\t3\tnm0000003\tactor\t\\N\t[1,2]\n' +
      'tt0000001\t0\tnm0000004\tactor\t\\N\t\\N\n' +
      'tt0000001\t5\tnm0000005\tactor\t\\N\t["A","B"]\n';
    const { rows, issues } = await readAll(write('chars.tsv', text), 'title.principals');
    expect(rows.map((r) => r.characters)).toEqual([['Ok'], ['A', 'B']]);
    expect(issues.map((i) => i.line)).toEqual([3, 4, 5]);
    expect(issues[0]?.message).toMatch(/^bad characters "\[\\"Broken" \(not a JSON array\)$/);
    expect(issues[2]?.message).toBe('bad ordering "0"');
  });
});

describe('readImdbFile streaming', () => {
  const lines = Array.from({ length: 1234 }, (_, i) => basicsLine(i + 1));
  const text = `${BASICS_HEADER}\n${lines.join('\n')}\n`;

  it('splits lines correctly across tiny chunks, plain and gzipped, with Persian text', async () => {
    // Multi-byte characters make chunk edges fall inside UTF-8 sequences too.
    const some = lines.slice(0, 150);
    const persian = `${BASICS_HEADER}\n${some.map((l, i) => l.replace(`Title ${i + 1}`, `فیلم ${i + 1}`)).join('\n')}\n`;
    for (const name of ['chunks.tsv', 'chunks.tsv.gz']) {
      for (const highWaterMark of [1, 7, 64]) {
        const { rows, issues } = await readAll(write(name, persian), 'title.basics', { highWaterMark, batchSize: 40 });
        expect(issues).toEqual([]);
        expect(rows).toHaveLength(150);
        expect(rows[99]?.primaryTitle).toBe('فیلم 100');
        expect(rows.map((r) => r.tconst)).toEqual(some.map((l) => l.slice(0, 9)));
      }
    }
  });

  it('yields batches of batchSize, the last one shorter', async () => {
    const { batches } = await readAll(write('batches.tsv', text), 'title.basics', { batchSize: 500 });
    expect(batches.map((b) => b.length)).toEqual([500, 500, 234]);
  });

  it('reports progress by file bytes, ending at the file size', async () => {
    const file = write('progress.tsv.gz', text);
    const size = fs.statSync(file).size;
    const seen: { bytesRead: number; totalBytes: number; rows: number }[] = [];
    await readAll(file, 'title.basics', { highWaterMark: 256, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ file, bytesRead: size, totalBytes: size, rows: 1234 });
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytesRead).toBeGreaterThanOrEqual(seen[i - 1]!.bytesRead);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const file = write('abort.tsv', text);
    let batches = 0;
    const run = async () => {
      for await (const _batch of readImdbFile(file, 'title.basics', {
        batchSize: 10,
        highWaterMark: 64,
        signal: controller.signal,
      })) {
        if (++batches === 2) controller.abort(new Error('stop'));
      }
    };
    await expect(run()).rejects.toThrow('stop');
    expect(batches).toBe(2);
  });

  it('reads any split of any valid file the same (property)', async () => {
    const titleText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '"', 'ش', 'ی', '\u200c', '😀'), minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(titleText, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        async (titles, highWaterMark, crlf) => {
          const nl = crlf ? '\r\n' : '\n';
          const body = titles.map((t, i) => basicsLine(i + 1).replace(`Title ${i + 1}\tTitle ${i + 1}`, `${t}\t${t}`));
          const file = write('property.tsv', `${BASICS_HEADER}${nl}${body.join(nl)}${nl}`);
          const { rows, issues } = await readAll(file, 'title.basics', { highWaterMark, batchSize: 7 });
          expect(issues).toEqual([]);
          expect(rows.map((r) => r.primaryTitle)).toEqual(titles);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('findImdbFile', () => {
  it('prefers .tsv, then .tsv.gz, else null', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'find-'));
    expect(findImdbFile(dir, 'title.basics')).toBeNull();
    fs.writeFileSync(path.join(dir, 'title.basics.tsv.gz'), '');
    expect(findImdbFile(dir, 'title.basics')).toBe(path.join(dir, 'title.basics.tsv.gz'));
    fs.writeFileSync(path.join(dir, 'title.basics.tsv'), '');
    expect(findImdbFile(dir, 'title.basics')).toBe(path.join(dir, 'title.basics.tsv'));
    expect(findImdbFile(dir, 'title.akas')).toBeNull();
  });
});
