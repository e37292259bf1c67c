import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
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

/** Titles not out yet, soonest first, each with its expected date. */
export function ComingSoonScreen() {
  useDocumentTitle(m.heading);
  const location = useLocation();
  const { page } = parseListFilters(location.search);
  const query = useComingSoon(page);
  const hrefFor = (p: number) => (p > 1 ? `${location.pathname}?page=${p}` : location.pathname);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {m.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {m.intro}
      </Typography>
      {query.isPending ? (
        <TitleGridSkeleton count={12} />
      ) : query.isError && !query.data ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState message={m.empty} />
      ) : (
        <Box sx={{ opacity: query.isPlaceholderData ? 0.55 : 1 }}>
          <TitleGrid
            titles={query.data.data}
            label={m.heading}
            eagerCount={6}
            note={(t) => (
              <Box component="span" data-testid="expected-date" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.primary', fontWeight: 500 }}>
                <EventIcon sx={{ fontSize: 15, color: 'secondary.main' }} aria-hidden="true" />
                {expectedDateLabel(t.expectedDate)}
              </Box>
            )}
          />
          <ListPagination page={query.data.meta.currentPage} lastPage={query.data.meta.lastPage} hrefFor={hrefFor} />
        </Box>
      )}
    </Container>
  );
}
