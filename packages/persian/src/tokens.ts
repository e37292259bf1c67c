/**
 * Words to index and words to look up.
 *
 * Spacing is the commonest mismatch in Persian and in English titles alike: "می‌خواهم" is
 * typed "می خواهم" or "میخواهم", "Spider-Man" is typed "spider man" or "spiderman". The index
 * therefore holds the parts of every compound *and* its joined form, and the query side adds
 * adjacent words joined, so every spelling meets at least one indexed word.
 */

import { APOS_MARK, JOIN_MARK, foldText } from './fold';
import { normalizeForSearch } from './normalize';

/** Add `word` to `out` unless already present (keeps first-appearance order). */
function pushUnique(out: string[], seen: Set<string>, word: string): void {
  if (word !== '' && !seen.has(word)) {
    seen.add(word);
    out.push(word);
  }
}

/**
 * The normalized words to index for a title or a name.
 *
 * Every word of {@link normalizeForSearch} is included. A compound joined by a hyphen, ZWNJ,
 * ZWJ or soft hyphen, or written with an apostrophe, adds its parts *and* its joined form:
 * "Spider-Man" → spider, man, spiderman; "می‌خواهم" → می, خواهم, میخواهم; "O'Brien" → o,
 * brien, obrien. Deduplicated, in order of first appearance.
 *
 * @example searchTokens("Spider-Man: Far From Home") // ['spider','man','spiderman','far','from','home']
 */
export function searchTokens(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const folded = foldText(text, APOS_MARK, JOIN_MARK);
  const pieces: string[] = [];
  for (const chunk of folded.split(' ')) {
    // Hyphens/ZWNJ split a chunk into segments; apostrophes split a segment into pieces.
    // The two levels matter: normalizeForSearch keeps "rock'n'roll" whole (apostrophes are
    // dropped) but splits "rock'n'roll-star" at the hyphen, and both of its words must be
    // among the tokens.
    const segments = chunk
      .split(JOIN_MARK)
      .map((segment) => segment.split(APOS_MARK).filter((piece) => piece !== ''))
      .filter((pieces) => pieces.length > 0);
    for (const segmentPieces of segments) {
      for (const piece of segmentPieces) {
        pushUnique(out, seen, piece);
        pieces.push(piece);
      }
      if (segmentPieces.length > 1) pushUnique(out, seen, segmentPieces.join(''));
    }
    if (segments.length > 1) pushUnique(out, seen, segments.map((segmentPieces) => segmentPieces.join('')).join(''));
  }
  // Initials written with dots or ampersands ("R.I.P.D.", "E.T.", "S&M") are typed joined too.
  for (let i = 0; i < pieces.length; ) {
    let j = i;
    while (j < pieces.length && Array.from(pieces[j]!).length === 1) j++;
    if (j - i > 1) pushUnique(out, seen, pieces.slice(i, j).join(''));
    i = Math.max(j, i + 1);
  }
  return out;
}

/**
 * Words that join others and never decide whether a title is found: "Deadpool & Wolverine" is
 * typed "deadpool and wolverine", "Tom and Jerry" "tom & jerry", "لیلی و مجنون" "لیلی مجنون".
 * (`&`, `:`, `-`, `.` never become words at all.) A query's connector is optional: it ranks,
 * it does not narrow.
 */
export const CONNECTOR_WORDS: ReadonlySet<string> = new Set(['and', 'و', 'n']);

/** A normalized text without its connector words, for comparing whole names. */
export function withoutConnectors(normalized: string): string {
  return normalized
    .split(' ')
    .filter((w) => !CONNECTOR_WORDS.has(w))
    .join(' ');
}

/** The words of a search query, and adjacent words joined. */
export interface QueryTokens {
  /** Normalized query words, deduplicated, in the order typed. */
  words: string[];
  /**
   * Each pair of adjacent words concatenated ("spider man" → "spiderman", "می خواهم" →
   * "میخواهم"), so a query typed with an extra space still meets the joined index word.
   */
  joinedPairs: string[];
}

/**
 * Split a search query into normalized words plus adjacent-word joins.
 * Hyphens and apostrophes in the query fold exactly like {@link normalizeForSearch}.
 *
 * @example queryTokens('Spider Man') // { words: ['spider', 'man'], joinedPairs: ['spiderman'] }
 */
export function queryTokens(text: string): QueryTokens {
  const normalized = normalizeForSearch(text);
  const all = normalized === '' ? [] : normalized.split(' ');
  const words: string[] = [];
  const seenWords = new Set<string>();
  for (const word of all) pushUnique(words, seenWords, word);
  const joinedPairs: string[] = [];
  const seenPairs = new Set<string>();
  for (let i = 0; i + 1 < all.length; i++) pushUnique(joinedPairs, seenPairs, `${all[i]}${all[i + 1]}`);
  return { words, joinedPairs };
}

/**
 * Suffixes the stemmer strips, longest first so "هایی" wins over "ی".
 * Plural ها/های/هایی, indefinite/relative ای and ی, comparative تر and superlative ترین:
 * the endings Persian writers attach with a ZWNJ or a space, and users type glued on.
 */
const PERSIAN_SUFFIXES = ['هایی', 'ترین', 'های', 'ها', 'تر', 'ای', 'ی'] as const;

/**
 * A stem must keep at least this many letters. Shorter remainders are too often a different
 * word ("تنها" alone ≠ "تن" body + ها; "بهتر" better ≠ "به" to + تر), so we leave them alone.
 */
const MIN_STEM_LETTERS = 3;

/** A normalized Persian word: Arabic-script letters only (no digits, no Latin). */
const PERSIAN_WORD = /^[\u0621-\u064A\u066E-\u06D3\u06D5\u06FA-\u06FF]+$/;

/** Every stem reachable by stripping exactly one suffix, longest suffix first. */
function oneSuffixStems(word: string): string[] {
  if (!PERSIAN_WORD.test(word)) return [];
  const stems: string[] = [];
  for (const suffix of PERSIAN_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM_LETTERS) {
      stems.push(word.slice(0, -suffix.length));
    }
  }
  return stems;
}

/**
 * A small, conservative Persian suffix stemmer for words typed without their space
 * ("فیلمهای" → "فیلم", "بزرگترین" → "بزرگ"). Strips the longest of هایی، ترین، های، ها،
 * تر، ای، ی when at least three letters remain; returns the word unchanged otherwise, and for
 * anything that is not a normalized Persian word. Expects {@link normalizeForSearch} output.
 *
 * It is a recall aid at query time, never a replacement for the typed word: use
 * {@link stemCandidates} to look up the word and its stems together.
 */
export function stemPersian(word: string): string {
  return oneSuffixStems(word)[0] ?? word;
}

/**
 * The word itself followed by every stem reachable by stripping one suffix, and then one
 * more (so "بزرگترها" reaches "بزرگتر" and "بزرگ"). Several stems are returned when the
 * ending is ambiguous: "خانهای" is خانه + ای or خان + های, and only the dictionary knows
 * which one was meant. Deduplicated, the word first.
 */
export function stemCandidates(word: string): string[] {
  const out = [word];
  const seen = new Set(out);
  for (const stem of oneSuffixStems(word)) {
    pushUnique(out, seen, stem);
    for (const deeper of oneSuffixStems(stem)) pushUnique(out, seen, deeper);
  }
  return out;
}
