import type { PaginationMeta } from '@parde/contract';

/**
 * How an infinite query pages a long list whose first `known` rows came with the page that holds
 * it (a season's episodes on the title page, a role's titles on a person's): it starts at the
 * page after those (`known / perPage + 1`), goes on until the last, and is never drawn on the
 * server (the first screen already shows the rows it has).
 */
export const pagesAfter = (known: number, perPage: number) => ({
  initialPageParam: Math.floor(known / perPage) + 1,
  getNextPageParam: (last: { meta: PaginationMeta }) => (last.meta.currentPage < last.meta.lastPage ? last.meta.currentPage + 1 : undefined),
  meta: { serverRender: false },
});
