import fs from 'node:fs';
import { z } from 'zod';
import { ImportFileError } from './imdb-reader';

/**
 * The supplementary catalogue file: what IMDb's datasets lack (Persian names and plots,
 * countries, dubs, streaming files, collections). Documented in docs/catalogue-supplement.md.
 *
 * Messages here are English: they are for the operator running the import, not for visitors.
 */

const TCONST = /^tt\d{7,}$/;
const NCONST = /^nm\d{7,}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = z.string().trim().min(1);
const tconst = z.string().regex(TCONST, 'expected an IMDb title id like tt0111161');
const nconst = z.string().regex(NCONST, 'expected an IMDb person id like nm0000209');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code like IR');
const languageCode = z.string().regex(/^[a-z]{2}$/, 'expected an ISO 639-1 language code like fa');
const slug = z.string().regex(SLUG, 'expected a slug: lower-case latin letters, digits and hyphens');
/** A real calendar date, so 2025-02-30 fails here rather than in the database. */
const isoDate = z.iso.date({ error: 'expected a date as YYYY-MM-DD' });
const wholeSeconds = z.number().int().positive();

export const supplementGenre = z.strictObject({ titleFa: text, slug });
export const supplementPlace = z.strictObject({ nameFa: text, nameEn: text });

export const supplementFile = z.strictObject({
  season: z.number().int().nonnegative().optional(),
  episode: z.number().int().nonnegative().optional(),
  quality: z.enum(['480p', '720p', '1080p', '2160p']),
  sizeMb: z.number().int().positive(),
  codec: z.enum(['x264', 'x265', 'AV1']),
  source: z.enum(['BluRay', 'WEB-DL', 'WEBRip']),
  audio: z.union([z.literal('original'), z.templateLiteral(['dub:', z.string().min(1)])], {
    error: 'expected "original" or "dub:<studio>"',
  }),
  subtitles: z.array(languageCode),
  durationSec: wholeSeconds,
});

const titleFields = z.strictObject({
  titleFa: text.optional(),
  plotFa: text,
  plotEn: text,
  ageRating: z.enum(['G', 'PG', 'PG-13', 'R', 'NC-17', 'TV-Y', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA']).optional(),
  countries: z.array(countryCode),
  languages: z.array(languageCode),
  releaseDate: isoDate.optional(),
  rottenTomatoes: z
    .strictObject({
      meter: z.number().int().min(0).max(100),
      status: z.enum(['fresh', 'rotten', 'certified']),
    })
    .optional(),
  // The supplement carries Persian dubs only; another language would need its own labels.
  dubs: z.array(z.strictObject({ studio: text, language: z.literal('fa') })).optional(),
  free: z.literal(true).optional(),
  comingSoon: z.strictObject({ expectedDate: isoDate }).optional(),
  slideshow: z.array(z.enum(['all', 'movie', 'series'])).optional(),
  trailer: z
    .strictObject({
      youtubeId: z.string().regex(/^[\w-]{11}$/, 'expected an 11-character YouTube video id').optional(),
      durationSec: wholeSeconds,
    })
    .optional(),
  files: z.array(supplementFile).optional(),
});

export const supplementTitle = titleFields.superRefine((title, ctx) => {
  // A dubbed file must name one of the title's dubs, or it would offer a track nobody listed.
  const studios = new Set((title.dubs ?? []).map((d) => d.studio));
  title.files?.forEach((file, i) => {
    const studio = file.audio.startsWith('dub:') ? file.audio.slice(4).trim() : null;
    if (studio !== null && !studios.has(studio)) {
      ctx.addIssue({ code: 'custom', path: ['files', i, 'audio'], message: `dub "${studio}" is not in this title's dubs` });
    }
  });
});

export const supplementPerson = z.strictObject({ fullnameFa: text, bioFa: text.optional(), bioEn: text.optional() });

export const supplementCollection = z.strictObject({
  slug,
  titleFa: text,
  titleEn: text,
  descriptionFa: text,
  listing: z.enum(['grid', 'ranked']),
  titles: z.array(tconst),
});

export const supplementSchema = z.strictObject({
  version: z.literal(1),
  genres: z.record(z.string().min(1), supplementGenre),
  countries: z.record(countryCode, supplementPlace),
  languages: z.record(languageCode, supplementPlace),
  titles: z.record(tconst, supplementTitle),
  people: z.record(nconst, supplementPerson),
  collections: z.array(supplementCollection),
});

export type Supplement = z.infer<typeof supplementSchema>;
export type SupplementTitle = z.infer<typeof supplementTitle>;

/**
 * The document with `titles`, `people` and `collections` left unchecked: their entries are
 * checked one by one so that one bad entry costs only itself. Everything else is all or nothing.
 */
const supplementFrame = supplementSchema.extend({
  titles: z.record(z.string(), z.unknown()),
  people: z.record(z.string(), z.unknown()),
  collections: z.array(z.unknown()),
});

/**
 * Reads and checks a supplement file. Returns the valid part and one line per dropped entry
 * (`titles.tt0111161.rottenTomatoes.meter: too big (maximum 100)`); throws ImportFileError when
 * the file is missing, is not JSON (with line and column), or its overall shape is wrong.
 */
export async function loadSupplement(file: string): Promise<{ data: Supplement; issues: string[] }> {
  let raw: string;
  try {
    raw = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ImportFileError(code === 'ENOENT' ? 'file not found' : `cannot read: ${String(err)}`, file);
  }
  return parseSupplement(raw, file);
}

/** `loadSupplement` on text already read; `file` names it in messages. */
export function parseSupplement(raw: string, file = 'supplement.json'): { data: Supplement; issues: string[] } {
  const json = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    const { offset, message } = findJsonError(json);
    const { line, column } = lineAndColumn(json, offset);
    throw new ImportFileError(`invalid JSON at line ${line}, column ${column}: ${message}`, file, line);
  }

  const frame = supplementFrame.safeParse(doc, { error: englishError });
  if (!frame.success) {
    throw new ImportFileError(`not a catalogue supplement:\n  ${formatIssues(frame.error.issues).join('\n  ')}`, file);
  }

  const issues: string[] = [];
  const { countries, languages } = frame.data;
  /** References the schema alone cannot see: codes must be keys of the document's own maps. */
  const titleRefs = (title: SupplementTitle): string[] => [
    ...title.countries.flatMap((c, i) => (c in countries ? [] : [`countries[${i}]: unknown country "${c}" (not in countries)`])),
    ...title.languages.flatMap((l, i) => (l in languages ? [] : [`languages[${i}]: unknown language "${l}" (not in languages)`])),
  ];

  const titles: Supplement['titles'] = {};
  for (const [id, value] of Object.entries(frame.data.titles)) {
    const parsed = checkEntry(['titles', id], id, tconst, value, supplementTitle, issues);
    if (!parsed) continue;
    const refs = titleRefs(parsed);
    if (refs.length > 0) issues.push(...refs.map((r) => `titles.${id}.${r}`));
    else titles[id] = parsed;
  }

  const people: Supplement['people'] = {};
  for (const [id, value] of Object.entries(frame.data.people)) {
    const parsed = checkEntry(['people', id], id, nconst, value, supplementPerson, issues);
    if (parsed) people[id] = parsed;
  }

  const collections: Supplement['collections'] = [];
  const slugs = new Set<string>();
  frame.data.collections.forEach((value, i) => {
    const parsed = checkEntry(['collections', i], null, null, value, supplementCollection, issues);
    if (!parsed) return;
    // Slugs identify collections across imports; a second one would silently replace the first.
    if (slugs.has(parsed.slug)) issues.push(`collections[${i}].slug: duplicate slug "${parsed.slug}"`);
    else {
      slugs.add(parsed.slug);
      collections.push(parsed);
    }
  });

  return { data: { ...frame.data, titles, people, collections }, issues };
}

/** One entry of titles/people/collections: its value, or null after pushing its problems to `issues`. */
function checkEntry<S extends z.ZodType>(
  where: PropertyKey[],
  key: string | null,
  keySchema: z.ZodType | null,
  value: unknown,
  schema: S,
  issues: string[],
): z.infer<S> | null {
  if (key !== null && keySchema) {
    const keyCheck = keySchema.safeParse(key, { error: englishError });
    if (!keyCheck.success) {
      issues.push(`${formatPath(where)}: ${keyCheck.error.issues[0]?.message ?? 'bad key'}`);
      return null;
    }
  }
  const parsed = schema.safeParse(value, { error: englishError });
  if (parsed.success) return parsed.data;
  issues.push(...formatIssues(parsed.error.issues, where));
  return null;
}

/** `titles.tt0111161.files[0].quality: expected one of "480p", …` */
function formatIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string[] {
  return issues.map((issue) => {
    const where = formatPath([...prefix, ...issue.path]);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out;
}

function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** English messages for operators; passed per parse, so it outranks the API's global Persian map. */
const englishError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : `expected ${issue.expected}, got ${describeInput(issue.input)}`;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `too long (at most ${max} characters)`;
      if (issue.origin === 'array') return `too many items (at most ${max})`;
      return `too big (maximum ${max})`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return issue.minimum === 1 ? 'must not be empty' : `too short (at least ${min} characters)`;
      if (issue.origin === 'array') return `too few items (at least ${min})`;
      return `too small (minimum ${min})`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${JSON.stringify(issue.values[0])}`
        : `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `invalid ${issue.format}`;
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_key':
      return 'bad key';
    case 'invalid_union':
      return 'does not match any allowed form';
    case 'not_multiple_of':
      return `expected a multiple of ${String(issue.divisor)}`;
    default:
      return 'invalid value';
  }
};

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where JSON.parse failed. V8's messages carry a position only sometimes, so a small scanner
 * walks the grammar itself and stops at the first thing that does not fit.
 */
export function findJsonError(text: string): { offset: number; message: string } {
  let i = 0;
  class Stop {
    constructor(
      readonly offset: number,
      readonly message: string,
    ) {}
  }
  const fail = (message: string, at = i): never => {
    throw new Stop(at, message);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const found = () => (i >= text.length ? 'end of file' : JSON.stringify(text[i]));
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`unexpected ${found()}`);
  };
  const string = () => {
    const start = i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail(c === 10 ? 'unterminated string (a line break inside quotes)' : 'control character in a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail('bad escape in a string');
      } else i++;
    }
    fail('unterminated string', start);
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const number = () => {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail(`unexpected ${found()}`);
    i = NUMBER.lastIndex;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(text[i] === '}' ? 'trailing comma before "}"' : `expected a property name in double quotes, found ${found()}`);
        string();
        ws();
        if (text[i] !== ':') fail(`expected ":", found ${found()}`);
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail(`expected "," or "}", found ${found()}`);
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] === ']') fail('trailing comma before "]"');
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail(`expected "," or "]", found ${found()}`);
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail(`unexpected ${found()}`);
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${found()} after the end of the document`);
    return { offset: text.length, message: 'invalid JSON' };
  } catch (err) {
    if (err instanceof Stop) return { offset: err.offset, message: err.message };
    throw err;
  }
}
