import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatNumber, toPersianDigits } from '@parde/persian';
import { Navigate, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { InlineError, QueryErrorPage } from '../../../components/query-error';
import { TitleGrid, TitleGridSkeleton } from '../../../components/title-grid';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { useCollection } from '../api/get-collection';
import { COLLECTION_TITLES_PER_PAGE, useCollectionTitles } from '../api/get-collection-titles';
import { pageHref, readPage } from '../lib/page-param';
import { messages } from '../messages';

/** `collections/{id}/{slug}`: the collection and its titles in its order (ranked ones numbered). */
export function CollectionScreen({ id, slug }: { id: number; slug: string }) {
  const location = useLocation();
  const page = readPage(location.search);
  const collection = useCollection(id);
  const titles = useCollectionTitles(id, page);
  const c = collection.data;
  useDocumentTitle(c ? c.titleFa : null);

  if (collection.isError) return <QueryErrorPage error={collection.error} onRetry={() => void collection.refetch()} />;
  if (c && c.slug !== slug) return <Navigate replace to={`${paths.collection.getHref(c.id, c.slug)}${location.search}`} />;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }} data-testid="collection-page">
      <Box sx={{ mb: 3 }}>
        {c ? (
          <>
            <Typography variant="overline" color="text.secondary" component="p">
              {messages.collection}
              {c.listing === 'ranked' && `، ${messages.ranked}`}
            </Typography>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2.2rem' } }}>
              {c.titleFa}
            </Typography>
            <EnglishName className="p-latin p-muted p-en--below">{c.titleEn}</EnglishName>
            {c.descriptionFa && <Typography sx={{ mt: 1.5, maxWidth: '75ch', lineHeight: 2 }}>{c.descriptionFa}</Typography>}
            <Typography color="text.secondary" sx={{ mt: 1, fontSize: '0.9rem' }}>
              {messages.count(formatNumber(c.titleCount, 0))}
            </Typography>
          </>
        ) : (
          <Box aria-hidden="true">
            <Skeleton width={80} />
            <Skeleton sx={{ fontSize: { xs: '1.5rem', md: '2.2rem' }, width: '45%' }} />
            <Skeleton width="30%" />
            <Skeleton width="70%" />
          </Box>
        )}
      </Box>
      {titles.isPending ? (
        <TitleGridSkeleton count={12} />
      ) : titles.isError && !titles.data ? (
        <InlineError error={titles.error} onRetry={() => void titles.refetch()} />
      ) : titles.data.data.length === 0 ? (
        <EmptyState message={messages.emptyTitles} />
      ) : (
        <Box sx={{ opacity: titles.isPlaceholderData ? 0.55 : 1 }}>
          <TitleGrid
            titles={titles.data.data}
            label={c?.titleFa}
            eagerCount={6}
            rankFrom={c?.listing === 'ranked' ? (titles.data.meta.currentPage - 1) * COLLECTION_TITLES_PER_PAGE + 1 : undefined}
          />
          <ListPagination page={titles.data.meta.currentPage} lastPage={titles.data.meta.lastPage} hrefFor={(p) => pageHref(location.pathname, p)} />
          {titles.data.meta.lastPage > 1 && (
            <Typography align="center" color="text.secondary" sx={{ mt: 1, fontSize: '0.8rem' }}>
              {messages.pageNote(toPersianDigits(titles.data.meta.currentPage), toPersianDigits(titles.data.meta.lastPage))}
            </Typography>
          )}
        </Box>
      )}
    </Container>
  );
}
