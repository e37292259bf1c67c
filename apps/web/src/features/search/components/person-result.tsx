import Box from '@mui/material/Box';
import type { PersonSearchResult } from '@parde/contract';
import { toPersianDigits } from '../../../lib/persian';
import personFallback from '../assets/person-fallback.svg';
import { messages } from '../messages';
import { ResultImage } from './result-image';
import { English, Line } from './result-option';

type Work = NonNullable<PersonSearchResult['bestStarred']>;

/** Spec §2: an actor shows the best-starred work, a director the best-directed one. */
export function bestWork(p: PersonSearchResult): { label: string; work: Work } | null {
  if (p.job === 'director') return p.bestDirected ? { label: messages.bestDirected, work: p.bestDirected } : null;
  return p.bestStarred ? { label: messages.bestStarred, work: p.bestStarred } : null;
}

/** The inside of a person option: picture, both names, the role and the best work. */
export function PersonResult({ person }: { person: PersonSearchResult }) {
  const best = bestWork(person);
  return (
    <>
      <ResultImage src={person.image} fallback={personFallback} width={52} height={52} round />
      <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
        {person.fullnameFa ? (
          <>
            <Line strong>{toPersianDigits(person.fullnameFa)}</Line>
            <Line secondary>
              <English>{person.fullnameEn}</English>
            </Line>
          </>
        ) : (
          <Line strong>
            <English>{person.fullnameEn}</English>
          </Line>
        )}
        {/* The best work may wrap: cut short, it would lose its year. */}
        <Line secondary wrap>
          {messages[person.job]}
          {best && (
            <>
              {' · '}
              {best.label} {best.work.titleFa ? toPersianDigits(best.work.titleFa) : <English>{best.work.titleEn}</English>}
              {best.work.year !== null && ` (${toPersianDigits(best.work.year)})`}
            </>
          )}
        </Line>
      </Box>
    </>
  );
}
