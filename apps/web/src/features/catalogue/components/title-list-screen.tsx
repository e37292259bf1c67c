import type { ReactNode } from 'react';
import { formatNumber, toPersianDigits } from '@parde/persian';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { HydrationPass } from '../../../components/hydration-pass';
import { ListPagination } from '../../../components/list-pagination';
import { InlineError } from '../../../components/query-error';
import { TitleGrid, TitleGridSkeleton } from '../../../components/title-grid';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useCountries } from '../api/get-countries';
import { useGenres } from '../api/get-genres';
import { useTitles } from '../api/get-titles';
import { changeFilters, clearFilters, hasNarrowingFilters, listFiltersToSearch, parseListFilters, type FixedFilters, type ListFilters } from '../lib/list-filters';
import { messages } from '../messages';
import { ActiveFilterChips, ListFiltersBar } from './list-filters-bar';
import { Slideshow } from './slideshow';

/** The page's name for its filters: «فیلم‌های دوبله», «جستجوی «…»»… */
export function listHeading(f: ListFilters): string {
  const h = messages.heading;
  if (f.q) return h.search(f.q);
  if (f.dubbed) return f.type === 'movie' ? h.dubbedMovie : f.type === 'series' ? h.dubbedSeries : h.dubbedAll;
  return h[f.type];
}

/**
 * The home list (`/`, `/?is_dubbed=1`) and the series list (`/tv`): the slideshow of picks,
 * then the titles for the filters in the URL, with page links. Plain elements styled by
 * theme/catalogue.css: the first visit loads none of MUI's code.
 */
export function TitleListScreen({ fixed = {}, belowPicks }: { fixed?: FixedFilters; belowPicks?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = parseListFilters(location.search, fixed);
  const heading = listHeading(filters);
  useDocumentTitle(heading);
  const titles = useTitles(filters);
  const genres = useGenres();
  const countries = useCountries();

  const hrefFor = (f: ListFilters) => {
    const search = listFiltersToSearch(f, fixed);
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  const apply = (next: ListFilters) => navigate(hrefFor(next));
  const onChange = (patch: Partial<ListFilters>) => apply(changeFilters(filters, patch));
  const onClear = () => apply(clearFilters(filters, fixed));

  const meta = titles.data?.meta;
  const list = titles.data?.data;
  const narrowing = hasNarrowingFilters(filters, fixed);
  const linkSearch = filters.dubbed ? 'dub=1' : undefined;

  return (
    <>
      {!filters.q && <Slideshow type={fixed.type ?? 'all'} />}
      {!filters.q && belowPicks && <div className="p-container p-container--xl">{belowPicks}</div>}
      <div className="p-container p-container--xl p-list">
        <div className="p-list__head">
          <h1 className="p-h4 p-list__title">{heading}</h1>
          <p data-testid="result-count" aria-live="polite" className="p-body1 p-muted p-list__count">
            {meta ? messages.results(formatNumber(meta.total, 0), meta.estimated) : ''}
          </p>
        </div>
        <ListFiltersBar filters={filters} fixed={fixed} onChange={onChange} />
        <div className="p-list__chips">
          <ActiveFilterChips
            filters={filters}
            fixed={fixed}
            onChange={onChange}
            onClear={onClear}
            genreName={genres.data?.find((g) => g.slug === filters.genre || String(g.id) === filters.genre)?.nameFa}
            countryName={countries.data?.find((c) => c.code === filters.country)?.nameFa}
          />
        </div>
        {titles.isPending ? (
          <div role="status" aria-busy="true" aria-label={messages.loadingList}>
            <TitleGridSkeleton count={12} />
          </div>
        ) : titles.isError && !list ? (
          <InlineError error={titles.error} onRetry={() => void titles.refetch()} />
        ) : list && list.length > 0 ? (
          <div aria-busy={titles.isPlaceholderData} className="p-list__results">
            <HydrationPass>
              <TitleGrid titles={list} linkSearch={linkSearch} label={heading} eagerCount={6} />
            </HydrationPass>
            {meta && (
              <>
                <ListPagination page={meta.currentPage} lastPage={meta.lastPage} hrefFor={(page) => hrefFor(changeFilters(filters, { page }))} />
                <p className="p-body1 p-muted p-list__page-note">{messages.pageNote(toPersianDigits(meta.currentPage), toPersianDigits(meta.lastPage), meta.estimated)}</p>
              </>
            )}
          </div>
        ) : (
          <EmptyState
            message={filters.q ? messages.emptySearch(filters.q) : messages.empty}
            action={
              narrowing ? (
                <button type="button" onClick={onClear} className="p-btn p-btn--outlined p-btn--inherit p-btn--current p-mid">
                  {messages.filters.clear}
                </button>
              ) : undefined
            }
          />
        )}
      </div>
    </>
  );
}
