import type { PersonDetail } from '@parde/contract';
import { formatNumber, toPersianDigits } from '@parde/persian';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { MoreButton } from '../../../components/more-button';
import { QueryErrorPage } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { TitleGrid, TitleGridSkeleton } from '../../../components/title-grid';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { usePerson } from '../api/get-person';
import { getPersonCreditsQueryOptions } from '../api/get-person-credits';
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
  return [urlRole, ...ROLES.filter((r) => r !== urlRole)].filter((r) => r === urlRole || p.filmographyCounts[r] > 0);
}

export function Filmography({ person, urlRole }: { person: PersonDetail; urlRole: Role }) {
  const roles = orderedRoles(person, urlRole);
  const [chosen, setChosen] = useState<Role>(roles[0] ?? urlRole);
  return (
    <Section title={messages.filmography} testId="filmography">
      <div role="group" aria-label={messages.roleTabs} className="p-roles">
        {roles.map((r) => {
          const on = r === chosen;
          return (
            <PillButton key={r} pressed={on} onClick={() => setChosen(r)} data-testid={`role-${r}`}>
              {messages.roleCount(messages.roles[r], formatNumber(person.filmographyCounts[r], 0))}
            </PillButton>
          );
        })}
      </div>
      <RoleTitles key={chosen} person={person} role={chosen} />
    </Section>
  );
}

/**
 * One role's titles: those the person's page carries, then the rest from the credits route a page
 * at a time, on request (a voice actor or a host runs to thousands; decision 44). The page
 * carries the titles of the role its address names; another role's first page comes when its
 * button is pressed (decision 47).
 */
function RoleTitles({ person, role }: { person: PersonDetail; role: Role }) {
  const carried = person.filmography[role];
  const count = person.filmographyCounts[role];
  const [asked, setAsked] = useState(carried.length === 0 && count > 0);
  const more = useInfiniteQuery({ ...getPersonCreditsQueryOptions(person.id, role, carried.length), enabled: asked && carried.length < count });
  const list = useMemo(() => {
    const ids = new Set(carried.map((t) => t.id));
    const fetched = more.data?.pages.flatMap((p) => p.data).filter((t) => !ids.has(t.id)) ?? [];
    return [...carried, ...fetched];
  }, [carried, more.data]);
  const left = count - list.length;
  if (list.length === 0 && (count === 0 || more.isSuccess)) return <EmptyState message={messages.emptyRole} compact />;
  // A role whose titles the page did not carry: its first page is on its way (or failed: the button tries again).
  const waiting = list.length === 0 && !more.isError;
  return (
    <>
      {waiting ? (
        <div aria-busy="true" data-testid="role-loading">
          <TitleGridSkeleton count={6} />
        </div>
      ) : (
        list.length > 0 && (
          <TitleGrid
            titles={list}
            label={messages.roles[role]}
            note={role === 'actor' ? (t) => (t.character ? <bdi>{messages.asCharacter(t.character)}</bdi> : null) : undefined}
          />
        )
      )}
      {!waiting && (
        <MoreButton
          query={more}
          asked={asked}
          onAsk={() => setAsked(true)}
          left={left}
          text={{ more: messages.moreCredits, loading: messages.loadingCredits, failed: messages.creditsFailed }}
          testId="credits-more"
          className="p-person__more"
          noteClassName="p-person__more-note"
        />
      )}
    </>
  );
}

function PersonSkeleton() {
  return (
    <div className="p-container p-container--xl p-person p-person--skeleton" aria-busy="true" data-testid="person-skeleton">
      <div className="p-person__skel-top">
        <span className="p-skel p-skel--rounded p-person__skel-image" />
        <div>
          <span className="p-skel p-skel--text p-person__skel-name" />
          <span className="p-skel p-skel--text p-person__skel-en" />
          <span className="p-skel p-skel--text" style={{ width: '30%' }} />
          <div className="p-person__skel-bio">
            {[100, 95, 70].map((w) => (
              <span key={w} className="p-skel p-skel--text" style={{ width: `${w}%` }} />
            ))}
          </div>
        </div>
      </div>
      <div className="p-person__skel-grid">
        <TitleGridSkeleton count={6} />
      </div>
    </div>
  );
}
/** `people/{role}/{id}/{slug}`: image, names, years, biography and filmography by role. Plain elements (theme/catalogue.css). */
export function PersonScreen({ id, role, slug }: { id: number; role: string; slug: string }) {
  const location = useLocation();
  const query = usePerson(id, isRole(role) ? role : undefined);
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
    <div className="p-container p-container--xl p-person" data-testid="person-page">
      <div className="p-person__top">
        <div className="p-person__image">
          <ArtImage src={person.image} alt={messages.image(nameFa ?? '')} kind="portrait" priority />
        </div>
        <div className="p-person__names">
          <h1 className="p-person__name">{nameFa}</h1>
          {person.fullnameFa && (
            <EnglishName className="p-latin p-muted p-en--below p-en--person-name">
              <span data-testid="person-name-en">{person.fullnameEn}</span>
            </EnglishName>
          )}
          <div className="p-person__facts">
            {lifespan && <span data-testid="person-years">{lifespan}</span>}
            {professions.map((x) => (
              <span key={x} className="p-person__job">
                {x}
              </span>
            ))}
          </div>
        </div>
        <section aria-label={messages.biography} className="p-person__bio">
          <h2 className="p-person__h2">{messages.biography}</h2>
          {bio ? (
            <p data-testid="biography" dir={person.bioFa ? undefined : 'ltr'} lang={person.bioFa ? undefined : 'en'} className="p-person__bio-text">
              {bio}
            </p>
          ) : (
            <p className="p-person__bio-none p-muted">{messages.noBiography}</p>
          )}
        </section>
      </div>
      <Filmography key={`${person.id}-${urlRole}`} person={person} urlRole={urlRole} />
    </div>
  );
}
