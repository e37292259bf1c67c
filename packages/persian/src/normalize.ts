/**
 * Text normalization for Persian/English search and for display.
 *
 * Search only works when the text written into the index and the text typed into the box
 * go through the *same* function: users type Persian on Arabic keyboards (ي ك), with or
 * without ZWNJ, with Persian, Arabic-Indic or Latin digits, and English titles with or
 * without punctuation and accents. Every one of those differences must fold away here.
 */

import { foldText } from './fold';

/**
 * Normalize text for search. Use this one function both when writing the index and when
 * reading the query, so that both sides always agree.
 *
 * Folds Arabic letter forms (ي ى ئ→ی, ك→ک, ة ۀ→ه, أ إ آ ٱ→ا, ؤ→و), Persian and Arabic-Indic
 * digits to Latin, drops Arabic diacritics and tatweel, applies NFKC, lower-cases, strips
 * Latin accents (é→e), drops apostrophes and quotes, and turns ZWNJ, hyphens and every other
 * punctuation or symbol into a single space.
 *
 * @example normalizeForSearch('كتابِ «پـرده»') // 'کتاب پرده'
 * @example normalizeForSearch("Spider-Man: No Way Home") // 'spider man no way home'
 * @returns words separated by single spaces; '' when nothing searchable is left.
 */
export function normalizeForSearch(text: string): string {
  return foldText(text, '', ' ');
}

/**
 * The Arabic-keyboard letters that Persian writes differently: yeh (ي, and the dotless ى that
 * old code pages produce) becomes the Persian ی, kaf (ك) the Persian ک. Nothing else changes,
 * so text keeps its spaces, ZWNJ, digits and punctuation exactly as written.
 *
 * @example toPersianLetters('اين يک كتاب') // 'این یک کتاب'
 */
export function toPersianLetters(text: string): string {
  return text.replace(/[يى]/g, 'ی').replace(/ك/g, 'ک');
}

/**
 * Light normalization for Persian text that is *shown* to users (titles, names).
 *
 * Fixes only what is plainly wrong in Persian: Arabic yeh/kaf (ي ى→ی, ك→ک) and Arabic-Indic
 * digits (٤٥٦→۴۵۶, which are drawn differently), collapses runs of white space, and removes
 * ZWNJ that sits next to a space or at an edge (a common keyboard slip) while keeping the
 * ZWNJ inside words, punctuation, diacritics and tatweel exactly as written.
 *
 * @example normalizeDisplay('  مي‌خواهم   كتاب ') // 'می‌خواهم کتاب'
 */
export function normalizeDisplay(text: string): string {
  return toPersianLetters(text.normalize('NFC'))
    .replace(/[\u0660-\u0669]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0x0660 + 0x06f0))
    .replace(/\s+/g, ' ')
    // Any run of spaces and ZWNJs that contains a space is just a space.
    .replace(/[\u200C ]* [\u200C ]*/g, ' ')
    .replace(/\u200C{2,}/g, '\u200C')
    .trim()
    .replace(/^\u200C+|\u200C+$/g, '');
}
