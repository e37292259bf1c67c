import Box from '@mui/material/Box';
import type { TitleDetail } from '@parde/contract';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { Section } from '../../../components/section';
import { EnglishName } from '../../../components/title-card';
import { HorizontalRow } from '../../../components/title-row';
import { messages } from '../messages';

type Person = TitleDetail['cast'][number] & { roleLabel?: string };

/** Directors and writers first (labelled), then the cast with their characters; each opens the person page. */
export function PeopleRow({ title }: { title: TitleDetail }) {
  const people: Person[] = [
    ...title.directors.map((p) => ({ ...p, character: null, roleLabel: messages.role.director })),
    ...title.writers.filter((w) => !title.directors.some((d) => d.id === w.id)).map((p) => ({ ...p, character: null, roleLabel: messages.role.writer })),
    ...title.cast,
  ];
  return (
    <Section title={messages.sections.cast} testId="cast">
      {people.length === 0 ? (
        <EmptyState message={messages.emptyCast} compact />
      ) : (
        <HorizontalRow label={messages.sections.cast} columns={{ xs: '30%', sm: '20%', md: '13%', lg: '10.5%' }}>
          {people.map((p, i) => (
            <li key={`${p.id}-${i}`}>
              <Box component={RouterLink} to={p.path} data-testid="person-link" sx={{ display: 'block', textAlign: 'center', color: 'inherit', textDecoration: 'none', '&:hover .person-name': { color: 'secondary.light' } }}>
                <ArtImage src={p.image} alt="" kind="portrait" sx={{ borderRadius: '50%', border: 2, borderColor: 'divider' }} />
                <Box className="person-name" sx={{ fontWeight: 700, fontSize: '0.85rem', mt: 1, lineHeight: 1.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {p.fullnameFa ?? p.fullnameEn}
                </Box>
                {p.fullnameFa && (
                  <EnglishName sx={{ textAlign: 'center', fontFamily: 'Rubik, sans-serif', fontSize: '0.72rem', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {p.fullnameEn}
                  </EnglishName>
                )}
                <Box dir="auto" sx={{ fontSize: '0.72rem', color: 'text.secondary', mt: 0.25, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'center' }}>
                  {p.roleLabel ?? p.character ?? '\u00a0'}
                </Box>
              </Box>
            </li>
          ))}
        </HorizontalRow>
      )}
    </Section>
  );
}
