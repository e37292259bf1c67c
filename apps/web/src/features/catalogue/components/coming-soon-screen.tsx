import EventIcon from 'plain-icon:Event';
import { formatJalali } from '@parde/persian';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { InlineError } from '../../../components/query-error';
import { TitleGrid, TitleGridSkeleton } from '../../../components/title-grid';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useComingSoon } from '../api/get-coming-soon';
import { parseListFilters } from '../lib/list-filters';
import { messages } from '../messages';

const m = messages.comingSoon;

/** An expected date in the Jalali calendar (Tehran day): «۱۲ اسفند ۱۴۰۵». */
export function expectedDateLabel(date: string | null): string {
  if (!date) return m.noDate;
  try {
    return m.expected(formatJalali(date, 'long'));
  } catch {
    return m.noDate;
  }
}

/** Titles not out yet, soonest first, each with its expected date. Plain elements (theme/catalogue.css). */
export function ComingSoonScreen() {
  useDocumentTitle(m.heading);
  const location = useLocation();
  const { page } = parseListFilters(location.search);
  const query = useComingSoon(page);
  const hrefFor = (p: number) => (p > 1 ? `${location.pathname}?page=${p}` : location.pathname);
  return (
    <div className="p-container p-container--xl p-screen">
      <h1 className="p-screen__title">{m.heading}</h1>
      <p className="p-screen__intro p-screen__intro--spaced">{m.intro}</p>
      {query.isPending ? (
        <TitleGridSkeleton count={12} />
      ) : query.isError && !query.data ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState message={m.empty} />
      ) : (
        <div className="p-list__results" aria-busy={query.isPlaceholderData}>
          <TitleGrid
            titles={query.data.data}
            label={m.heading}
            eagerCount={6}
            note={(t) => (
              <span data-testid="expected-date" className="p-expected">
                <EventIcon aria-hidden="true" className="p-expected__icon" />
                {expectedDateLabel(t.expectedDate)}
              </span>
            )}
          />
          <ListPagination page={query.data.meta.currentPage} lastPage={query.data.meta.lastPage} hrefFor={hrefFor} />
        </div>
      )}
    </div>
  );
}
