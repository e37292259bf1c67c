/**
 * URL slugs for titles, people and collections (routes like `titles/{id}/{slug}`).
 *
 * The id in the route is what finds the record; the slug is for people and search engines,
 * so it is plain ASCII that survives every copy-paste, log file and chat app unescaped.
 */

/** Latin letters that NFKD does not decompose into a base letter plus an accent. */
const LATIN_SPECIALS: ReadonlyMap<string, string> = new Map([
  ['ß', 'ss'], ['æ', 'ae'], ['œ', 'oe'], ['ø', 'o'], ['đ', 'd'], ['ð', 'd'], ['þ', 'th'],
  ['ł', 'l'], ['ı', 'i'], ['ħ', 'h'], ['ŋ', 'n'], ['ĸ', 'k'], ['ſ', 's'],
]);
const LATIN_SPECIALS_RE = new RegExp(`[${[...LATIN_SPECIALS.keys()].join('')}]`, 'g');

/** Longest slug we produce; long enough for any real title, short enough for a tidy URL. */
export const SLUG_MAX_LENGTH = 80;

/** What a slug becomes when nothing ASCII is left (a Persian-only name, say). */
export const SLUG_FALLBACK = 'title';

/**
 * Make a URL slug: lower-case ASCII letters and digits joined by single hyphens.
 *
 * Accents are stripped (Amélie → amelie), Persian and Arabic-Indic digits become Latin,
 * apostrophes vanish inside words (Schindler's → schindlers), every other run of non
 * alphanumerics becomes one hyphen, and hyphens at the ends are trimmed. Longer than
 * {@link SLUG_MAX_LENGTH} characters, the slug is cut at the last word boundary that fits.
 * Returns {@link SLUG_FALLBACK} when nothing is left (e.g. a Persian-only name).
 *
 * @example slugify('Amélie') // 'amelie'
 * @example slugify('Spider-Man: No Way Home (2021)') // 'spider-man-no-way-home-2021'
 * @example slugify('پرده') // 'title'
 */
export function slugify(text: string): string {
  let slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LATIN_SPECIALS_RE, (ch) => LATIN_SPECIALS.get(ch) ?? ch)
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/['’‘`´ʼ]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX_LENGTH) {
    // If the character just past the limit is a hyphen, the cut already falls between words.
    const head = slug.slice(0, SLUG_MAX_LENGTH + 1);
    const boundary = head.lastIndexOf('-');
    // A single word longer than the limit has no boundary to cut at: cut it hard.
    slug = boundary > 0 ? head.slice(0, boundary) : slug.slice(0, SLUG_MAX_LENGTH);
    slug = slug.replace(/-+$/, '');
  }
  return slug === '' ? SLUG_FALLBACK : slug;
}
