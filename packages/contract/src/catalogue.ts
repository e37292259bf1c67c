import { z } from 'zod';
import { MAX_PAGE, pageQuery } from './common';

export const genreRef = z.object({ id: z.number().int(), titleFa: z.string() });

export const rottenTomatoes = z.object({
  rtMeter: z.number().int().nullable(),
  rtStatus: z.enum(['fresh', 'rotten', 'certified']).nullable(),
});

/** A title in search results: exactly the fields of the product spec (§3). */
export const titleSearchResult = z
  .object({
    id: z.number().int(),
    path: z.string(),
    poster: z.string(),
    titleEn: z.string(),
    titleFa: z.string().nullable(),
    year: z.number().int().nullable(),
    genres: z.array(genreRef),
    rating: z.number().nullable(),
    rottenTomatoes,
  })
  .meta({ id: 'TitleSearchResult' });
export type TitleSearchResult = z.infer<typeof titleSearchResult>;

/** A title on a card in any list: the search fields plus what a card shows. */
export const titleCard = titleSearchResult
  .extend({
    type: z.enum(['movie', 'series']),
    votes: z.number().int(),
    endYear: z.number().int().nullable(),
    hasDub: z.boolean(),
    isFree: z.boolean(),
    comingSoon: z.boolean(),
    expectedDate: z.string().nullable(),
  })
  .meta({ id: 'TitleCard' });
export type TitleCard = z.infer<typeof titleCard>;

export const personRef = z.object({
  id: z.number().int(),
  path: z.string(),
  image: z.string(),
  fullnameEn: z.string(),
  fullnameFa: z.string().nullable(),
});

export const castMember = personRef.extend({ character: z.string().nullable() });

export const titleRef = z.object({
  id: z.number().int(),
  path: z.string(),
  titleEn: z.string(),
  titleFa: z.string().nullable(),
  year: z.number().int().nullable(),
});

export const episode = z.object({
  id: z.number().int(),
  number: z.number().int(),
  nameEn: z.string().nullable(),
  nameFa: z.string().nullable(),
  year: z.number().int().nullable(),
  runtime: z.number().int().nullable(),
  rating: z.number().nullable(),
});

/**
 * How many of a series' episodes its title page carries, in season and episode order. A longer
 * series (a daily soap, a talk show: thousands of episodes) brings the rest a page at a time from
 * the season's route, so its page stays small (decision 41).
 */
export const TITLE_PAGE_EPISODES = 200;
/** Episodes of one season a page of the season's route holds at most. */
export const SEASON_EPISODES_PER_PAGE = 100;

/**
 * A season: `episodeCount` is how many it has; `episodes` the first of them that the title page
 * carries (all of them when `episodes.length === episodeCount`, see TITLE_PAGE_EPISODES).
 */
export const season = z.object({ number: z.number().int(), year: z.number().int().nullable(), episodeCount: z.number().int(), episodes: z.array(episode) });
export type Episode = z.infer<typeof episode>;

/** `/api/titles/{id}/seasons/{number}/episodes`: a season's episodes, a page at a time. */
export const seasonParam = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  number: z.coerce.number().int().min(0).max(32_767),
});
export const seasonEpisodesQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(SEASON_EPISODES_PER_PAGE).default(SEASON_EPISODES_PER_PAGE),
});

export const dub = z.object({ id: z.number().int(), studio: z.string(), language: z.string() });

export const titleDetail = titleCard
  .extend({
    imdbId: z.string(),
    slug: z.string(),
    backdrop: z.string(),
    titleOriginal: z.string().nullable(),
    runtime: z.number().int().nullable(),
    plotFa: z.string().nullable(),
    plotEn: z.string().nullable(),
    ageRating: z.string().nullable(),
    releaseDate: z.string().nullable(),
    countries: z.array(z.object({ code: z.string(), nameFa: z.string() })),
    languages: z.array(z.object({ code: z.string(), nameFa: z.string() })),
    trailer: z.object({ youtubeId: z.string().nullable(), durationSec: z.number().int().nullable(), path: z.string() }).nullable(),
    cast: z.array(castMember),
    directors: z.array(personRef),
    writers: z.array(personRef),
    seasons: z.array(season),
    /** Audio editions; with `dub=1` a Persian dub comes first. */
    dubs: z.array(dub),
    screenshots: z.array(z.string()),
    filesPath: z.string(),
    fileCount: z.number().int(),
  })
  .meta({ id: 'TitleDetail' });
export type TitleDetail = z.infer<typeof titleDetail>;

export const mediaFile = z.object({
  id: z.number().int(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  quality: z.string(),
  sizeMb: z.number().int(),
  codec: z.string(),
  source: z.string(),
  audio: z.object({ kind: z.enum(['original', 'dub']), studio: z.string().nullable() }),
  subtitles: z.array(z.string()),
  durationSec: z.number().int().nullable(),
  /** The episode's name (Persian, else English) for an episode's file; null for a movie's or an unnamed episode. */
  episodeName: z.string().nullable(),
});
export type MediaFile = z.infer<typeof mediaFile>;

export const personSearchResult = z
  .object({
    id: z.number().int(),
    path: z.string(),
    image: z.string(),
    fullnameEn: z.string(),
    fullnameFa: z.string().nullable(),
    job: z.enum(['actor', 'director']),
    bestStarred: titleRef.nullable(),
    bestDirected: titleRef.nullable(),
  })
  .meta({ id: 'PersonSearchResult' });
export type PersonSearchResult = z.infer<typeof personSearchResult>;

export const filmographyItem = titleCard.extend({ character: z.string().nullable() });
export type FilmographyItem = z.infer<typeof filmographyItem>;

export const filmographyRole = z.enum(['actor', 'director', 'writer']);
export type FilmographyRole = z.infer<typeof filmographyRole>;

/**
 * The titles a person's page carries per role, the newest first, and the page the rest come in
 * on `GET /api/people/{id}/credits` (decisions 44 and 47): the screen shows one role at a time,
 * four rows of six on a desktop. A voice actor or a host runs to thousands.
 */
export const PERSON_PAGE_CREDITS = 24;
/** The most titles one page of `/api/people/{id}/credits` may ask for. */
export const PERSON_CREDITS_PAGE_MAX = 60;

/**
 * `/api/people/{id}?role=`: the role whose first titles the page carries (the one its address
 * names, decision 47); without it, every role's. The counts are always every role's.
 */
export const personQuery = z.object({ role: filmographyRole.optional() });

/** `/api/people/{id}/credits`: one role's titles, a page at a time, in the page's order. */
export const personCreditsQuery = z.object({
  role: filmographyRole,
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(PERSON_CREDITS_PAGE_MAX).default(PERSON_PAGE_CREDITS),
});

export const personDetail = personSearchResult
  .extend({
    imdbId: z.string(),
    slug: z.string(),
    birthYear: z.number().int().nullable(),
    deathYear: z.number().int().nullable(),
    bioFa: z.string().nullable(),
    bioEn: z.string().nullable(),
    professions: z.array(z.string()),
    /** Each role's first {@link PERSON_PAGE_CREDITS} titles (only the asked role's when one is asked). */
    filmography: z.object({ actor: z.array(filmographyItem), director: z.array(filmographyItem), writer: z.array(filmographyItem) }),
    /** How many titles each role has in all (what `filmography` carries may be fewer). */
    filmographyCounts: z.object({ actor: z.number().int(), director: z.number().int(), writer: z.number().int() }),
  })
  .meta({ id: 'PersonDetail' });
export type PersonDetail = z.infer<typeof personDetail>;

export const collectionSummary = z
  .object({
    id: z.number().int(),
    path: z.string(),
    slug: z.string(),
    titleFa: z.string(),
    titleEn: z.string(),
    descriptionFa: z.string().nullable(),
    listing: z.enum(['grid', 'ranked']),
    titleCount: z.number().int(),
    posters: z.array(z.string()),
  })
  .meta({ id: 'CollectionSummary' });
export type CollectionSummary = z.infer<typeof collectionSummary>;

export const collectionDetail = collectionSummary.extend({ titles: z.array(titleCard).optional() });

export const genre = z.object({ id: z.number().int(), slug: z.string(), nameFa: z.string(), nameEn: z.string(), titleCount: z.number().int() });
export const country = z.object({ code: z.string(), nameFa: z.string(), nameEn: z.string(), titleCount: z.number().int() });

const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const dropNul = (s: string) => s.split('\u0000').join('');
const yearParam = z.coerce.number().int().min(1870).max(2100);

export const titleListQuery = pageQuery.extend({
  order_by: z.enum(['votes', 'rating', 'year', 'newest', 'rotten_tomatoes', 'rt']).default('votes'),
  type: z.enum(['all', 'movie', 'series']).default('all'),
  q: z.string().trim().max(100).optional(),
  is_dubbed: bool01.optional(),
  is_free: bool01.optional(),
  /** Only titles that have media to play. */
  playable: bool01.optional(),
  // PostgreSQL cannot compare text holding a NUL character (a 500): it is dropped, as in plainText().
  genre: z.string().overwrite(dropNul).trim().max(40).optional(),
  country: z.string().overwrite(dropNul).trim().length(2).optional(),
  year_from: yearParam.optional(),
  year_to: yearParam.optional(),
});
export type TitleListQuery = z.infer<typeof titleListQuery>;

export const searchQuery = z.object({
  q: z.string().trim().min(2).max(100),
  type: z.enum(['all', 'movie', 'series']).default('all'),
  order_by: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const titleDetailQuery = z.object({ dub: bool01.optional() });
/** `/api/titles/imdb/{imdbId}`: the spec's trailer and watch routes name a title by its IMDb id. */
export const imdbTitleParam = z.object({ imdbId: z.string().regex(/^tt\d{7,9}$/, 'شناسهٔ IMDb باید به شکل tt و هفت تا نه رقم باشد.') });
export const slideshowQuery = z.object({ type: z.enum(['all', 'movie', 'series']).default('all') });
export const collectionQuery = z.object({ type: z.enum(['alt', 'default']).default('default') });
