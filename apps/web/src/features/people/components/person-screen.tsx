import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PersonDetail } from '@parde/contract';
import { formatNumber, toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { QueryErrorPage } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { TitleGrid, TitleGridSkeleton } from '../../../components/title-grid';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { usePerson } from '../api/get-person';
import { messages } from '../messages';
import { PillButton } from '../../../components/pill-button';

export const ROLES = ['actor', 'director', 'writer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (r: string | undefined): r is Role => (ROLES as readonly string[]).includes(r ?? '');

function years(p: PersonDetail): string | null {
  if (p.birthYear && p.deathYear) return messages.lifespan(toPersianDigits(p.birthYear), toPersianDigits(p.deathYear));
  if (p.birthYear) return messages.born(toPersianDigits(p.birthYear));
  return null;
}

/** The roles with titles, the one in the URL first; a role with none still shows if it is the URL's. */
export function orderedRoles(p: PersonDetail, urlRole: Role): Role[] {
  return [urlRole, ...ROLES.filter((r) => r !== urlRole)].filter((r) => r === urlRole || p.filmography[r].length > 0);
}

function Filmography({ person, urlRole }: { person: PersonDetail; urlRole: Role }) {
  const roles = orderedRoles(person, urlRole);
  const [chosen, setChosen] = useState<Role>(roles[0] ?? urlRole);
  const list = person.filmography[chosen];
  return (
    <Section title={messages.filmography} testId="filmography">
      <Box role="group" aria-label={messages.roleTabs} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2.5 }}>
        {roles.map((r) => {
          const on = r === chosen;
          return (
            <PillButton key={r} pressed={on} onClick={() => setChosen(r)} data-testid={`role-${r}`}>
              {messages.roleCount(messages.roles[r], formatNumber(person.filmography[r].length, 0))}
            </PillButton>
          );
        })}
      </Box>
      {list.length === 0 ? (
        <EmptyState message={messages.emptyRole} compact />
      ) : (
        <TitleGrid
          titles={list}
          label={messages.roles[chosen]}
          note={chosen === 'actor' ? (t) => (t.character ? <bdi>{messages.asCharacter(t.character)}</bdi> : null) : undefined}
        />
      )}
    </Section>
  );
}

function PersonSkeleton() {
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 }, minHeight: '100vh' }} aria-busy="true" data-testid="person-skeleton">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '120px minmax(0, 1fr)', md: '240px minmax(0, 1fr)' }, gap: { xs: 2, md: 5 } }}>
        <Skeleton variant="rounded" sx={{ height: 'auto', aspectRatio: '1 / 1', borderRadius: 2 }} />
        <Box>
          <Skeleton sx={{ fontSize: { xs: '1.5rem', md: '2.4rem' }, width: '60%' }} />
          <Skeleton sx={{ fontSize: '1.1rem', width: '40%' }} />
          <Skeleton width="30%" />
          <Box sx={{ display: { xs: 'none', md: 'block' }, mt: 3 }}>
            {[100, 95, 70].map((w) => (
              <Skeleton key={w} width={`${w}%`} />
            ))}
          </Box>
        </Box>
      </Box>
      <Box sx={{ mt: 5 }}>
        <TitleGridSkeleton count={6} />
      </Box>
    </Container>
  );
}

/** `people/{role}/{id}/{slug}`: image, names, years, biography and filmography by role. */
export function PersonScreen({ id, role, slug }: { id: number; role: string; slug: string }) {
  const location = useLocation();
  const query = usePerson(id);
  const p = query.data;
  const nameFa = p ? (p.fullnameFa ?? p.fullnameEn) : null;
  useDocumentTitle(nameFa);

  if (query.isPending) return <PersonSkeleton />;
  if (query.isError) return <QueryErrorPage error={query.error} onRetry={() => void query.refetch()} />;
  const person = query.data;
  const urlRole: Role = isRole(role) ? role : person.job;
  if (person.slug !== slug || !isRole(role)) {
    return <Navigate replace to={`${paths.person.getHref(urlRole, person.id, person.slug)}${location.search}`} />;
  }
  const bio = person.bioFa ?? person.bioEn;
  const professions = [...new Set(person.professions.map((x) => messages.professions[x]).filter(Boolean))];
  const lifespan = years(person);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }} data-testid="person-page">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '120px minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"image names" "bio bio"', md: '"image names" "image bio"' },
          gridTemplateRows: { md: 'auto 1fr' },
          columnGap: { xs: 2, md: 5 },
          rowGap: 2,
        }}
      >
        <Box sx={{ gridArea: 'image', borderRadius: 2, overflow: 'hidden', boxShadow: 4, alignSelf: 'start' }}>
          <ArtImage src={person.image} alt={messages.image(nameFa ?? '')} kind="portrait" priority />
        </Box>
        <Box sx={{ gridArea: 'names', alignSelf: { xs: 'center', md: 'end' }, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.4rem', md: '2.4rem' } }}>
            {nameFa}
          </Typography>
          {person.fullnameFa && (
            <EnglishName className="p-latin p-muted p-en--below p-en--person-name">
              <span data-testid="person-name-en">{person.fullnameEn}</span>
            </EnglishName>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center', color: 'text.secondary', fontSize: '0.9rem' }}>
            {lifespan && <span data-testid="person-years">{lifespan}</span>}
            {professions.map((x) => (
              <Box key={x} component="span" sx={{ border: 1, borderColor: 'divider', borderRadius: 4, px: 1.25, py: 0.25, color: 'text.primary', fontSize: '0.8rem' }}>
                {x}
              </Box>
            ))}
          </Box>
        </Box>
        <Box component="section" aria-label={messages.biography} sx={{ gridArea: 'bio', minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem', mb: 1 }}>
            {messages.biography}
          </Typography>
          {bio ? (
            <Typography data-testid="biography" dir={person.bioFa ? undefined : 'ltr'} lang={person.bioFa ? undefined : 'en'} sx={{ lineHeight: 2.1, whiteSpace: 'pre-line', maxWidth: '75ch' }}>
              {bio}
            </Typography>
          ) : (
            <Typography color="text.secondary">{messages.noBiography}</Typography>
          )}
        </Box>
      </Box>
      <Filmography key={`${person.id}-${urlRole}`} person={person} urlRole={urlRole} />
    </Container>
  );
}
