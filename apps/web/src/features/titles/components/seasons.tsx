import Box from '@mui/material/Box';
import type { TitleDetail } from '@parde/contract';
import { formatDuration, formatNumber, toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { formatRatingValue } from '../../../components/format';
import { Section } from '../../../components/section';
import { EnglishName } from '../../../components/title-card';
import { messages } from '../messages';
import { PillButton } from '../../../components/pill-button';

/** A series' seasons as buttons, and the chosen season's episodes. */
export function SeasonsAndEpisodes({ seasons }: { seasons: TitleDetail['seasons'] }) {
  const [chosen, setChosen] = useState(seasons[0]?.number ?? 1);
  const season = seasons.find((s) => s.number === chosen) ?? seasons[0];
  return (
    <Section title={messages.sections.seasons} testId="seasons">
      {!season ? (
        <EmptyState message={messages.emptySeasons} compact />
      ) : (
        <>
          <Box role="group" aria-label={messages.seasonsLabel} sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 2, scrollbarWidth: 'thin' }}>
            {seasons.map((s) => {
              const on = s.number === season.number;
              return (
                <PillButton key={s.number} pressed={on} onClick={() => setChosen(s.number)} data-testid="season-button">
                  {messages.season(toPersianDigits(s.number))}
                </PillButton>
              );
            })}
          </Box>
          <Box sx={{ color: 'text.secondary', fontSize: '0.85rem', mb: 1.5 }}>
            {messages.episodesOf(toPersianDigits(season.number), formatNumber(season.episodes.length, 0))}
            {season.year && `، ${messages.seasonYear(toPersianDigits(season.year))}`}
          </Box>
          <Box component="ol" aria-label={messages.season(toPersianDigits(season.number))} data-testid="episodes" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {season.episodes.map((e) => (
              <Box
                component="li"
                key={e.id}
                data-testid="episode"
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.25, borderRadius: 1.5, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
              >
                <Box
                  aria-hidden="true"
                  sx={{ flexShrink: 0, width: 40, height: 40, borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: 'action.selected', fontWeight: 700 }}
                >
                  {toPersianDigits(e.number)}
                </Box>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box sx={{ fontWeight: 700, fontSize: '0.9rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    <span className="visually-hidden">{messages.episode(toPersianDigits(e.number))}: </span>
                    {e.nameFa ?? (e.nameEn ? <bdi>{e.nameEn}</bdi> : messages.episode(toPersianDigits(e.number)))}
                  </Box>
                  {e.nameFa && e.nameEn && (
                    <EnglishName sx={{ fontFamily: 'Rubik, sans-serif', fontSize: '0.75rem', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{e.nameEn}</EnglishName>
                  )}
                </Box>
                <Box sx={{ flexShrink: 0, textAlign: 'end', fontSize: '0.78rem', color: 'text.secondary', display: 'flex', flexDirection: 'column', gap: 0.25 }}>
                  {e.runtime && <span>{formatDuration(e.runtime)}</span>}
                  {e.rating !== null && <span>★ {formatRatingValue(e.rating)}</span>}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Section>
  );
}
