/**
 * Row types of IMDb's public dataset files (https://developer.imdb.com/non-commercial-datasets/)
 * and one parser per file. Parsers take the fields already arranged in the order of
 * `IMDB_COLUMNS[kind]` (the reader locates columns by name) and throw a `RowError` with an
 * English, operator-facing message when a field is not what IMDb documents.
 */

export type ImdbKind =
  | 'title.basics'
  | 'title.akas'
  | 'title.ratings'
  | 'title.principals'
  | 'title.crew'
  | 'title.episode'
  | 'name.basics';

export interface TitleBasicsRow {
  tconst: string;
  titleType: string;
  primaryTitle: string;
  originalTitle: string;
  isAdult: boolean;
  startYear: number | null;
  endYear: number | null;
  runtimeMinutes: number | null;
  genres: string[];
}

export interface TitleAkaRow {
  titleId: string;
  ordering: number;
  title: string;
  region: string | null;
  language: string | null;
  types: string[];
  attributes: string[];
  isOriginalTitle: boolean;
}

export interface TitleRatingRow {
  tconst: string;
  averageRating: number;
  numVotes: number;
}

export interface PrincipalRow {
  tconst: string;
  ordering: number;
  nconst: string;
  category: string;
  job: string | null;
  /** Parsed from IMDb's JSON-array string `["A","B"]`; `\N` gives `[]`. */
  characters: string[];
}

export interface CrewRow {
  tconst: string;
  directors: string[];
  writers: string[];
}

export interface EpisodeRow {
  tconst: string;
  parentTconst: string;
  seasonNumber: number | null;
  episodeNumber: number | null;
}

export interface NameRow {
  nconst: string;
  primaryName: string;
  birthYear: number | null;
  deathYear: number | null;
  primaryProfession: string[];
  knownForTitles: string[];
}

export interface RowByKind {
  'title.basics': TitleBasicsRow;
  'title.akas': TitleAkaRow;
  'title.ratings': TitleRatingRow;
  'title.principals': PrincipalRow;
  'title.crew': CrewRow;
  'title.episode': EpisodeRow;
  'name.basics': NameRow;
}

/** The header of each file as IMDb publishes it, in order. All columns are required. */
export const IMDB_COLUMNS: Record<ImdbKind, readonly string[]> = {
  'title.basics': [
    'tconst',
    'titleType',
    'primaryTitle',
    'originalTitle',
    'isAdult',
    'startYear',
    'endYear',
    'runtimeMinutes',
    'genres',
  ],
  'title.akas': ['titleId', 'ordering', 'title', 'region', 'language', 'types', 'attributes', 'isOriginalTitle'],
  'title.ratings': ['tconst', 'averageRating', 'numVotes'],
  'title.principals': ['tconst', 'ordering', 'nconst', 'category', 'job', 'characters'],
  'title.crew': ['tconst', 'directors', 'writers'],
  'title.episode': ['tconst', 'parentTconst', 'seasonNumber', 'episodeNumber'],
  'name.basics': ['nconst', 'primaryName', 'birthYear', 'deathYear', 'primaryProfession', 'knownForTitles'],
};

export const IMDB_KINDS = Object.keys(IMDB_COLUMNS) as ImdbKind[];

/** One row that does not match IMDb's documented format; the reader skips it and reports it. */
export class RowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RowError';
  }
}

/** IMDb's null marker. */
export const NULL = '\\N';

/** Title years: the earliest films are from the 1870s; anything past 2100 is a typo. */
const MIN_TITLE_YEAR = 1870;
const MAX_YEAR = 2100;
/**
 * People's years get a wider floor than titles: IMDb credits writers born centuries ago
 * (Shakespeare, 1564), and dropping them would orphan thousands of credits.
 */
const MIN_PERSON_YEAR = 1;

const TCONST = /^tt\d{7,}$/;
const NCONST = /^nm\d{7,}$/;
const UINT = /^\d{1,9}$/;
// IMDb writes ratings with one decimal ("8.3", "10.0"); accept any plain decimal, no exponent.
const DECIMAL = /^\d{1,2}(?:\.\d+)?$/;

function tconst(value: string, column: string): string {
  if (!TCONST.test(value)) throw new RowError(`bad ${column} "${value}"`);
  return value;
}

function nconst(value: string, column: string): string {
  if (!NCONST.test(value)) throw new RowError(`bad ${column} "${value}"`);
  return value;
}

function text(value: string, column: string): string {
  if (value === NULL || value === '') throw new RowError(`missing ${column}`);
  return value;
}

function nullableText(value: string): string | null {
  return value === NULL || value === '' ? null : value;
}

function uint(value: string, column: string, min = 0): number {
  if (!UINT.test(value)) throw new RowError(`bad ${column} "${value}"`);
  const n = Number(value);
  if (n < min) throw new RowError(`bad ${column} "${value}"`);
  return n;
}

function nullableUint(value: string, column: string): number | null {
  return value === NULL ? null : uint(value, column);
}

function year(value: string, column: string, min: number): number | null {
  if (value === NULL) return null;
  if (!UINT.test(value)) throw new RowError(`bad ${column} "${value}"`);
  const n = Number(value);
  if (n < min || n > MAX_YEAR) throw new RowError(`${column} ${value} out of range ${min}–${MAX_YEAR}`);
  return n;
}

function flag(value: string, column: string): boolean {
  if (value === '0') return false;
  if (value === '1') return true;
  throw new RowError(`bad ${column} "${value}" (expected 0 or 1)`);
}

function list(value: string, separator = ','): string[] {
  if (value === NULL || value === '') return [];
  // Most lists hold one item; split() costs several times more than this check.
  return value.includes(separator) ? value.split(separator) : [value];
}

function idList(value: string, column: string, check: RegExp): string[] {
  const ids = list(value);
  for (const id of ids) if (!check.test(id)) throw new RowError(`bad ${column} entry "${id}"`);
  return ids;
}

/**
 * `characters` is a JSON array of strings (`["Andy Dufresne"]`). Anything else is a broken
 * row, not a character name, so it is rejected rather than kept as text.
 */
export function parseCharacters(value: string): string[] {
  if (value === NULL || value === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new RowError(`bad characters ${truncate(value)} (not a JSON array)`);
  }
  if (!Array.isArray(parsed) || !parsed.every((c): c is string => typeof c === 'string')) {
    throw new RowError(`bad characters ${truncate(value)} (expected an array of strings)`);
  }
  return parsed;
}

function truncate(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

type Fields = readonly string[];

// Fields arrive in IMDB_COLUMNS order, so the index is the column's position there; `f[i]!`
// is safe because the reader only calls a parser with exactly that many fields.
function parseTitleBasics(f: Fields): TitleBasicsRow {
  const primaryTitle = text(f[2]!, 'primaryTitle');
  return {
    tconst: tconst(f[0]!, 'tconst'),
    titleType: text(f[1]!, 'titleType'),
    primaryTitle,
    // A missing original title means "same as primary" in practice.
    originalTitle: nullableText(f[3]!) ?? primaryTitle,
    isAdult: flag(f[4]!, 'isAdult'),
    startYear: year(f[5]!, 'startYear', MIN_TITLE_YEAR),
    endYear: year(f[6]!, 'endYear', MIN_TITLE_YEAR),
    runtimeMinutes: nullableUint(f[7]!, 'runtimeMinutes'),
    genres: list(f[8]!),
  };
}

function parseTitleAka(f: Fields): TitleAkaRow {
  return {
    titleId: tconst(f[0]!, 'titleId'),
    ordering: uint(f[1]!, 'ordering', 1),
    title: text(f[2]!, 'title'),
    region: nullableText(f[3]!),
    language: nullableText(f[4]!),
    // IMDb separates several types/attributes with the control character U+0002, not a
    // comma: attributes are free text ("literal English title") and may hold commas.
    types: list(f[5]!, '\u0002'),
    attributes: list(f[6]!, '\u0002'),
    // A handful of real rows carry \N here; "not known to be original" is the safe reading.
    isOriginalTitle: f[7] === NULL ? false : flag(f[7]!, 'isOriginalTitle'),
  };
}

function parseTitleRating(f: Fields): TitleRatingRow {
  const raw = f[1]!;
  if (!DECIMAL.test(raw)) throw new RowError(`bad averageRating "${raw}"`);
  const averageRating = Number(raw);
  if (averageRating > 10) throw new RowError(`averageRating ${raw} out of range 0–10`);
  return { tconst: tconst(f[0]!, 'tconst'), averageRating, numVotes: uint(f[2]!, 'numVotes') };
}

function parsePrincipal(f: Fields): PrincipalRow {
  return {
    tconst: tconst(f[0]!, 'tconst'),
    ordering: uint(f[1]!, 'ordering', 1),
    nconst: nconst(f[2]!, 'nconst'),
    category: text(f[3]!, 'category'),
    job: nullableText(f[4]!),
    characters: parseCharacters(f[5]!),
  };
}

function parseCrew(f: Fields): CrewRow {
  return {
    tconst: tconst(f[0]!, 'tconst'),
    directors: idList(f[1]!, 'directors', NCONST),
    writers: idList(f[2]!, 'writers', NCONST),
  };
}

function parseEpisode(f: Fields): EpisodeRow {
  return {
    tconst: tconst(f[0]!, 'tconst'),
    parentTconst: tconst(f[1]!, 'parentTconst'),
    seasonNumber: nullableUint(f[2]!, 'seasonNumber'),
    episodeNumber: nullableUint(f[3]!, 'episodeNumber'),
  };
}

function parseName(f: Fields): NameRow {
  return {
    nconst: nconst(f[0]!, 'nconst'),
    primaryName: text(f[1]!, 'primaryName'),
    birthYear: year(f[2]!, 'birthYear', MIN_PERSON_YEAR),
    deathYear: year(f[3]!, 'deathYear', MIN_PERSON_YEAR),
    primaryProfession: list(f[4]!),
    knownForTitles: idList(f[5]!, 'knownForTitles', TCONST),
  };
}

/** Per-kind parsers over fields in `IMDB_COLUMNS[kind]` order. */
export const IMDB_PARSERS: { [K in ImdbKind]: (fields: Fields) => RowByKind[K] } = {
  'title.basics': parseTitleBasics,
  'title.akas': parseTitleAka,
  'title.ratings': parseTitleRating,
  'title.principals': parsePrincipal,
  'title.crew': parseCrew,
  'title.episode': parseEpisode,
  'name.basics': parseName,
};

/** Parses one row of `kind`; `fields` must be in `IMDB_COLUMNS[kind]` order. */
export function parseImdbRow<K extends ImdbKind>(kind: K, fields: Fields): RowByKind[K] {
  const columns = IMDB_COLUMNS[kind];
  if (fields.length !== columns.length) {
    throw new RowError(`expected ${columns.length} fields, got ${fields.length}`);
  }
  return IMDB_PARSERS[kind](fields);
}
