import type { TitleDetail } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import RecordVoiceOverIcon from 'plain-icon:RecordVoiceOver';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Section } from '../../../components/section';
import { messages } from '../messages';

const d = messages.details;

function safeJalali(date: string | null): string | null {
  if (!date) return null;
  try {
    return formatJalali(date, 'long');
  } catch {
    return null;
  }
}

function PeopleLinks({ people }: { people: TitleDetail['directors'] }) {
  return (
    <>
      {people.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && '، '}
          <RouterLink to={p.path} className="p-link">
            {p.fullnameFa ?? p.fullnameEn}
          </RouterLink>
        </Fragment>
      ))}
    </>
  );
}

/** The plot, and the facts as a definition list beside it on desktop. */
export function PlotAndDetails({ title }: { title: TitleDetail }) {
  const rows: { label: string; value: ReactNode }[] = [];
  if (title.directors.length) rows.push({ label: d.directors, value: <PeopleLinks people={title.directors} /> });
  if (title.writers.length) rows.push({ label: d.writers, value: <PeopleLinks people={title.writers} /> });
  if (title.countries.length) rows.push({ label: d.countries, value: title.countries.map((c) => c.nameFa).join('، ') });
  if (title.languages.length) rows.push({ label: d.languages, value: title.languages.map((l) => l.nameFa).join('، ') });
  const release = safeJalali(title.releaseDate);
  if (release) rows.push({ label: d.release, value: release });
  if (title.dubs.length) rows.push({ label: d.dubs, value: title.dubs.map((x) => x.studio).join('، ') });

  return (
    <div className="p-title-details">
      <Section title={messages.sections.plot} testId="plot">
        {title.plotFa ? (
          <p className="p-body1 p-title-details__plot">{title.plotFa}</p>
        ) : title.plotEn ? (
          <p dir="ltr" lang="en" className="p-body1 p-latin p-title-details__plot-en">
            {title.plotEn}
          </p>
        ) : (
          // Shown in the text's own colour, as before (MUI's Typography read no "text.secondary").
          <p className="p-body1">{messages.noPlot}</p>
        )}
      </Section>
      {rows.length > 0 && (
        <Section title={messages.sections.details} testId="details">
          <dl className="p-title-details__facts">
            {rows.map((r) => (
              <Fragment key={r.label}>
                <dt className="p-muted">{r.label}</dt>
                <dd>{r.value}</dd>
              </Fragment>
            ))}
          </dl>
        </Section>
      )}
    </div>
  );
}

/** Audio editions: each Persian dub with its studio. */
export function DubEditions({ dubs }: { dubs: TitleDetail['dubs'] }) {
  return (
    <Section title={messages.sections.dubs} testId="dubs">
      {dubs.length === 0 ? (
        <EmptyState message={messages.emptyDubs} compact />
      ) : (
        <ul className="p-dubs">
          {dubs.map((dub) => (
            <li key={dub.id} data-testid="dub" className="p-dubs__item">
              <RecordVoiceOverIcon aria-hidden="true" className="p-dubs__icon" />
              <div>
                <div className="p-bold">{messages.dubLabel(dub.studio)}</div>
                <div className="p-dubs__language">{messages.language[dub.language] ?? dub.language}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
