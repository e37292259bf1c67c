import fs from 'node:fs';
import path from 'node:path';
import { IMDB_KINDS, type ImdbKind } from './imdb-rows';
import { plantedTitles, type PlantedTitle } from './planted-titles';
import { closeSinks, openSinks, runWorker, type Sinks } from './synthetic';
import {
  DE_WORDS,
  EL_WORDS,
  EN_ADJECTIVES,
  EN_NOUNS,
  ES_WORDS,
  FA_ADJECTIVES,
  FA_NAMES,
  FA_NOUNS,
  FA_ROMAN,
  FIRST_NAMES,
  FR_WORDS,
  GENRE_POOL,
  JA_WORDS,
  LAST_NAMES,
  RU_WORDS,
} from './synthetic-words';

/**
 * A synthetic catalogue at IMDb's real size and in its real proportions (February 2026: 12.3 M
 * titles, three quarters of them episodes; 15.1 M people; 97.6 M principal credits; 55 M
 * alternative titles; 1.6 M ratings), or the same shape at any smaller size: `titles` scales
 * every file by titles / 12,265,715.
 *
 * The shape, besides the counts: episodes belong to series written before them, a few series
 * (daily soaps, talk shows) run to thousands of episodes while most have a handful; the hosts
 * and leads of those series, and a few popular people, collect thousands of credits while most
 * people have one or two; only ~13% of titles are rated and votes are long-tailed; alternative
 * titles come from two dozen regions, Persian ones (region IR, language fa) in Persian script;
 * and about one row in ten thousand of each file is broken the way real dumps break (a missing
 * column, `\N` in a required field, an impossible year or number), which an importer must skip
 * and count. `stats.broken` says how many of each file's rows are broken.
 *
 * Memory stays flat whatever the size: rows are written as they are made, and the only state
 * kept is one small record per series that still has episodes to come.
 *
 * Determinism. One structural random stream decides what each title is (its type, and for an
 * episode its series); every other field of title i (or person p) comes from a small generator
 * seeded by a hash of (seed, i, what). So a thread can skip the files it does not write without
 * falling out of step, and the next day (`nextDay`) is day one regenerated row by row with the
 * day's changes applied as it goes: a row the day does not touch is byte-for-byte the same.
 *
 * The next day, as IMDb's daily files change: 0.1–0.3% new titles and people (ids above every
 * existing one), votes moved on ~45% of rated titles (and a few titles rated for the first
 * time), ~0.05% of titles changed (name, year or genres) and ~0.05% of people, ~0.01% of titles
 * gone (never a series, so no episode loses its parent).
 *
 * Well-known titles (planted-titles.ts: The Godfather, A Separation, …) are planted at their real
 * ids, each in the block of ids its synthetic neighbour is drawn from, with their English,
 * original and Persian names and their votes, so a search benchmark has queries whose right
 * answer is known. A synthetic title whose id one of them takes moves to another id of its block.
 * They are the same every day, and a catalogue too small to reach a planted id leaves it out.
 */

/** IMDb's published files, February 2026. */
export const IMDB_SIZE = {
  titles: 12_265_715,
  episodes: 9_462_887,
  people: 15_063_390,
  principals: 97_617_046,
  akas: 54_957_563,
  ratings: 1_631_810,
} as const;

export interface ImdbShapeOptions {
  /** Rows of title.basics, episodes included; IMDB_SIZE.titles for the real size. */
  titles: number;
  outDir: string;
  /** Same seed, same files. Default 1. */
  seed?: number;
  /** Write `.tsv.gz` instead of `.tsv`. */
  gzip?: boolean;
  /** Write four of the files from a worker thread; by default only for large catalogues. */
  parallel?: boolean;
  /** Write the catalogue as it is one day later instead. */
  nextDay?: boolean;
  /** Called every few thousand titles. */
  onProgress?: (p: { titles: number; totalTitles: number }) => void;
}

/** What the next day did, against day one. */
export interface DayChanges {
  titlesAdded: number;
  titlesRemoved: number;
  titlesChanged: number;
  peopleAdded: number;
  peopleChanged: number;
  /** Rated titles whose votes (and maybe rating) moved. */
  ratingsMoved: number;
  /** Day-one titles rated for the first time. */
  ratingsAdded: number;
}

export interface ImdbShapeStats {
  files: Record<ImdbKind, string>;
  /** Lines per file, header not counted, broken rows included. */
  rows: Record<ImdbKind, number>;
  /** Of those, the rows an importer must reject. */
  broken: Record<ImdbKind, number>;
  /** Titles written (title.basics rows), episodes included. */
  titles: number;
  series: number;
  episodes: number;
  people: number;
  bytes: number;
  parallel: boolean;
  elapsedMs: number;
  /** Set for the next day. */
  changes: DayChanges | null;
}

/** What fixes the catalogue's content. */
export interface ImdbSpec {
  seed: number;
  /** Day-one titles and people. */
  titles: number;
  people: number;
  nextDay: boolean;
}

/** People for a catalogue of `titles`, in IMDb's ratio. */
export function imdbPeopleFor(titles: number): number {
  return Math.max(1, Math.round((titles * IMDB_SIZE.people) / IMDB_SIZE.titles));
}

// ---------------------------------------------------------------------------------------------
// Proportions.

const EPISODE_SHARE = IMDB_SIZE.episodes / IMDB_SIZE.titles;
const TYPES = ['tvEpisode', 'short', 'movie', 'video', 'tvSeries', 'tvMovie', 'tvMiniSeries', 'tvSpecial', 'videoGame', 'tvShort', 'tvPilot'] as const;
const EPISODE = 0;
const SHORT = 1;
const MOVIE = 2;
const VIDEO = 3;
const SERIES = 4;
const MINISERIES = 6;
/** Titles of each other type in IMDb, February 2026 (rounded); they share what episodes leave. */
const OTHER_TYPE_COUNTS = [0, 1_132_000, 735_000, 320_000, 285_000, 152_000, 66_000, 55_000, 46_000, 11_000, 828];
const OTHER_TYPE_CUMULATIVE = (() => {
  const total = OTHER_TYPE_COUNTS.reduce((a, b) => a + b, 0);
  let sum = 0;
  return OTHER_TYPE_COUNTS.map((n) => (sum += n) / total);
})();
/** Share of each type with a rating; episodes' share makes the total 1,631,810 of 12,265,715. */
const RATED_SHARE = [0.0837, 0.17, 0.45, 0.25, 0.4, 0.4, 0.45, 0.3, 0.3, 0.15, 0.2];
/** Mean extra akas past the first (an exponential, floored): 4.48 akas per title in all. */
const AKA_SCALE = 3.958;
const MAX_AKAS = 80;
/** Popular people: rank r is credited with weight 1 / (r + POPULAR_OFFSET). */
const POPULAR_OFFSET = 300;
/** Broken rows: per title (or person) and file. */
const BROKEN_RATE = 1 / 10_000;

// Next day.
const REMOVED_RATE = 0.0001;
const CHANGED_RATE = 0.0005;
const PEOPLE_CHANGED_RATE = 0.0005;
const VOTES_MOVED_RATE = 0.45;
const NEWLY_RATED_RATE = 0.0003;

// Hash salts: one per independent stream of draws.
const enum Salt {
  Id = 1,
  Basics,
  Year,
  Genres,
  Rating,
  Credits,
  Episode,
  Series,
  Regular,
  Name,
  Removed,
  Changed,
  Votes,
  PersonChanged,
  AddedTitles,
  AddedPeople,
  Broken, // + kind index
}

/** murmur3's finaliser: a bijection on 32 bits that mixes every input bit into every output bit. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const unit = (h: number) => h / 4294967296;

/** mulberry32, reseedable so one object serves every title. */
class Rng {
  private s = 0;
  seed(state: number): this {
    this.s = state | 0;
    return this;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
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
 * Sums over a growing array of integer weights: the series still taking episodes, each weighted
 * by how many it is meant to have, so a daily soap gets episodes hundreds of times as often as a
 * miniseries. Integer weights keep the float sums exact.
 */
class Fenwick {
  private tree = new Float64Array(1025);
  private size = 1024;
  total = 0;

  add(i: number, delta: number): void {
    while (i >= this.size) this.grow();
    this.total += delta;
    for (let x = i + 1; x <= this.size; x += x & -x) this.tree[x]! += delta;
  }

  /** The slot whose weight range holds r, 0 ≤ r < total. */
  find(r: number): number {
    let pos = 0;
    for (let step = this.size; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.size && this.tree[next]! <= r) {
        pos = next;
        r -= this.tree[next]!;
      }
    }
    return pos;
  }

  private grow(): void {
    // Rebuild from the weights: each node's weight is its tree value less its children's.
    const old = this.tree;
    const n = this.size;
    const weights = new Float64Array(n + 1);
    for (let x = 1; x <= n; x++) {
      let w = old[x]!;
      for (let c = 1; c < (x & -x); c <<= 1) w -= old[x - c]!;
      weights[x] = w;
    }
    this.size = n * 2;
    this.tree = new Float64Array(this.size + 1);
    for (let x = 1; x <= n; x++) {
      this.tree[x]! += weights[x]!;
      const parent = x + (x & -x);
      if (parent <= this.size) this.tree[parent]! += this.tree[x]!;
    }
  }
}

/** Growable Int32 columns, one row per series. */
class SeriesTable {
  capacity = 1024;
  title = new Int32Array(this.capacity);
  target = new Int32Array(this.capacity);
  done = new Int32Array(this.capacity);
  perSeason = new Int32Array(this.capacity);
  /** 0 ordinary, 1 daily drama, 2 daily talk show. */
  daily = new Int32Array(this.capacity);
  length = 0;

  push(title: number, target: number, perSeason: number, daily: number): number {
    if (this.length === this.capacity) {
      this.capacity *= 2;
      for (const key of ['title', 'target', 'done', 'perSeason', 'daily'] as const) {
        const bigger = new Int32Array(this.capacity);
        bigger.set(this[key]);
        this[key] = bigger;
      }
    }
    const s = this.length++;
    this.title[s] = title;
    this.target[s] = target;
    this.done[s] = 0;
    this.perSeason[s] = perSeason;
    this.daily[s] = daily;
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// Text.

const NULL = '\\N';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const FULL_NAMES = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));
const RATINGS = Array.from({ length: 101 }, (_, r10) => `${(r10 / 10) | 0}.${r10 % 10}`);
const LAST_YEAR = 2026;

/** Regions of alternative titles, weighted, with the languages IMDb gives them and how often. */
const REGIONS: { region: string; weight: number; language: string | null; languageShare: number; script: readonly string[] | null }[] = [
  { region: 'US', weight: 14, language: 'en', languageShare: 0.02, script: null },
  { region: 'GB', weight: 6, language: 'en', languageShare: 0.02, script: null },
  { region: 'DE', weight: 8, language: 'de', languageShare: 0.05, script: DE_WORDS },
  { region: 'FR', weight: 8, language: 'fr', languageShare: 0.05, script: FR_WORDS },
  { region: 'ES', weight: 7, language: 'es', languageShare: 0.05, script: ES_WORDS },
  { region: 'IT', weight: 6, language: 'it', languageShare: 0.03, script: null },
  { region: 'JP', weight: 6, language: 'ja', languageShare: 0.45, script: JA_WORDS },
  { region: 'IN', weight: 4, language: 'hi', languageShare: 0.3, script: null },
  { region: 'BR', weight: 6, language: 'pt', languageShare: 0.03, script: null },
  { region: 'CA', weight: 4, language: 'fr', languageShare: 0.3, script: FR_WORDS },
  { region: 'RU', weight: 4, language: 'ru', languageShare: 0.2, script: RU_WORDS },
  { region: 'MX', weight: 4, language: 'es', languageShare: 0.03, script: ES_WORDS },
  { region: 'AU', weight: 2, language: 'en', languageShare: 0.02, script: null },
  { region: 'TR', weight: 3, language: 'tr', languageShare: 0.1, script: null },
  { region: 'KR', weight: 2, language: 'ko', languageShare: 0.1, script: null },
  { region: 'IR', weight: 3, language: 'fa', languageShare: 1, script: FA_NOUNS },
  { region: 'XWW', weight: 5, language: 'en', languageShare: 0.6, script: null },
  { region: 'PL', weight: 3, language: 'pl', languageShare: 0.03, script: null },
  { region: 'NL', weight: 2, language: 'nl', languageShare: 0.03, script: null },
  { region: 'SE', weight: 2, language: 'sv', languageShare: 0.03, script: null },
  { region: 'PT', weight: 3, language: 'pt', languageShare: 0.03, script: null },
  { region: 'GR', weight: 2, language: 'el', languageShare: 0.3, script: EL_WORDS },
  { region: 'HU', weight: 2, language: 'hu', languageShare: 0.03, script: null },
  { region: 'AR', weight: 2, language: 'es', languageShare: 0.03, script: ES_WORDS },
];
const REGION_CUMULATIVE = (() => {
  const total = REGIONS.reduce((a, r) => a + r.weight, 0);
  let sum = 0;
  return REGIONS.map((r) => (sum += r.weight) / total);
})();
const IR = REGIONS.findIndex((r) => r.region === 'IR');

/** `types` of an aka; IMDb separates several with U+0002. */
const AKA_TYPES: [string, number][] = [
  ['imdbDisplay', 55],
  [NULL, 25],
  ['alternative', 8],
  ['working', 4],
  ['festival', 3],
  ['dvd', 2],
  ['tv', 2],
  ['video', 0.8],
  ['alternative\u0002working', 0.2],
];
const AKA_ATTRIBUTES = [
  'literal English title', 'alternative spelling', 'new title', 'short title', 'informal title', 'original script title',
  'complete title', 'reissue title', 'transliterated title', 'promotional title', 'literal title', 'cable TV title',
];

/** Principal categories, weighted, past a series' regulars. */
const ROLES: [string, number][] = [
  ['actor', 28], ['actress', 20], ['self', 14], ['director', 7], ['writer', 9], ['producer', 8], ['composer', 3],
  ['cinematographer', 3], ['editor', 3], ['production_designer', 1], ['casting_director', 1], ['archive_footage', 2],
  ['archive_sound', 0.3],
];
const WRITER_JOBS = ['screenplay', 'story', 'novel', 'created by', 'written by', 'teleplay', 'characters'];
const PRODUCER_JOBS = ['producer', 'executive producer', 'co-producer', 'line producer'];
const PROFESSIONS: [string, number][] = [
  ['actor', 30], ['actress', 22], ['miscellaneous', 9], ['producer', 7], ['writer', 6], ['director', 5],
  ['camera_department', 4], ['editor', 2], ['composer', 2], ['sound_department', 3], ['art_department', 3],
  ['music_department', 2], ['cinematographer', 2], ['animation_department', 1], ['visual_effects', 1],
  ['stunts', 1], ['casting_department', 0.5], ['assistant_director', 1], ['soundtrack', 1],
];

function cumulative(weights: [string, number][]): { names: string[]; bounds: number[] } {
  const total = weights.reduce((a, [, w]) => a + w, 0);
  let sum = 0;
  return { names: weights.map(([n]) => n), bounds: weights.map(([, w]) => (sum += w) / total) };
}
const AKA_TYPE_TABLE = cumulative(AKA_TYPES);
const ROLE_TABLE = cumulative(ROLES);
const PROFESSION_TABLE = cumulative(PROFESSIONS);

function pickBound(bounds: readonly number[], u: number): number {
  let i = 0;
  while (i < bounds.length - 1 && u >= bounds[i]!) i++;
  return i;
}

/** IMDb pads ids to at least seven digits: tt0000001, tt12345678. */
function pad7(n: number): string {
  return n < 10_000_000 ? String(n + 10_000_000).slice(1) : String(n);
}

// ---------------------------------------------------------------------------------------------
// Broken rows: the three ways real dumps break, per file.

function breakLine(kind: ImdbKind, line: string, how: number): string {
  const fields = line.slice(0, -1).split('\t');
  switch (how % 3) {
    case 0:
      // A column lost (a tab inside a field, a truncated line).
      fields.pop();
      break;
    case 1: {
      // \N where the format has no room for it.
      const at = { 'title.basics': 2, 'title.akas': 2, 'title.ratings': 1, 'title.principals': 2, 'title.crew': 0, 'title.episode': 1, 'name.basics': 1 }[kind];
      fields[at] = NULL;
      break;
    }
    default: {
      // A year or number no parser can take.
      const [at, value] = ({
        'title.basics': [5, (how >> 2) % 2 ? '3021' : '19x5'],
        'title.akas': [1, '0'],
        'title.ratings': [1, '11.5'],
        'title.principals': [1, '0'],
        'title.crew': [1, 'nm12x'],
        'title.episode': [2, 'S01'],
        'name.basics': [2, (how >> 2) % 2 ? '0' : '19-5'],
      } as const)[kind];
      fields[at] = value;
    }
  }
  return `${fields.join('\t')}\n`;
}

// ---------------------------------------------------------------------------------------------
// The catalogue.

type Counts = { series: number; episodes: number; titles: number; people: number };
export type ImdbFilesResult = Counts & {
  rows: Partial<Record<ImdbKind, number>>;
  broken: Partial<Record<ImdbKind, number>>;
  changes: Partial<DayChanges>;
};

/**
 * Makes the whole catalogue and writes the rows of the files it has sinks for. The structural
 * draws happen whichever files are written; everything else is drawn only where it is written.
 */
async function writeImdbCatalogue(sinks: Sinks, spec: ImdbSpec, onProgress?: (titlesDone: number) => void): Promise<ImdbFilesResult> {
  const { seed, nextDay } = spec;
  const N = Math.max(0, Math.floor(spec.titles));
  const P = Math.max(1, Math.floor(spec.people));
  const basics = sinks['title.basics'];
  const akas = sinks['title.akas'];
  const ratings = sinks['title.ratings'];
  const principals = sinks['title.principals'];
  const crew = sinks['title.crew'];
  const episodes = sinks['title.episode'];
  const names = sinks['name.basics'];

  const salt = (s: number) => fmix(Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(s, 0x632be5ab));
  const salts = new Int32Array(Salt.Broken + IMDB_KINDS.length);
  for (let s = 0; s < salts.length; s++) salts[s] = salt(s);
  const hash = (index: number, s: Salt | number) => fmix((salts[s]! + Math.imul(index, 0x9e3779b1)) | 0);
  const brokenSalt = (kind: ImdbKind) => Salt.Broken + IMDB_KINDS.indexOf(kind);
  const isBroken = (index: number, kind: ImdbKind) => unit(hash(index, brokenSalt(kind))) < BROKEN_RATE;
  const broken: Partial<Record<ImdbKind, number>> = {};
  /** Writes `line` to `kind`'s file, broken if this title or person is one of the broken ones. */
  const write = (kind: ImdbKind, index: number, line: string) => {
    const sink = sinks[kind]!;
    if (isBroken(index, kind)) {
      broken[kind] = (broken[kind] ?? 0) + 1;
      sink.line(breakLine(kind, line, fmix(hash(index, brokenSalt(kind)) ^ 0x7f4a7c15)));
    } else sink.line(line);
  };

  const changes: Partial<DayChanges> = {};
  const bump = (key: keyof DayChanges) => (changes[key] = (changes[key] ?? 0) + 1);

  // The next day's additions: 0.1–0.3% of titles and of people, drawn from the seed.
  const addedTitles = nextDay ? Math.round(N * (0.001 + 0.002 * unit(hash(0, Salt.AddedTitles)))) : 0;
  const addedPeople = nextDay ? Math.round(P * (0.001 + 0.002 * unit(hash(0, Salt.AddedPeople)))) : 0;

  // Title i's id is one of 3i+1…3i+3; a planted title takes its real id in that block.
  const plantedAt = new Map<number, { title: PlantedTitle; id: number }>();
  for (const t of plantedTitles) {
    const id = Number(t.tconst.slice(2));
    const block = Math.floor((id - 1) / 3);
    if (block < N) plantedAt.set(block, { title: t, id });
  }
  const idOf = (i: number): number => {
    const slot = hash(i, Salt.Id) % 3;
    const id = 1 + 3 * i + slot;
    return plantedAt.size > 0 && plantedAt.get(i)?.id === id ? 1 + 3 * i + ((slot + 1) % 3) : id;
  };
  const tconst = (i: number) => `tt${pad7(idOf(i))}`;
  const nconst = (p: number) => `nm${pad7(1 + p + (p >>> 3))}`;

  /** Title i's start year, or 0 for none; recent years are the most common, as in IMDb. */
  const yearOf = (i: number): number => {
    const u = unit(hash(i, Salt.Year));
    if (u < 0.06) return 0;
    if (u > 0.985) return LAST_YEAR + 1 + ((u * 1000) % 3 | 0);
    return Math.max(1874, LAST_YEAR - (((u - 0.06) / 0.925) ** 2.4 * 150) | 0);
  };

  const rg = new Rng();
  /** Title i's genres; an episode takes its series'. */
  const genresOf = (i: number, type: number, daily: number): string => {
    if (daily === 2) return (i & 1) === 0 ? 'Talk-Show' : 'Comedy,Talk-Show';
    if (daily === 1) return 'Drama,Romance';
    rg.seed(hash(i, Salt.Genres));
    if (rg.next() < 0.08) return NULL;
    const list = [type === SHORT ? 'Short' : rg.pick(GENRE_POOL)];
    const n = 1 + rg.int(3);
    for (let g = 1; g < n; g++) {
      const next = rg.pick(GENRE_POOL);
      if (!list.includes(next)) list.push(next);
    }
    // IMDb lists a title's genres in alphabetical order.
    return list.length === 1 ? list[0]! : list.sort().join(',');
  };

  const englishTitle = (r: Rng): string => {
    let t: string;
    switch (r.int(6)) {
      case 0:
        t = `The ${r.pick(EN_ADJECTIVES)} ${r.pick(EN_NOUNS)}`;
        break;
      case 1:
        t = `${r.pick(EN_NOUNS)} of the ${r.pick(EN_NOUNS)}`;
        break;
      case 2:
        t = `${r.pick(EN_ADJECTIVES)} ${r.pick(EN_NOUNS)}`;
        break;
      case 3:
        t = `${r.pick(FIRST_NAMES)}'s ${r.pick(EN_NOUNS)}`;
        break;
      case 4:
        t = `The ${r.pick(EN_NOUNS)} and the ${r.pick(EN_NOUNS)}`;
        break;
      default:
        t = `${r.pick(EN_NOUNS)}: ${r.pick(EN_ADJECTIVES)} ${r.pick(EN_NOUNS)}`;
    }
    return r.next() < 0.04 ? `${t} ${2 + r.int(3)}` : t;
  };

  const persianTitle = (r: Rng): string => {
    switch (r.int(5)) {
      case 0:
      case 1:
        return `${r.pick(FA_NOUNS)} ${r.pick(FA_ADJECTIVES)}`;
      case 2:
        return `${r.pick(FA_NOUNS)} و ${r.pick(FA_NOUNS)}`;
      case 3:
        return `${r.pick(FA_NOUNS)} ${r.pick(FA_NAMES)}`;
      default:
        return `${r.pick(FA_NAMES)} ${r.pick(FA_NAMES)}`;
    }
  };

  // --- Series and people: the structure every file shares. -------------------------------------

  const series = new SeriesTable();
  // The longest series run to 20,000 episodes at full size; a small catalogue's longest are
  // shorter, or one soap would hold a tenth of its episodes.
  const maxEpisodes = Math.max(300, Math.min(20_000, Math.floor(N / 60)));
  const weights = new Fenwick();
  const structure = new Rng().seed(fmix(seed ^ 0x1b873593));
  let seriesCount = 0;
  let episodeCount = 0;

  /** A series' target episode count, season length and kind, from its index alone. */
  const openSeries = (i: number, type: number) => {
    const u = unit(hash(i, Salt.Series));
    const v = unit(fmix(hash(i, Salt.Series) ^ 0x2545f491));
    let target: number;
    if (type === MINISERIES) target = u < 0.2 ? 0 : 2 + ((v * 10) | 0);
    else if (u < 0.3) target = 0;
    else target = Math.min(maxEpisodes, Math.floor(8 / ((u - 0.3) / 0.7 + 1e-9)));
    if (target === 0) return;
    const daily = target >= 600 ? (v < 0.5 ? 1 : 2) : 0;
    const perSeason = daily ? 200 + ((v * 60) | 0) : 6 + ((v * 19) | 0);
    const s = series.push(i, target, perSeason, daily);
    weights.add(s, target);
  };

  /**
   * Person picks. Most go to popular people: rank r drawn with weight 1 / (r + 300), so the
   * first few hundred people (the oldest ids, as in IMDb) share thousands of credits each at full
   * size. The rest go to anyone, or to people near the title in time (ids are given out in
   * order), so most people have a credit or two.
   */
  const window = Math.min(P, 5000);
  let logPop = 0;
  let logOf = 0;
  const popular = (u: number, pop: number): number => {
    if (logOf !== pop) {
      logOf = pop;
      logPop = Math.log(pop / POPULAR_OFFSET + 1);
    }
    return Math.min(pop - 1, (POPULAR_OFFSET * (Math.exp(u * logPop) - 1)) | 0);
  };
  const pickPerson = (r: Rng, cursor: number, pop: number): number => {
    const u = r.next();
    if (u < 0.6) return popular(r.next(), pop);
    if (u < 0.7) return r.int(pop);
    const p = cursor - 1 - r.int(window);
    return p < 0 ? r.int(Math.min(window, pop)) : p >= pop ? pop - 1 : p;
  };
  /** Regular k (0–2) of series s: the same person in every episode that credits them. */
  const regularOf = (seriesTitle: number, k: number, pop: number): number => {
    const h = hash(seriesTitle * 4 + k, Salt.Regular);
    const u = unit(h);
    if (u < 0.5) return popular(unit(fmix(h ^ 0x68e31da4)), pop);
    return Math.min(pop - 1, Math.floor((seriesTitle * P) / Math.max(1, N)) + (fmix(h) % window));
  };

  // --- Rows. -------------------------------------------------------------------------------------

  const rb = new Rng();
  const rr = new Rng();
  const rc = new Rng();
  const rn = new Rng();

  /** Title basics and akas. */
  const writeTitle = (i: number, tc: string, type: number, parent: number, seasonNo: number, episodeNo: number, daily: number, sinceStart: number) => {
    rb.seed(hash(i, Salt.Basics));
    let primary: string;
    let original: string;
    let year = yearOf(i);
    let genres: string;
    if (type === EPISODE) {
      const seriesYear = yearOf(parent);
      year = seriesYear && Math.min(2100, seriesYear + seasonNo - 1);
      if (daily && seriesYear) {
        const day = new Date(Date.UTC(seriesYear, 0, 1 + sinceStart));
        primary = `Episode dated ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
      } else primary = rb.next() < 0.45 ? `Episode #${seasonNo}.${episodeNo}` : englishTitle(rb);
      original = primary;
      genres = genresOf(parent, SERIES, daily);
    } else {
      primary = englishTitle(rb);
      const o = rb.next();
      original = o < 0.015 ? `${rb.pick(FA_ROMAN)} ${rb.pick(FA_ROMAN).toLowerCase()}` : o < 0.1 ? `${rb.pick(FR_WORDS)}` : primary;
      genres = genresOf(i, type, daily);
    }
    const adult = (type === MOVIE || type === VIDEO) && rb.next() < 0.03 ? 1 : 0;
    if (adult && genres === NULL) genres = 'Adult';
    let endYear = NULL;
    if ((type === SERIES || type === MINISERIES) && year && rb.next() < 0.45) endYear = String(Math.min(LAST_YEAR, year + rb.int(type === MINISERIES ? 2 : 12)));
    const runtimeRoll = rb.next();
    const runtime =
      type === EPISODE
        ? runtimeRoll < 0.65 ? NULL : String(10 + rb.int(50))
        : type === SHORT
          ? runtimeRoll < 0.25 ? NULL : String(1 + rb.int(44))
          : type === MOVIE
            ? runtimeRoll < 0.12 ? NULL : String(60 + rb.int(120))
            : runtimeRoll < 0.4 ? NULL : String(20 + rb.int(100));

    if (basics) {
      let title = primary;
      let originalTitle = original;
      let startYear = year;
      let genreList = genres;
      if (nextDay && i < N && unit(hash(i, Salt.Changed)) < CHANGED_RATE) {
        // A title corrected in IMDb: its name, its year or its genres.
        const h = hash(i, Salt.Changed);
        const rx = new Rng().seed(h);
        const what = h % 3;
        if (what === 0) {
          const renamed = englishTitle(rx);
          title = renamed === primary ? `${renamed} II` : renamed;
          if (originalTitle === primary) originalTitle = title;
        } else if (what === 1) startYear = year === 0 ? 2020 : year >= LAST_YEAR ? year - 1 : year + 1;
        else genreList = genres === 'Documentary' ? 'Drama' : 'Documentary';
        bump('titlesChanged');
      }
      const line = `${tc}\t${TYPES[type]}\t${title}\t${originalTitle}\t${adult}\t${startYear || NULL}\t${endYear}\t${runtime}\t${genreList}\n`;
      // A series' row is never the broken one: its episodes would lose their parent.
      if (type === SERIES || type === MINISERIES) basics.line(line);
      else write('title.basics', i, line);
    }

    if (!akas) return;
    // Akas: 1 + a floored exponential, so most titles have a few and some dozens.
    const n = Math.min(MAX_AKAS, 1 + Math.floor(-Math.log(1 - rb.next()) * AKA_SCALE));
    for (let k = 1; k <= n; k++) {
      let line: string;
      if (k === 1 && rb.next() < 0.55) {
        line = `${tc}\t1\t${original}\t${NULL}\t${NULL}\toriginal\t${NULL}\t1\n`;
      } else {
        const reg = pickBound(REGION_CUMULATIVE, rb.next());
        const r = REGIONS[reg]!;
        let title: string;
        if (reg === IR) title = type === EPISODE && primary.startsWith('Episode') ? `قسمت ${episodeNo}` : persianTitle(rb);
        else if (r.script && rb.next() < 0.6) title = `${rb.pick(r.script)} ${rb.pick(r.script)}`;
        else title = primary;
        const language = rb.next() < r.languageShare ? r.language! : NULL;
        const types = AKA_TYPE_TABLE.names[pickBound(AKA_TYPE_TABLE.bounds, rb.next())]!;
        const attr = rb.next();
        const attributes = attr < 0.94 ? NULL : attr < 0.999 ? rb.pick(AKA_ATTRIBUTES) : `${rb.pick(AKA_ATTRIBUTES)}\u0002${rb.pick(AKA_ATTRIBUTES)}`;
        line = `${tc}\t${k}\t${title}\t${r.region}\t${language}\t${types}\t${attributes}\t0\n`;
      }
      // Only the first aka of a title can be its broken one.
      if (k === 1) write('title.akas', i, line);
      else akas.line(line);
    }
  };

  /** Title ratings: ~13% of titles; votes long-tailed (Pareto, at least 5, as IMDb publishes). */
  const writeRating = (i: number, tc: string, type: number) => {
    rr.seed(hash(i, Salt.Rating));
    let rated = rr.next() < RATED_SHARE[type]!;
    const newTitle = i >= N;
    if (newTitle) rated = rr.next() < 0.05;
    const alpha = type === EPISODE ? 1.1 : 0.75;
    let votes = Math.min(3_000_000, Math.floor(5 * (1 - rr.next()) ** (-1 / alpha)));
    if (newTitle) votes = 5 + rr.int(20);
    // Few votes, wide spread; many votes, close to the 6.9 most titles land near.
    const spread = 0.9 + 2.2 / Math.log10(votes + 3);
    const bell = (rr.next() + rr.next() + rr.next() - 1.5) * 2;
    let r10 = Math.round(10 * (6.9 + bell * spread));
    if (nextDay && !newTitle) {
      const h = hash(i, Salt.Votes);
      if (!rated) {
        if (unit(h) < NEWLY_RATED_RATE) {
          rated = true;
          votes = 5 + (h % 7);
          bump('ratingsAdded');
        }
      } else if (unit(h) < VOTES_MOVED_RATE) {
        // A day's votes: a few for most titles, hundreds for the most watched.
        votes += 1 + Math.floor(votes * 0.002 * unit(fmix(h)));
        if (unit(fmix(h ^ 0x3c6ef372)) < 0.25) r10 += (h & 1) === 0 ? 1 : -1;
        bump('ratingsMoved');
      }
    }
    if (!rated) return;
    write('title.ratings', i, `${tc}\t${RATINGS[r10 < 10 ? 10 : r10 > 100 ? 100 : r10]}\t${votes}\n`);
  };

  /** Principals and crew. */
  const writeCredits = (i: number, tc: string, type: number, slot: number, cursor: number, pop: number) => {
    rc.seed(hash(i, Salt.Credits));
    const k = rc.next() < 0.01 ? 0 : 1 + rc.int(8) + rc.int(8);
    const seriesTitle = slot >= 0 ? series.title[slot]! : -1;
    const daily = slot >= 0 ? series.daily[slot]! : 0;
    const regulars = slot < 0 ? 0 : daily ? 3 : 1 + (seriesTitle % 3);
    let directors = '';
    let writers = '';
    for (let o = 1; o <= k; o++) {
      let person: number;
      let category: string;
      let job = NULL;
      let characters = NULL;
      if (o <= regulars && rc.next() < 0.85) {
        person = regularOf(seriesTitle, o - 1, pop);
        if (daily === 2) {
          category = 'self';
          characters = o === 1 ? '["Self - Host"]' : '["Self - Co-Host"]';
        } else {
          category = (person & 1) === 0 ? 'actor' : 'actress';
          characters = `["${FULL_NAMES[fmix(person) % FULL_NAMES.length]}"]`;
        }
      } else {
        const role = pickBound(ROLE_TABLE.bounds, rc.next());
        category = ROLE_TABLE.names[role]!;
        person = pickPerson(rc, cursor, pop);
        const c = rc.next();
        switch (category) {
          case 'actor':
          case 'actress':
            if (c < 0.85) characters = `["${FULL_NAMES[rc.int(FULL_NAMES.length)]}"]`;
            else if (c < 0.9) characters = `["${FULL_NAMES[rc.int(FULL_NAMES.length)]}","${rc.pick(FIRST_NAMES)}"]`;
            break;
          case 'self':
            characters = c < 0.5 ? '["Self"]' : c < 0.8 ? '["Self - Guest"]' : NULL;
            break;
          case 'archive_footage':
            if (c < 0.6) characters = '["Self"]';
            break;
          case 'writer':
            if (c < 0.7) job = rc.pick(WRITER_JOBS);
            break;
          case 'producer':
            if (c < 0.9) job = rc.pick(PRODUCER_JOBS);
            break;
          case 'cinematographer':
            if (c < 0.5) job = 'director of photography';
            break;
        }
      }
      const nm = nconst(person);
      if (category === 'director') directors = directors ? `${directors},${nm}` : nm;
      else if (category === 'writer') writers = writers ? `${writers},${nm}` : nm;
      if (principals) {
        const line = `${tc}\t${o}\t${nm}\t${category}\t${job}\t${characters}\n`;
        if (o === 1) write('title.principals', i, line);
        else principals.line(line);
      }
    }
    if (!crew) return;
    if (!directors && rc.next() < (type === EPISODE ? 0.5 : 0.35)) directors = nconst(pickPerson(rc, cursor, pop));
    if (!writers && rc.next() < 0.3) {
      writers = nconst(pickPerson(rc, cursor, pop));
      if (rc.next() < 0.3) writers += `,${nconst(pickPerson(rc, cursor, pop))}`;
    }
    write('title.crew', i, `${tc}\t${directors || NULL}\t${writers || NULL}\n`);
  };

  /** name.basics, person p; knownForTitles are titles near the person in time. */
  const writePerson = (p: number, titlesBefore: number, totalTitles: number) => {
    rn.seed(hash(p, Salt.Name));
    let name = FULL_NAMES[rn.int(FULL_NAMES.length)]!;
    if (rn.next() < 0.08) name = name.replace(' ', ` ${String.fromCharCode(65 + rn.int(26))}. `);
    const b = rn.next();
    let birth = b < 0.25 ? 1880 + rn.int(130) : 0;
    if (b < 0.002) birth = 1500 + rn.int(300); // writers of centuries past: Shakespeare, 1564
    let death = birth && birth < 1955 && rn.next() < 0.6 ? Math.min(LAST_YEAR, birth + 25 + rn.int(75)) : 0;
    if (!birth && rn.next() < 0.02) death = 1950 + rn.int(76);
    const np = rn.next() < 0.15 ? 0 : 1 + rn.int(3);
    let professions = '';
    for (let k = 0; k < np; k++) {
      const prof = PROFESSION_TABLE.names[pickBound(PROFESSION_TABLE.bounds, rn.next())]!;
      if (!professions.includes(prof)) professions = professions ? `${professions},${prof}` : prof;
    }
    const nk = rn.next() < 0.3 ? 0 : 1 + rn.int(4);
    let known = '';
    for (let k = 0; k < nk && totalTitles > 0; k++) {
      const t = Math.min(totalTitles - 1, Math.max(0, titlesBefore - rn.int(2000)));
      const id = tconst(t);
      if (!known.includes(id)) known = known ? `${known},${id}` : id;
    }
    if (nextDay && p < P && unit(hash(p, Salt.PersonChanged)) < PEOPLE_CHANGED_RATE) {
      if (!death && birth) death = LAST_YEAR;
      else if (!professions.includes('producer')) professions = professions ? `${professions},producer` : 'producer';
      else name = `${name} Jr.`;
      bump('peopleChanged');
    }
    write('name.basics', p, `${nconst(p)}\t${name}\t${birth || NULL}\t${death || NULL}\t${professions || NULL}\t${known || NULL}\n`);
  };

  let person = 0;
  const writePeopleUpTo = (end: number, titlesBefore: number, totalTitles: number) => {
    if (!names) {
      person = end;
      return;
    }
    for (; person < end; person++) writePerson(person, titlesBefore, totalTitles);
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

  /** A planted title's rows: no credits, no episodes. */
  const writePlanted = (t: PlantedTitle) => {
    basics?.line(
      `${t.tconst}\t${t.titleType}\t${t.titleEn}\t${t.originalTitle ?? t.titleEn}\t0\t${t.year}\t${t.endYear ?? NULL}\t${t.runtimeMinutes}\t${t.genres.join(',')}\n`,
    );
    akas?.line(`${t.tconst}\t1\t${t.originalTitle ?? t.titleEn}\t${NULL}\t${NULL}\toriginal\t${NULL}\t1\n`);
    akas?.line(`${t.tconst}\t2\t${t.titleEn}\tUS\ten\timdbDisplay\t${NULL}\t0\n`);
    akas?.line(`${t.tconst}\t3\t${t.titleFa}\tIR\tfa\timdbDisplay\t${NULL}\t0\n`);
    ratings?.line(`${t.tconst}\t${t.averageRating.toFixed(1)}\t${t.numVotes}\n`);
    crew?.line(`${t.tconst}\t${NULL}\t${NULL}\n`);
  };

  /** One title: the structural draws, then whatever rows this thread writes. */
  const title = (i: number, cursor: number, pop: number) => {
    // A planted title of this block goes before or after the synthetic one, in id order.
    const planted = i < N ? plantedAt.get(i) : undefined;
    const plantedFirst = planted !== undefined && planted.id < idOf(i);
    if (plantedFirst) writePlanted(planted.title);
    const u = structure.next();
    let type: number;
    let slot = -1;
    if (u < EPISODE_SHARE && series.length > 0) {
      type = EPISODE;
      // A series that has not had all its episodes yet, weighted by how many it is to have; when
      // every one has (rare), any series gets one more, so episodes stay at IMDb's share.
      slot = weights.total > 0 ? weights.find(Math.floor(structure.next() * weights.total)) : structure.int(series.length);
    } else {
      const v = u < EPISODE_SHARE ? structure.next() : (u - EPISODE_SHARE) / (1 - EPISODE_SHARE);
      type = pickBound(OTHER_TYPE_CUMULATIVE, v);
    }
    let seasonNo = 0;
    let episodeNo = 0;
    let done = 0;
    let parent = -1;
    if (slot >= 0) {
      done = series.done[slot]!++;
      const per = series.perSeason[slot]!;
      seasonNo = 1 + ((done / per) | 0);
      episodeNo = 1 + (done % per);
      parent = series.title[slot]!;
      if (done + 1 === series.target[slot]!) weights.add(slot, -series.target[slot]!);
      episodeCount++;
    } else if (type === SERIES || type === MINISERIES) {
      seriesCount++;
      openSeries(i, type);
    }

    // A title the next day removed: gone from every file. Never a series, so no episode is orphaned.
    if (nextDay && i < N && type !== SERIES && type !== MINISERIES && unit(hash(i, Salt.Removed)) < REMOVED_RATE) {
      if (basics) bump('titlesRemoved');
      if (planted && !plantedFirst) writePlanted(planted.title);
      return;
    }
    if (nextDay && i >= N && basics) bump('titlesAdded');
    const tc = tconst(i);
    if (basics || akas) writeTitle(i, tc, type, parent, seasonNo, episodeNo, slot >= 0 ? series.daily[slot]! : 0, done);
    if (ratings) writeRating(i, tc, type);
    if (principals || crew) writeCredits(i, tc, type, slot, cursor, pop);
    if (episodes && slot >= 0) {
      const numbered = unit(hash(i, Salt.Episode)) >= 0.08;
      write('title.episode', i, `${tc}\t${tconst(parent)}\t${numbered ? seasonNo : NULL}\t${numbered ? episodeNo : NULL}\n`);
    }
    if (planted && !plantedFirst) writePlanted(planted.title);
  };

  // Day one; people spread over the titles so all seven files grow together.
  for (let i = 0; i < N; i++) {
    const cursor = Math.floor(((i + 1) * P) / N);
    title(i, cursor, P);
    writePeopleUpTo(cursor, i, N);
    if ((i & 255) === 255) {
      await backpressure();
      if ((i & 16383) === 16383) onProgress?.(i + 1);
    }
  }
  writePeopleUpTo(P, N, N);

  // The next day's new titles and people, with ids above every existing one.
  const allTitles = N + addedTitles;
  const allPeople = P + addedPeople;
  for (let a = 0; a < addedTitles; a++) {
    const cursor = P + Math.floor(((a + 1) * addedPeople) / addedTitles);
    title(N + a, cursor, allPeople);
    writePeopleUpTo(cursor, N + a, allTitles);
    if ((a & 255) === 255) await backpressure();
  }
  writePeopleUpTo(allPeople, allTitles, allTitles);
  if (names && nextDay) changes.peopleAdded = addedPeople;
  await backpressure();
  onProgress?.(N);
  return { series: seriesCount, episodes: episodeCount, titles: allTitles, people: allPeople, rows: {}, broken, changes };
}

/** Writes `kinds` of the catalogue; also the worker thread's entry point (synthetic-worker.ts). */
export async function writeImdbCatalogueFiles(
  spec: ImdbSpec,
  files: Record<ImdbKind, string>,
  kinds: readonly ImdbKind[],
  gzip: boolean,
  onProgress?: (titlesDone: number) => void,
): Promise<ImdbFilesResult> {
  const sinks = openSinks(files, kinds, gzip);
  const result = await writeImdbCatalogue(sinks, spec, onProgress);
  return { ...result, rows: await closeSinks(sinks) };
}

/** About half the bytes each: principals are ~40% of the catalogue. */
const MAIN_KINDS: readonly ImdbKind[] = ['title.principals', 'title.crew', 'title.episode'];
const WORKER_KINDS: readonly ImdbKind[] = ['title.basics', 'title.akas', 'title.ratings', 'name.basics'];
const PARALLEL_MIN_TITLES = 100_000;

/** Writes the seven IMDb files of an IMDb-shaped catalogue into `outDir`. */
export async function generateImdbShaped(opts: ImdbShapeOptions): Promise<ImdbShapeStats> {
  const started = performance.now();
  const titles = Math.max(0, Math.floor(opts.titles));
  const spec: ImdbSpec = { seed: opts.seed ?? 1, titles, people: imdbPeopleFor(titles), nextDay: opts.nextDay ?? false };
  const gzip = opts.gzip ?? false;
  const ext = gzip ? '.tsv.gz' : '.tsv';
  await fs.promises.mkdir(opts.outDir, { recursive: true });
  const files = {} as Record<ImdbKind, string>;
  for (const kind of IMDB_KINDS) files[kind] = path.join(opts.outDir, kind + ext);

  const useWorker = opts.parallel ?? titles >= PARALLEL_MIN_TITLES;
  const worker = useWorker
    ? runWorker<ImdbFilesResult>({ shape: 'imdb', spec, files, kinds: WORKER_KINDS, gzip })
    : Promise.resolve(null);
  worker.catch(() => {});
  const onProgress = (done: number) => opts.onProgress?.({ titles: done, totalTitles: titles });
  const main = await writeImdbCatalogueFiles(spec, files, useWorker ? MAIN_KINDS : IMDB_KINDS, gzip, onProgress);
  const fromWorker = await worker;
  const other = fromWorker ?? (useWorker ? await writeImdbCatalogueFiles(spec, files, WORKER_KINDS, gzip) : null);

  const rows = { ...main.rows, ...other?.rows } as Record<ImdbKind, number>;
  const broken = {} as Record<ImdbKind, number>;
  for (const kind of IMDB_KINDS) broken[kind] = (main.broken[kind] ?? 0) + (other?.broken[kind] ?? 0);
  let changes: DayChanges | null = null;
  if (spec.nextDay) {
    const keys = ['titlesAdded', 'titlesRemoved', 'titlesChanged', 'peopleAdded', 'peopleChanged', 'ratingsMoved', 'ratingsAdded'] as const;
    changes = {} as DayChanges;
    for (const key of keys) changes[key] = (main.changes[key] ?? 0) + (other?.changes[key] ?? 0);
  }
  let bytes = 0;
  for (const kind of IMDB_KINDS) bytes += (await fs.promises.stat(files[kind])).size;
  return {
    files,
    rows,
    broken,
    titles: rows['title.basics'],
    series: main.series,
    episodes: main.episodes,
    people: main.people,
    bytes,
    parallel: fromWorker !== null,
    elapsedMs: performance.now() - started,
    changes,
  };
}
