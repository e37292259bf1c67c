import { isLocalImdbId } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { messages } from './previews.messages';
import type { PageCollectionRow, PageCreditRow, PagePersonRow, PageTitleExtras, PageTitleRow } from './previews.repository';

/**
 * schema.org data for search engines, written into a page's head as JSON-LD: what the page is
 * (a movie, a series with its seasons and episodes, a person), where it sits (breadcrumbs) and
 * the videos one can watch on it. Names are the Persian ones, with the others as alternates.
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** Leaves out empty values, so a field the catalogue does not know is absent rather than null. */
function compact(o: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

const imdbUrl = (kind: 'title' | 'name', imdbId: string) => (kind === 'name' || !isLocalImdbId(imdbId) ? `https://www.imdb.com/${kind}/${imdbId}/` : undefined);
const alternates = (name: string, ...others: (string | null)[]) => [...new Set(others.filter((o): o is string => Boolean(o) && o !== name))];

/**
 * One `<script type="application/ld+json">`: a data block (browsers never run it, so the CSP
 * does not apply), escaped so that nothing in a name or a plot can end it or open a tag: `<`,
 * `>` and `&` become JSON escapes, as do the two line separators JavaScript reads as line ends.
 */
export function jsonLdTag(data: JsonLd): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

export function breadcrumbs(origin: string, trail: { name: string; path: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}

const personRef = (origin: string, c: PageCreditRow) => ({
  '@type': 'Person',
  name: c.name_fa ?? c.name_en,
  ...(c.name_fa && c.name_fa !== c.name_en ? { alternateName: c.name_en } : {}),
  url: `${origin}/people/${c.role}/${c.id}/${c.slug}`,
});

const minutes = (m: number | null) => (m && m > 0 ? `PT${m}M` : undefined);
const seconds = (s: number | null | undefined) => (s && s > 0 ? `PT${Math.round(s)}S` : undefined);
/** The release date when the catalogue has it, else the year. */
const published = (date: string | null, year: number | null) => date ?? (year ? String(year) : undefined);

export interface TitlePage {
  origin: string;
  path: string;
  poster: string;
  title: PageTitleRow;
  extras: PageTitleExtras;
}

/** A movie or a series (with its seasons and their episodes), its trailer and its free video. */
export function titleStructuredData({ origin, path, poster, title: t, extras }: TitlePage): JsonLd[] {
  const url = `${origin}${path}`;
  const name = t.title_fa ?? t.title_en;
  const description = t.plot_fa ?? t.plot_en ?? undefined;
  const credits = (role: PageCreditRow['role']) => extras.credits.filter((c) => c.role === role).map((c) => personRef(origin, c));
  const languages = [...new Set([...extras.languages, ...(t.has_dub ? ['fa'] : [])])];
  const trailer =
    t.trailer_youtube_id &&
    compact({
      '@type': 'VideoObject',
      name: messages.trailerOf(name),
      description: description ?? messages.trailerOf(name),
      thumbnailUrl: poster,
      uploadDate: t.created_at,
      duration: seconds(t.trailer_duration),
      embedUrl: `https://www.youtube.com/embed/${encodeURIComponent(t.trailer_youtube_id)}`,
      url: `${origin}/watch/trailer/${t.imdb_id}`,
    });
  const series = t.type === 'series';
  const work = compact({
    '@context': CONTEXT,
    '@type': series ? 'TVSeries' : 'Movie',
    '@id': url,
    url,
    name,
    alternateName: alternates(name, t.title_en, t.title_original),
    description,
    image: poster,
    datePublished: published(t.release_date, t.year),
    ...(series ? { startDate: t.year ? String(t.year) : undefined, endDate: t.end_year ? String(t.end_year) : undefined } : { duration: minutes(t.runtime) }),
    genre: extras.genres,
    inLanguage: languages.length === 1 ? languages[0] : languages,
    countryOfOrigin: extras.countries.map((name) => ({ '@type': 'Country', name })),
    contentRating: t.age_rating,
    aggregateRating:
      t.rating !== null && t.votes > 0 ? { '@type': 'AggregateRating', ratingValue: t.rating, bestRating: 10, worstRating: 1, ratingCount: t.votes } : undefined,
    director: credits('director'),
    actor: credits('actor'),
    author: credits('writer'),
    trailer: trailer || undefined,
    sameAs: imdbUrl('title', t.imdb_id),
    ...(series
      ? {
          numberOfSeasons: extras.seasons.length || undefined,
          numberOfEpisodes: extras.seasons.reduce((n, s) => n + s.episodes, 0) || undefined,
          containsSeason: extras.seasons.map((s) =>
            compact({
              '@type': 'TVSeason',
              seasonNumber: s.number,
              name: messages.season(toPersianDigits(s.number)),
              datePublished: s.year ? String(s.year) : undefined,
              numberOfEpisodes: s.episodes,
              episode: extras.episodes
                .filter((e) => e.season_number === s.number)
                .map((e) =>
                  compact({
                    '@type': 'TVEpisode',
                    episodeNumber: e.episode_number,
                    name: e.name_fa ?? e.name_en ?? messages.episode(toPersianDigits(e.episode_number)),
                    alternateName: e.name_fa && e.name_en && e.name_en !== e.name_fa ? e.name_en : undefined,
                    datePublished: e.year ? String(e.year) : undefined,
                    duration: minutes(e.runtime),
                  }),
                ),
            }),
          ),
        }
      : {}),
  });
  const data = [work, breadcrumbs(origin, [{ name: messages.home, path: '/' }, ...(series ? [{ name: messages.series, path: '/tv' }] : []), { name, path }])];
  // A free title one can play here: its own video, watched on the site (no subscription).
  if (t.is_free && extras.video) {
    const watchPath = `/watch/${t.imdb_id}/${t.id}`;
    data.push(
      compact({
        '@context': CONTEXT,
        '@type': 'VideoObject',
        name,
        description: description ?? messages.watchFree(name),
        thumbnailUrl: poster,
        uploadDate: extras.video.created_at,
        duration: seconds(extras.video.duration_sec),
        embedUrl: `${origin}${watchPath}`,
        url: `${origin}${watchPath}`,
        isAccessibleForFree: true,
        inLanguage: languages.length === 1 ? languages[0] : languages,
      }),
    );
  }
  return data;
}

const JOBS: Record<string, string> = { actor: messages.jobs.actor, actress: messages.jobs.actor, director: messages.jobs.director, writer: messages.jobs.writer };

export function personStructuredData(origin: string, path: string, image: string, p: PagePersonRow): JsonLd[] {
  const url = `${origin}${path}`;
  const name = p.name_fa ?? p.name_en;
  const person = compact({
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': url,
    url,
    name,
    alternateName: alternates(name, p.name_en),
    description: p.bio_fa ?? p.bio_en ?? undefined,
    image,
    birthDate: p.birth_year ? String(p.birth_year) : undefined,
    deathDate: p.death_year ? String(p.death_year) : undefined,
    jobTitle: [...new Set(p.professions.map((job) => JOBS[job]).filter((j): j is string => Boolean(j)))],
    sameAs: imdbUrl('name', p.imdb_id),
  });
  return [person, breadcrumbs(origin, [{ name: messages.home, path: '/' }, { name, path }])];
}

export function collectionStructuredData(origin: string, path: string, c: PageCollectionRow): JsonLd[] {
  return [breadcrumbs(origin, [{ name: messages.home, path: '/' }, { name: messages.collections, path: '/collections' }, { name: c.title_fa, path }])];
}
