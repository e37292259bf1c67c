import type { TitleDetail } from '@parde/contract';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { Section } from '../../../components/section';
import { EnglishName } from '../../../components/title-card';
import { HorizontalRow } from '../../../components/title-row';
import { messages } from '../messages';

type Person = TitleDetail['cast'][number] & { roleLabel?: string };

/**
 * Directors and writers first (labelled), then the cast with their characters; each opens the
 * person page. Plain elements styled by theme/title.css (.p-person-link).
 */
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
        <HorizontalRow label={messages.sections.cast} columns={{ xs: '30%', sm: '20%', md: '13%', lg: '10.5%' }} deps={[title]}>
          {people.map((p, i) => (
            <li key={`${p.id}-${i}`}>
              <RouterLink to={p.path} data-testid="person-link" className="p-person-link">
                <ArtImage src={p.image} alt="" kind="portrait" className="p-art--avatar" />
                <div className="p-ellipsis p-person-link__name">{p.fullnameFa ?? p.fullnameEn}</div>
                {p.fullnameFa && <EnglishName className="p-latin p-muted p-ellipsis p-en--person">{p.fullnameEn}</EnglishName>}
                <div dir="auto" className="p-muted p-ellipsis p-person-link__role">
                  {p.roleLabel ?? p.character ?? '\u00a0'}
                </div>
              </RouterLink>
            </li>
          ))}
        </HorizontalRow>
      )}
    </Section>
  );
}
