import { toLatinDigits } from '@parde/persian';

/**
 * The home list's filters (spec §2: `order_by`, `type`, `q`, `is_dubbed`, plus genre, country
 * and years) live in the URL. These pure functions map the query string to filters and back,
 * so a link, a reload and the back button all show the same list.
 */

export const ORDER_OPTIONS = ['votes', 'rating', 'year', 'newest', 'rotten_tomatoes'] as const;
export type OrderBy = (typeof ORDER_OPTIONS)[number];
export const TYPE_OPTIONS = ['all', 'movie', 'series'] as const;
export type TypeFilter = (typeof TYPE_OPTIONS)[number];

export const MIN_YEAR = 1870;
export const MAX_YEAR = 2100;
export const MAX_PAGE = 10_000;
export const QUERY_MAX_LENGTH = 100;
export const PER_PAGE = 24;

export type ListFilters = {
  orderBy: OrderBy;
  type: TypeFilter;
  /** Free text; empty when none. */
  q: string;
  dubbed: boolean;
  /** A genre slug (or id) as the API takes it. */
  genre: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  yearFrom: number | null;
  yearTo: number | null;
  page: number;
};

export const DEFAULT_FILTERS: ListFilters = {
  orderBy: 'votes',
  type: 'all',
  q: '',
  dubbed: false,
  genre: null,
  country: null,
  yearFrom: null,
  yearTo: null,
  page: 1,
};

/** What a screen fixes instead of the URL: `/tv` is the series list. */
export type FixedFilters = { type?: TypeFilter };

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | null =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;

function intParam(raw: string | null, min: number, max: number): number | null {
  if (raw === null) return null;
  const s = toLatinDigits(raw.trim());
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

/** Reads the filters from a query string; anything unknown or malformed falls back to the default. */
export function parseListFilters(search: string | URLSearchParams, fixed: FixedFilters = {}): ListFilters {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawOrder = p.get('order_by');
  const orderBy = oneOf(ORDER_OPTIONS, rawOrder === 'rt' ? 'rotten_tomatoes' : rawOrder) ?? DEFAULT_FILTERS.orderBy;
  const type = fixed.type ?? oneOf(TYPE_OPTIONS, p.get('type')) ?? DEFAULT_FILTERS.type;
  const q = (p.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, QUERY_MAX_LENGTH);
  const dubbedRaw = p.get('is_dubbed');
  const dubbed = dubbedRaw === '1' || dubbedRaw === 'true';
  const genreRaw = (p.get('genre') ?? '').trim().toLowerCase();
  const genre = /^[a-z0-9][a-z0-9-]{0,39}$/.test(genreRaw) ? genreRaw : null;
  const countryRaw = (p.get('country') ?? '').trim();
  const country = /^[a-z]{2}$/i.test(countryRaw) ? countryRaw.toUpperCase() : null;
  let yearFrom = intParam(p.get('year_from'), MIN_YEAR, MAX_YEAR);
  let yearTo = intParam(p.get('year_to'), MIN_YEAR, MAX_YEAR);
  if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
  const page = intParam(p.get('page'), 1, MAX_PAGE) ?? 1;
  return { orderBy, type, q, dubbed, genre, country, yearFrom, yearTo, page };
}

/**
 * The canonical query string of some filters: defaults and fixed values left out, a stable
 * order of keys. Without a leading `?`; empty for the default list.
 */
export function listFiltersToSearch(f: ListFilters, fixed: FixedFilters = {}): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.orderBy !== DEFAULT_FILTERS.orderBy) p.set('order_by', f.orderBy);
  if (!fixed.type && f.type !== DEFAULT_FILTERS.type) p.set('type', f.type);
  if (f.dubbed) p.set('is_dubbed', '1');
  if (f.genre) p.set('genre', f.genre);
  if (f.country) p.set('country', f.country);
  if (f.yearFrom !== null) p.set('year_from', String(f.yearFrom));
  if (f.yearTo !== null) p.set('year_to', String(f.yearTo));
  if (f.page > 1) p.set('page', String(f.page));
  return p.toString();
}

/** A change of any filter starts again at page 1; a change of page keeps the rest. */
export function changeFilters(f: ListFilters, patch: Partial<ListFilters>): ListFilters {
  return { ...f, ...patch, page: patch.page ?? 1 };
}

/** The `GET /api/titles` query for some filters. */
export function toTitlesQuery(f: ListFilters, perPage = PER_PAGE): Record<string, string | number> {
  const query: Record<string, string | number> = { order_by: f.orderBy, type: f.type, page: f.page, per_page: perPage };
  if (f.q) query.q = f.q;
  if (f.dubbed) query.is_dubbed = 1;
  if (f.genre) query.genre = f.genre;
  if (f.country) query.country = f.country;
  if (f.yearFrom !== null) query.year_from = f.yearFrom;
  if (f.yearTo !== null) query.year_to = f.yearTo;
  return query;
}

/** Whether anything narrows the list (for the "clear filters" action). */
export function hasNarrowingFilters(f: ListFilters, fixed: FixedFilters = {}): boolean {
  return Boolean(f.q || f.dubbed || f.genre || f.country || f.yearFrom !== null || f.yearTo !== null || (!fixed.type && f.type !== 'all'));
}

/** Every filter back to its default, keeping the order. */
export function clearFilters(f: ListFilters, fixed: FixedFilters = {}): ListFilters {
  return { ...DEFAULT_FILTERS, orderBy: f.orderBy, type: fixed.type ?? DEFAULT_FILTERS.type };
}
