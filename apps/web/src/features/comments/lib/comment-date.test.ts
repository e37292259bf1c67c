import { describe, expect, it } from 'vitest';
import { commentDate } from './comment-date';

const now = Date.parse('2026-11-23T11:00:00Z'); // ۲ آذر ۱۴۰۵، ۱۴:۳۰ in Tehran

describe('a comment’s date', () => {
  it('is relative within a week, with the exact Jalali time beside it', () => {
    expect(commentDate('2026-11-23T10:59:30Z', now)).toEqual({ text: 'همین حالا', full: '۲ آذر ۱۴۰۵، ساعت ۱۴:۲۹' });
    expect(commentDate('2026-11-20T11:00:00Z', now).text).toBe('۳ روز پیش');
    expect(commentDate('2026-11-23T08:00:00Z', now).text).toBe('۳ ساعت پیش');
  });

  it('is the Jalali date from a week on', () => {
    expect(commentDate('2026-11-16T11:00:00Z', now)).toEqual({ text: '۲۵ آبان ۱۴۰۵', full: '۲۵ آبان ۱۴۰۵، ساعت ۱۴:۳۰' });
  });

  it('never says "later" when the browser’s clock is behind the server’s', () => {
    expect(commentDate('2026-11-23T11:02:00Z', now).text).toBe('همین حالا');
  });

  it('gives nothing for an unreadable date', () => {
    expect(commentDate('not a date', now)).toEqual({ text: '', full: '' });
  });
});
