import { toPersianDigits } from '@parde/persian';

export interface NamedTitle {
  tconst: string;
  titleEn: string;
  titleFa?: string | null;
  year?: number | null;
}

export interface QueryVariant {
  q: string;
  tconst: string;
  kind: string;
}

/**
 * How people type a title they look for: the whole English and Persian names, prefixes while
 * typing, the Persian name on an Arabic keyboard, ZWNJ as a space or left out, the year in Persian
 * digits, two letters swapped, and connecting words said instead of written ("&" as "and").
 * The benchmark measures recall on these; tests compare two indexes on them.
 */
export function queryVariants(titles: Iterable<NamedTitle>): QueryVariant[] {
  const qs: QueryVariant[] = [];
  for (const t of titles) {
    const add = (q: string, kind: string) => qs.push({ q, tconst: t.tconst, kind });
    const en = t.titleEn.toLowerCase();
    add(en, 'full English');
    const words = en.split(/\s+/);
    if (words.length > 1 && words[1]!.length > 2) add(`${words[0]} ${words[1]!.slice(0, 2)}`, 'prefix while typing');
    else if (en.length > 5) add(en.slice(0, Math.max(4, Math.ceil(en.length * 0.7))), 'prefix while typing');
    if (en.includes('&')) add(en.replace(/\s*&\s*/g, ' and '), 'connector said');
    if (/[:.\-&]/.test(en)) add(en.replace(/[:.\-&]/g, ' '), 'symbols left out');
    const longest = [...words].sort((a, b) => b.length - a.length)[0]!;
    if (longest.length >= 5) {
      const i = Math.floor(longest.length / 2);
      const swapped = longest.slice(0, i - 1) + longest[i] + longest[i - 1] + longest.slice(i + 1);
      add(en.replace(longest, swapped), 'typo');
    }
    const fa = t.titleFa;
    if (!fa) continue;
    add(fa, 'full Persian');
    const faWords = fa.split(/\s+/);
    if (faWords.length > 1) add(`${faWords[0]} ${faWords[1]!.slice(0, 2)}`, 'prefix while typing');
    add(fa.replace(/ی/g, 'ي').replace(/ک/g, 'ك'), 'Arabic keyboard');
    if (fa.includes('\u200c')) {
      add(fa.replace(/\u200c/g, ' '), 'ZWNJ as space');
      add(fa.replace(/\u200c/g, ''), 'ZWNJ left out');
    }
    if (t.year) add(`${fa} ${toPersianDigits(t.year)}`, 'Persian digits');
  }
  return qs;
}
