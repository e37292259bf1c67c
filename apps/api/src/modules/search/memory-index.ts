import type pg from 'pg';
import type { Executor } from '../../db/executor';
import { onPool } from '../../db/executors';
import { Lru } from '../../lib/lru';
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
 * entries that pass the other groups. Arrays are typed and flat (CSR): about 60 bytes a title
 * with its names, ~150 MB for 1,000,000 titles and 2,000,000 people.
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

/** Every distinct normalized word of titles' and people's names, by its `search_words` id. */
export class Dictionary {
  private readonly prefixCache = new Map<string, DictWord[]>();
  private trigramIndex?: { lists: Map<string, Int32Array>; sizes: Int32Array };

  constructor(
    private readonly words: (string | undefined)[],
    private readonly idOf: Map<string, number>,
    /** ids ordered by word (UTF-16 code units, as `startsWith` ranges need) */
    private readonly sorted: Int32Array,
    private readonly best: Record<Kind, Int32Array>,
    private readonly count: Record<Kind, Int32Array>,
  ) {}

  get size(): number {
    return this.idOf.size;
  }

  private entry(kind: Kind, id: number): DictWord | undefined {
    const n = this.count[kind][id] ?? 0;
    return n > 0 ? { id, word: this.words[id]!, count: n } : undefined;
  }

  /** The word, if some title (or person) has it. */
  lookup(kind: Kind, word: string): DictWord | undefined {
    const id = this.idOf.get(word);
    return id === undefined ? undefined : this.entry(kind, id);
  }

  /** Words starting with `prefix`, the best title (person) each appears in first. */
  prefix(kind: Kind, prefix: string, limit: number): DictWord[] {
    const key = `${kind}\u0000${limit}\u0000${prefix}`;
    const cached = this.prefixCache.get(key);
    if (cached) return cached;
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[this.sorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const best = this.best[kind];
    const top: number[] = [];
    for (let i = lo; i < this.sorted.length; i++) {
      const id = this.sorted[i]!;
      if (!this.words[id]!.startsWith(prefix)) break;
      if ((this.count[kind][id] ?? 0) === 0) continue;
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
    const index = (this.trigramIndex ??= this.buildTrigrams());
    const grams = trigramsOf(word);
    const hits = new Map<number, number>();
    for (const g of grams) {
      const list = index.lists.get(g);
      if (list) for (const id of list) hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    const scored: { id: number; sim: number }[] = [];
    for (const [id, shared] of hits) {
      const sim = shared / (grams.length + index.sizes[id]! - shared);
      if (sim >= TRIGRAM_THRESHOLD && (this.count[kind][id] ?? 0) > 0) scored.push({ id, sim });
    }
    scored.sort((a, b) => b.sim - a.sim || a.id - b.id);
    return scored.slice(0, limit).map(({ id }) => this.entry(kind, id)!);
  }

  private buildTrigrams() {
    const lists = new Map<string, number[]>();
    const sizes = new Int32Array(this.words.length);
    for (const [word, id] of this.idOf) {
      const grams = trigramsOf(word);
      sizes[id] = grams.length;
      for (const g of grams) {
        const list = lists.get(g);
        if (list) list.push(id);
        else lists.set(g, [id]);
      }
    }
    return { lists: new Map([...lists].map(([g, ids]) => [g, Int32Array.from(ids)])), sizes };
  }
}

export interface Candidate {
  id: number;
  votes: number;
  word_ids: number[];
  search_text: string;
}

/** Titles (or people) by rank, with their word ids and names, and each word's posting list. */
export class DocIndex {
  constructor(
    private readonly docId: Int32Array,
    private readonly weight: Int32Array,
    private readonly series: Uint8Array,
    private readonly wordsOff: Int32Array,
    private readonly wordIds: Int32Array,
    private readonly namesOff: Int32Array,
    private readonly names: Buffer,
    private readonly postingsOff: Int32Array,
    private readonly postings: Int32Array,
  ) {}

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
  const words: (string | undefined)[] = new Array(max);
  const idOf = new Map<string, number>();
  const best = { titles: new Int32Array(max), people: new Int32Array(max) };
  const count = { titles: new Int32Array(max), people: new Int32Array(max) };
  for (const r of rows) {
    words[r.id] = r.word;
    idOf.set(r.word, r.id);
    best.titles[r.id] = r.tv;
    count.titles[r.id] = r.tc;
    best.people[r.id] = r.pp;
    count.people[r.id] = r.pc;
  }
  const sorted = Int32Array.from(rows.map((r) => r.id)).sort((a, b) => {
    const x = words[a]!;
    const y = words[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return new Dictionary(words, idOf, sorted, best, count);
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
    return new DocIndex(docId, weightArr, seriesArr, wordsOff, wordIds, namesOff, names, postingsOff, postings);
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

/** Reads the whole index in one snapshot, so the dictionary and the documents agree. */
export async function loadSearchIndex(pool: pg.Pool): Promise<LoadedIndex> {
  return onPool(pool).transaction(
    async (tx) => {
      const version = await repo.version(tx);
      const dictionary = await loadDictionary(tx);
      const dictSize = await repo.dictionarySize(tx);
      const titles = await loadDocs(tx, 'titles', dictSize);
      const people = await loadDocs(tx, 'people', dictSize);
      return { version, dictionary, docs: { titles, people }, shelves: new Map() };
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
class IndexHolder {
  private current?: LoadedIndex;
  private loading?: Promise<LoadedIndex>;
  private generation = -1;
  private checkedAt = Date.now();

  constructor(private readonly pool: pg.Pool) {}

  private reload(): Promise<LoadedIndex> {
    if (!this.loading) {
      const generation = localGeneration;
      this.loading = loadSearchIndex(this.pool).then(
        (index) => {
          this.current = index;
          this.generation = generation;
          this.loading = undefined;
          return index;
        },
        (err: unknown) => {
          this.loading = undefined;
          throw err;
        },
      );
    }
    return this.loading;
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

/** Reloads this process's index when another process (or this one) changed the catalogue. */
export function reloadSearchIndexIfChanged(pool: pg.Pool): Promise<boolean> {
  return holderOf(pool).reloadIfChanged();
}

/** Rows kept per shelf, least recently used dropped first: about 20 MB of result cards. */
const SHELF_LIMIT = 50_000;

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
): Promise<Map<number, T>> {
  const index = await searchIndexFor(pool);
  let kept = index.shelves.get(shelf) as Lru<T> | undefined;
  if (!kept) index.shelves.set(shelf, (kept = new Lru<T>(limit, Number.POSITIVE_INFINITY)));
  const out = new Map<number, T>();
  const missing: number[] = [];
  for (const id of ids) {
    const row = kept.get(String(id));
    if (row !== undefined) out.set(id, row);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const row of await read([...new Set(missing)])) {
      kept.set(String(idOf(row)), row);
      out.set(idOf(row), row);
    }
  }
  return new Map(ids.flatMap((id) => (out.has(id) ? [[id, out.get(id)!] as const] : [])));
}
