import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexFileError, readIndexFile, writeIndexFile } from './index-file';
import { IndexFiles } from './index-files';
import { buildDictionary, DocIndexBuilder, indexFromSections, indexSections, type DictRow, type Kind, type LoadedIndex } from './memory-index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-index-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A small random-looking catalogue: Latin and Persian words, a few past U+FFFF and in U+E000–U+FFFF. */
function catalogue(seed: number): LoadedIndex {
  let x = seed;
  const rand = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const alphabets = ['abcdefghij', 'ابپتثجچحخد', 'ab\u{1F600}\uE000\uFFFDc'];
  const words = new Set<string>();
  while (words.size < 600) {
    const letters = [...alphabets[rand(alphabets.length)]!];
    let w = '';
    for (let i = 0, n = 2 + rand(9); i < n; i++) w += letters[rand(letters.length)];
    words.add(w);
  }
  // Ids with gaps, as operators' edits leave them.
  const rows: DictRow[] = [...words].map((word, i) => ({ id: 1 + 2 * i + (i % 5 === 0 ? 1 : 0), word, tv: rand(50), tc: rand(3), pp: rand(50), pc: rand(3) }));
  const dictionary = buildDictionary(rows);
  const dictSize = Math.max(...rows.map((r) => r.id)) + 1;
  const docs = (kind: Kind, n: number) => {
    const b = new DocIndexBuilder();
    for (let id = 1; id <= n; id++) {
      const mine = Array.from({ length: 1 + rand(4) }, () => rows[rand(rows.length)]!);
      b.add({ id: id * 3, weight: rand(100), series: kind === 'titles' && rand(2) === 1, wordIds: mine.map((r) => r.id), names: mine.map((r) => r.word).join(' ') });
    }
    return b.finish(dictSize);
  };
  return { version: 7, key: 'v7-1', dictionary, docs: { titles: docs('titles', 400), people: docs('people', 300) }, shelves: new Map() };
}

/** Everything a search asks of an index, for a set of probes. */
function answers(index: LoadedIndex, probes: string[]) {
  const out: unknown[] = [];
  for (const kind of ['titles', 'people'] as const) {
    for (const p of probes) {
      out.push(index.dictionary.lookup(kind, p), index.dictionary.prefix(kind, p, 5), index.dictionary.prefix(kind, p, 40), index.dictionary.similar(kind, p, 30));
    }
    for (let id = 0; id < 700; id += 3) {
      out.push(index.docs[kind].candidates([[id]], 100), index.docs[kind].candidates([[id], [id + 1, id + 2]], 10, 'series'));
    }
  }
  return out;
}

describe('the index file', () => {
  const index = catalogue(1);
  const probes = ['', 'a', 'ab', 'abc', 'ا', 'اب', 'ab\u{1F600}', 'ab\uE000', '\uFFFD', 'zz', 'abcdefgh', 'ابپتثجچ'];
  for (const w of [...Array(60).keys()].map((i) => index.dictionary.prefix('titles', probes[i % probes.length]!, 40)[i % 3]?.word)) if (w) probes.push(w, w.slice(0, -1), `${w}x`);

  it('answers, once written and read back, exactly as the index it was written from', async () => {
    const file = path.join(dir, 'round-trip.idx');
    const size = await writeIndexFile(file, { key: 'v7-1', version: 7, sections: indexSections(index) });
    expect(fs.statSync(file).size).toBe(size);
    const read = indexFromSections(await readIndexFile(file, 'v7-1'));
    expect(read.version).toBe(7);
    expect(read.key).toBe('v7-1');
    expect(read.dictionary.size).toBe(index.dictionary.size);
    expect(read.docs.titles.size).toBe(400);
    expect(answers(read, probes)).toEqual(answers(index, probes));
    // Some of the probes met something: the comparison is not between two empty answers.
    expect(answers(index, probes).filter((a) => Array.isArray(a) && a.length > 0).length).toBeGreaterThan(100);
  });

  it('leaves no temporary file, and is refused for another key, cut short, or overwritten', async () => {
    const file = path.join(dir, 'refused.idx');
    await writeIndexFile(file, { key: 'v7-1', version: 7, sections: indexSections(index) });
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(readIndexFile(file, 'v8-1')).rejects.toBeInstanceOf(IndexFileError);
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length - 100));
    await expect(readIndexFile(file, 'v7-1')).rejects.toBeInstanceOf(IndexFileError);
    fs.writeFileSync(file, Buffer.from('not an index at all'));
    await expect(readIndexFile(file, 'v7-1')).rejects.toBeInstanceOf(IndexFileError);
  });
});

/** The dictionary as it was kept before it was packed: a string per word, a map, a sorted id array. */
function reference(rows: DictRow[]) {
  const words = new Map(rows.map((r) => [r.id, r]));
  const sorted = rows.map((r) => r.id).sort((a, b) => (words.get(a)!.word < words.get(b)!.word ? -1 : 1));
  return {
    lookup: (w: string) => rows.find((r) => r.word === w && r.tc > 0)?.id,
    prefix(p: string, limit: number) {
      const top: number[] = [];
      for (const id of sorted) {
        const r = words.get(id)!;
        if (!r.word.startsWith(p) || r.tc === 0) continue;
        if (top.length === limit && r.tv <= words.get(top[limit - 1]!)!.tv) continue;
        let at = top.length;
        while (at > 0 && (words.get(top[at - 1]!)!.tv < r.tv || (words.get(top[at - 1]!)!.tv === r.tv && top[at - 1]! > id))) at--;
        top.splice(at, 0, id);
        if (top.length > limit) top.pop();
      }
      return top;
    },
  };
}

describe('the packed dictionary', () => {
  // Characters where UTF-8's order and JavaScript's differ: past U+FFFF against U+E000–U+FFFF.
  const char = fc.constantFrom('a', 'b', 'ب', 'ی', '\u{1F600}', '\u{10000}', '\uE000', '\uFFFD', '\uFF21', '\u07FF', '\u0800');
  const word = fc.array(char, { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));

  it('finds words and walks prefixes in the order the strings had (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 40, maxLength: 40 }), (words, votes) => {
        // Equal votes everywhere make the walk's order decide which words are kept.
        const rows = words.map((w, i) => ({ id: i + 1, word: w, tv: votes[i]!, tc: 1, pp: 0, pc: 0 }));
        const dict = buildDictionary(rows);
        const ref = reference(rows);
        for (const w of words) {
          expect(dict.lookup('titles', w)?.id).toBe(ref.lookup(w));
          // Prefixes of whole characters, as a query's words are (see the test below for half of one).
          for (const p of [...new Set([w, [...w][0]!, [...w].slice(0, 2).join(''), [...w].slice(0, -1).join('')])].filter(Boolean)) {
            expect(dict.prefix('titles', p, 3).map((e) => e.id), p).toEqual(ref.prefix(p, 3));
          }
        }
        expect(dict.lookup('titles', 'zzz')).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing for half of a character (a lone surrogate), which no query decoded from UTF-8 can hold', () => {
    const dict = buildDictionary([{ id: 1, word: 'a\u{1F600}', tv: 1, tc: 1, pp: 0, pc: 0 }]);
    expect(dict.prefix('titles', 'a', 5).map((e) => e.word)).toEqual(['a\u{1F600}']);
    expect(dict.prefix('titles', 'a\uD83D', 5)).toEqual([]);
    expect(dict.lookup('titles', 'a\uD83D')).toBeUndefined();
  });
});

describe('the shared directory', () => {
  it('builds once when many ask at once, then reads the file; a new key makes a new file and removes the old', async () => {
    const shared = path.join(dir, 'shared');
    const files = new IndexFiles(shared);
    let key = 'v1-100';
    let builds = 0;
    let reads = 0;
    const opts = {
      currentKey: async () => key,
      read: async (file: string, k: string) => {
        const contents = await readIndexFile(file, k);
        reads++;
        return indexFromSections(contents);
      },
      build: async () => {
        builds++;
        await new Promise((r) => setTimeout(r, 300));
        const index = catalogue(builds);
        return { value: { ...index, key, version: Number(key.slice(1, 2)) }, key };
      },
      write: async (index: LoadedIndex, file: string, k: string) => {
        await writeIndexFile(file, { key: k, version: index.version, sections: indexSections(index) });
      },
    };
    // Four callers with their own holders, as four processes would be.
    const got = await Promise.all([1, 2, 3, 4].map(() => new IndexFiles(shared).obtain(opts)));
    expect(builds).toBe(1);
    expect(got.map((g) => g.from).sort()).toEqual(['database', 'file', 'file', 'file']);
    expect(fs.readdirSync(shared)).toEqual([path.basename(files.fileFor('v1-100'))]);
    const probes = ['ab', 'اب', 'abc'];
    for (const g of got) expect(answers(g.value, probes)).toEqual(answers(got[0]!.value, probes));

    key = 'v2-100';
    expect((await files.obtain(opts)).from).toBe('database');
    expect(builds).toBe(2);
    expect(fs.readdirSync(shared)).toEqual([path.basename(files.fileFor('v2-100'))]);
    const readsBefore = reads;
    expect((await files.obtain(opts)).from).toBe('file');
    expect(reads).toBe(readsBefore + 1);
  });

  it('takes over the lock of a process that is gone, and rebuilds a damaged file', async () => {
    const shared = path.join(dir, 'stale');
    const files = new IndexFiles(shared);
    fs.mkdirSync(shared, { recursive: true });
    // A pid no process has (above the kernel's limit).
    fs.writeFileSync(`${files.fileFor('v3-1')}.lock`, JSON.stringify({ pid: 2 ** 30, host: os.hostname() }));
    let builds = 0;
    const opts = {
      currentKey: async () => 'v3-1',
      read: async (file: string, k: string) => indexFromSections(await readIndexFile(file, k)),
      build: async () => {
        builds++;
        return { value: catalogue(3), key: 'v3-1' };
      },
      write: async (index: LoadedIndex, file: string, k: string) => {
        await writeIndexFile(file, { key: k, version: index.version, sections: indexSections(index) });
      },
    };
    expect((await files.obtain(opts)).from).toBe('database');
    fs.writeFileSync(files.fileFor('v3-1'), 'damaged');
    expect((await files.obtain(opts)).from).toBe('database');
    expect(builds).toBe(2);
    expect((await files.obtain(opts)).from).toBe('file');
    expect(fs.readdirSync(shared)).toEqual([path.basename(files.fileFor('v3-1'))]);
  });

  it('keeps what it built when the file cannot be written (a full disk)', async () => {
    const shared = path.join(dir, 'full');
    const files = new IndexFiles(shared);
    const built = catalogue(4);
    const got = await files.obtain({
      currentKey: async () => 'v4-1',
      read: async (file: string, k: string) => indexFromSections(await readIndexFile(file, k)),
      build: async () => ({ value: built, key: 'v4-1' }),
      write: async () => {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
    });
    expect(got).toMatchObject({ from: 'database' });
    expect(got.value).toBe(built);
    expect(fs.readdirSync(shared)).toEqual([]);
  });
});
