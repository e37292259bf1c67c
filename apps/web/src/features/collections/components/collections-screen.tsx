import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CollectionSummary } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import { Link as RouterLink, useLocation } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { InlineError } from '../../../components/query-error';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useCollections } from '../api/get-collections';
import { pageHref, readPage } from '../lib/page-param';
import { messages } from '../messages';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: { xs: 2, md: 3 },
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

/** Up to four posters fanned side by side: the collection's cover. */
function PosterStrip({ posters }: { posters: string[] }) {
  const shown = [...posters.slice(0, 4)];
  while (shown.length < 4) shown.push('');
  return (
    <Box aria-hidden="true" sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 0.5 }}>
      {shown.map((src, i) => (
        <ArtImage key={i} src={src || null} alt="" className="p-art--rounded" />
      ))}
    </Box>
  );
}

function CollectionCard({ c }: { c: CollectionSummary }) {
  return (
    <Box
      component={RouterLink}
      to={c.path}
      data-testid="collection-card"
      sx={{
        display: 'block',
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        color: 'inherit',
        textDecoration: 'none',
        height: '100%',
        transition: 'border-color .2s, transform .2s',
        '&:hover, &:focus-visible': { borderColor: 'secondary.main', transform: 'translateY(-2px)' },
      }}
    >
      <PosterStrip posters={c.posters} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mt: 1.5 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
          {c.titleFa}
        </Typography>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8rem', whiteSpace: 'nowrap' }}>
          {messages.count(formatNumber(c.titleCount, 0))}
        </Box>
      </Box>
      <EnglishName className="p-latin p-muted p-en--small">{c.titleEn}</EnglishName>
      {c.descriptionFa && (
        <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mt: 1, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {c.descriptionFa}
        </Typography>
      )}
    </Box>
  );
}

/** `collections`: every collection, with a cover of its posters. */
export function CollectionsScreen() {
  useDocumentTitle(messages.heading);
  const location = useLocation();
  const page = readPage(location.search);
  const query = useCollections(page);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {messages.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {messages.intro}
      </Typography>
      {query.isPending ? (
        <Box sx={grid} aria-hidden="true" data-testid="collections-skeleton">
          {Array.from({ length: 6 }, (_, i) => (
            <Box key={i} sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 0.5 }}>
                {[0, 1, 2, 3].map((j) => (
                  <Skeleton key={j} variant="rounded" sx={{ height: 'auto', aspectRatio: '2 / 3' }} />
                ))}
              </Box>
              <Skeleton sx={{ mt: 1.5, fontSize: '1.05rem', width: '60%' }} />
              <Skeleton width="40%" />
            </Box>
          ))}
        </Box>
      ) : query.isError && !query.data ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState message={messages.empty} />
      ) : (
        <>
          <Box component="ul" sx={grid} aria-label={messages.heading} data-testid="collections">
            {query.data.data.map((c) => (
              <li key={c.id}>
                <CollectionCard c={c} />
              </li>
            ))}
          </Box>
          <ListPagination page={query.data.meta.currentPage} lastPage={query.data.meta.lastPage} hrefFor={(p) => pageHref(location.pathname, p)} />
        </>
      )}
    </Container>
  );
}
