/**
 * The Jalali (Solar Hijri) calendar: conversion, formatting in Tehran time, relative times.
 *
 * The calendar arithmetic is our own (the day-count method popularized by jalaali-js, after
 * Borkowski's astronomical break table), not `Intl`'s `ca-persian`: ICU versions disagree
 * on some years and small-ICU builds have no Persian calendar at all, and dates shown to
 * users must not depend on which runtime rendered them. `Intl` is used only for what it is
 * reliable at: the wall-clock time in Asia/Tehran.
 */

import { toPersianDigits } from './digits';

/** A day of the Jalali calendar. Months are 1–12 (1 = فروردین). */
export interface JalaliDate {
  jy: number;
  jm: number;
  jd: number;
}

/** A day of the Gregorian calendar. Months are 1–12 (1 = January), unlike `Date`. */
export interface GregorianDate {
  gy: number;
  gm: number;
  gd: number;
}

/** Jalali month names, index 0 = فروردین (month 1). */
export const JALALI_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/**
 * Persian weekday names in the Iranian week order: index 0 = شنبه (Saturday) … 6 = جمعه
 * (Friday). To index by `Date#getUTCDay()` (0 = Sunday) use `(getUTCDay() + 1) % 7`.
 */
export const PERSIAN_WEEKDAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'] as const;

// ---------------------------------------------------------------------------------------
// Calendar arithmetic. Integer division truncates toward zero, as in the reference method;
// all the quantities it is applied to in the supported range keep that well defined.

function div(a: number, b: number): number {
  return Math.trunc(a / b);
}
function mod(a: number, b: number): number {
  return a - Math.trunc(a / b) * b;
}

/**
 * Jalali years in which the 33-year leap pattern restarts (Borkowski). The table covers
 * −61 … 3177 AP; outside it we refuse to guess.
 */
const BREAKS = [
  -61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178,
] as const;
const FIRST_YEAR = BREAKS[0];
/** The last break (3178) starts a cycle the table does not describe. */
const LAST_YEAR = 3177;

interface YearInfo {
  /** Years since the last leap year: 0 means `jy` itself is leap. */
  leap: number;
  /** The Gregorian year in which `jy` begins. */
  gy: number;
  /** The March day of that Gregorian year on which 1 Farvardin falls. */
  march: number;
}

function yearInfo(jy: number): YearInfo {
  if (!Number.isInteger(jy) || jy < FIRST_YEAR || jy > LAST_YEAR) {
    throw new RangeError(`Jalali year ${jy} is outside the supported range ${FIRST_YEAR}–${LAST_YEAR}`);
  }
  const gy = jy + 621;
  let leapJ = -14;
  let jp: number = FIRST_YEAR;
  let jump = 0;
  // Count the Jalali leap days before `jy` by whole 33-year cycles between breaks.
  for (let i = 1; i < BREAKS.length; i++) {
    const jm = BREAKS[i] ?? LAST_YEAR + 1;
    jump = jm - jp;
    if (jy < jm) break;
    leapJ += div(jump, 33) * 8 + div(mod(jump, 33), 4);
    jp = jm;
  }
  let n = jy - jp;
  leapJ += div(n, 33) * 8 + div(mod(n, 33) + 3, 4);
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1;
  // Gregorian leap days up to `gy`, so the two counts give the March day of Nowruz.
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150;
  const march = 20 + leapJ - leapG;
  if (jump - n < 6) n = n - jump + div(jump + 4, 33) * 33;
  let leap = mod(mod(n + 1, 33) - 1, 4);
  if (leap === -1) leap = 4;
  return { leap, gy, march };
}

/** Julian Day Number of a Gregorian date (proleptic Gregorian calendar). */
function gregorianToDayNumber(gy: number, gm: number, gd: number): number {
  const d =
    div((gy + div(gm - 8, 6) + 100100) * 1461, 4) + div(153 * mod(gm + 9, 12) + 2, 5) + gd - 34840408;
  return d - div(div(gy + 100100 + div(gm - 8, 6), 100) * 3, 4) + 752;
}

/** Gregorian date of a Julian Day Number. */
function dayNumberToGregorian(jdn: number): GregorianDate {
  let j = 4 * jdn + 139361631;
  j = j + div(div(4 * jdn + 183187720, 146097) * 3, 4) * 4 - 3908;
  const i = div(mod(j, 1461), 4) * 5 + 308;
  const gd = div(mod(i, 153), 5) + 1;
  const gm = mod(div(i, 153), 12) + 1;
  const gy = div(j, 1461) - 100100 + div(8 - gm, 6);
  return { gy, gm, gd };
}

/** Julian Day Number of a Jalali date: Nowruz's day number plus the days since it. */
function jalaliToDayNumber(jy: number, jm: number, jd: number): number {
  const { gy, march } = yearInfo(jy);
  // Months 1–6 have 31 days, 7–11 have 30.
  return gregorianToDayNumber(gy, 3, march) + (jm - 1) * 31 - div(jm, 7) * (jm - 7) + jd - 1;
}

function dayNumberToJalali(jdn: number): JalaliDate {
  const { gy } = dayNumberToGregorian(jdn);
  let jy = gy - 621;
  const info = yearInfo(jy);
  let k = jdn - gregorianToDayNumber(gy, 3, info.march);
  if (k >= 0) {
    if (k <= 185) return { jy, jm: 1 + div(k, 31), jd: mod(k, 31) + 1 };
    k -= 186;
  } else {
    // Before Nowruz of `gy`: the last months of the previous Jalali year. `info.leap === 1`
    // means the year before `jy` was leap, so its Esfand had 30 days.
    jy -= 1;
    k += 179;
    if (info.leap === 1) k += 1;
  }
  return { jy, jm: 7 + div(k, 30), jd: mod(k, 30) + 1 };
}

function isGregorianLeapYear(gy: number): boolean {
  return (gy % 4 === 0 && gy % 100 !== 0) || gy % 400 === 0;
}

function gregorianMonthLength(gy: number, gm: number): number {
  if (gm === 2) return isGregorianLeapYear(gy) ? 29 : 28;
  return [4, 6, 9, 11].includes(gm) ? 30 : 31;
}

// ---------------------------------------------------------------------------------------
// Public conversion API.

/**
 * Whether a Jalali year has 366 days (Esfand has 30 days instead of 29).
 * @example isJalaliLeapYear(1403) // true
 */
export function isJalaliLeapYear(jy: number): boolean {
  return yearInfo(jy).leap === 0;
}

/**
 * Days in a Jalali month: 31 for months 1–6, 30 for 7–11, and 29 or 30 for Esfand.
 * @example jalaliMonthLength(1403, 12) // 30
 */
export function jalaliMonthLength(jy: number, jm: number): number {
  if (!Number.isInteger(jm) || jm < 1 || jm > 12) throw new RangeError(`Jalali month ${jm} must be 1–12`);
  if (jm <= 6) return 31;
  if (jm <= 11) return 30;
  return isJalaliLeapYear(jy) ? 30 : 29;
}

/**
 * Convert a Gregorian day to Jalali.
 *
 * A `Date` is read by its **UTC** calendar day, the natural reading of date-only values
 * (`new Date('2024-03-20')` is UTC midnight). For an instant shown to a user in Iran, convert
 * the Tehran wall-clock day instead: `toJalali(tehranWallTime(date))`, as `formatJalali` does.
 *
 * @example toJalali({ gy: 2024, gm: 3, gd: 20 }) // { jy: 1403, jm: 1, jd: 1 }
 * @throws RangeError for an invalid `Date` or an impossible Gregorian day.
 */
export function toJalali(date: Date | GregorianDate): JalaliDate {
  let g: GregorianDate;
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError('toJalali: invalid Date');
    g = { gy: date.getUTCFullYear(), gm: date.getUTCMonth() + 1, gd: date.getUTCDate() };
  } else {
    g = date;
    const valid =
      Number.isInteger(g.gy) &&
      Number.isInteger(g.gm) &&
      Number.isInteger(g.gd) &&
      g.gm >= 1 &&
      g.gm <= 12 &&
      g.gd >= 1 &&
      g.gd <= gregorianMonthLength(g.gy, g.gm);
    if (!valid) throw new RangeError(`toJalali: ${g.gy}-${g.gm}-${g.gd} is not a Gregorian date`);
  }
  return dayNumberToJalali(gregorianToDayNumber(g.gy, g.gm, g.gd));
}

/**
 * Convert a Jalali day to Gregorian.
 * @example toGregorian(1403, 1, 1) // { gy: 2024, gm: 3, gd: 20 }
 * @throws RangeError for an impossible Jalali day (e.g. 1402/12/30, 1402 not being leap).
 */
export function toGregorian(jy: number, jm: number, jd: number): GregorianDate {
  if (!Number.isInteger(jd) || jd < 1 || jd > jalaliMonthLength(jy, jm)) {
    throw new RangeError(`toGregorian: ${jy}/${jm}/${jd} is not a Jalali date`);
  }
  return dayNumberToGregorian(jalaliToDayNumber(jy, jm, jd));
}

// ---------------------------------------------------------------------------------------
// Tehran wall-clock time.

/** A wall-clock moment in Asia/Tehran. */
export interface TehranWallTime extends GregorianDate {
  hour: number;
  minute: number;
  second: number;
}

let tehranFormatter: Intl.DateTimeFormat | null | undefined;

/** Built lazily once; `null` when the runtime has no time-zone data for Asia/Tehran. */
function getTehranFormatter(): Intl.DateTimeFormat | null {
  if (tehranFormatter === undefined) {
    try {
      tehranFormatter = new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Tehran',
        calendar: 'gregory',
        numberingSystem: 'latn',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      tehranFormatter = null;
    }
  }
  return tehranFormatter;
}

/** Iran's offset since it abolished daylight saving in 2022. */
const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;
/** The end of Iran's last daylight-saving period (2022-09-22 00:00 IRDT): UTC+03:30 ever since. */
const FIXED_OFFSET_SINCE = Date.UTC(2022, 8, 21, 19, 30);

/**
 * The wall-clock date and time in Tehran at an instant. Since Iran abolished daylight saving
 * in 2022 that is UTC+03:30, worked out directly; earlier instants go through the runtime's
 * time-zone database (`Intl`, Asia/Tehran), which knows the daylight-saving years — and fall
 * back to UTC+03:30 when it lacks time-zone data. (Building the `Intl` formatter loads locale
 * data, which cost a phone's main thread tens of milliseconds for a date of today.)
 */
export function tehranWallTime(date: Date | number | string): TehranWallTime {
  const d = toValidDate(date, 'tehranWallTime');
  const formatter = d.getTime() >= FIXED_OFFSET_SINCE ? null : getTehranFormatter();
  if (!formatter) {
    const shifted = new Date(d.getTime() + TEHRAN_OFFSET_MS);
    return {
      gy: shifted.getUTCFullYear(),
      gm: shifted.getUTCMonth() + 1,
      gd: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(d)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    gy: parts.year ?? 0,
    gm: parts.month ?? 0,
    gd: parts.day ?? 0,
    // Some engines still print midnight as 24 under h23; fold it back to 0.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The Jalali year in Tehran at this instant (the year of Nowruz just past there): 1405 from 20 March 2026 20:30 UTC. */
export function tehranJalaliYear(date: Date | number | string = new Date()): number {
  return toJalali(tehranWallTime(date)).jy;
}

function toValidDate(value: Date | number | string, caller: string): Date {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) throw new RangeError(`${caller}: invalid date ${String(value)}`);
  return d;
}

// ---------------------------------------------------------------------------------------
// Formatting.

/** `'long'`: ۲ آذر ۱۴۰۵ · `'short'`: ۱۴۰۵/۰۹/۰۲ · `'datetime'`: ۲ آذر ۱۴۰۵، ساعت ۱۴:۳۰ */
export type JalaliFormatStyle = 'long' | 'short' | 'datetime';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A date without a time (`'1994-09-23'`, a release date) is a day of the calendar, not an
 * instant: it is that day in Tehran as anywhere, with no time zone to look up (which, for the
 * years before 2022, meant building an `Intl` formatter on a phone's main thread).
 */
function calendarDay(date: Date | number | string): TehranWallTime | null {
  const m = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return null;
  const day = { gy: Number(m[1]), gm: Number(m[2]), gd: Number(m[3]) };
  toJalali(day); // throws RangeError for an impossible day, as an invalid instant does
  return { ...day, hour: 0, minute: 0, second: 0 };
}

/**
 * Format an instant as a Jalali date in Tehran time, with Persian digits. A date-only string
 * (`'2024-03-20'`) is formatted as that calendar day.
 *
 * @example formatJalali(new Date('2026-11-23T11:00:00Z'), 'long') // '۲ آذر ۱۴۰۵'
 * @example formatJalali(new Date('2026-11-23T11:00:00Z'), 'short') // '۱۴۰۵/۰۹/۰۲'
 * @example formatJalali(new Date('2026-11-23T11:00:00Z'), 'datetime') // '۲ آذر ۱۴۰۵، ساعت ۱۴:۳۰'
 */
export function formatJalali(date: Date | number | string, style: JalaliFormatStyle = 'long'): string {
  const wall = calendarDay(date) ?? tehranWallTime(date);
  const { jy, jm, jd } = dayNumberToJalali(gregorianToDayNumber(wall.gy, wall.gm, wall.gd));
  if (style === 'short') return toPersianDigits(`${jy}/${pad2(jm)}/${pad2(jd)}`);
  const long = `${toPersianDigits(jd)} ${JALALI_MONTHS[jm - 1] ?? ''} ${toPersianDigits(jy)}`;
  if (style === 'long') return long;
  return `${long}، ساعت ${toPersianDigits(`${pad2(wall.hour)}:${pad2(wall.minute)}`)}`;
}

/**
 * The Persian weekday name of an instant in Tehran time, e.g. 'یکشنبه'.
 */
export function persianWeekday(date: Date | number | string): (typeof PERSIAN_WEEKDAYS)[number] {
  const wall = tehranWallTime(date);
  // Julian Day Number 0 was a Monday, so JDN + 2 puts Saturday at 0.
  const index = mod(gregorianToDayNumber(wall.gy, wall.gm, wall.gd) + 2, 7);
  return PERSIAN_WEEKDAYS[index] ?? PERSIAN_WEEKDAYS[0];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, or how far ahead, in Persian: "همین حالا" within a minute, then minutes,
 * hours, days, weeks (from 7 days), months (from 30 days) and years (from 365 days), always
 * rounded down so "۳ روز پیش" never means less than three days.
 *
 * @param now the reference instant, `new Date()` by default (pass it in tests).
 * @example formatRelative(new Date(Date.now() - 3 * 86_400_000)) // '۳ روز پیش'
 * @example formatRelative(new Date(Date.now() + 2 * 3_600_000 + 5_000)) // '۲ ساعت دیگر'
 */
export function formatRelative(date: Date | number | string, now: Date | number = new Date()): string {
  const diff = toValidDate(date, 'formatRelative').getTime() - toValidDate(now, 'formatRelative').getTime();
  const abs = Math.abs(diff);
  if (abs < MINUTE) return 'همین حالا';
  let amount: number;
  let unit: string;
  if (abs < HOUR) [amount, unit] = [Math.floor(abs / MINUTE), 'دقیقه'];
  else if (abs < DAY) [amount, unit] = [Math.floor(abs / HOUR), 'ساعت'];
  else if (abs < 7 * DAY) [amount, unit] = [Math.floor(abs / DAY), 'روز'];
  else if (abs < 30 * DAY) [amount, unit] = [Math.floor(abs / (7 * DAY)), 'هفته'];
  else if (abs < 365 * DAY) [amount, unit] = [Math.min(11, Math.floor(abs / (30 * DAY))), 'ماه'];
  else [amount, unit] = [Math.max(1, Math.floor(abs / (365.2425 * DAY))), 'سال'];
  return `${toPersianDigits(amount)} ${unit} ${diff < 0 ? 'پیش' : 'دیگر'}`;
}

/**
 * A new `Date` `n` whole days after `date` (before, for negative `n`), counted in UTC, where
 * every day is 24 hours. The input is not modified.
 *
 * @example addDays(new Date('2024-03-19T00:00:00Z'), 1) // 2024-03-20T00:00:00.000Z
 */
export function addDays(date: Date, n: number): Date {
  if (!Number.isInteger(n)) throw new RangeError(`addDays: ${n} is not a whole number of days`);
  return new Date(toValidDate(date, 'addDays').getTime() + n * DAY);
}
