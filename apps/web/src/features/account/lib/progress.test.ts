import { describe, expect, it } from 'vitest';
import { formatPosition, progressNote, readPage, resumeHref } from './progress';

describe('history progress', () => {
  it('formats a position in Persian digits', () => {
    expect(formatPosition(309)).toBe('۵:۰۹');
    expect(formatPosition(3909)).toBe('۱:۰۵:۰۹');
  });
  it('prefers the episode, then the position, then the visit date', () => {
    const visitedAt = '2026-11-23T11:00:00Z';
    expect(progressNote({ progress: { episode: { id: 1, seasonNumber: 2, episodeNumber: 5, nameEn: null, nameFa: null }, positionSec: 10, visitedAt } })).toBe('فصل ۲ · قسمت ۵');
    expect(progressNote({ progress: { episode: null, positionSec: 309, visitedAt } })).toBe('ادامه از ۵:۰۹');
    expect(progressNote({ progress: { episode: null, positionSec: 0, visitedAt } })).toBe('۲ آذر ۱۴۰۵');
  });
  it('reads the page of the URL', () => {
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readPage(new URLSearchParams('page=x'))).toBe(1);
    expect(readPage(new URLSearchParams(''))).toBe(1);
  });
});

describe('resumeHref', () => {
  const base = { id: 7, imdbId: 'tt0111161' };
  it('leads to the player where playback began, at the episode reached', () => {
    expect(resumeHref({ ...base, progress: { episode: null, positionSec: 95, visitedAt: '2025-01-01T10:00:00Z' } })).toBe('/watch/tt0111161/7');
    expect(resumeHref({ ...base, progress: { episode: { id: 41, seasonNumber: 1, episodeNumber: 2, nameEn: null, nameFa: null }, positionSec: 0, visitedAt: '2025-01-01T10:00:00Z' } })).toBe(
      '/watch/tt0111161/7?episode=41',
    );
  });
  it('leaves a title only visited to its page', () => {
    expect(resumeHref({ ...base, progress: { episode: null, positionSec: 0, visitedAt: '2025-01-01T10:00:00Z' } })).toBeUndefined();
  });
});
