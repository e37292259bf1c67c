import { describe, expect, it } from 'vitest';
import { persianYear } from './footer';

describe('persianYear', () => {
  it('is the Jalali year in Tehran, as the time-zone database and Persian calendar have it', () => {
    const intl = new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', { year: 'numeric', timeZone: 'Asia/Tehran' });
    // Around Nowruz 1405 (20 March 2026 20:30 UTC is midnight in Tehran) and in other seasons.
    for (const iso of ['2026-03-20T20:29:59Z', '2026-03-20T20:30:00Z', '2026-11-22T12:00:00Z', '2025-12-31T23:00:00Z', '2031-03-21T01:00:00Z']) {
      const date = new Date(iso);
      expect(persianYear(date)).toBe(intl.format(date));
    }
    expect(persianYear(new Date('2026-03-20T20:29:59Z'))).toBe('۱۴۰۴');
    expect(persianYear(new Date('2026-03-20T20:30:00Z'))).toBe('۱۴۰۵');
  });
});
