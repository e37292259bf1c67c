import { describe, expect, it } from 'vitest';
import { formatJalaliInput, parseJalaliInput } from './jalali-input';

describe('Jalali date input', () => {
  it('reads Persian and Latin digits with any separator', () => {
    expect(parseJalaliInput('۱۴۰۵/۰۹/۰۵')).toBe('2026-11-26');
    expect(parseJalaliInput('1405-9-5')).toBe('2026-11-26');
    expect(parseJalaliInput('1403/12/30')).toBe('2025-03-20');
  });
  it('refuses days that do not exist', () => {
    expect(parseJalaliInput('1404/12/30')).toBeNull();
    expect(parseJalaliInput('1405/13/01')).toBeNull();
    expect(parseJalaliInput('دیروز')).toBeNull();
  });
  it('writes a day back in Persian digits', () => {
    expect(formatJalaliInput('2026-11-26')).toBe('۱۴۰۵/۰۹/۰۵');
    expect(formatJalaliInput('')).toBe('');
  });
});
