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

/** `collections/{id}/{slug}`: the collection and its titles in its order (ranked ones numbered). Plain elements (theme/catalogue.css). */
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
    <div className="p-container p-container--xl p-screen" data-testid="collection-page">
      <div className="p-coll-head">
        {c ? (
          <>
            <p className="p-overline p-muted">
              {messages.collection}
              {c.listing === 'ranked' && `، ${messages.ranked}`}
            </p>
            <h1 className="p-screen__title p-coll-head__title">{c.titleFa}</h1>
            <EnglishName className="p-latin p-muted p-en--below">{c.titleEn}</EnglishName>
            {c.descriptionFa && <p className="p-coll-head__about">{c.descriptionFa}</p>}
            <p className="p-coll-head__count p-muted">{messages.count(formatNumber(c.titleCount, 0))}</p>
          </>
        ) : (
          <div aria-hidden="true">
            <span className="p-skel p-skel--text" style={{ width: 80 }} />
            <span className="p-skel p-skel--text p-coll-head__title-skel" />
            <span className="p-skel p-skel--text" style={{ width: '30%' }} />
            <span className="p-skel p-skel--text" style={{ width: '70%' }} />
          </div>
        )}
      </div>
      {titles.isPending ? (
        <TitleGridSkeleton count={12} />
      ) : titles.isError && !titles.data ? (
        <InlineError error={titles.error} onRetry={() => void titles.refetch()} />
      ) : titles.data.data.length === 0 ? (
        <EmptyState message={messages.emptyTitles} />
      ) : (
        <div className="p-list__results" aria-busy={titles.isPlaceholderData}>
          <TitleGrid
            titles={titles.data.data}
            label={c?.titleFa}
            eagerCount={6}
            rankFrom={c?.listing === 'ranked' ? (titles.data.meta.currentPage - 1) * COLLECTION_TITLES_PER_PAGE + 1 : undefined}
          />
          <ListPagination page={titles.data.meta.currentPage} lastPage={titles.data.meta.lastPage} hrefFor={(p) => pageHref(location.pathname, p)} />
          {titles.data.meta.lastPage > 1 && (
            <p className="p-list__page-note p-muted">
              {messages.pageNote(toPersianDigits(titles.data.meta.currentPage), toPersianDigits(titles.data.meta.lastPage))}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
