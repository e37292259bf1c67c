/**
 * The folding pipeline shared by `normalizeForSearch` and `searchTokens`.
 * Internal: not re-exported from the package index.
 */

/**
 * Apostrophes and quotation marks. They are removed rather than turned into a space,
 * because they sit *inside* words ("O'Brien", "Schindler’s") and the word must stay whole.
 */
const APOSTROPHES = /['`’‘‛ʼʻ′″"“”„‟]/g;

/**
 * Spacing accents that NFKC would decompose into "space + combining mark": mapped to a plain
 * apostrophe *before* NFKC so that "O´Brien" still folds to "obrien" instead of "o brien".
 */
const SPACING_ACCENTS = /[\u00B4\u1FFD]/g;

/**
 * Joiners: ZWNJ, ZWJ, soft hyphen and hyphen-like dashes. They glue the parts of a compound
 * ("می‌خواهم", "Spider-Man"); `searchTokens` indexes the parts and the joined form, while
 * `normalizeForSearch` treats them as a word break.
 */
// eslint-disable-next-line no-misleading-character-class -- a set of single code points; ZWJ is listed on purpose, not as part of an emoji sequence
const JOINERS = /[\u200C\u200D\u00AD\u002D\u2010\u2011\u2012\u2013\u2212\uFE63\u058A]/g;

/**
 * Other invisible format characters (LRM/RLM, bidi embeddings and isolates, BOM, word joiner).
 * Copy-pasted titles carry them mid-word; they are dropped, not spaced, so they never split a word.
 * Applied after JOINERS so ZWNJ/ZWJ/soft hyphen are already handled.
 */
const FORMAT_CHARS = /\p{Cf}/gu;

/** Arabic tatweel (kashida) only stretches a word visually: "پـرده" is "پرده". */
const TATWEEL = /\u0640/g;

/**
 * Combining marks dropped after NFD: Latin/Greek/Cyrillic accents (so é → e) and Arabic
 * diacritics — harakat, tanwin, shadda, sukun, hamza above/below, madda (U+064B–U+065F),
 * superscript alef (U+0670) and Quranic signs. Marks of other scripts (Devanagari vowel
 * signs, kana voicing) are deliberately kept: dropping them changes the letter, not an accent.
 */
const DROPPED_MARKS =
  // eslint-disable-next-line no-misleading-character-class -- ranges of lone combining marks, matched one by one on purpose
  /[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED]/g;

/**
 * Letter and digit folding to the one form we store. Runs after NFD + mark removal, so
 * precomposed hamza/madda letters (أ إ آ ؤ ئ ۀ) already arrived here as their base letter
 * (ا ا ا و ي ە); the precomposed code points are listed too so the table is self-explaining.
 */
const FOLD: ReadonlyMap<string, string> = new Map([
  // Yeh: Arabic yeh, alef maksura, yeh with hamza, and Pashto/Urdu yeh forms → Persian yeh.
  ['ي', 'ی'], ['ى', 'ی'], ['ئ', 'ی'], ['ۍ', 'ی'], ['ې', 'ی'],
  // Kaf: Arabic kaf and swash kaf → Persian keheh.
  ['ك', 'ک'], ['ڪ', 'ک'],
  // Heh: teh marbuta, heh with yeh above (ۀ), its base ae (ە), heh goal forms, doachashmee.
  ['ة', 'ه'], ['ۀ', 'ه'], ['ە', 'ه'], ['ہ', 'ه'], ['ۂ', 'ه'], ['ۃ', 'ه'], ['ھ', 'ه'],
  // Alef: hamza above/below, madda, wasla, wavy hamza → bare alef.
  ['أ', 'ا'], ['إ', 'ا'], ['آ', 'ا'], ['ٱ', 'ا'], ['ٲ', 'ا'], ['ٳ', 'ا'],
  // Waw with hamza → waw.
  ['ؤ', 'و'],
  // Persian (U+06F0–U+06F9) and Arabic-Indic (U+0660–U+0669) digits → Latin.
  ...Array.from({ length: 10 }, (_, d): [string, string] => [String.fromCharCode(0x06f0 + d), String(d)]),
  ...Array.from({ length: 10 }, (_, d): [string, string] => [String.fromCharCode(0x0660 + d), String(d)]),
]);
const FOLD_RE = new RegExp(`[${[...FOLD.keys()].join('')}]`, 'g');

/**
 * Marker that stands in for a joiner while `searchTokens` folds text. A private-use code
 * point: it has no meaning in real titles, and any occurrence in the input is spaced first.
 * @internal
 */
export const JOIN_MARK = '\uE000';
/** @internal Marker for an apostrophe inside a word (see {@link JOIN_MARK}). */
export const APOS_MARK = '\uE001';

/**
 * The shared folding pipeline. `apostrophe` and `joiner` say what apostrophes and joiners
 * become: `normalizeForSearch` drops/spaces them; `searchTokens` keeps them as markers so it
 * can index compound parts *and* the joined form from the exact same folding.
 * @internal
 */
export function foldText(text: string, apostrophe: string, joiner: string): string {
  let s = text.replace(/[\uE000\uE001]/g, ' ');
  s = s.replace(SPACING_ACCENTS, "'");
  // NFKC first: Arabic presentation forms (ﻙ ﺑ ﻻ), full-width Latin, ligatures (ﬁ) and
  // superscript digits become the plain characters the rest of the pipeline knows.
  s = s.normalize('NFKC').toLowerCase();
  s = s.replace(APOSTROPHES, apostrophe);
  s = s.replace(JOINERS, joiner);
  s = s.replace(FORMAT_CHARS, '');
  s = s.replace(TATWEEL, '');
  // NFD splits é into e + ◌́ and أ into ا + ◌ٔ; drop the marks, then recompose what is left
  // (Hangul, kana) so other scripts come out in their usual NFC form.
  s = s.normalize('NFD').replace(DROPPED_MARKS, '').normalize('NFC');
  s = s.replace(FOLD_RE, (ch) => FOLD.get(ch) ?? ch);
  // Everything that is not a letter, digit, kept mark or one of our markers is a word break:
  // punctuation (« » ، ؛ ؟ . : ! ( ) / &), symbols, white space, control characters.
  s = s.replace(/[^\p{L}\p{N}\p{M}\uE000\uE001]+/gu, ' ');
  return s.replace(/ {2,}/g, ' ').trim();
}
