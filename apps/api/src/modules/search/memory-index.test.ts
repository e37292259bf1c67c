import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { buildDictionary, DocIndexBuilder, IndexHolder, searchIndexChanged, type DictRow, type LoadedIndex } from './memory-index';

// A small dictionary: ids as search_words would give them.
const words: DictRow[] = [
  { id: 1, word: 'dark', tv: 2900, tc: 2, pp: 0, pc: 0 },
  { id: 2, word: 'knight', tv: 2900, tc: 2, pp: 0, pc: 0 },
  { id: 3, word: 'darkness', tv: 50, tc: 1, pp: 0, pc: 0 },
  { id: 4, word: 'darwin', tv: 900, tc: 1, pp: 0, pc: 0 },
  { id: 5, word: 'the', tv: 2900, tc: 4, pp: 0, pc: 0 },
  { id: 6, word: 'dante', tv: 0, tc: 0, pp: 400, pc: 1 },
  { id: 7, word: 'rises', tv: 1700, tc: 1, pp: 0, pc: 0 },
  { id: 8, word: 'interstellar', tv: 2200, tc: 1, pp: 0, pc: 0 },
];
const dict = buildDictionary(words);

describe('dictionary', () => {
  it('looks a word up only for the kind that has it', () => {
    expect(dict.lookup('titles', 'dark')).toEqual({ id: 1, word: 'dark', count: 2 });
    expect(dict.lookup('titles', 'dante')).toBeUndefined();
    expect(dict.lookup('people', 'dante')).toEqual({ id: 6, word: 'dante', count: 1 });
    expect(dict.lookup('titles', 'nothing')).toBeUndefined();
  });

  it('expands a prefix best title first, within the limit, and never past the prefix', () => {
    expect(dict.prefix('titles', 'da', 10).map((w) => w.word)).toEqual(['dark', 'darwin', 'darkness']);
    expect(dict.prefix('titles', 'da', 2).map((w) => w.word)).toEqual(['dark', 'darwin']);
    expect(dict.prefix('titles', 'dark', 10).map((w) => w.word)).toEqual(['dark', 'darkness']);
    expect(dict.prefix('people', 'da', 10).map((w) => w.word)).toEqual(['dante']);
    expect(dict.prefix('titles', 'zz', 10)).toEqual([]);
    // A cached short prefix answers the same.
    expect(dict.prefix('titles', 'da', 10).map((w) => w.word)).toEqual(['dark', 'darwin', 'darkness']);
  });

  it('finds trigram neighbours of a long misspelt word', () => {
    expect(dict.similar('titles', 'interstelar', 30).map((w) => w.word)).toEqual(['interstellar']);
    expect(dict.similar('titles', 'qqqqqqqq', 30)).toEqual([]);
  });
});

describe('documents', () => {
  const b = new DocIndexBuilder();
  b.add({ id: 10, weight: 2900, series: false, wordIds: [5, 1, 2], names: 'the dark knight | شوالیه تاریکی' });
  b.add({ id: 11, weight: 1700, series: false, wordIds: [5, 1, 2, 7], names: 'the dark knight rises' });
  b.add({ id: 12, weight: 50, series: true, wordIds: [5, 3], names: 'the darkness' });
  b.add({ id: 13, weight: 900, series: true, wordIds: [5, 4], names: 'the darwin' });
  b.add({ id: 14, weight: 2200, series: false, wordIds: [8], names: 'interstellar' });
  const docs = b.finish(9);

  it('returns the matches of every group, best first, with their words and names', () => {
    const hits = docs.candidates([[1], [2]], 100);
    expect(hits.map((h) => h.id)).toEqual([10, 11]);
    expect(hits[0]).toEqual({ id: 10, votes: 2900, word_ids: [5, 1, 2], search_text: 'the dark knight | شوالیه تاریکی' });
  });

  it('unites the words of a group and stops at the limit', () => {
    expect(docs.candidates([[5], [1, 3, 4]], 100).map((h) => h.id)).toEqual([10, 11, 13, 12]);
    expect(docs.candidates([[5], [1, 3, 4]], 2).map((h) => h.id)).toEqual([10, 11]);
    expect(docs.candidates([[5]], 3).map((h) => h.id)).toEqual([10, 11, 13]);
  });

  it('keeps only movies or only series when asked', () => {
    expect(docs.candidates([[5]], 100, 'series').map((h) => h.id)).toEqual([13, 12]);
    expect(docs.candidates([[5]], 100, 'movie').map((h) => h.id)).toEqual([10, 11]);
  });

  it('finds nothing for a word no document has, or no group at all', () => {
    expect(docs.candidates([[6]], 100)).toEqual([]);
    expect(docs.candidates([[1], [8]], 100)).toEqual([]);
    expect(docs.candidates([], 100)).toEqual([]);
  });
});

describe('the index a process holds', () => {
  /** A holder whose loads are the test's: each returns the next version when the test lets it. */
  class Held extends IndexHolder {
    loads: { version: number; finish: () => void }[] = [];
    private next = 0;
    constructor() {
      super(null as unknown as pg.Pool);
    }
    protected override load(): Promise<LoadedIndex> {
      const version = ++this.next;
      return new Promise((resolve) => {
        this.loads.push({ version, finish: () => resolve({ version, dictionary: dict, docs: {} as LoadedIndex['docs'], shelves: new Map() }) });
      });
    }
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('never answers a change made here with a load that started before it', async () => {
    const holder = new Held();
    const first = holder.get();
    await settle();
    expect(holder.loads.map((l) => l.version)).toEqual([1]);
    // This process changes the catalogue while the first load is still reading.
    searchIndexChanged();
    const second = holder.get();
    holder.loads[0]!.finish();
    expect((await first).version).toBe(1);
    await settle();
    // A second load follows the first, and the caller after the change waits for it.
    expect(holder.loads.map((l) => l.version)).toEqual([1, 2]);
    holder.loads[1]!.finish();
    expect((await second).version).toBe(2);
    expect((await holder.get()).version).toBe(2);
  });

  it('joins a load that started after the last change instead of starting another', async () => {
    const holder = new Held();
    searchIndexChanged();
    const a = holder.get();
    const b = holder.get();
    await settle();
    expect(holder.loads).toHaveLength(1);
    holder.loads[0]!.finish();
    expect([(await a).version, (await b).version]).toEqual([1, 1]);
  });
});
