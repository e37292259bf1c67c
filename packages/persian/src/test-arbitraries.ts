/**
 * fast-check arbitraries shared by the tests: strings biased towards the characters this
 * package has to fold, so properties meet ZWNJ, Arabic letter forms and diacritics often,
 * not once in a million random code points.
 */
import fc from 'fast-check';

/** Characters that exercise every folding rule, plus plain Persian and Latin letters. */
const INTERESTING = [
  ...'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی',
  ...'يىئكةأإآٱؤۀە',
  ...'۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩0123456789',
  '\u064E', '\u0650', '\u064F', '\u0651', '\u0652', '\u064B', '\u0670', '\u0654', '\u0653', 'ـ',
  '\u200C', '\u200D', '\u00AD', '-', '\u2010', '\u2013', '\u200F', '\uFEFF',
  ...'abcXYZéÉüßİıæ',
  '\u0301', '\u0308', '´', "'", '’', '"', '`',
  ...'«»،؛؟:.,!?()[]/&',
  ' ', '  ', '\t', '\n', '\u00A0',
  ...'ﻙﺑﻻﷲﬁ²½Ⅻ',
];

/** A string mixing the interesting characters above (length counted in characters). */
export const interestingText = fc.string({ unit: fc.constantFrom(...INTERESTING), maxLength: 30 });

/** Any text: interesting characters, or arbitrary code points from the whole of Unicode. */
export const anyText = fc.oneof(interestingText, fc.string({ unit: 'binary', maxLength: 30 }));
