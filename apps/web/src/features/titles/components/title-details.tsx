import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TitleDetail } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
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
          <Box component={RouterLink} to={p.path} sx={[accentText, { textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }]}>
            {p.fullnameFa ?? p.fullnameEn}
          </Box>
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
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, columnGap: 6 }}>
      <Section title={messages.sections.plot} testId="plot">
        {title.plotFa ? (
          <Typography sx={{ lineHeight: 2.1, fontSize: { md: '1.05rem' } }}>{title.plotFa}</Typography>
        ) : title.plotEn ? (
          <Typography dir="ltr" lang="en" sx={{ lineHeight: 1.9, fontFamily: 'Rubik, sans-serif' }}>
            {title.plotEn}
          </Typography>
        ) : (
          <Typography color="text.secondary">{messages.noPlot}</Typography>
        )}
      </Section>
      {rows.length > 0 && (
        <Section title={messages.sections.details} testId="details">
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1.25 }}>
            {rows.map((r) => (
              <Fragment key={r.label}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {r.label}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  {r.value}
                </Box>
              </Fragment>
            ))}
          </Box>
        </Section>
      )}
    </Box>
  );
}

/** Audio editions: each Persian dub with its studio. */
export function DubEditions({ dubs }: { dubs: TitleDetail['dubs'] }) {
  return (
    <Section title={messages.sections.dubs} testId="dubs">
      {dubs.length === 0 ? (
        <EmptyState message={messages.emptyDubs} compact />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {dubs.map((dub) => (
            <Box
              component="li"
              key={dub.id}
              data-testid="dub"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
            >
              <RecordVoiceOverIcon sx={{ color: 'secondary.main' }} aria-hidden="true" />
              <Box>
                <Box sx={{ fontWeight: 700 }}>{messages.dubLabel(dub.studio)}</Box>
                <Box sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>{messages.language[dub.language] ?? dub.language}</Box>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
