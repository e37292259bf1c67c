import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { formatNumber, toPersianDigits } from '@parde/persian';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
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
 * then the titles for the filters in the URL, with page links.
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
      {!filters.q && belowPicks}
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {heading}
          </Typography>
          <Typography color="text.secondary" data-testid="result-count" sx={{ minHeight: '1.5em' }} aria-live="polite">
            {meta ? messages.results(formatNumber(meta.total, 0)) : ''}
          </Typography>
        </Box>
        <ListFiltersBar filters={filters} fixed={fixed} onChange={onChange} />
        <Box sx={{ mt: 2, mb: 3 }}>
          <ActiveFilterChips
            filters={filters}
            fixed={fixed}
            onChange={onChange}
            onClear={onClear}
            genreName={genres.data?.find((g) => g.slug === filters.genre || String(g.id) === filters.genre)?.nameFa}
            countryName={countries.data?.find((c) => c.code === filters.country)?.nameFa}
          />
        </Box>
        {titles.isPending ? (
          <Box role="status" aria-busy="true" aria-label={messages.loadingList}>
            <TitleGridSkeleton count={12} />
          </Box>
        ) : titles.isError && !list ? (
          <InlineError error={titles.error} onRetry={() => void titles.refetch()} />
        ) : list && list.length > 0 ? (
          <Box aria-busy={titles.isPlaceholderData} sx={{ opacity: titles.isPlaceholderData ? 0.55 : 1, transition: 'opacity .2s' }}>
            <TitleGrid titles={list} linkSearch={linkSearch} label={heading} eagerCount={6} />
            {meta && (
              <>
                <ListPagination page={meta.currentPage} lastPage={meta.lastPage} hrefFor={(page) => hrefFor(changeFilters(filters, { page }))} />
                <Typography align="center" color="text.secondary" sx={{ mt: 1, fontSize: '0.8rem' }}>
                  {messages.pageNote(toPersianDigits(meta.currentPage), toPersianDigits(meta.lastPage))}
                </Typography>
              </>
            )}
          </Box>
        ) : (
          <EmptyState
            message={filters.q ? messages.emptySearch(filters.q) : messages.empty}
            action={
              narrowing ? (
                <Button variant="outlined" color="inherit" onClick={onClear}>
                  {messages.filters.clear}
                </Button>
              ) : undefined
            }
          />
        )}
      </Container>
    </>
  );
}
