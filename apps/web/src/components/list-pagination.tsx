import { toPersianDigits } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { PAGINATION_LABEL, pageItemLabel } from '../theme/labels';

type Props = {
  page: number;
  lastPage: number;
  /** The URL of a page: pagination is links, so the back button and shared links work. */
  hrefFor: (page: number) => string;
};

type Item = number | 'previous' | 'next' | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The items shown for `page` of `count`: the first and last pages, `siblings` on each side of
 * the current one, ellipses for the gaps (the layout of MUI's `usePagination`, boundary 1, so
 * the row keeps its width as the page changes).
 */
export function paginationItems(page: number, count: number, siblings: number): Item[] {
  const boundary = 1;
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const start = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const end = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), endPages.length > 0 ? endPages[0]! - 2 : count - 1);
  return [
    'previous',
    ...range(1, Math.min(boundary, count)),
    ...(start > boundary + 2 ? (['start-ellipsis'] as const) : boundary + 1 < count - boundary ? [boundary + 1] : []),
    ...range(start, end),
    ...(end < count - boundary - 1 ? (['end-ellipsis'] as const) : count - boundary > boundary ? [count - boundary] : []),
    ...endPages,
    'next',
  ];
}

/** Chevrons for a right-to-left row: "previous" points right, "next" left. */
const ARROWS = { previous: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z', next: 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z' };

function Row({ page, lastPage, hrefFor, siblings, className }: Props & { siblings: number; className: string }) {
  return (
    <nav aria-label={PAGINATION_LABEL} className={`p-pages ${className}`}>
      <ul>
        {paginationItems(page, lastPage, siblings).map((item) => {
          if (item === 'start-ellipsis' || item === 'end-ellipsis') {
            return (
              <li key={item}>
                <span className="p-pages__gap">…</span>
              </li>
            );
          }
          if (item === 'previous' || item === 'next') {
            const target = item === 'previous' ? page - 1 : page + 1;
            const icon = (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={ARROWS[item]} />
              </svg>
            );
            return (
              <li key={item}>
                {target < 1 || target > lastPage ? (
                  <button type="button" disabled className="p-pages__item" aria-label={pageItemLabel(item, null, false)}>
                    {icon}
                  </button>
                ) : (
                  <RouterLink to={hrefFor(target)} className="p-pages__item" aria-label={pageItemLabel(item, null, false)}>
                    {icon}
                  </RouterLink>
                )}
              </li>
            );
          }
          const current = item === page;
          return (
            <li key={item}>
              <RouterLink to={hrefFor(item)} className="p-pages__item" aria-current={current ? 'page' : undefined} aria-label={pageItemLabel('page', item, current)}>
                {toPersianDigits(item)}
              </RouterLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Page links with the faIR labels (رفتن به صفحهٔ …) and Persian digits; fewer siblings on a
 * phone so it fits 375 px. Plain links styled by theme/catalogue.css.
 */
export function ListPagination({ page, lastPage, hrefFor }: Props) {
  if (lastPage <= 1) return null;
  const current = Math.min(page, lastPage);
  return (
    <div data-testid="pagination" className="p-pagination">
      <Row page={current} lastPage={lastPage} hrefFor={hrefFor} siblings={1} className="p-pages--wide" />
      <Row page={current} lastPage={lastPage} hrefFor={hrefFor} siblings={0} className="p-pages--narrow" />
    </div>
  );
}
