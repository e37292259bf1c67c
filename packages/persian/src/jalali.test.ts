import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JALALI_MONTHS,
  PERSIAN_WEEKDAYS,
  addDays,
  formatJalali,
  formatRelative,
  isJalaliLeapYear,
  jalaliMonthLength,
  persianWeekday,
  tehranJalaliYear,
  tehranWallTime,
  toGregorian,
  toJalali,
} from './jalali';

const DAY = 86_400_000;

describe('toGregorian / toJalali known pairs', () => {
  it.each([
    [1403, 1, 1, 2024, 3, 20],
    [1404, 1, 1, 2025, 3, 21],
    [1399, 12, 30, 2021, 3, 20], // last day of a leap year
    [1357, 11, 22, 1979, 2, 11],
    [1400, 1, 1, 2021, 3, 21],
    [1403, 12, 30, 2025, 3, 20],
    [1405, 9, 2, 2026, 11, 23],
    [1300, 1, 1, 1921, 3, 21],
    [1348, 10, 11, 1970, 1, 1],
    [1379, 10, 12, 2001, 1, 1],
  ])('%i/%i/%i = %i-%i-%i', (jy, jm, jd, gy, gm, gd) => {
    expect(toGregorian(jy, jm, jd)).toEqual({ gy, gm, gd });
    expect(toJalali({ gy, gm, gd })).toEqual({ jy, jm, jd });
  });

  it('reads a Date by its UTC day', () => {
    expect(toJalali(new Date('2024-03-20'))).toEqual({ jy: 1403, jm: 1, jd: 1 });
    expect(toJalali(new Date('2024-03-19T23:59:59Z'))).toEqual({ jy: 1402, jm: 12, jd: 29 });
  });

  it('rejects impossible dates', () => {
    expect(() => toGregorian(1402, 12, 30)).toThrow(RangeError); // 1402 is not leap
    expect(() => toGregorian(1403, 13, 1)).toThrow(RangeError);
    expect(() => toGregorian(1403, 7, 31)).toThrow(RangeError);
    expect(() => toGregorian(1403, 1, 0)).toThrow(RangeError);
    expect(() => toJalali({ gy: 2023, gm: 2, gd: 29 })).toThrow(RangeError);
    expect(() => toJalali(new Date('nope'))).toThrow(RangeError);
    expect(() => toGregorian(5000, 1, 1)).toThrow(RangeError);
  });
});

describe('leap years and month lengths', () => {
  it('knows the leap years around now', () => {
    const leap = [];
    for (let jy = 1390; jy <= 1412; jy++) if (isJalaliLeapYear(jy)) leap.push(jy);
    expect(leap).toEqual([1391, 1395, 1399, 1403, 1408, 1412]);
  });

  it('has 31-day, 30-day and 29/30-day months', () => {
    expect(jalaliMonthLength(1403, 1)).toBe(31);
    expect(jalaliMonthLength(1403, 6)).toBe(31);
    expect(jalaliMonthLength(1403, 7)).toBe(30);
    expect(jalaliMonthLength(1403, 11)).toBe(30);
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1404, 12)).toBe(29);
    expect(() => jalaliMonthLength(1404, 0)).toThrow(RangeError);
  });
});

describe('round trips', () => {
  it('walks every day of 1300–1500 AP as consecutive Gregorian days', () => {
    let expected = Date.UTC(1921, 2, 21); // 1300/01/01
    let days = 0;
    for (let jy = 1300; jy <= 1500; jy++) {
      let yearLength = 0;
      for (let jm = 1; jm <= 12; jm++) {
        for (let jd = 1; jd <= jalaliMonthLength(jy, jm); jd++) {
          const g = toGregorian(jy, jm, jd);
          const t = Date.UTC(g.gy, g.gm - 1, g.gd);
          if (t !== expected) throw new Error(`${jy}/${jm}/${jd} → ${g.gy}-${g.gm}-${g.gd}`);
          const back = toJalali(g);
          if (back.jy !== jy || back.jm !== jm || back.jd !== jd) {
            throw new Error(`${jy}/${jm}/${jd} → ${g.gy}-${g.gm}-${g.gd} → ${back.jy}/${back.jm}/${back.jd}`);
          }
          expected += DAY;
          yearLength++;
          days++;
        }
      }
      expect(yearLength).toBe(isJalaliLeapYear(jy) ? 366 : 365);
    }
    expect(days).toBe((Date.UTC(2122, 2, 21) - Date.UTC(1921, 2, 21)) / DAY); // through 1500/12/end
  });

  it('toGregorian ∘ toJalali is the identity over a wide range (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1) / DAY, max: Date.UTC(3000, 0, 1) / DAY }), (day) => {
        const d = new Date(day * DAY);
        const { jy, jm, jd } = toJalali(d);
        const g = toGregorian(jy, jm, jd);
        expect(Date.UTC(g.gy, g.gm - 1, g.gd)).toBe(day * DAY);
        expect(jd).toBeLessThanOrEqual(jalaliMonthLength(jy, jm));
      }),
      { numRuns: 5000 },
    );
  });

  // A cross-check only: our arithmetic never reads ICU, but where ICU's arithmetic Persian
  // calendar and the astronomical table agree (1300–1500 AP does), they must give one answer.
  const icu = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  it.runIf(icu.resolvedOptions().calendar === 'persian')('agrees with ICU for every day of 1300–1500 AP', () => {
    const end = Date.UTC(2122, 2, 21);
    for (let t = Date.UTC(1921, 2, 21); t < end; t += DAY) {
      const parts = Object.fromEntries(icu.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      const { jy, jm, jd } = toJalali(new Date(t));
      const ours = `${jy}/${jm}/${jd}`;
      const theirs = `${parseInt(parts.year ?? '', 10)}/${parts.month}/${parts.day}`;
      if (ours !== theirs) expect(ours, new Date(t).toISOString()).toBe(theirs);
    }
  });
});

describe('names', () => {
  it('has the twelve months and seven weekdays in order', () => {
    expect(JALALI_MONTHS).toHaveLength(12);
    expect(JALALI_MONTHS[0]).toBe('فروردین');
    expect(JALALI_MONTHS[8]).toBe('آذر');
    expect(JALALI_MONTHS[11]).toBe('اسفند');
    expect(PERSIAN_WEEKDAYS).toEqual(['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه']);
  });

  it('names the weekday in Tehran time', () => {
    expect(persianWeekday(new Date('2024-03-20T12:00:00Z'))).toBe('چهارشنبه');
    expect(persianWeekday(new Date('2000-01-01T12:00:00Z'))).toBe('شنبه');
    // 21:00 UTC Friday is 00:30 Saturday in Tehran.
    expect(persianWeekday(new Date('2024-03-22T21:00:00Z'))).toBe('شنبه');
  });
});

describe('tehranWallTime', () => {
  it('is UTC+03:30 since Iran dropped daylight saving in 2022', () => {
    expect(tehranWallTime(new Date('2026-06-21T20:29:00Z'))).toEqual({
      gy: 2026, gm: 6, gd: 21, hour: 23, minute: 59, second: 0,
    });
    expect(tehranWallTime('2026-06-21T20:30:00Z')).toMatchObject({ gd: 22, hour: 0, minute: 0 });
  });

  it('knows the daylight-saving summers before 2022 (UTC+04:30)', () => {
    expect(tehranWallTime(Date.parse('2019-07-01T12:00:00Z'))).toMatchObject({ hour: 16, minute: 30 });
    expect(tehranWallTime(Date.parse('2019-01-01T12:00:00Z'))).toMatchObject({ hour: 15, minute: 30 });
  });

  it('agrees with the time-zone database on both sides of the last daylight-saving end', () => {
    const tz = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tehran', calendar: 'gregory', numberingSystem: 'latn', hourCycle: 'h23',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    const fromTz = (ms: number) => {
      const p = Object.fromEntries(tz.formatToParts(ms).filter((x) => x.type !== 'literal').map((x) => [x.type, Number(x.value)]));
      return { gy: p.year, gm: p.month, gd: p.day, hour: (p.hour ?? 0) % 24, minute: p.minute, second: p.second };
    };
    const end = Date.parse('2022-09-21T19:30:00Z');
    for (const ms of [end - 60_000, end - 1, end, end + 1, end + 3_600_000, Date.parse('2022-03-21T20:29:59Z'), Date.parse('2030-03-20T20:30:00Z')]) {
      expect(tehranWallTime(ms)).toEqual(fromTz(ms));
    }
    // The hour before the end was still daylight time: 23:59 IRDT, then 23:00 IRST again.
    expect(tehranWallTime(end - 60_000)).toMatchObject({ gd: 21, hour: 23, minute: 59 });
    expect(tehranWallTime(end)).toMatchObject({ gd: 21, hour: 23, minute: 0 });
  });
});

describe('formatJalali', () => {
  const when = new Date('2026-11-23T11:00:00Z'); // 14:30 in Tehran

  it('formats long, short and datetime styles in Persian digits', () => {
    expect(formatJalali(when)).toBe('۲ آذر ۱۴۰۵');
    expect(formatJalali(when, 'long')).toBe('۲ آذر ۱۴۰۵');
    expect(formatJalali(when, 'short')).toBe('۱۴۰۵/۰۹/۰۲');
    expect(formatJalali(when, 'datetime')).toBe('۲ آذر ۱۴۰۵، ساعت ۱۴:۳۰');
  });

  it('formats a date without a time as that calendar day', () => {
    expect(formatJalali('1994-09-23')).toBe('۱ مهر ۱۳۷۳');
    expect(formatJalali('2024-03-20', 'short')).toBe('۱۴۰۳/۰۱/۰۱');
    expect(formatJalali('2019-07-01')).toBe(formatJalali('2019-07-01T12:00:00Z'));
    expect(() => formatJalali('2023-02-30')).toThrow(RangeError);
  });

  it('uses the Tehran day, not the UTC day', () => {
    // 21:00 UTC on 2024-03-19 is already 00:30 on Nowruz 1403 in Tehran.
    const instant = new Date('2024-03-19T21:00:00Z');
    expect(formatJalali(instant, 'datetime')).toBe('۱ فروردین ۱۴۰۳، ساعت ۰۰:۳۰');
    expect(toJalali(instant)).toEqual({ jy: 1402, jm: 12, jd: 29 });
  });

  it('accepts timestamps and ISO strings, rejects invalid dates', () => {
    expect(formatJalali(Date.parse('1979-02-11T12:00:00Z'), 'short')).toBe('۱۳۵۷/۱۱/۲۲');
    expect(formatJalali('2021-03-20T12:00:00Z')).toBe('۳۰ اسفند ۱۳۹۹');
    expect(() => formatJalali('not a date')).toThrow(RangeError);
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (ms: number): Date => new Date(now.getTime() + ms);

  it.each([
    [0, 'همین حالا'],
    [-59_000, 'همین حالا'],
    [30_000, 'همین حالا'],
    [-60_000, '۱ دقیقه پیش'],
    [-45 * 60_000, '۴۵ دقیقه پیش'],
    [-3_600_000, '۱ ساعت پیش'],
    [2 * 3_600_000 + 5_000, '۲ ساعت دیگر'],
    [-3 * DAY, '۳ روز پیش'],
    [-3 * DAY - 23 * 3_600_000, '۳ روز پیش'],
    [-14 * DAY, '۲ هفته پیش'],
    [-45 * DAY, '۱ ماه پیش'],
    [-364 * DAY, '۱۱ ماه پیش'],
    [365 * DAY, '۱ سال دیگر'],
    [-3 * 365 * DAY - 5 * DAY, '۳ سال پیش'],
  ])('%d ms → %s', (offset, expected) => {
    expect(formatRelative(at(offset), now)).toBe(expected);
  });

  it('uses the current time by default', () => {
    expect(formatRelative(new Date(Date.now() - 3 * DAY - 1000))).toBe('۳ روز پیش');
  });
});

describe('addDays', () => {
  it('adds and subtracts whole UTC days without touching the input', () => {
    const d = new Date('2024-03-19T00:00:00Z');
    expect(addDays(d, 1).toISOString()).toBe('2024-03-20T00:00:00.000Z');
    expect(addDays(d, -19).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addDays(d, 366).toISOString()).toBe('2025-03-20T00:00:00.000Z');
    expect(d.toISOString()).toBe('2024-03-19T00:00:00.000Z');
    expect(() => addDays(d, 0.5)).toThrow(RangeError);
  });

  it('moves the Jalali date by the same number of days (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: -400, max: 400 }), (start, n) => {
        const from = new Date(Date.UTC(2024, 0, 1) + start * DAY);
        const a = toJalali(from);
        const b = toJalali(addDays(from, n));
        const ga = toGregorian(a.jy, a.jm, a.jd);
        const gb = toGregorian(b.jy, b.jm, b.jd);
        expect((Date.UTC(gb.gy, gb.gm - 1, gb.gd) - Date.UTC(ga.gy, ga.gm - 1, ga.gd)) / DAY).toBe(n);
      }),
    );
  });
});

describe('tehranJalaliYear', () => {
  it('is the Jalali year in Tehran, as the time-zone database and Persian calendar have it', () => {
    const intl = new Intl.DateTimeFormat('en-u-ca-persian', { year: 'numeric', timeZone: 'Asia/Tehran' });
    // Around Nowruz 1405 (20 March 2026 20:30 UTC is midnight in Tehran) and in other seasons.
    for (const iso of ['2026-03-20T20:29:59Z', '2026-03-20T20:30:00Z', '2026-11-22T12:00:00Z', '2025-12-31T23:00:00Z', '2031-03-21T01:00:00Z']) {
      const date = new Date(iso);
      expect(tehranJalaliYear(date), iso).toBe(Number.parseInt(intl.format(date), 10));
    }
    expect(tehranJalaliYear(new Date('2026-03-20T20:29:59Z'))).toBe(1404);
    expect(tehranJalaliYear(new Date('2026-03-20T20:30:00Z'))).toBe(1405);
  });
});
