import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  clearFilters,
  DEFAULT_FILTERS,
  hasNarrowingFilters,
  listFiltersToSearch,
  parseListFilters,
  toTitlesQuery,
} from './list-filters';

describe('home list filters ⇄ URL', () => {
  it('an empty query string is the default list, and maps back to nothing', () => {
    expect(parseListFilters('')).toEqual(DEFAULT_FILTERS);
    expect(listFiltersToSearch(DEFAULT_FILTERS)).toBe('');
  });

  it('reads every filter of the spec and the extra ones', () => {
    const f = parseListFilters('?order_by=rating&type=series&q=%20breaking%20%20bad%20&is_dubbed=1&genre=Drama&country=us&year_from=2000&year_to=2015&page=3');
    expect(f).toEqual({
      orderBy: 'rating',
      type: 'series',
      q: 'breaking bad',
      dubbed: true,
      genre: 'drama',
      country: 'US',
      yearFrom: 2000,
      yearTo: 2015,
      page: 3,
    });
  });

  it('round-trips: parse(serialize(f)) is f, and the string is canonical', () => {
    const f = parseListFilters('page=2&country=FR&is_dubbed=true&order_by=newest&q=amélie');
    const s = listFiltersToSearch(f);
    expect(s).toBe('q=am%C3%A9lie&order_by=newest&is_dubbed=1&country=FR&page=2');
    expect(parseListFilters(s)).toEqual(f);
  });

  it('the header search link (explicit defaults) reads as the same list', () => {
    const f = parseListFilters('order_by=votes&type=all&q=matrix');
    expect(f).toEqual({ ...DEFAULT_FILTERS, q: 'matrix' });
    expect(listFiltersToSearch(f)).toBe('q=matrix');
  });

  it('falls back to defaults for unknown or malformed values', () => {
    const f = parseListFilters('order_by=hype&type=anime&is_dubbed=yes&genre=<b>&country=USA&year_from=12&year_to=abc&page=-1');
    expect(f).toEqual(DEFAULT_FILTERS);
    expect(parseListFilters('page=99999999').page).toBe(1);
  });

  it('accepts the rt alias and Persian digits, and orders a reversed year range', () => {
    expect(parseListFilters('order_by=rt').orderBy).toBe('rotten_tomatoes');
    const f = parseListFilters('year_from=۲۰۱۰&year_to=1995&page=۲');
    expect([f.yearFrom, f.yearTo, f.page]).toEqual([1995, 2010, 2]);
  });

  it('`/?is_dubbed=1` is the dubbed list', () => {
    expect(parseListFilters('is_dubbed=1').dubbed).toBe(true);
    expect(parseListFilters('is_dubbed=0').dubbed).toBe(false);
    expect(listFiltersToSearch({ ...DEFAULT_FILTERS, dubbed: true })).toBe('is_dubbed=1');
  });

  it('a fixed type (the /tv list) ignores the URL and stays out of it', () => {
    const f = parseListFilters('type=movie&order_by=year', { type: 'series' });
    expect(f.type).toBe('series');
    expect(listFiltersToSearch(f, { type: 'series' })).toBe('order_by=year');
  });

  it('changing a filter goes back to page 1; changing the page keeps the filters', () => {
    const f = { ...DEFAULT_FILTERS, genre: 'drama', page: 4 };
    expect(changeFilters(f, { orderBy: 'year' })).toMatchObject({ genre: 'drama', orderBy: 'year', page: 1 });
    expect(changeFilters(f, { page: 5 })).toMatchObject({ genre: 'drama', page: 5 });
  });

  it('builds the API query', () => {
    expect(toTitlesQuery(DEFAULT_FILTERS)).toEqual({ order_by: 'votes', type: 'all', page: 1, per_page: 24 });
    expect(toTitlesQuery({ ...DEFAULT_FILTERS, q: 'x y', dubbed: true, genre: 'drama', country: 'IR', yearFrom: 1990, yearTo: 2000, page: 2 }, 12)).toEqual({
      order_by: 'votes',
      type: 'all',
      page: 2,
      per_page: 12,
      q: 'x y',
      is_dubbed: 1,
      genre: 'drama',
      country: 'IR',
      year_from: 1990,
      year_to: 2000,
    });
  });

  it('knows when something narrows the list, and clears it keeping the order', () => {
    expect(hasNarrowingFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, orderBy: 'year' })).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, type: 'series' }, { type: 'series' })).toBe(false);
    const f = { ...DEFAULT_FILTERS, orderBy: 'rating' as const, genre: 'drama', dubbed: true, page: 3 };
    expect(hasNarrowingFilters(f)).toBe(true);
    expect(clearFilters(f)).toEqual({ ...DEFAULT_FILTERS, orderBy: 'rating' });
    expect(clearFilters(f, { type: 'series' }).type).toBe('series');
  });
});
