import type { PaginationMeta, TopComment } from '@parde/contract';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * The loaded pages of a title's comments as a reader sees them. What a member's change does to
 * them (comment-cache.ts) is loaded with the member's part only.
 */
/** One page of `GET /api/titles/{id}/topcomments`. */
export type CommentPage = { data: TopComment[]; meta: PaginationMeta };
export type CommentPages = InfiniteData<CommentPage>;

/**
 * The threads of every loaded page, in order. Pages are counted by offset, so a comment posted
 * meanwhile pushes one of the first page onto the next: the same thread can come twice.
 */
export function flattenThreads(data: CommentPages | undefined): TopComment[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: TopComment[] = [];
  for (const page of data.pages) {
    for (const c of page.data) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** How many threads the title has (the server's count, kept in step with local changes). */
export const threadCount = (data: CommentPages | undefined) => data?.pages[0]?.meta.total ?? 0;
