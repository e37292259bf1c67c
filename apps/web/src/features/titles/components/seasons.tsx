import type { TitleDetail } from '@parde/contract';
import { formatDuration, formatNumber, toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { formatRatingValue } from '../../../components/format';
import { Section } from '../../../components/section';
import { EnglishName } from '../../../components/title-card';
import { messages } from '../messages';
import { PillButton } from '../../../components/pill-button';

/** A series' seasons as buttons, and the chosen season's episodes. Styled by theme/title.css (.p-seasons). */
export function SeasonsAndEpisodes({ seasons }: { seasons: TitleDetail['seasons'] }) {
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
            {messages.episodesOf(toPersianDigits(season.number), formatNumber(season.episodes.length, 0))}
            {season.year && `، ${messages.seasonYear(toPersianDigits(season.year))}`}
          </div>
          <ol aria-label={messages.season(toPersianDigits(season.number))} data-testid="episodes" className="p-episodes">
            {season.episodes.map((e) => (
              <li key={e.id} data-testid="episode" className="p-episode">
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
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}
