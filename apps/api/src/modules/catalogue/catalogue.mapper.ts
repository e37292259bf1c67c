import type { CollectionSummary, Episode, FilmographyItem, PersonSearchResult, TitleCard, TitleDetail } from '@parde/contract';
import { type ImageUrls, webPaths } from '../../lib/urls';
import type { CollectionRow, EpisodeRow, PersonRow, TitleCardRow, TitleDetailRow, TitleExtras, TitleRefRow } from './catalogue.repository';

/** Rows never leave the API as they are: these turn them into the contract's shapes. */
export function toTitleCard(r: TitleCardRow, img: ImageUrls): TitleCard {
  return {
    id: r.id,
    path: webPaths.title(r.id, r.slug),
    poster: img.poster(r.id),
    titleEn: r.title_en,
    titleFa: r.title_fa,
    year: r.year,
    genres: r.genres,
    rating: r.rating === null ? null : Math.round(r.rating * 10) / 10,
    rottenTomatoes: { rtMeter: r.rt_meter, rtStatus: r.rt_status },
    type: r.type,
    votes: r.votes,
    endYear: r.end_year,
    hasDub: r.has_dub,
    isFree: r.is_free,
    comingSoon: r.coming_soon,
    expectedDate: r.expected_date,
  };
}

/** A title of a person's filmography: its card, and the character they played. */
export function toFilmographyItem(r: TitleCardRow & { character: string | null }, img: ImageUrls): FilmographyItem {
  return { ...toTitleCard(r, img), character: r.character };
}

export function toSearchTitle(r: TitleCardRow, img: ImageUrls) {
  const c = toTitleCard(r, img);
  return { id: c.id, path: c.path, poster: c.poster, titleEn: c.titleEn, titleFa: c.titleFa, year: c.year, genres: c.genres, rating: c.rating, rottenTomatoes: c.rottenTomatoes };
}

type Role = 'actor' | 'director' | 'writer';

export function personRef(p: { id: number; slug: string; name_en: string; name_fa: string | null }, role: Role, img: ImageUrls) {
  return { id: p.id, path: webPaths.person(role, p.id, p.slug), image: img.person(p.id), fullnameEn: p.name_en, fullnameFa: p.name_fa };
}

/** An actor unless directing is what they are known for (spec: job is actor or director). */
export function jobOf(p: PersonRow): 'actor' | 'director' {
  if (p.best_directed_id && (!p.best_starred_id || p.professions[0] === 'director')) return 'director';
  return 'actor';
}

const titleRef = (r: TitleRefRow | undefined) =>
  r ? { id: r.id, path: webPaths.title(r.id, r.slug), titleEn: r.title_en, titleFa: r.title_fa, year: r.year } : null;

export function toPersonResult(p: PersonRow, refs: Map<number, TitleRefRow>, img: ImageUrls): PersonSearchResult {
  const job = jobOf(p);
  return {
    ...personRef(p, job, img),
    job,
    bestStarred: p.best_starred_id ? titleRef(refs.get(p.best_starred_id)) : null,
    bestDirected: p.best_directed_id ? titleRef(refs.get(p.best_directed_id)) : null,
  };
}

export function toEpisode(e: EpisodeRow): Episode {
  return { id: e.id, number: e.episode_number, nameEn: e.name_en, nameFa: e.name_fa, year: e.year, runtime: e.runtime, rating: e.rating === null ? null : Math.round(e.rating * 10) / 10 };
}

export function toTitleDetail(
  r: TitleDetailRow,
  extras: TitleExtras,
  opts: { dubFirst: boolean },
  img: ImageUrls,
): TitleDetail {
  // Every season with its count; the first episodes of the series (TITLE_PAGE_EPISODES) in theirs.
  const seasons = new Map<number, TitleDetail['seasons'][number]>(extras.seasons.map((s) => [s.number, { number: s.number, year: s.year, episodeCount: s.episodes, episodes: [] }]));
  for (const e of extras.episodes) seasons.get(e.season_number)?.episodes.push(toEpisode(e));
  const byRole = (role: Role) => extras.credits.filter((c) => c.role === role).map((c) => ({ ...personRef({ id: c.person_id, slug: c.slug, name_en: c.name_en, name_fa: c.name_fa }, role, img), character: c.character }));
  const dubs = opts.dubFirst ? [...extras.dubs].sort((a, b) => Number(b.language === 'fa') - Number(a.language === 'fa')) : extras.dubs;
  return {
    ...toTitleCard(r, img),
    imdbId: r.imdb_id,
    slug: r.slug,
    backdrop: img.backdrop(r.id),
    titleOriginal: r.title_original,
    runtime: r.runtime,
    plotFa: r.plot_fa,
    plotEn: r.plot_en,
    ageRating: r.age_rating,
    releaseDate: r.release_date,
    countries: extras.countries,
    languages: extras.languages,
    trailer: r.trailer_duration || r.trailer_youtube_id ? { youtubeId: r.trailer_youtube_id, durationSec: r.trailer_duration, path: webPaths.trailer(r.imdb_id) } : null,
    cast: byRole('actor'),
    directors: byRole('director').map(({ character: _c, ...p }) => p),
    writers: byRole('writer').map(({ character: _c, ...p }) => p),
    seasons: [...seasons.values()],
    dubs,
    screenshots: [1, 2, 3, 4].map((n) => img.screenshot(r.id, n)),
    filesPath: webPaths.titleFiles(r.id),
    fileCount: extras.fileCount,
  };
}

export function toCollection(c: CollectionRow, img: ImageUrls): CollectionSummary {
  return {
    id: c.id,
    path: webPaths.collection(c.id, c.slug),
    slug: c.slug,
    titleFa: c.title_fa,
    titleEn: c.title_en,
    descriptionFa: c.description_fa,
    listing: c.listing,
    titleCount: c.title_count,
    posters: c.poster_ids.map((id) => img.poster(id)),
  };
}
