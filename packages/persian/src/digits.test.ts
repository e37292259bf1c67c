import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber, formatRating, formatToman, toLatinDigits, toPersianDigits, toPersianNumerals } from './digits';

describe('toPersianDigits', () => {
  it('converts Latin and Arabic-Indic digits, numbers and strings', () => {
    expect(toPersianDigits(2019)).toBe('۲۰۱۹');
    expect(toPersianDigits('2019')).toBe('۲۰۱۹');
    expect(toPersianDigits('٢٠١٩')).toBe('۲۰۱۹');
    expect(toPersianDigits('فصل 3، قسمت ٤')).toBe('فصل ۳، قسمت ۴');
    expect(toPersianDigits(0)).toBe('۰');
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
  });

  it('leaves Persian digits and other text alone', () => {
    expect(toPersianDigits('۱۴۰۳ abc')).toBe('۱۴۰۳ abc');
  });
});

describe('toPersianNumerals', () => {
  it('writes the digits, separators and percent sign of numbers the Persian way', () => {
    expect(toPersianNumerals('قیمت: 49,000 تومان (با تخفیف 15%).')).toBe('قیمت: ۴۹٬۰۰۰ تومان (با تخفیف ۱۵٪).');
    expect(toPersianNumerals('1,250,000 و 2.5 و 3 %')).toBe('۱٬۲۵۰٬۰۰۰ و ۲٫۵ و ۳٪');
    expect(toPersianNumerals('ساعت 12:30')).toBe('ساعت ۱۲:۳۰');
  });

  it('leaves commas, full stops and percent signs that are not part of a number', () => {
    expect(toPersianNumerals('سلام، دنیا. 12, 34 و 1,23 و 50.')).toBe('سلام، دنیا. ۱۲, ۳۴ و ۱,۲۳ و ۵۰.');
    expect(toPersianNumerals('% تخفیف')).toBe('% تخفیف');
  });
});

describe('toLatinDigits', () => {
  it('converts Persian and Arabic-Indic digits', () => {
    expect(toLatinDigits('۱۴۰۳/۰۱/۰۱')).toBe('1403/01/01');
    expect(toLatinDigits('٢٠١٩')).toBe('2019');
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toLatinDigits('بدون عدد')).toBe('بدون عدد');
  });

  it('round-trips with toPersianDigits (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 ab/') }), (s) => {
        expect(toLatinDigits(toPersianDigits(s))).toBe(s);
      }),
    );
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '۰'],
    [7, '۷'],
    [999, '۹۹۹'],
    [1000, '۱٬۰۰۰'],
    [125000, '۱۲۵٬۰۰۰'],
    [1250000, '۱٬۲۵۰٬۰۰۰'],
    [8.5, '۸٫۵'],
    [1234.567, '۱٬۲۳۴٫۵۷'],
    [1e21, '۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰'],
    [-1250000.5, '\u200E\u2212۱٬۲۵۰٬۰۰۰٫۵'],
    [-0.001, '۰'],
  ])('%d → %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });

  it('honours maximumFractionDigits', () => {
    expect(formatNumber(3.14159, 0)).toBe('۳');
    expect(formatNumber(3.14159, 3)).toBe('۳٫۱۴۲');
  });

  it('reads back as the same integer (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const latin = toLatinDigits(formatNumber(n)).replaceAll('٬', '');
        expect(Number(latin)).toBe(n);
      }),
    );
  });

  it('rounds half up on the shortest decimal, carrying into the whole part', () => {
    expect(formatNumber(1.005)).toBe('۱٫۰۱');
    expect(formatNumber(0.5, 0)).toBe('۱');
    expect(formatNumber(9.995)).toBe('۱۰');
    expect(formatNumber(999.999)).toBe('۱٬۰۰۰');
    expect(formatNumber(1.1e-7)).toBe('۰');
    expect(formatNumber(1.5e-7, 7)).toBe('۰٫۰۰۰۰۰۰۲');
    expect(formatNumber(2.5e21)).toBe('۲٬۵۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰');
  });

  it('formats as en-US Intl.NumberFormat does, in Persian digits (property)', () => {
    const intl = (n: number, max: number) => {
      const latin = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: max }).format(Math.abs(n));
      const [whole = '0', fraction] = latin.split('.');
      const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
      const body = toPersianDigits(fraction ? `${grouped}٫${fraction}` : grouped);
      return n < 0 && /[1-9]/.test(latin) ? `\u200E\u2212${body}` : body;
    };
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map((i) => i / 1000)), fc.integer({ min: 0, max: 6 }), (n, max) => {
        expect(formatNumber(n, max)).toBe(intl(n, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects NaN and Infinity', () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatToman', () => {
  it('formats whole toman with the unit', () => {
    expect(formatToman(125000)).toBe('۱۲۵٬۰۰۰ تومان');
    expect(formatToman(49000.4)).toBe('۴۹٬۰۰۰ تومان');
    expect(formatToman(0)).toBe('۰ تومان');
  });
});

describe('formatRating', () => {
  it.each([
    [8.5, '۸', '۵'],
    [8, '۸', '۰'],
    [7.96, '۸', '۰'],
    [8.15, '۸', '۲'],
    [(8.1 + 8.2) / 2, '۸', '۲'], // 8.149999999999999: an average that means 8.15
    [9.3, '۹', '۳'],
    [10, '۱۰', '۰'],
    [0, '۰', '۰'],
  ])('%d → whole %s, decimal %s', (r, whole, decimal) => {
    expect(formatRating(r)).toEqual({ whole, decimal });
  });

  it('rejects ratings that cannot be shown', () => {
    expect(() => formatRating(Number.NaN)).toThrow(RangeError);
    expect(() => formatRating(-1)).toThrow(RangeError);
  });
});

describe('formatDuration', () => {
  it.each([
    [142, '۲ ساعت و ۲۲ دقیقه'],
    [45, '۴۵ دقیقه'],
    [120, '۲ ساعت'],
    [60, '۱ ساعت'],
    [61, '۱ ساعت و ۱ دقیقه'],
    [0, '۰ دقیقه'],
    [89.6, '۱ ساعت و ۳۰ دقیقه'],
  ])('%d minutes → %s', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });

  it('rejects negative and non-finite durations', () => {
    expect(() => formatDuration(-5)).toThrow(RangeError);
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});
