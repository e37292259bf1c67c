import { describe, expect, it } from 'vitest';
import { pageHref, readPage } from './page-param';

describe('page parameter', () => {
  it('reads a page, in Latin or Persian digits, else 1', () => {
    expect(readPage('?page=3')).toBe(3);
    expect(readPage('?page=۴')).toBe(4);
    expect(readPage('')).toBe(1);
    expect(readPage('?page=0')).toBe(1);
    expect(readPage('?page=-2')).toBe(1);
    expect(readPage('?page=abc')).toBe(1);
  });

  it('writes page 1 as the bare path', () => {
    expect(pageHref('/collections', 1)).toBe('/collections');
    expect(pageHref('/collections', 2)).toBe('/collections?page=2');
  });
});
