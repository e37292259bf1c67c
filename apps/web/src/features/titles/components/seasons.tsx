import type { Episode, TitleDetail } from '@parde/contract';
import { formatDuration, formatNumber, toPersianDigits } from '@parde/persian';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { MoreButton } from '../../../components/more-button';
import { formatRatingValue } from '../../../components/format';
import { PillButton } from '../../../components/pill-button';
import { Section } from '../../../components/section';
import { EnglishName } from '../../../components/title-card';
import { getSeasonEpisodesQueryOptions } from '../api/get-season-episodes';
import { messages } from '../messages';

type Season = TitleDetail['seasons'][number];

/** A series' seasons as buttons, and the chosen season's episodes. Styled by theme/title.css (.p-seasons). */
export function SeasonsAndEpisodes({ titleId, seasons }: { titleId: number; seasons: TitleDetail['seasons'] }) {
  const [chosen, setChosen] = useState(seasons[0]?.number ?? 1);
  const season = seasons.find((s) => s.number === chosen) ?? seasons[0];
  return (
    <Section title={messages.sections.seasons} testId="seasons">
      {!season ? (
        <EmptyState message={messages.emptySeasons} compact />
      ) : (
        <>
          <div role="group" aria-label={messages.seasonsLabel} className="p-seasons">
            {seasons.map((s) => {
              const on = s.number === season.number;
              return (
                <PillButton key={s.number} pressed={on} onClick={() => setChosen(s.number)} data-testid="season-button">
                  {messages.season(toPersianDigits(s.number))}
                </PillButton>
              );
            })}
          </div>
          <div className="p-muted p-seasons__summary">
            {messages.episodesOf(toPersianDigits(season.number), formatNumber(season.episodeCount, 0))}
            {season.year && `، ${messages.seasonYear(toPersianDigits(season.year))}`}
          </div>
          <SeasonEpisodes key={season.number} titleId={titleId} season={season} />
        </>
      )}
    </Section>
  );
}

/**
 * One season's episodes: those the title page carries, then the rest from the season's route a
 * page at a time, on request (a daily soap's season runs to hundreds; decision 41). A season the
 * page carries none of asks for its first page at once.
 */
function SeasonEpisodes({ titleId, season }: { titleId: number; season: Season }) {
  const known = season.episodes.length;
  const [asked, setAsked] = useState(known === 0);
  const more = useInfiniteQuery({ ...getSeasonEpisodesQueryOptions(titleId, season.number, known), enabled: asked && known < season.episodeCount });
  const episodes = useMemo(() => {
    const ids = new Set(season.episodes.map((e) => e.id));
    const fetched = more.data?.pages.flatMap((p) => p.data).filter((e) => !ids.has(e.id)) ?? [];
    return [...season.episodes, ...fetched];
  }, [season.episodes, more.data]);
  const left = season.episodeCount - episodes.length;
  return (
    <>
      {episodes.length > 0 && (
        <ol aria-label={messages.season(toPersianDigits(season.number))} data-testid="episodes" className="p-episodes">
          {episodes.map((e) => (
            <EpisodeItem key={e.id} episode={e} />
          ))}
        </ol>
      )}
      <MoreButton
        query={more}
        asked={asked}
        onAsk={() => setAsked(true)}
        left={left}
        text={{ more: messages.moreEpisodes, loading: messages.loadingEpisodes, failed: messages.episodesFailed }}
        testId="episodes-more"
        className="p-episodes__more"
        noteClassName="p-seasons__summary"
      />
    </>
  );
}

function EpisodeItem({ episode: e }: { episode: Episode }) {
  return (
    <li data-testid="episode" className="p-episode">
      <div aria-hidden="true" className="p-episode__number">
        {toPersianDigits(e.number)}
      </div>
      <div className="p-episode__names">
        <div className="p-ellipsis p-episode__name">
          <span className="visually-hidden">{messages.episode(toPersianDigits(e.number))}: </span>
          {e.nameFa ?? (e.nameEn ? <bdi>{e.nameEn}</bdi> : messages.episode(toPersianDigits(e.number)))}
        </div>
        {e.nameFa && e.nameEn && <EnglishName className="p-latin p-muted p-ellipsis p-en--episode">{e.nameEn}</EnglishName>}
      </div>
      <div className="p-muted p-episode__meta">
        {e.runtime && <span>{formatDuration(e.runtime)}</span>}
        {e.rating !== null && <span>★ {formatRatingValue(e.rating)}</span>}
      </div>
    </li>
  );
}
