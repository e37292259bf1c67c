import { jalaliMonthLength, toGregorian, toJalali, toLatinDigits, toPersianDigits } from '@parde/persian';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `۱۴۰۵/۰۹/۰۵` (or `1405-9-5`, Persian or Latin digits) → `2026-11-26`; null when it is not a
 * real Jalali day. The panel's date filters are typed in the calendar people use.
 */
export function parseJalaliInput(text: string): string | null {
  const m = /^\s*(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*$/.exec(toLatinDigits(text));
  if (!m) return null;
  const [jy, jm, jd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (jy < 1300 || jy > 1500 || jm < 1 || jm > 12 || jd < 1 || jd > jalaliMonthLength(jy, jm)) return null;
  const { gy, gm, gd } = toGregorian(jy, jm, jd);
  return `${gy}-${pad(gm)}-${pad(gd)}`;
}

/** `2026-11-26` → `۱۴۰۵/۰۹/۰۵`. */
export function formatJalaliInput(isoDate: string | null | undefined): string {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null;
  if (!m) return '';
  const { jy, jm, jd } = toJalali({ gy: Number(m[1]), gm: Number(m[2]), gd: Number(m[3]) });
  return toPersianDigits(`${jy}/${pad(jm)}/${pad(jd)}`);
}
