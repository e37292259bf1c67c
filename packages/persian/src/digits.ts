/**
 * Persian digits and number formatting for the interface.
 *
 * Formatting is done by hand rather than with `Intl.NumberFormat('fa-IR')` so the output is
 * byte-for-byte the same on the server, in every browser and under small-ICU builds, and so
 * tests can pin it exactly.
 */

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** Persian thousands separator (U+066C ARABIC THOUSANDS SEPARATOR), as in ۱٬۲۵۰٬۰۰۰. */
export const PERSIAN_THOUSANDS_SEPARATOR = '٬';
/** Persian decimal separator (U+066B ARABIC DECIMAL SEPARATOR), as in ۸٫۵. */
export const PERSIAN_DECIMAL_SEPARATOR = '٫';

/**
 * Turn Latin (0–9) and Arabic-Indic (٠–٩) digits into Persian digits (۰–۹). Everything else
 * is left as it is. Numbers are converted with `String(value)` first.
 *
 * @example toPersianDigits(2019) // '۲۰۱۹'
 * @example toPersianDigits('فصل ٣') // 'فصل ۳'
 */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    const digit = code >= ARABIC_INDIC_ZERO ? code - ARABIC_INDIC_ZERO : code - 0x30;
    return String.fromCharCode(PERSIAN_ZERO + digit);
  });
}

/**
 * Turn Persian (۰–۹) and Arabic-Indic (٠–٩) digits into Latin digits, e.g. before `Number()`
 * or `parseInt`, which only read Latin digits.
 *
 * @example toLatinDigits('۱۴۰۳/۰۱/۰۱') // '1403/01/01'
 */
export function toLatinDigits(s: string): string {
  return s.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_INDIC_ZERO);
  });
}

/**
 * Numbers inside Persian running text, as a Persian reader writes them: every digit Persian,
 * a thousands comma between digit groups (`49,000`) the Persian ٬, a decimal point between
 * digits (`2.5`) the Persian ٫, and a percent sign after a number the Persian ٪. Anything that
 * is not part of a number (a comma after a word, a full stop at the end) stays as written.
 *
 * @example toPersianNumerals('قیمت: 49,000 تومان (با تخفیف 15%).') // 'قیمت: ۴۹٬۰۰۰ تومان (با تخفیف ۱۵٪).'
 */
export function toPersianNumerals(text: string): string {
  return toPersianDigits(
    text
      .replace(/(?<=[0-9\u0660-\u0669\u06F0-\u06F9]),(?=[0-9\u0660-\u0669\u06F0-\u06F9]{3}(?![0-9\u0660-\u0669\u06F0-\u06F9]))/g, PERSIAN_THOUSANDS_SEPARATOR)
      .replace(/(?<=[0-9\u0660-\u0669\u06F0-\u06F9])\.(?=[0-9\u0660-\u0669\u06F0-\u06F9])/g, PERSIAN_DECIMAL_SEPARATOR)
      .replace(/(?<=[0-9\u0660-\u0669\u06F0-\u06F9])\s?%/g, '٪'),
  );
}

/** Throws for NaN and ±Infinity: printing "NaN" to a user hides the bug that produced it. */
function assertFinite(n: number, what: string): void {
  if (!Number.isFinite(n)) throw new RangeError(`${what} must be a finite number, got ${n}`);
}

/**
 * The digits of a non-negative number written out in full, as the shortest decimal that reads
 * back as the same double (what `String` prints), without the exponent `String` switches to
 * for 1e21 and above or below 1e-6.
 */
function plainDecimal(n: number): string {
  const s = String(n);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const exponent = Number(s.slice(e + 1));
  const [whole = '0', fraction = ''] = s.slice(0, e).split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A non-negative number in Latin digits with at most `maximumFractionDigits` fraction digits,
 * rounded half up on its shortest decimal form (so 1.005 → 1.01, as `Intl.NumberFormat` does
 * and `toFixed` does not), trailing zeros dropped and no grouping.
 *
 * Done by hand rather than with `Intl.NumberFormat`: constructing the first `Intl` object
 * loads the locale data, which held a phone's main thread for tens of milliseconds on the
 * first screen that showed a number.
 */
function latinDecimal(n: number, maximumFractionDigits: number): string {
  const [whole = '0', fraction = ''] = plainDecimal(n).split('.');
  if (fraction.length <= maximumFractionDigits) {
    const significant = fraction.replace(/0+$/, '');
    return significant ? `${whole}.${significant}` : whole;
  }
  // Round the digits kept, as one string of digits, carrying as on paper.
  const kept = (whole + fraction.slice(0, maximumFractionDigits)).split('').map(Number);
  if (fraction.charCodeAt(maximumFractionDigits) >= 0x35) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === 9) kept[i--] = 0;
    if (i >= 0) kept[i] = (kept[i] ?? 0) + 1;
    else kept.unshift(1);
  }
  const digits = kept.join('');
  const point = digits.length - maximumFractionDigits;
  const roundedWhole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const roundedFraction = digits.slice(point).replace(/0+$/, '');
  return roundedFraction ? `${roundedWhole}.${roundedFraction}` : roundedWhole;
}

/**
 * Format a number with Persian digits, the Persian thousands separator (٬) and decimal
 * separator (٫). Negative numbers get a left-to-right mark and a real minus sign (−), as ICU
 * does, so the sign stays on the left of the number inside right-to-left text.
 *
 * @param maximumFractionDigits fraction digits kept after rounding (default 2); trailing
 *   zeros are dropped.
 * @example formatNumber(1250000) // '۱٬۲۵۰٬۰۰۰'
 * @example formatNumber(8.5) // '۸٫۵'
 */
export function formatNumber(n: number, maximumFractionDigits = 2): string {
  assertFinite(n, 'formatNumber');
  const latin = latinDecimal(Math.abs(n), maximumFractionDigits);
  const [whole = '0', fraction] = latin.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, PERSIAN_THOUSANDS_SEPARATOR);
  const body = toPersianDigits(fraction ? `${grouped}${PERSIAN_DECIMAL_SEPARATOR}${fraction}` : grouped);
  const isNegative = n < 0 && /[1-9]/.test(latin);
  return isNegative ? `\u200E\u2212${body}` : body;
}

/**
 * A price in toman, rounded to a whole toman.
 *
 * @example formatToman(125000) // '۱۲۵٬۰۰۰ تومان'
 */
export function formatToman(n: number): string {
  assertFinite(n, 'formatToman');
  return `${formatNumber(Math.round(n), 0)} تومان`;
}

/** A rating split for display: the whole part large, the decimal part small (spec: search results). */
export interface RatingParts {
  /** Whole part in Persian digits, e.g. '۸'. */
  whole: string;
  /** The single decimal digit in Persian digits, e.g. '۵'; '۰' for a round rating. */
  decimal: string;
}

/**
 * Split an IMDb-style rating (0–10, one decimal) into its whole and decimal parts, in
 * Persian digits. The rating is rounded to one decimal first, so 7.96 shows as ۸٫۰.
 *
 * @example formatRating(8.5) // { whole: '۸', decimal: '۵' }
 */
export function formatRating(r: number): RatingParts {
  assertFinite(r, 'formatRating');
  if (r < 0) throw new RangeError(`formatRating: a rating cannot be negative, got ${r}`);
  // An average such as (8.1 + 8.2) / 2 is 8.149999999999999, so r * 10 falls just short of
  // 81.5; trimming the float noise with toFixed first rounds it as the 8.15 it means.
  const tenths = Math.round(Number((r * 10).toFixed(6)));
  return {
    whole: toPersianDigits(Math.floor(tenths / 10)),
    decimal: toPersianDigits(tenths % 10),
  };
}

/**
 * A running time in Persian words, rounded to whole minutes.
 *
 * @example formatDuration(142) // '۲ ساعت و ۲۲ دقیقه'
 * @example formatDuration(45) // '۴۵ دقیقه'
 * @example formatDuration(120) // '۲ ساعت'
 */
export function formatDuration(minutes: number): string {
  assertFinite(minutes, 'formatDuration');
  if (minutes < 0) throw new RangeError(`formatDuration: a duration cannot be negative, got ${minutes}`);
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${toPersianDigits(rest)} دقیقه`;
  if (rest === 0) return `${formatNumber(hours)} ساعت`;
  return `${formatNumber(hours)} ساعت و ${toPersianDigits(rest)} دقیقه`;
}
