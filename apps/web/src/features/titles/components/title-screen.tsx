import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HydrationPass } from '../../../components/hydration-pass';
import { QueryErrorPage } from '../../../components/query-error';
import { TitleRowSection } from '../../../components/title-row-section';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { useDirectorTitles } from '../api/get-director-titles';
import { useSimilarTitles } from '../api/get-similar-titles';
import { useTitle } from '../api/get-title';
import { messages } from '../messages';
import { PeopleRow } from './people-row';
import { SeasonsAndEpisodes } from './seasons';
import type { MemberAccess } from './title-actions';
import { DubEditions, PlotAndDetails } from './title-details';
import { TitleHero, type WatchWarmup } from './title-hero';
import { TitleSkeleton } from './title-skeleton';

type Props = {
  id: number;
  slug: string;
  access: MemberAccess;
  /** The comment section, composed by the route (comments are a feature of their own). */
  comments?: ReactNode;
  /** Readies the watch screen for the play button (composed by the route, as the player is a feature of its own). */
  watch?: WatchWarmup;
};

/**
 * `titles/{id}/{slug}`: everything about one title. A wrong slug is replaced by the right one
 * (the address bar is corrected without a new history entry). Plain elements styled by
 * theme/title.css: a first visit loads none of MUI's code.
 */
export function TitleScreen({ id, slug, access, comments, watch }: Props) {
  const location = useLocation();
  const dub = new URLSearchParams(location.search).get('dub') === '1';
  const query = useTitle(id, dub);
  const title = query.data;
  useDocumentTitle(title ? (title.titleFa ?? title.titleEn) : null);

  if (query.isPending) return <TitleSkeleton />;
  if (query.isError) return <QueryErrorPage error={query.error} onRetry={() => void query.refetch()} />;
  if (title && title.slug !== slug) {
    return <Navigate replace to={`${paths.title.getHref(title.id, title.slug)}${location.search}${location.hash}`} />;
  }
  return (
    <div data-testid="title-page">
      <TitleHero title={query.data} access={access} watch={watch} />
      <div className="p-container p-container--xl p-title__body">
        <PlotAndDetails title={query.data} />
        {query.data.type === 'series' && <SeasonsAndEpisodes titleId={query.data.id} seasons={query.data.seasons} />}
        <HydrationPass>
          <PeopleRow title={query.data} />
          {query.data.dubs.length > 0 && <DubEditions dubs={query.data.dubs} />}
          <Related id={id} directorName={query.data.directors[0] ? (query.data.directors[0].fullnameFa ?? query.data.directors[0].fullnameEn) : null} />
        </HydrationPass>
        {comments}
      </div>
    </div>
  );
}

function Related({ id, directorName }: { id: number; directorName: string | null }) {
  const similar = useSimilarTitles(id);
  const director = useDirectorTitles(id);
  return (
    <>
      <TitleRowSection title={messages.sections.similar} titles={similar.data} isPending={similar.isPending} emptyText={messages.emptySimilar} testId="similar" />
      {directorName !== null && (
        <TitleRowSection
          title={messages.sections.director(directorName)}
          titles={director.data}
          isPending={director.isPending}
          emptyText={messages.emptyDirector}
          testId="director-titles"
        />
      )}
    </>
  );
}
