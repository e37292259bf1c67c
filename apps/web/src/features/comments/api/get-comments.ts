import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getErrorStatus } from '../../../lib/errors';
import type { CommentPage } from '../lib/comment-pages';
import { commentKeys } from './keys';

export const COMMENTS_PER_PAGE = 10;

const emptyPage = (page: number): CommentPage => ({ data: [], meta: { currentPage: page, lastPage: page, perPage: COMMENTS_PER_PAGE, total: 0 } });

/**
 * `GET /api/titles/{id}/topcomments?page=` — threads most liked first, each with its first
 * replies. A 404 reads as no comments (spec §8: the title page shows nothing rather than fail).
 */
export async function getComments(titleId: number, page: number, signal?: AbortSignal): Promise<CommentPage> {
  try {
    const res = await api.get('/api/titles/{id}/topcomments', { path: { id: titleId }, query: { page, per_page: COMMENTS_PER_PAGE }, signal });
    return Array.isArray(res.data.data) ? res.data : emptyPage(page);
  } catch (error) {
    if (getErrorStatus(error) === 404) return emptyPage(page);
    throw error;
  }
}

export const getCommentsQueryOptions = (titleId: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(titleId),
    queryFn: ({ pageParam, signal }) => getComments(titleId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CommentPage) => (last.meta.currentPage < last.meta.lastPage ? last.meta.currentPage + 1 : undefined),
    // "۳ دقیقه پیش" written by the server could be a minute off by the time the browser reads it;
    // below the fold anyway, the comments are fetched by the browser.
    meta: { serverRender: false },
  });

export const useComments = (titleId: number) => useInfiniteQuery(getCommentsQueryOptions(titleId));
