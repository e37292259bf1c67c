import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDisplay, normalizeForSearch, toPersianLetters } from './normalize';
import { anyText } from './test-arbitraries';

/** Characters that must never survive normalizeForSearch. */
const FOLDED_AWAY = [
  ...'يىئكةأإآٱؤۀ',
  ...'۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩',
  ...Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => String.fromCharCode(0x064b + i)),
  '\u0670', '\u0640', '\u200C', '\u200D', '\u00AD', '-',
  ...`'’"«»،؛؟.,:!?`,
];

describe('toPersianLetters', () => {
  it('writes Arabic-keyboard yeh and kaf as the Persian letters and changes nothing else', () => {
    expect(toPersianLetters('اين يک كتابى است.  12 ‌')).toBe('این یک کتابی است.  12 ‌');
  });
});

describe('normalizeForSearch', () => {
  it.each([
    // Arabic-keyboard letters fold to the Persian ones.
    ['كتاب', 'کتاب'],
    ['علي', 'علی'],
    ['موسى', 'موسی'],
    ['ئ', 'ی'],
    ['مدرسة', 'مدرسه'],
    ['خانۀ دوست', 'خانه دوست'],
    ['أحمد إبراهيم', 'احمد ابراهیم'],
    ['آینه', 'اینه'],
    ['ٱلله', 'الله'],
    ['مؤمن', 'مومن'],
    // Digits, in all three scripts, become Latin.
    ['۲۰۱۹', '2019'],
    ['٢٠١٩', '2019'],
    ['2019', '2019'],
    ['فیلم ۱۹۸۴', 'فیلم 1984'],
    // Diacritics and tatweel vanish.
    ['فَرهنگ', 'فرهنگ'],
    ['مُحَمَّد', 'محمد'],
    ['كتابٌ', 'کتاب'],
    ['رحمٰن', 'رحمن'],
    ['پـرده', 'پرده'],
    ['پــــرده', 'پرده'],
    // Latin: lower case, accents stripped, apostrophes dropped.
    ['Amélie', 'amelie'],
    ['CAFÉ Ünïcödé', 'cafe unicode'],
    ['İstanbul', 'istanbul'],
    ["O'Brien", 'obrien'],
    ['O’Brien', 'obrien'],
    ['O´Brien', 'obrien'],
    ['Schindler`s List', 'schindlers list'],
    ['"Heat"', 'heat'],
    // Joiners and all other punctuation become one space.
    ['Spider-Man', 'spider man'],
    ['spider man', 'spider man'],
    ['می‌خواهم', 'می خواهم'],
    ['می\u200Dخواهم', 'می خواهم'],
    ['super\u00ADman', 'super man'],
    ['«پرده»، فیلم؛ خوب؟', 'پرده فیلم خوب'],
    ['Spider-Man: No Way Home (2021)', 'spider man no way home 2021'],
    ['Fast & Furious / 7!', 'fast furious 7'],
    ['[a].b,c', 'a b c'],
    ['  lots \t of\n\u00A0space  ', 'lots of space'],
    // NFKC: presentation forms, ligatures and full-width letters.
    ['ﻛﺘﺎﺏ', 'کتاب'],
    ['ﬁlm', 'film'],
    ['ＦＩＬＭ', 'film'],
    // Invisible direction marks do not split a word.
    ['پر\u200Fده', 'پرده'],
    ['\uFEFFtitle', 'title'],
    ['', ''],
    ['!!! ؟؟', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeForSearch(input)).toBe(expected);
  });

  it('makes Arabic-keyboard and Persian-keyboard spellings meet', () => {
    expect(normalizeForSearch('يك فيلم كوتاه')).toBe(normalizeForSearch('یک فیلم کوتاه'));
    expect(normalizeForSearch('بازي تاج و تخت')).toBe('بازی تاج و تخت');
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = normalizeForSearch(text);
        expect(normalizeForSearch(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('returns single-space separated words with no punctuation, Arabic forms or non-Latin digits (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const out = normalizeForSearch(text);
        expect(out).toBe(out.trim());
        expect(out).not.toMatch(/ {2}/);
        for (const ch of FOLDED_AWAY) expect(out).not.toContain(ch);
        expect(out).toBe(out.toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeDisplay', () => {
  it('fixes Arabic yeh and kaf but keeps ZWNJ, punctuation and diacritics', () => {
    expect(normalizeDisplay('مي‌خواهم كتاب بخوانم')).toBe('می‌خواهم کتاب بخوانم');
    expect(normalizeDisplay('«پرده»، فیلمِ خوب!')).toBe('«پرده»، فیلمِ خوب!');
    expect(normalizeDisplay('موسى')).toBe('موسی');
  });

  it('collapses white space and trims', () => {
    expect(normalizeDisplay('  سریال \t\n  جدید  ')).toBe('سریال جدید');
  });

  it('removes stray ZWNJ next to spaces and at the edges, keeps the one inside a word', () => {
    expect(normalizeDisplay('\u200Cکتاب\u200C \u200Cها\u200C')).toBe('کتاب ها');
    expect(normalizeDisplay('کتاب\u200C\u200Cها')).toBe('کتاب\u200Cها');
  });

  it('writes Arabic-Indic digits as Persian digits', () => {
    expect(normalizeDisplay('فصل ٤')).toBe('فصل ۴');
    expect(normalizeDisplay('فصل ۴ - 2019')).toBe('فصل ۴ - 2019');
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = normalizeDisplay(text);
        expect(normalizeDisplay(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});
