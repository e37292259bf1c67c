import { toLatinDigits } from '@parde/persian';

/** `?page=` as a page number: 1 for anything missing or malformed. */
export function readPage(search: string): number {
  const raw = toLatinDigits(new URLSearchParams(search).get('page') ?? '');
  return /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/** The same path at another page (page 1 has no parameter). */
export const pageHref = (pathname: string, page: number) => (page > 1 ? `${pathname}?page=${page}` : pathname);
