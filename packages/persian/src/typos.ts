/**
 * Word-level typo tolerance.
 *
 * Measured here: trigram similarity and plain Levenshtein both miss short transpositions
 * (two swapped letters in a four-letter word score about 0.25 on trigrams). So short words
 * are matched by generating their one-edit variants *with swaps* and looking them up exactly,
 * and long words by candidates checked with an edit distance that counts a swap as one edit.
 * All functions work on code points, not UTF-16 units, so no edit ever splits a character.
 */

/**
 * Optimal string alignment distance (Damerau–Levenshtein restricted so that no substring is
 * edited twice): insertions, deletions, substitutions and swaps of two adjacent characters
 * each cost 1. Counted in code points.
 *
 * @param max optional ceiling: as soon as the distance is certain to exceed it, the function
 *   stops and returns `max + 1`. Any result above `max` is reported as `max + 1`.
 * @example damerauLevenshtein('فیلم', 'فلیم') // 1 (one swap)
 */
export function damerauLevenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const s = Array.from(a);
  const t = Array.from(b);
  const n = s.length;
  const m = t.length;
  // The length difference alone is a lower bound on the distance.
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m;
  if (m === 0) return n;

  // Three rolling rows: two back (for swaps), previous, current.
  let prevPrev = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let curr = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    curr[0] = i;
    let rowMin = i;
    const si = s[i - 1];
    for (let j = 1; j <= m; j++) {
      const tj = t[j - 1];
      const cost = si === tj ? 0 : 1;
      let d = Math.min(
        (prev[j] ?? 0) + 1, // deletion
        (curr[j - 1] ?? 0) + 1, // insertion
        (prev[j - 1] ?? 0) + cost, // substitution or match
      );
      if (i > 1 && j > 1 && si === t[j - 2] && s[i - 2] === tj) {
        d = Math.min(d, (prevPrev[j - 2] ?? 0) + 1); // adjacent transposition
      }
      curr[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // Row minima never decrease: a cell comes from the row above (+0 or +1) or, for a swap,
    // from two rows above +1 — and that swap source is never below this row's cell just
    // left of it, which matched it for free. So once a row is over the ceiling, so is the rest.
    if (rowMin > max) return max + 1;
    [prevPrev, prev, curr] = [prev, curr, prevPrev];
  }
  const result = prev[m] ?? 0;
  return result > max ? max + 1 : result;
}

/** Lower-case Latin letters and digits: what English words are after normalization. */
export const LATIN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The 32 letters of the Persian alphabet as they stand after `normalizeForSearch` (ی and ک,
 * no Arabic forms, no hamza carriers), plus digits, which normalization turns into Latin.
 */
export const PERSIAN_ALPHABET = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی0123456789';

/** Any Arabic-script letter marks a word as Persian. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * The alphabet to generate typo variants from: {@link PERSIAN_ALPHABET} when the word
 * contains Arabic-script letters, otherwise {@link LATIN_ALPHABET}.
 */
export function alphabetFor(word: string): string {
  return ARABIC_SCRIPT.test(word) ? PERSIAN_ALPHABET : LATIN_ALPHABET;
}

const lettersOf = new Map<string, string[]>();

/**
 * Every distinct string exactly one edit away from `word`: one deletion, one swap of two
 * adjacent characters, one substitution or one insertion (the last two drawn from
 * `alphabet`). `word` itself is never included. Look these up exactly in the word
 * dictionary: for a word of n letters over an alphabet of k there are about (2n + 1)·k of
 * them, cheap for the short words where trigrams fail.
 *
 * @example oneEditVariants('ab', 'ab') // ['b', 'a', 'ba', 'bb', 'aa', 'aab', 'bab', 'abb', 'aba']
 */
export function oneEditVariants(word: string, alphabet: string): string[] {
  const chars = Array.from(word);
  let letters = lettersOf.get(alphabet);
  if (!letters) lettersOf.set(alphabet, (letters = [...new Set(Array.from(alphabet))]));
  const out = new Set<string>();
  const n = chars.length;
  // Every head and tail once (code points, not code units): a variant is head + middle + tail.
  const heads = [''];
  for (let i = 0; i < n; i++) heads.push(heads[i] + chars[i]!);
  const tails: string[] = new Array(n + 1).fill('');
  for (let i = n - 1; i >= 0; i--) tails[i] = chars[i]! + tails[i + 1];
  const join = (left: number, middle: string, right: number): string => heads[left] + middle + tails[right];
  for (let i = 0; i < n; i++) out.add(join(i, '', i + 1)); // deletions
  for (let i = 0; i + 1 < n; i++) {
    const a = chars[i] ?? '';
    const b = chars[i + 1] ?? '';
    if (a !== b) out.add(join(i, b + a, i + 2)); // adjacent swaps
  }
  for (let i = 0; i < n; i++) {
    for (const letter of letters) if (letter !== chars[i]) out.add(join(i, letter, i + 1)); // substitutions
  }
  for (let i = 0; i <= n; i++) {
    for (const letter of letters) out.add(join(i, letter, i)); // insertions
  }
  out.delete(word);
  return [...out];
}

/**
 * How many typos to forgive in a word of this length (in code points):
 * 0 up to 3 letters, 1 for 4–7, 2 from 8.
 *
 * Why: a short word is surrounded by other real words ("man", "men", "can"; "دل", "گل"), so
 * forgiving a typo there mostly returns the wrong title; it also makes a 1–3 letter prefix,
 * the busiest query there is, fan out across the dictionary. Long words have few neighbours
 * and more room for a slip, and two edits on an 8+ letter word still single out the word.
 */
export function maxTyposFor(word: string): number {
  const length = Array.from(word).length;
  if (length <= 3) return 0;
  if (length <= 7) return 1;
  return 2;
}
