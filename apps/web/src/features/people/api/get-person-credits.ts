import { PERSON_PAGE_CREDITS, type FilmographyItem, type FilmographyRole, type PaginationMeta } from '@parde/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pagesAfter } from '../../../lib/pages-after';
import { personKeys } from './keys';

/** `GET /api/people/{id}/credits?role=&page=` — one role's titles of a person, a page at a time. */
export async function getPersonCredits(id: number, role: FilmographyRole, page: number, signal?: AbortSignal): Promise<{ data: FilmographyItem[]; meta: PaginationMeta }> {
  const res = await api.get('/api/people/{id}/credits', { path: { id }, query: { role, page, per_page: PERSON_PAGE_CREDITS }, signal });
  return res.data;
}

/**
 * The pages of a role after the titles the person's page already carries (`known` of them, the
 * role's first): page `known / PERSON_PAGE_CREDITS + 1` holds the next one.
 */
export const getPersonCreditsQueryOptions = (id: number, role: FilmographyRole, known: number) =>
  infiniteQueryOptions({
    queryKey: personKeys.credits(id, role),
    queryFn: ({ pageParam, signal }) => getPersonCredits(id, role, pageParam, signal),
    ...pagesAfter(known, PERSON_PAGE_CREDITS),
  });
