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

/** Up to four posters fanned side by side: the collection's cover. */
function PosterStrip({ posters }: { posters: string[] }) {
  const shown = [...posters.slice(0, 4)];
  while (shown.length < 4) shown.push('');
  return (
    <div aria-hidden="true" className="p-strip">
      {shown.map((src, i) => (
        <ArtImage key={i} src={src || null} alt="" className="p-art--rounded" />
      ))}
    </div>
  );
}

function CollectionCard({ c }: { c: CollectionSummary }) {
  return (
    <RouterLink to={c.path} data-testid="collection-card" className="p-coll-card">
      <PosterStrip posters={c.posters} />
      <div className="p-coll-card__head">
        <h2 className="p-coll-card__name">{c.titleFa}</h2>
        <span className="p-coll-card__count">{messages.count(formatNumber(c.titleCount, 0))}</span>
      </div>
      <EnglishName className="p-latin p-muted p-en--small">{c.titleEn}</EnglishName>
      {c.descriptionFa && <p className="p-coll-card__about">{c.descriptionFa}</p>}
    </RouterLink>
  );
}

/** `collections`: every collection, with a cover of its posters. Plain elements (theme/catalogue.css). */
export function CollectionsScreen() {
  useDocumentTitle(messages.heading);
  const location = useLocation();
  const page = readPage(location.search);
  const query = useCollections(page);
  return (
    <div className="p-container p-container--xl p-screen">
      <h1 className="p-screen__title">{messages.heading}</h1>
      <p className="p-screen__intro p-screen__intro--spaced">{messages.intro}</p>
      {query.isPending ? (
        <div className="p-colls" aria-hidden="true" data-testid="collections-skeleton">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="p-coll-card p-coll-card--skeleton">
              <div className="p-strip">
                {[0, 1, 2, 3].map((j) => (
                  <span key={j} className="p-skel p-skel--rounded p-strip__skel" />
                ))}
              </div>
              <span className="p-skel p-skel--text p-coll-card__name-skel" />
              <span className="p-skel p-skel--text p-coll-card__en-skel" />
            </div>
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState message={messages.empty} />
      ) : (
        <>
          <ul className="p-colls" aria-label={messages.heading} data-testid="collections">
            {query.data.data.map((c) => (
              <li key={c.id}>
                <CollectionCard c={c} />
              </li>
            ))}
          </ul>
          <ListPagination page={query.data.meta.currentPage} lastPage={query.data.meta.lastPage} hrefFor={(p) => pageHref(location.pathname, p)} />
        </>
      )}
    </div>
  );
}
