import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { IMDB_COLUMNS, IMDB_KINDS, type ImdbKind } from './imdb-rows';
import { plantedTitles } from './planted-titles';
import {
  EN_ADJECTIVES,
  EN_NOUNS,
  FA_ADJECTIVES,
  FA_NAMES,
  FA_NOUNS,
  FIRST_NAMES,
  GENRE_POOL,
  LAST_NAMES,
  PROFESSIONS,
} from './synthetic-words';

export { plantedTitles, type PlantedTitle } from './planted-titles';

/**
 * A synthetic catalogue in IMDb's file format, for load tests and search benchmarks at sizes the
 * committed demo data cannot reach. Rows are written as they are made (no title is kept in
 * memory), so 1,000,000 titles cost the same memory as 1,000.
 *
 * Ids are 9 digits, above any real IMDb id, so synthetic titles never collide with the planted
 * real ones: top-level title i is tt(100000000 + 8i) and its episodes take the next ids of its
 * block of 8, so every file is sorted by id like IMDb's.
 *
 * On two cores a worker thread writes four of the files while the main thread writes the other
 * three; both run the same seeded generator (see writeCatalogue), and the output is byte-for-byte
 * the same as one thread writing everything.
 */

export interface SyntheticOptions {
  /** Top-level titles (movies and series), besides the planted ones. */
  titles: number;
  /** Default 2 × titles. */
  people?: number;
  outDir: string;
  /** Same seed, same files. Default 1. */
  seed?: number;
  /** Write `.tsv.gz` instead of `.tsv`. */
  gzip?: boolean;
  /**
   * Write some of the files from a worker thread; by default only for large catalogues. Falls
   * back to one thread when the worker cannot start.
   */
  parallel?: boolean;
  /** Called every few thousand titles. */
  onProgress?: (p: { titles: number; totalTitles: number }) => void;
}

export interface SyntheticStats {
  files: Record<ImdbKind, string>;
  /** Data rows per file, header not counted. */
  rows: Record<ImdbKind, number>;
  /** Top-level titles written, planted included. */
  titles: number;
  series: number;
  episodes: number;
  people: number;
  bytes: number;
  /** Whether a worker thread wrote some of the files. */
  parallel: boolean;
  elapsedMs: number;
}

const SYNTHETIC_TITLE_BASE = 100_000_000;
const SYNTHETIC_PERSON_BASE = 100_000_000;
/** Ids per top-level title: the title and up to 7 episodes. */
const BLOCK = 8;
const MAX_EPISODES = BLOCK - 1;
/** Episodes of planted series need ids too; this range sits between real and synthetic ids. */
const PLANTED_EPISODE_BASE = 99_000_000;
const SERIES_SHARE = 0.15;
/** Votes cap for synthetic titles, below the most-voted planted titles. */
const MAX_SYNTHETIC_VOTES = 2_000_000;
/** Below this, a worker (which compiles its TypeScript on start) costs more than it saves. */
const PARALLEL_MIN_TITLES = 50_000;

const FA_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
// Precomputed fields: fewer strings built per row is most of what makes the generator fast.
const FULL_NAMES = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));
const RATINGS = Array.from({ length: 101 }, (_, r10) => `${(r10 / 10) | 0}.${r10 % 10}`);
const EPISODE_NAMES = Array.from({ length: MAX_EPISODES * MAX_EPISODES }, (_, k) => {
  const name = `Episode #${((k / MAX_EPISODES) | 0) + 1}.${(k % MAX_EPISODES) + 1}`;
  return `${name}\t${name}`;
});
const AKA_ORIGINAL = '\t\\N\t\\N\toriginal\t\\N\t1\n';
const AKA_US = '\tUS\ten\timdbDisplay\t\\N\t0\n';
const AKA_IR = '\tIR\tfa\timdbDisplay\t\\N\t0\n';

/** Encoded output goes to the stream in buffers of this size. */
const SINK_BUFFER = 1 << 20;
/** Lines are joined and encoded this many at a time: one native call per batch, not per line. */
const LINES_PER_ENCODE = 256;

/** mulberry32: tiny, fast and good enough for test data; the state is one 32-bit integer. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return (this.next() * n) | 0;
  }
  pick<T>(list: readonly T[]): T {
    return list[(this.next() * list.length) | 0]!;
  }
}

/**
 * One output file. Lines are collected as strings, joined and UTF-8-encoded a few hundred at a
 * time into a large Buffer, and the stream gets whole buffers: a stream write per line would
 * dominate the run, and holding lines longer (one big string per flush) costs more in garbage
 * collection than building them.
 */
export class Sink {
  rows = 0;
  private lines: string[] = [];
  private buf = Buffer.allocUnsafe(SINK_BUFFER);
  private offset = 0;
  private waiting: Promise<void> | null = null;
  private readonly done: Promise<void>;
  private readonly input: Writable;

  constructor(file: string, header: readonly string[] | null, gzip: boolean) {
    const output = fs.createWriteStream(file);
    if (gzip) {
      // Level 1: several times faster than the default and still ~4× smaller than plain text.
      const gz = zlib.createGzip({ level: 1, chunkSize: 1 << 18 });
      this.done = pipeline(gz, output);
      this.input = gz;
    } else {
      this.done = new Promise((resolve, reject) => {
        output.on('finish', resolve).on('error', reject);
      });
      this.input = output;
    }
    if (header) this.lines.push(`${header.join('\t')}\n`);
  }

  /** One row, with its trailing newline. */
  line(text: string): void {
    this.rows++;
    if (this.lines.push(text) >= LINES_PER_ENCODE) this.encode();
  }

  private encode(): void {
    const text = this.lines.join('');
    this.lines.length = 0;
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    if (this.offset + text.length * 3 > this.buf.length) {
      this.push();
      if (text.length * 3 > this.buf.length) this.buf = Buffer.allocUnsafe(text.length * 3);
    }
    this.offset += this.buf.write(text, this.offset);
  }

  private push(): void {
    if (this.offset === 0) return;
    if (!this.input.write(this.buf.subarray(0, this.offset)) && !this.waiting) {
      this.waiting = new Promise((resolve) => this.input.once('drain', () => resolve()));
    }
    // A fresh buffer: the stream holds on to the old one until it is written.
    this.buf = Buffer.allocUnsafe(SINK_BUFFER);
    this.offset = 0;
  }

  /** Resolves when the stream has room again; null when it already has. */
  backpressure(): Promise<void> | null {
    const w = this.waiting;
    this.waiting = null;
    return w;
  }

  async close(): Promise<void> {
    this.encode();
    this.push();
    this.input.end();
    await this.done;
  }
}

export type Sinks = Partial<Record<ImdbKind, Sink>>;

/** How the two threads share the files: about half the bytes each, and no file written by both. */
const MAIN_KINDS: readonly ImdbKind[] = ['title.basics', 'title.principals', 'title.crew'];
const WORKER_KINDS: readonly ImdbKind[] = ['title.akas', 'title.ratings', 'title.episode', 'name.basics'];

export function openSinks(files: Record<ImdbKind, string>, kinds: readonly ImdbKind[], gzip: boolean): Sinks {
  const sinks: Sinks = {};
  for (const kind of kinds) sinks[kind] = new Sink(files[kind], IMDB_COLUMNS[kind], gzip);
  return sinks;
}

export async function closeSinks(sinks: Sinks): Promise<Partial<Record<ImdbKind, number>>> {
  const open = IMDB_KINDS.filter((kind) => sinks[kind]);
  await Promise.all(open.map((kind) => sinks[kind]!.close()));
  return Object.fromEntries(open.map((kind) => [kind, sinks[kind]!.rows]));
}

/** What fixes the catalogue's content: the same spec gives the same rows. */
export interface CatalogueSpec {
  seed: number;
  titleCount: number;
  peopleCount: number;
}

export interface CatalogueCounts {
  series: number;
  episodes: number;
}

/**
 * Makes the whole catalogue and writes the rows of the files it has sinks for. Every random draw
 * happens whichever files are written, so two threads that write different files from the same
 * spec produce exactly the rows one thread writing all of them would; only building and
 * encoding the text, which is most of the cost, is skipped for the files left out.
 */
async function writeCatalogue(
  sinks: Sinks,
  spec: CatalogueSpec,
  onProgress?: (titlesDone: number) => void,
): Promise<CatalogueCounts> {
  const rng = new Random(spec.seed);
  const { titleCount, peopleCount } = spec;
  const basics = sinks['title.basics'];
  const akas = sinks['title.akas'];
  const ratings = sinks['title.ratings'];
  const principals = sinks['title.principals'];
  const crew = sinks['title.crew'];
  const episodes = sinks['title.episode'];
  const names = sinks['name.basics'];

  let seriesCount = 0;
  let episodeCount = 0;

  const titleId = (i: number) => SYNTHETIC_TITLE_BASE + i * BLOCK;
  /** Cubing skews toward low indices: a few people appear in many titles, as stars do. */
  const popularPerson = () => (rng.next() ** 3 * peopleCount) | 0;
  const personName = () => {
    const first = rng.int(FIRST_NAMES.length);
    return FULL_NAMES[first * LAST_NAMES.length + rng.int(LAST_NAMES.length)]!;
  };

  const englishTitle = (): string => {
    let t: string;
    switch (rng.int(7)) {
      case 0:
        t = `The ${rng.pick(EN_ADJECTIVES)} ${rng.pick(EN_NOUNS)}`;
        break;
      case 1:
        t = `${rng.pick(EN_NOUNS)} of the ${rng.pick(EN_NOUNS)}`;
        break;
      case 2:
        t = `${rng.pick(EN_ADJECTIVES)} ${rng.pick(EN_NOUNS)}`;
        break;
      case 3:
        t = `The ${rng.pick(EN_NOUNS)}`;
        break;
      case 4:
        t = `${rng.pick(FIRST_NAMES)}'s ${rng.pick(EN_NOUNS)}`;
        break;
      case 5:
        t = `The ${rng.pick(EN_NOUNS)} and the ${rng.pick(EN_NOUNS)}`;
        break;
      default:
        t = `${rng.pick(EN_NOUNS)}: ${rng.pick(EN_ADJECTIVES)} ${rng.pick(EN_NOUNS)}`;
    }
    return rng.next() < 0.05 ? `${t} ${2 + rng.int(3)}` : t;
  };

  /** Persian words mixed with transliterated English names, as Iranian release titles read. */
  const persianTitle = (): string => {
    let t: string;
    switch (rng.int(6)) {
      case 0:
      case 1:
        t = `${rng.pick(FA_NOUNS)} ${rng.pick(FA_ADJECTIVES)}`;
        break;
      case 2:
        t = `${rng.pick(FA_NOUNS)} ${rng.pick(FA_NOUNS)}`;
        break;
      case 3:
        t = `${rng.pick(FA_NOUNS)} و ${rng.pick(FA_NOUNS)}`;
        break;
      case 4:
        t = `${rng.pick(FA_NOUNS)} ${rng.pick(FA_NAMES)}`;
        break;
      default:
        t = `${rng.pick(FA_NAMES)} ${rng.pick(FA_NAMES)}`;
    }
    return rng.next() < 0.05 ? `${t} ${FA_DIGITS[2 + rng.int(3)]}` : t;
  };

  const genres = (): string => {
    const n = 1 + rng.int(3);
    const a = rng.pick(GENRE_POOL);
    if (n === 1) return a;
    const b = rng.pick(GENRE_POOL);
    if (n === 2 || b === a) return b === a ? a : `${a},${b}`;
    const c = rng.pick(GENRE_POOL);
    return c === a || c === b ? `${a},${b}` : `${a},${b},${c}`;
  };

  /** Pareto with α < 1: most titles get a handful of votes, a few get hundreds of thousands. */
  const votes = (): number => Math.min(MAX_SYNTHETIC_VOTES, Math.floor(5 / (1 - rng.next()) ** (1 / 0.9)));
  /** Sum of three uniforms: a bell around 6.4, as IMDb's ratings cluster; one decimal, as IMDb writes them. */
  const rating = (): string => {
    const r = Math.round(10 * (3.4 + 2 * (rng.next() + rng.next() + rng.next())));
    return RATINGS[r < 10 ? 10 : r > 100 ? 100 : r]!;
  };

  // From here on, draws are taken before any `sink?.line(...)`: optional chaining skips its
  // arguments when the sink is absent, and a skipped draw would desynchronise the threads.

  /** Principals and crew of one title; the people are synthetic, for planted titles too. */
  const credits = (tconst: string, index?: number) => {
    const k = 2 + rng.int(5);
    let directors = '\\N';
    let writers = '\\N';
    for (let o = 1; o <= k; o++) {
      const popular = popularPerson();
      // The first two credits of each generated title walk through every person once, so the
      // catalogue holds all of them (the importer keeps only people with a credit).
      const person = index !== undefined && o <= 2 ? Math.floor(((2 * index + o - 1) * peopleCount) / (2 * titleCount)) % peopleCount : popular;
      if (o === k) {
        principals?.line(`${tconst}\t${o}\tnm${SYNTHETIC_PERSON_BASE + person}\tdirector\t\\N\t\\N\n`);
        if (crew) directors = `nm${SYNTHETIC_PERSON_BASE + person}`;
      } else if (o === k - 1 && k > 3 && rng.next() < 0.5) {
        const job = rng.next() < 0.5 ? 'screenplay' : 'novel';
        principals?.line(`${tconst}\t${o}\tnm${SYNTHETIC_PERSON_BASE + person}\twriter\t${job}\t\\N\n`);
        if (crew) writers = `nm${SYNTHETIC_PERSON_BASE + person}`;
      } else {
        const category = rng.next() < 0.5 ? 'actor' : 'actress';
        const two = rng.next() < 0.1;
        const name = personName();
        const characters = two ? `["${name}","${rng.pick(FIRST_NAMES)}"]` : `["${name}"]`;
        principals?.line(`${tconst}\t${o}\tnm${SYNTHETIC_PERSON_BASE + person}\t${category}\t\\N\t${characters}\n`);
      }
    }
    crew?.line(`${tconst}\t${directors}\t${writers}\n`);
  };

  const writeEpisodes = (seriesTconst: string, firstId: number, startYear: number, genreList: string) => {
    const n = 2 + rng.int(MAX_EPISODES - 1);
    const perSeason = 2 + rng.int(3);
    for (let e = 0; e < n; e++) {
      const id = firstId + e;
      const season = 1 + ((e / perSeason) | 0);
      const episode = 1 + (e % perSeason);
      // A few real episodes lack numbers; the loader must cope, so some of ours do too.
      const numbered = rng.next() >= 0.02;
      const runtime = 20 + rng.int(40);
      const year = Math.min(2030, startYear + season - 1);
      const names = EPISODE_NAMES[(season - 1) * MAX_EPISODES + episode - 1]!;
      basics?.line(`tt${id}\ttvEpisode\t${names}\t0\t${year}\t\\N\t${runtime}\t${genreList}\n`);
      episodes?.line(
        numbered ? `tt${id}\t${seriesTconst}\t${season}\t${episode}\n` : `tt${id}\t${seriesTconst}\t\\N\t\\N\n`,
      );
      if (rng.next() < 0.7) {
        const r = rating();
        const v = Math.max(5, votes() >> 3);
        ratings?.line(`tt${id}\t${r}\t${v}\n`);
      }
      crew?.line(`tt${id}\t\\N\t\\N\n`);
      episodeCount++;
    }
  };

  let person = 0;
  const writePeopleUpTo = (end: number) => {
    for (; person < end; person++) {
      const roll = rng.next();
      const profession = roll < 0.45 ? 'actor' : roll < 0.8 ? 'actress' : roll < 0.9 ? 'director,' : '';
      const second = roll >= 0.8 ? rng.pick(PROFESSIONS) : '';
      const birth = rng.next() < 0.7 ? 1900 + rng.int(106) : 0;
      const death = birth && birth < 1960 && rng.next() < 0.4 ? Math.min(2025, birth + 40 + rng.int(60)) : 0;
      const count = titleCount > 0 ? rng.int(5) : 0;
      const name = personName();
      if (!names) {
        for (let m = 0; m < count; m++) rng.next();
        continue;
      }
      let known = count === 0 ? '\\N' : `tt${titleId(rng.int(titleCount))}`;
      for (let m = 1; m < count; m++) known += `,tt${titleId(rng.int(titleCount))}`;
      names.line(
        `nm${SYNTHETIC_PERSON_BASE + person}\t${name}\t${birth || '\\N'}\t${death || '\\N'}\t${profession}${second}\t${known}\n`,
      );
    }
  };

  const pending: Promise<void>[] = [];
  const backpressure = async () => {
    for (const kind of IMDB_KINDS) {
      const p = sinks[kind]?.backpressure();
      if (p) pending.push(p);
    }
    if (pending.length > 0) {
      await Promise.all(pending);
      pending.length = 0;
    }
  };

  // Planted titles first: their real ids are the smallest, and the files stay sorted by id.
  const plantedSeries: { tconst: string; year: number; genres: string; firstId: number }[] = [];
  plantedTitles.forEach((p, k) => {
    const genreList = p.genres.join(',');
    basics?.line(
      `${p.tconst}\t${p.titleType}\t${p.titleEn}\t${p.originalTitle ?? p.titleEn}\t0\t${p.year}\t${p.endYear ?? '\\N'}\t${p.runtimeMinutes}\t${genreList}\n`,
    );
    akas?.line(`${p.tconst}\t1\t${p.originalTitle ?? p.titleEn}${AKA_ORIGINAL}`);
    akas?.line(`${p.tconst}\t2\t${p.titleEn}${AKA_US}`);
    akas?.line(`${p.tconst}\t3\t${p.titleFa}${AKA_IR}`);
    ratings?.line(`${p.tconst}\t${p.averageRating.toFixed(1)}\t${p.numVotes}\n`);
    credits(p.tconst);
    if (p.titleType !== 'movie') {
      plantedSeries.push({ tconst: p.tconst, year: p.year, genres: genreList, firstId: PLANTED_EPISODE_BASE + k * BLOCK });
    }
  });
  for (const s of plantedSeries) writeEpisodes(s.tconst, s.firstId, s.year, s.genres);
  seriesCount += plantedSeries.length;

  for (let i = 0; i < titleCount; i++) {
    const tconst = `tt${titleId(i)}`;
    const isSeries = rng.next() < SERIES_SHARE;
    const primary = englishTitle();
    const startYear = 2025 - ((rng.next() ** 2 * 105) | 0);
    const genreList = genres();
    const runtime = rng.next() < 0.03 ? '\\N' : isSeries ? 20 + rng.int(40) : 80 + rng.int(100);
    let endYear: number | string = '\\N';
    if (isSeries) {
      seriesCount++;
      if (rng.next() < 0.6) endYear = Math.min(2030, startYear + 1 + rng.int(8));
    }
    basics?.line(
      `${tconst}\t${isSeries ? 'tvSeries' : 'movie'}\t${primary}\t${primary}\t0\t${startYear}\t${endYear}\t${runtime}\t${genreList}\n`,
    );
    akas?.line(`${tconst}\t1\t${primary}${AKA_ORIGINAL}`);
    akas?.line(`${tconst}\t2\t${primary}${AKA_US}`);
    if (rng.next() < 0.9) {
      const fa = persianTitle();
      akas?.line(`${tconst}\t3\t${fa}${AKA_IR}`);
    }
    if (rng.next() < 0.92) {
      const r = rating();
      const v = votes();
      ratings?.line(`${tconst}\t${r}\t${v}\n`);
    }
    credits(tconst, i);
    if (isSeries) writeEpisodes(tconst, titleId(i) + 1, startYear, genreList);

    // People are spread over the titles so all seven files grow together.
    writePeopleUpTo(Math.floor(((i + 1) * peopleCount) / titleCount));
    if ((i & 255) === 255) {
      await backpressure();
      if ((i & 16383) === 16383) onProgress?.(i + 1);
    }
  }
  writePeopleUpTo(peopleCount);
  await backpressure();
  onProgress?.(titleCount);
  return { series: seriesCount, episodes: episodeCount };
}

/** Entry point of the worker thread (see synthetic-worker.ts): writes `kinds` only. */
export async function writeCatalogueFiles(
  spec: CatalogueSpec,
  files: Record<ImdbKind, string>,
  kinds: readonly ImdbKind[],
  gzip: boolean,
): Promise<CatalogueCounts & { rows: Partial<Record<ImdbKind, number>> }> {
  const sinks = openSinks(files, kinds, gzip);
  const counts = await writeCatalogue(sinks, spec);
  return { ...counts, rows: await closeSinks(sinks) };
}

type WorkerResult = CatalogueCounts & { rows: Partial<Record<ImdbKind, number>> };
type WorkerMessage<R> = { type: 'ready' } | { type: 'done'; result: R } | { type: 'error'; message: string };

/**
 * What a worker thread writes: the catalogue's shape picks the generator (synthetic-worker.ts
 * dispatches on it), and the rest is passed to that generator's file writer as it is.
 */
export type WorkerJob =
  | { shape: 'classic'; spec: CatalogueSpec; files: Record<ImdbKind, string>; kinds: readonly ImdbKind[]; gzip: boolean }
  | { shape: 'imdb'; spec: unknown; files: Record<ImdbKind, string>; kinds: readonly ImdbKind[]; gzip: boolean };

/**
 * Runs `job` in a worker thread. Resolves null when the worker never got going (say tsx is
 * missing), so the caller can write those files itself; fails on any later error.
 */
export function runWorker<R>(job: WorkerJob): Promise<R | null> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./synthetic-worker-boot.mjs', import.meta.url), { workerData: job });
    } catch {
      resolve(null);
      return;
    }
    worker.on('message', (m: WorkerMessage<R>) => {
      if (m.type === 'ready') ready = true;
      else if (m.type === 'done') resolve(m.result);
      else reject(new Error(`synthetic worker: ${m.message}`));
    });
    worker.on('error', (err) => (ready ? reject(err) : resolve(null)));
    worker.on('exit', (code) => {
      if (!ready) resolve(null);
      else if (code !== 0) reject(new Error(`synthetic worker exited with code ${code}`));
    });
  });
}

/** Writes the seven IMDb files of a synthetic catalogue into `outDir`. */
export async function generateSynthetic(opts: SyntheticOptions): Promise<SyntheticStats> {
  const started = performance.now();
  const titleCount = Math.max(0, Math.floor(opts.titles));
  const spec: CatalogueSpec = {
    seed: opts.seed ?? 1,
    titleCount,
    peopleCount: Math.max(1, Math.floor(opts.people ?? titleCount * 2)),
  };
  const gzip = opts.gzip ?? false;
  const ext = gzip ? '.tsv.gz' : '.tsv';

  await fs.promises.mkdir(opts.outDir, { recursive: true });
  const files = {} as Record<ImdbKind, string>;
  for (const kind of IMDB_KINDS) files[kind] = path.join(opts.outDir, kind + ext);

  const useWorker = opts.parallel ?? titleCount >= PARALLEL_MIN_TITLES;
  const worker = useWorker
    ? runWorker<WorkerResult>({ shape: 'classic', spec, files, kinds: WORKER_KINDS, gzip })
    : Promise.resolve(null);
  // Awaited below; until then a failing worker must not count as an unhandled rejection.
  worker.catch(() => {});
  const mainSinks = openSinks(files, useWorker ? MAIN_KINDS : IMDB_KINDS, gzip);
  const onProgress = (titles: number) => opts.onProgress?.({ titles, totalTitles: titleCount });
  const counts = await writeCatalogue(mainSinks, spec, onProgress);
  const rows = await closeSinks(mainSinks);
  const fromWorker = await worker;
  if (fromWorker) Object.assign(rows, fromWorker.rows);
  else if (useWorker) Object.assign(rows, (await writeCatalogueFiles(spec, files, WORKER_KINDS, gzip)).rows);

  let bytes = 0;
  for (const kind of IMDB_KINDS) bytes += (await fs.promises.stat(files[kind])).size;
  return {
    files,
    rows: rows as Record<ImdbKind, number>,
    titles: titleCount + plantedTitles.length,
    series: counts.series,
    episodes: counts.episodes,
    people: spec.peopleCount,
    bytes,
    parallel: fromWorker !== null,
    elapsedMs: performance.now() - started,
  };
}
