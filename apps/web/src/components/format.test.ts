import { describe, expect, it } from 'vitest';
import { formatCount, formatEpisodeCode, formatFileSize, formatPercent, formatRatingValue, formatVotes, formatYears } from './format';

describe('display formatting in Persian digits', () => {
  it('years of a movie and the run of a series', () => {
    expect(formatYears(1999)).toBe('۱۹۹۹');
    expect(formatYears(null)).toBe('');
    expect(formatYears(2008, 2013, true)).toBe('۲۰۰۸–۲۰۱۳');
    expect(formatYears(2019, null, true)).toBe('۲۰۱۹–');
    expect(formatYears(2020, 2020, true)).toBe('۲۰۲۰');
  });

  it('vote counts, shortened', () => {
    expect(formatVotes(942)).toBe('۹۴۲');
    expect(formatVotes(12_345)).toBe('۱۲ هزار');
    expect(formatVotes(2_150_000)).toBe('۲٫۱ میلیون');
    expect(formatVotes(3_000_000)).toBe('۳ میلیون');
  });

  it('file sizes in megabytes and gigabytes', () => {
    expect(formatFileSize(700)).toBe('۷۰۰ مگابایت');
    expect(formatFileSize(1434)).toBe('۱٫۴ گیگابایت');
    expect(formatFileSize(2048)).toBe('۲ گیگابایت');
    expect(formatFileSize(15_360)).toBe('۱۵ گیگابایت');
  });

  it('counts, percents, ratings and episode codes', () => {
    expect(formatCount(1250, 'عنوان')).toBe('۱٬۲۵۰ عنوان');
    expect(formatPercent(92)).toBe('۹۲٪');
    expect(formatRatingValue(8.5)).toBe('۸٫۵');
    expect(formatRatingValue(7)).toBe('۷٫۰');
    expect(formatEpisodeCode(2, 5)).toBe('فصل ۲ · قسمت ۵');
    expect(formatEpisodeCode(null, null)).toBe('');
  });
});
