import { describe, expect, it } from 'vitest';
import { canSearch, canSubmit, cleanQuery, fullSearchHref, moveActive, visiblePeople, visibleTitles } from './search-rules';

const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('search rules (spec §5, §9)', () => {
  it('searches from 2 searchable characters', () => {
    expect(canSearch('')).toBe(false);
    expect(canSearch('پ')).toBe(false);
    expect(canSearch(' پ ')).toBe(false);
    expect(canSearch('پِ')).toBe(false); // a diacritic is not a character the server searches
    expect(canSearch('پد')).toBe(true);
    expect(canSearch('br')).toBe(true);
  });

  it('submits the full search only with more than 2 characters', () => {
    expect(canSubmit('پد')).toBe(false);
    expect(canSubmit('  پد  ')).toBe(false);
    expect(canSubmit('پدر')).toBe(true);
    expect(canSubmit('a b')).toBe(true);
  });

  it('builds the full-search route: votes, all types, the text', () => {
    expect(fullSearchHref('  breaking   bad ')).toBe('/?order_by=votes&type=all&q=breaking+bad');
    const url = new URL(fullSearchHref('پدرخوانده'), 'http://x');
    expect(url.pathname).toBe('/');
    expect([...url.searchParams]).toEqual([['order_by', 'votes'], ['type', 'all'], ['q', 'پدرخوانده']]);
    expect(cleanQuery(' a \n b ')).toBe('a b');
  });

  it('desktop shows at most 6 titles, with show-more only when more came back', () => {
    expect(visibleTitles(list(6), true)).toEqual({ items: list(6), showMore: false });
    expect(visibleTitles(list(7), true)).toEqual({ items: list(6), showMore: true });
    expect(visibleTitles(list(20), true).items).toHaveLength(6);
    expect(visibleTitles(list(2), true)).toEqual({ items: list(2), showMore: false });
  });

  it('mobile shows every title and no show-more link', () => {
    expect(visibleTitles(list(20), false)).toEqual({ items: list(20), showMore: false });
  });

  it('desktop cuts people to 6 only when more than 8 came back', () => {
    expect(visiblePeople(list(6), true)).toHaveLength(6);
    expect(visiblePeople(list(7), true)).toHaveLength(7);
    expect(visiblePeople(list(8), true)).toHaveLength(8);
    expect(visiblePeople(list(9), true)).toEqual(list(6));
    expect(visiblePeople(list(20), false)).toHaveLength(20);
  });

  it('arrow keys walk the options and wrap', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});
