import type pg from 'pg';
import type { Executor } from '../../db/executor';
import { onPool } from '../../db/executors';
import { Lru } from '../../lib/lru';
import { IndexFileError, readIndexFile, writeIndexFile, type Section } from './index-file';
import { IndexFiles, type IndexFilesLog, type ObtainOptions } from './index-files';
import { SearchRepository } from './search.repository';

/**
 * The search index held in each API process's memory, loaded from the tables PostgreSQL keeps
 * (`search_words`, and every title's and person's `word_ids` and `search_text`).
 *
 * Why in memory: over HTTP the database path cost ~4 ms of CPU per query on two cores (three
 * round trips, a bitmap heap scan that fetches and sorts every match of the rarest word). Here a
 * query is a few dictionary lookups and a walk of sorted posting lists that stops at the first
 * hundred matches: tens of microseconds, and one round trip left (the result cards).
 *
 * Layout: documents (titles or people) are numbered by rank — best votes (popularity) first —
 * so every posting list is sorted best-first and "the 100 best matches" is its first 100
 * entries that pass the other groups. Everything is a flat typed array (CSR), the dictionary's
 * words included (packed UTF-8, looked up by binary search): no object or string per word or
 * document, so the index is its arrays' bytes and can be written to a file and read back as is.
 *
 * Shared: built from the database once per catalogue change by the first process of the machine
 * that needs it, written to a file, and read from it by every other process and every restart
 * (index-files.ts, decision 34).
 */

export type Kind = 'titles' | 'people';

const BATCH = 50_000;

const repo = new SearchRepository();
/** pg_trgm's default `%` threshold: candidates for typo checking on long words. */
const TRIGRAM_THRESHOLD = 0.3;

function trigramsOf(word: string): string[] {
  // As pg_trgm pads a word: two spaces before, one after.
  const chars = Array.from(`  ${word} `);
  const out = new Set<string>();
  for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return [...out];
}

export interface DictWord {
  id: number;
  word: string;
  count: number;
}

/**
 * UTF-8 lead bytes re-ranked so that comparing packed words byte by byte orders them as
 * JavaScript compares strings (by UTF-16 code units): there, a character past U+FFFF (a surrogate
 * pair) sorts before U+E000–U+FFFF, while its UTF-8 lead byte (F0–F4) is above theirs (EE–EF).
 * Prefix expansion walks the words in this order and keeps the first of equally good ones, so
 * the order is part of what a search answers.
 */
const ORDER = Uint8Array.from({ length: 256 }, (_, b) => (b >= 0xf0 && b <= 0xf4 ? 0xee + (b - 0xf0) : b === 0xee || b === 0xef ? b + 5 : b));

/** Compares `a[aFrom, aTo)` with `b[bFrom, bTo)` in {@link ORDER}. */
function compareBytes(a: Uint8Array, aFrom: number, aTo: number, b: Uint8Array, bFrom: number, bTo: number): number {
  const n = Math.min(aTo - aFrom, bTo - bFrom);
  for (let i = 0; i < n; i++) {
    const x = a[aFrom + i]!;
    const y = b[bFrom + i]!;
    if (x !== y) return ORDER[x]! - ORDER[y]!;
  }
  return aTo - aFrom - (bTo - bFrom);
}

/** A lone surrogate cannot be written as UTF-8 (it would become U+FFFD): no dictionary word has one. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A word's UTF-8 bytes, in a buffer reused by every lookup: a typo query looks up hundreds of
 * one-edit variants, and a buffer each would cost more than the binary search. The view is valid
 * until the next call (lookups are synchronous).
 */
const scratch = Buffer.allocUnsafe(1024);
function utf8Of(word: string): Buffer {
  if (word.length * 3 > scratch.length) return Buffer.from(word, 'utf8');
  return scratch.subarray(0, scratch.write(word, 0, 'utf8'));
}

/**
 * The dictionary's arrays, as they are built and as the index file holds them: the words packed
 * as UTF-8 in one buffer, no JavaScript string or map entry per word.
 */
export interface DictionaryParts {
  /** Every word's UTF-8 bytes, by id: word `id` is `bytes[start[id], start[id + 1])`, empty for an id no word has. */
  bytes: Uint8Array;
  start: Int32Array;
  /** Word ids ordered by word (as JavaScript compares strings: `startsWith` ranges are contiguous). */
  sorted: Int32Array;
  /** By word id: the best votes (popularity) of a title (person) having it, and how many have it. */
  titleBest: Int32Array;
  titleCount: Int32Array;
  peopleBest: Int32Array;
  peopleCount: Int32Array;
}

/**
 * Trigram lists for typo lookups of long words: the distinct trigrams packed and sorted by their
 * UTF-8 bytes, each with the ids of the words having it, and each word's number of trigrams.
 */
export interface TrigramParts {
  gramBytes: Uint8Array;
  /** Trigram `g` is `gramBytes[gramStart[g], gramStart[g + 1])`; its words `gramIds[listStart[g], listStart[g + 1])`. */
  gramStart: Int32Array;
  listStart: Int32Array;
  gramIds: Int32Array;
  /** By word id. */
  sizes: Int32Array;
}

/** Every distinct normalized word of titles' and people's names, by its `search_words` id. */
export class Dictionary {
  private readonly prefixCache = new Map<string, DictWord[]>();
  private readonly bytes: Buffer;
  private readonly best: Record<Kind, Int32Array>;
  private readonly count: Record<Kind, Int32Array>;

  constructor(
    readonly parts: DictionaryParts,
    private trigramParts?: TrigramParts,
  ) {
    this.bytes = Buffer.from(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.byteLength);
    this.best = { titles: parts.titleBest, people: parts.peopleBest };
    this.count = { titles: parts.titleCount, people: parts.peopleCount };
  }

  get size(): number {
    return this.parts.sorted.length;
  }

  /** The trigram lists, built on the first typo lookup unless they came with the dictionary (from its file). */
  trigrams(): TrigramParts {
    return (this.trigramParts ??= buildTrigrams(this.parts));
  }

  private wordOf(id: number): string {
    return this.bytes.toString('utf8', this.parts.start[id]!, this.parts.start[id + 1]!);
  }

  private entry(kind: Kind, id: number): DictWord | undefined {
    const n = this.count[kind][id] ?? 0;
    return n > 0 ? { id, word: this.wordOf(id), count: n } : undefined;
  }

  /** The first position in `sorted` whose word is not below `key`. */
  private lowerBound(key: Buffer): number {
    const { sorted, start } = this.parts;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const id = sorted[mid]!;
      if (compareBytes(this.bytes, start[id]!, start[id + 1]!, key, 0, key.length) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private startsWith(id: number, key: Buffer): boolean {
    const from = this.parts.start[id]!;
    if (this.parts.start[id + 1]! - from < key.length) return false;
    for (let i = 0; i < key.length; i++) if (this.bytes[from + i] !== key[i]) return false;
    return true;
  }

  /** The word, if some title (or person) has it. */
  lookup(kind: Kind, word: string): DictWord | undefined {
    if (LONE_SURROGATE.test(word)) return undefined;
    const key = utf8Of(word);
    const at = this.lowerBound(key);
    if (at >= this.parts.sorted.length) return undefined;
    const id = this.parts.sorted[at]!;
    return this.parts.start[id + 1]! - this.parts.start[id]! === key.length && this.startsWith(id, key) ? this.entry(kind, id) : undefined;
  }

  /** Words starting with `prefix`, the best title (person) each appears in first. */
  prefix(kind: Kind, prefix: string, limit: number): DictWord[] {
    const key = `${kind}\u0000${limit}\u0000${prefix}`;
    const cached = this.prefixCache.get(key);
    if (cached) return cached;
    if (LONE_SURROGATE.test(prefix)) return [];
    const bytes = utf8Of(prefix);
    const { sorted } = this.parts;
    const best = this.best[kind];
    const count = this.count[kind];
    const top: number[] = [];
    for (let i = this.lowerBound(bytes); i < sorted.length; i++) {
      const id = sorted[i]!;
      if (!this.startsWith(id, bytes)) break;
      if ((count[id] ?? 0) === 0) continue;
      // Keep the `limit` best so far, best first (limit is small: insertion into a short list).
      if (top.length === limit && best[id]! <= best[top[limit - 1]!]!) continue;
      let at = top.length;
      while (at > 0 && (best[top[at - 1]!]! < best[id]! || (best[top[at - 1]!]! === best[id]! && top[at - 1]! > id))) at--;
      top.splice(at, 0, id);
      if (top.length > limit) top.pop();
    }
    const out = top.map((id) => this.entry(kind, id)!);
    // Short prefixes are the whole tail of typing and span thousands of words: keep them.
    if (prefix.length <= 3 && this.prefixCache.size < 20_000) this.prefixCache.set(key, out);
    return out;
  }

  /** Words sharing enough trigrams with `word` (pg_trgm's similarity), most similar first. */
  similar(kind: Kind, word: string, limit: number): DictWord[] {
    const { gramBytes, gramStart, listStart, gramIds, sizes } = this.trigrams();
    const packed = Buffer.from(gramBytes.buffer, gramBytes.byteOffset, gramBytes.byteLength);
    const grams = trigramsOf(word);
    const hits = new Map<number, number>();
    for (const g of grams) {
      if (LONE_SURROGATE.test(g)) continue;
      const key = Buffer.from(g, 'utf8');
      let lo = 0;
      let hi = gramStart.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (Buffer.compare(packed.subarray(gramStart[mid]!, gramStart[mid + 1]!), key) < 0) lo = mid + 1;
        else hi = mid;
      }
      if (lo >= gramStart.length - 1 || !packed.subarray(gramStart[lo]!, gramStart[lo + 1]!).equals(key)) continue;
      for (let k = listStart[lo]!; k < listStart[lo + 1]!; k++) {
        const id = gramIds[k]!;
        hits.set(id, (hits.get(id) ?? 0) + 1);
      }
    }
    const scored: { id: number; sim: number }[] = [];
    for (const [id, shared] of hits) {
      const sim = shared / (grams.length + sizes[id]! - shared);
      if (sim >= TRIGRAM_THRESHOLD && (this.count[kind][id] ?? 0) > 0) scored.push({ id, sim });
    }
    scored.sort((a, b) => b.sim - a.sim || a.id - b.id);
    return scored.slice(0, limit).map(({ id }) => this.entry(kind, id)!);
  }
}

/**
 * Two passes over the words (count each trigram's words, then fill the lists), so that building
 * holds one map entry per distinct trigram and never a list per trigram.
 */
function buildTrigrams(parts: DictionaryParts): TrigramParts {
  const { bytes, start, sorted } = parts;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ids = Int32Array.from(sorted).sort();
  const sizes = new Int32Array(start.length - 1);
  const seen = new Map<string, number>();
  for (const id of ids) {
    const grams = trigramsOf(buf.toString('utf8', start[id]!, start[id + 1]!));
    sizes[id] = grams.length;
    for (const g of grams) seen.set(g, (seen.get(g) ?? 0) + 1);
  }
  const keys = [...seen.keys()].map((g) => Buffer.from(g, 'utf8')).sort(Buffer.compare);
  const gramStart = new Int32Array(keys.length + 1);
  const listStart = new Int32Array(keys.length + 1);
  keys.forEach((k, g) => {
    gramStart[g + 1] = gramStart[g]! + k.length;
    listStart[g + 1] = listStart[g]! + seen.get(k.toString('utf8'))!;
  });
  const gramBytes = Buffer.concat(keys);
  // The map now gives each trigram's next free slot in its list.
  keys.forEach((k, g) => seen.set(k.toString('utf8'), listStart[g]!));
  const gramIds = new Int32Array(listStart[keys.length]!);
  for (const id of ids) {
    for (const g of trigramsOf(buf.toString('utf8', start[id]!, start[id + 1]!))) {
      const at = seen.get(g)!;
      gramIds[at] = id;
      seen.set(g, at + 1);
    }
  }
  return { gramBytes: new Uint8Array(gramBytes.buffer, gramBytes.byteOffset, gramBytes.byteLength), gramStart, listStart, gramIds, sizes };
}

export interface Candidate {
  id: number;
  votes: number;
  word_ids: number[];
  search_text: string;
}

/** A kind's arrays, as they are built and as the index file holds them. */
export interface DocParts {
  /** By rank (best votes or popularity first): the document's id, votes (popularity), 1 for a series. */
  docId: Int32Array;
  weight: Int32Array;
  series: Uint8Array;
  /** Document `rank`'s word ids are `wordIds[wordsOff[rank], wordsOff[rank + 1])`. */
  wordsOff: Int32Array;
  wordIds: Int32Array;
  /** Its normalized names joined by ' | ', as UTF-8: `names[namesOff[rank], namesOff[rank + 1])`. */
  namesOff: Int32Array;
  names: Uint8Array;
  /** Word `id`'s documents, best first: `postings[postingsOff[id], postingsOff[id + 1])`. */
  postingsOff: Int32Array;
  postings: Int32Array;
}

/** Titles (or people) by rank, with their word ids and names, and each word's posting list. */
export class DocIndex {
  private readonly docId: Int32Array;
  private readonly weight: Int32Array;
  private readonly series: Uint8Array;
  private readonly wordsOff: Int32Array;
  private readonly wordIds: Int32Array;
  private readonly namesOff: Int32Array;
  private readonly names: Buffer;
  private readonly postingsOff: Int32Array;
  private readonly postings: Int32Array;

  constructor(readonly parts: DocParts) {
    ({ docId: this.docId, weight: this.weight, series: this.series, wordsOff: this.wordsOff, wordIds: this.wordIds, namesOff: this.namesOff, postingsOff: this.postingsOff, postings: this.postings } = parts);
    this.names = Buffer.from(parts.names.buffer, parts.names.byteOffset, parts.names.byteLength);
  }

  get size(): number {
    return this.docId.length;
  }

  private has(rank: number, group: Set<number>): boolean {
    for (let k = this.wordsOff[rank]!; k < this.wordsOff[rank + 1]!; k++) if (group.has(this.wordIds[k]!)) return true;
    return false;
  }

  /**
   * The best `limit` documents having a word of every group, best first. The smallest group
   * drives: each of its words' lists is walked in rank order and stops at `limit` matches, so a
   * query costs at most limit × words-in-the-group checks past the misses.
   */
  candidates(groups: number[][], limit: number, type?: 'movie' | 'series'): Candidate[] {
    if (groups.length === 0) return [];
    const sizeOf = (g: number[]) => g.reduce((n, id) => n + (this.postingsOff[id + 1] ?? 0) - (this.postingsOff[id] ?? 0), 0);
    const order = groups.map((g) => ({ g, size: sizeOf(g) })).sort((a, b) => a.size - b.size);
    const driver = order[0]!.g;
    const others = order.slice(1).map(({ g }) => new Set(g));
    const wantSeries = type === undefined ? -1 : type === 'series' ? 1 : 0;
    const found = new Set<number>();
    for (const id of driver) {
      if (id + 1 >= this.postingsOff.length) continue;
      let matched = 0;
      for (let k = this.postingsOff[id]!; k < this.postingsOff[id + 1]! && matched < limit; k++) {
        const rank = this.postings[k]!;
        if (wantSeries >= 0 && this.series[rank] !== wantSeries) continue;
        if (!others.every((g) => this.has(rank, g))) continue;
        found.add(rank);
        matched++;
      }
    }
    return [...found]
      .sort((a, b) => a - b)
      .slice(0, limit)
      .map((rank) => ({
        id: this.docId[rank]!,
        votes: this.weight[rank]!,
        word_ids: Array.from(this.wordIds.subarray(this.wordsOff[rank]!, this.wordsOff[rank + 1]!)),
        search_text: this.names.toString('utf8', this.namesOff[rank]!, this.namesOff[rank + 1]!),
      }));
  }
}

export interface LoadedIndex {
  version: number;
  /** The catalogue key its file is named by (`v<version>-<built>`); none before the first change. */
  key?: string;
  dictionary: Dictionary;
  docs: Record<Kind, DocIndex>;
  /** Rows read for results (cards, names) under this version; see {@link keptWithIndex}. */
  shelves: Map<string, Lru<unknown>>;
}

export interface DictRow {
  id: number;
  word: string;
  /** best title votes, titles, best person popularity, people */
  tv: number;
  tc: number;
  pp: number;
  pc: number;
}

export function buildDictionary(rows: DictRow[]): Dictionary {
  const max = rows.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  const titleBest = new Int32Array(max);
  const titleCount = new Int32Array(max);
  const peopleBest = new Int32Array(max);
  const peopleCount = new Int32Array(max);
  const lengths = new Int32Array(max);
  for (const r of rows) {
    titleBest[r.id] = r.tv;
    titleCount[r.id] = r.tc;
    peopleBest[r.id] = r.pp;
    peopleCount[r.id] = r.pc;
    lengths[r.id] = Buffer.byteLength(r.word, 'utf8');
  }
  const start = new Int32Array(max + 1);
  for (let id = 0; id < max; id++) start[id + 1] = start[id]! + lengths[id]!;
  const bytes = Buffer.allocUnsafeSlow(start[max]!);
  for (const r of rows) bytes.write(r.word, start[r.id]!, 'utf8');
  // Sorted as JavaScript compares strings; lookups compare the packed bytes in the same order.
  const order = rows.map((r) => r.word);
  const sorted = Int32Array.from(rows.keys())
    .sort((a, b) => {
      const x = order[a]!;
      const y = order[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    })
    .map((i) => rows[i]!.id);
  return new Dictionary({ bytes, start, sorted, titleBest, titleCount, peopleBest, peopleCount });
}

export interface DocRow {
  id: number;
  /** votes (titles) or popularity (people) */
  weight: number;
  series: boolean;
  wordIds: number[];
  /** the normalized names joined by ' | ' */
  names: string;
}

/** Collects documents in any order; `finish` numbers them by rank and builds the posting lists. */
export class DocIndexBuilder {
  private readonly ids: number[] = [];
  private readonly weights: number[] = [];
  private readonly series: number[] = [];
  private readonly wordCounts: number[] = [];
  private readonly flatWords: number[] = [];
  private readonly nameParts: Buffer[] = [];

  add(doc: DocRow): void {
    this.ids.push(doc.id);
    this.weights.push(doc.weight ?? 0);
    this.series.push(doc.series ? 1 : 0);
    this.wordCounts.push(doc.wordIds.length);
    for (const w of doc.wordIds) this.flatWords.push(w);
    this.nameParts.push(Buffer.from(doc.names ?? '', 'utf8'));
  }

  finish(dictSize: number): DocIndex {
    const { ids, weights, series, wordCounts, flatWords, nameParts } = this;
    const n = ids.length;
    // Rank: best weight first, then id (stable, and what the database's votes index orders by).
    const byRank = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => weights[b]! - weights[a]! || ids[a]! - ids[b]!);
    const firstWord = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) firstWord[i + 1] = firstWord[i]! + wordCounts[i]!;

    const docId = new Int32Array(n);
    const weightArr = new Int32Array(n);
    const seriesArr = new Uint8Array(n);
    const wordsOff = new Int32Array(n + 1);
    const wordIds = new Int32Array(flatWords.length);
    const namesOff = new Int32Array(n + 1);
    let nameBytes = 0;
    for (const b of nameParts) nameBytes += b.length;
    const names = Buffer.allocUnsafe(nameBytes);
    const postingsCount = new Int32Array(dictSize + 1);
    for (let rank = 0; rank < n; rank++) {
      const i = byRank[rank]!;
      docId[rank] = ids[i]!;
      weightArr[rank] = weights[i]!;
      seriesArr[rank] = series[i]!;
      let at = wordsOff[rank]!;
      for (let k = firstWord[i]!; k < firstWord[i + 1]!; k++) {
        const w = flatWords[k]!;
        wordIds[at++] = w;
        if (w < dictSize) postingsCount[w]!++;
      }
      wordsOff[rank + 1] = at;
      namesOff[rank + 1] = namesOff[rank]! + nameParts[i]!.copy(names, namesOff[rank]!);
    }
    const postingsOff = new Int32Array(dictSize + 1);
    for (let w = 0; w < dictSize; w++) postingsOff[w + 1] = postingsOff[w]! + postingsCount[w]!;
    const postings = new Int32Array(postingsOff[dictSize]!);
    const fill = postingsOff.slice(0, dictSize);
    for (let rank = 0; rank < n; rank++) {
      for (let k = wordsOff[rank]!; k < wordsOff[rank + 1]!; k++) {
        const w = wordIds[k]!;
        if (w < dictSize) postings[fill[w]!++] = rank;
      }
    }
    return new DocIndex({ docId, weight: weightArr, series: seriesArr, wordsOff, wordIds, namesOff, names, postingsOff, postings });
  }
}

async function loadDictionary(db: Executor): Promise<Dictionary> {
  return buildDictionary(await repo.dictionary(db));
}

async function loadDocs(db: Executor, kind: Kind, dictSize: number): Promise<DocIndex> {
  const builder = new DocIndexBuilder();
  for (let last = 0; ; ) {
    const rows = await repo.indexDocs(db, kind, last, BATCH);
    if (rows.length === 0) break;
    last = rows[rows.length - 1]!.id;
    for (const r of rows) builder.add({ id: r.id, weight: r.w, series: r.s, wordIds: r.words ? r.words.split(',').map(Number) : [], names: r.names });
  }
  return builder.finish(dictSize);
}

/** What an index file is named by: the catalogue version and when its row was written. */
function catalogueKey(state: { version: number; built: string } | undefined): string | undefined {
  return state && state.version > 0 ? `v${state.version}-${state.built}` : undefined;
}

const DICT_SECTIONS = ['bytes', 'start', 'sorted', 'titleBest', 'titleCount', 'peopleBest', 'peopleCount'] as const;
const TRIGRAM_SECTIONS = ['gramBytes', 'gramStart', 'listStart', 'gramIds', 'sizes'] as const;
const DOC_SECTIONS = ['docId', 'weight', 'series', 'wordsOff', 'wordIds', 'namesOff', 'names', 'postingsOff', 'postings'] as const;
const KINDS: Kind[] = ['titles', 'people'];

/** The index as the file's sections: every typed array, named `<part>.<array>`; trigrams included. */
export function indexSections(index: LoadedIndex): Record<string, Section> {
  const out: Record<string, Section> = {};
  const { parts } = index.dictionary;
  const trigrams = index.dictionary.trigrams();
  for (const name of DICT_SECTIONS) out[`dict.${name}`] = parts[name];
  for (const name of TRIGRAM_SECTIONS) out[`trigrams.${name}`] = trigrams[name];
  for (const kind of KINDS) for (const name of DOC_SECTIONS) out[`${kind}.${name}`] = index.docs[kind].parts[name];
  return out;
}

/** The index from the file's sections; a missing section or one of another type makes the file unusable. */
export function indexFromSections(contents: { key: string; version: number; sections: Record<string, Section> }): LoadedIndex {
  const { sections } = contents;
  function take(name: string, Type: typeof Int32Array): Int32Array;
  function take(name: string, Type: typeof Uint8Array): Uint8Array;
  function take(name: string, Type: typeof Int32Array | typeof Uint8Array): Section {
    const s = sections[name];
    if (!(s instanceof Type)) throw new IndexFileError(`the index file lacks its section ${name}`);
    return s;
  }
  const dict: DictionaryParts = {
    bytes: take('dict.bytes', Uint8Array),
    start: take('dict.start', Int32Array),
    sorted: take('dict.sorted', Int32Array),
    titleBest: take('dict.titleBest', Int32Array),
    titleCount: take('dict.titleCount', Int32Array),
    peopleBest: take('dict.peopleBest', Int32Array),
    peopleCount: take('dict.peopleCount', Int32Array),
  };
  const trigrams: TrigramParts = {
    gramBytes: take('trigrams.gramBytes', Uint8Array),
    gramStart: take('trigrams.gramStart', Int32Array),
    listStart: take('trigrams.listStart', Int32Array),
    gramIds: take('trigrams.gramIds', Int32Array),
    sizes: take('trigrams.sizes', Int32Array),
  };
  const docs = (kind: Kind) =>
    new DocIndex({
      docId: take(`${kind}.docId`, Int32Array),
      weight: take(`${kind}.weight`, Int32Array),
      series: take(`${kind}.series`, Uint8Array),
      wordsOff: take(`${kind}.wordsOff`, Int32Array),
      wordIds: take(`${kind}.wordIds`, Int32Array),
      namesOff: take(`${kind}.namesOff`, Int32Array),
      names: take(`${kind}.names`, Uint8Array),
      postingsOff: take(`${kind}.postingsOff`, Int32Array),
      postings: take(`${kind}.postings`, Int32Array),
    });
  return { version: contents.version, key: contents.key, dictionary: new Dictionary(dict, trigrams), docs: { titles: docs('titles'), people: docs('people') }, shelves: new Map() };
}

/** Reads the whole index in one snapshot, so the dictionary and the documents agree. */
export async function loadSearchIndex(pool: pg.Pool): Promise<LoadedIndex> {
  return onPool(pool).transaction(
    async (tx) => {
      const state = await repo.state(tx);
      const dictionary = await loadDictionary(tx);
      const dictSize = await repo.dictionarySize(tx);
      const titles = await loadDocs(tx, 'titles', dictSize);
      const people = await loadDocs(tx, 'people', dictSize);
      return { version: state?.version ?? 0, key: catalogueKey(state), dictionary, docs: { titles, people }, shelves: new Map() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Bumped by this process when it rebuilds the index: its own next search reloads at once. */
let localGeneration = 0;
export function searchIndexChanged(): void {
  localGeneration++;
}

/** How often a process asks whether another one (an import) rebuilt the index. */
const VERSION_CHECK_MS = 2_000;

/**
 * One index per database pool. The first search waits for the load; later, a rebuild by another
 * process is noticed within {@link VERSION_CHECK_MS} and loaded in the background while the old
 * index keeps answering; a rebuild in this process is loaded before the next search.
 */
export class IndexHolder {
  private current?: LoadedIndex;
  private loading?: Promise<LoadedIndex>;
  /** The change count ({@link localGeneration}) the load under way started at. */
  private loadingGeneration = -1;
  private generation = -1;
  private checkedAt = Date.now();
  /** Where the processes of this machine share the index (see {@link shareSearchIndex}). */
  shared?: { files: IndexFiles; log?: SearchIndexLog };

  constructor(private readonly pool: pg.Pool) {}

  /** The index of the catalogue as it is now: from the shared file when there is one, else from the database. */
  protected async load(): Promise<LoadedIndex> {
    if (!this.shared) return loadSearchIndex(this.pool);
    const { files, log } = this.shared;
    const started = Date.now();
    let bytes = 0;
    const opts: ObtainOptions<LoadedIndex> = {
      currentKey: async () => catalogueKey(await repo.state(onPool(this.pool))),
      read: async (file, key) => {
        const contents = await readIndexFile(file, key);
        bytes = contents.size;
        return indexFromSections(contents);
      },
      build: async () => {
        const index = await loadSearchIndex(this.pool);
        return { value: index, key: index.key };
      },
      write: async (index, file, key) => {
        bytes = await writeIndexFile(file, { key, version: index.version, sections: indexSections(index) });
      },
    };
    let obtained: Awaited<ReturnType<IndexFiles['obtain']>> & { value: LoadedIndex };
    try {
      obtained = await files.obtain(opts);
    } catch (err) {
      // The directory cannot be used (not writable, not a directory): search works as it did before files.
      if (!(err instanceof Error && 'syscall' in err && 'path' in err)) throw err;
      log?.warn({ err, dir: files.dir }, 'search index: its directory cannot be used; built from the database');
      return loadSearchIndex(this.pool);
    }
    const { value, from } = obtained;
    const counts = { key: value.key, words: value.dictionary.size, titles: value.docs.titles.size, people: value.docs.people.size, bytes, ms: Date.now() - started };
    if (from === 'file') log?.info(counts, 'search index read from its file');
    else log?.info(counts, bytes > 0 ? 'search index built from the database and written to its file' : 'search index built from the database');
    return value;
  }

  /**
   * Loads the index, or joins the load under way when that one started after this process's last
   * change. A load that started before it (a background reload for another process's change) may
   * have read the catalogue without that change: a new load follows it, so the caller never gets
   * an index older than the change it made.
   */
  private reload(): Promise<LoadedIndex> {
    const generation = localGeneration;
    if (this.loading && this.loadingGeneration === generation) return this.loading;
    const before = this.loading;
    this.loadingGeneration = generation;
    const loading: Promise<LoadedIndex> = (before ? before.catch(() => undefined) : Promise.resolve(undefined))
      .then(() => this.load())
      .then(
        (index) => {
          this.current = index;
          this.generation = generation;
          if (this.loading === loading) this.loading = undefined;
          return index;
        },
        (err: unknown) => {
          if (this.loading === loading) this.loading = undefined;
          throw err;
        },
      );
    this.loading = loading;
    return loading;
  }

  async get(): Promise<LoadedIndex> {
    if (!this.current || this.generation !== localGeneration) return this.reload();
    if (Date.now() - this.checkedAt > VERSION_CHECK_MS) {
      this.checkedAt = Date.now();
      const seen = this.current.version;
      // Unnamed: on the embedded database the session is shared with commands run beside the site.
      void repo
        .version(onPool(this.pool))
        .then((version) => {
          if (version !== seen) return this.reload();
        })
        .catch(() => {
          /* the next check tries again; the loaded index keeps answering */
        });
    }
    return this.current;
  }

  /** The version the watcher last reported (a search may have loaded a newer index meanwhile). */
  private reported?: number;

  /**
   * Asks for the version; when it moved since this process last reported it, a loaded index is
   * reloaded (and swapped in) before this resolves true. The first look compares with the index
   * loaded at start. A search that noticed the change first and reloaded the index does not hide
   * it: what is reported is the version, not the index.
   */
  async reloadIfChanged(): Promise<boolean> {
    const now = await repo.version(onPool(this.pool));
    const known = this.reported ?? this.current?.version;
    this.reported = now;
    if (known === undefined || known === now) return false;
    // A load that started before the change may still be under way: load until it is the new one.
    for (let i = 0; this.current && this.current.version !== now && i < 3; i++) await this.reload();
    return true;
  }
}

const holders = new WeakMap<pg.Pool, IndexHolder>();

function holderOf(pool: pg.Pool): IndexHolder {
  let holder = holders.get(pool);
  if (!holder) holders.set(pool, (holder = new IndexHolder(pool)));
  return holder;
}

export function searchIndexFor(pool: pg.Pool): Promise<LoadedIndex> {
  return holderOf(pool).get();
}

export type SearchIndexLog = IndexFilesLog;

/**
 * Makes the pool's index shared through files in `dir`: built once per catalogue change by the
 * first process of the machine that needs it, read by every other (decision 34). Without it (a
 * command, a second pool in a test) the index is built from the database, as it always was.
 */
export function shareSearchIndex(pool: pg.Pool, dir: string, log?: SearchIndexLog): void {
  holderOf(pool).shared = { files: new IndexFiles(dir, log), log };
}

/** Reloads this process's index when another process (or this one) changed the catalogue. */
export function reloadSearchIndexIfChanged(pool: pg.Pool): Promise<boolean> {
  return holderOf(pool).reloadIfChanged();
}

/** Rows kept per shelf, least recently used dropped first: about 20 MB of result cards. */
const SHELF_LIMIT = 50_000;

/** A shelf of large rows (a page's whole answer) is bounded by what they weigh too. */
export interface ShelfBound<T> {
  /** The most the shelf's rows may weigh together, in bytes. */
  maxBytes: number;
  /** What one row weighs, in bytes (asked once, when it is kept). */
  bytesOf: (row: T) => number;
}

/** A row's weight as its JSON, two bytes a character: what a kept answer of it costs, roughly. */
export const jsonBytes = (row: unknown): number => 2 * JSON.stringify(row).length;

/**
 * Rows read for answers, kept with the index they were read under. What a search result or a
 * title page shows (names, year, rating, genres, credits, episodes, a person's best work) changes
 * only by an import, which rebuilds the index: the next version starts with empty shelves, in
 * this process at once and in the others within seconds. Answers are still built per request
 * (searched, ranked, mapped); a popular title's rows just need no round trip each time.
 */
export async function keptWithIndex<T>(
  pool: pg.Pool,
  shelf: string,
  ids: number[],
  read: (ids: number[]) => Promise<T[]>,
  idOf: (row: T) => number,
  limit = SHELF_LIMIT,
  bound?: ShelfBound<T>,
): Promise<Map<number, T>> {
  const index = await searchIndexFor(pool);
  let kept = index.shelves.get(shelf) as Lru<T> | undefined;
  if (!kept) index.shelves.set(shelf, (kept = new Lru<T>(limit, Number.POSITIVE_INFINITY, bound?.maxBytes)));
  const out = new Map<number, T>();
  const missing: number[] = [];
  for (const id of ids) {
    const row = kept.get(String(id));
    if (row !== undefined) out.set(id, row);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const row of await read([...new Set(missing)])) {
      kept.set(String(idOf(row)), row, bound ? bound.bytesOf(row) : 1);
      out.set(idOf(row), row);
    }
  }
  return new Map(ids.flatMap((id) => (out.has(id) ? [[id, out.get(id)!] as const] : [])));
}
