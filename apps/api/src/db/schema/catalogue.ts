import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue. Ids are our own serials (stable in URLs); IMDb ids are unique keys the importer
 * upserts on, so a re-import updates rows instead of duplicating them.
 */

export const genres = pgTable('genres', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  nameEn: text().notNull().unique(),
  nameFa: text().notNull(),
});

export const countries = pgTable('countries', {
  code: text().primaryKey(), // ISO 3166-1 alpha-2
  nameEn: text().notNull(),
  nameFa: text().notNull(),
});

export const languages = pgTable('languages', {
  code: text().primaryKey(), // ISO 639-1
  nameEn: text().notNull(),
  nameFa: text().notNull(),
});

export const titles = pgTable(
  'titles',
  {
    id: serial().primaryKey(),
    imdbId: text().notNull().unique(),
    /** 'movie' | 'series' (IMDb's tvSeries and tvMiniSeries are both series). */
    type: text().notNull(),
    imdbType: text().notNull(),
    titleEn: text().notNull(),
    titleFa: text(),
    titleOriginal: text(),
    slug: text().notNull(),
    year: smallint(),
    endYear: smallint(),
    runtime: smallint(),
    plotFa: text(),
    plotEn: text(),
    ageRating: text(),
    releaseDate: date({ mode: 'string' }),
    rating: real(),
    votes: integer().notNull().default(0),
    rtMeter: smallint(),
    rtStatus: text(),
    hasDub: boolean().notNull().default(false),
    isFree: boolean().notNull().default(false),
    /** False: hidden from visitors (a title made in the admin panel starts hidden until published). */
    published: boolean().notNull().default(true),
    /** When IMDb stopped publishing it: the import hid it (migration 0019) and publishes it again if it comes back. */
    removedUpstreamAt: timestamp({ withTimezone: true }),
    comingSoon: boolean().notNull().default(false),
    expectedDate: date({ mode: 'string' }),
    trailerYoutubeId: text(),
    trailerDuration: integer(),
    /** Normalized words of every name of the title (search dictionary ids). */
    wordIds: integer().array().notNull().default(sql`'{}'::int[]`),
    /** Copy of the title's genre ids (title_genres), kept by statement triggers (migration 0015), for list filters. */
    genreIds: integer().array().notNull().default(sql`'{}'::int[]`),
    /** Normalized English + Persian + original names, for substring fallbacks and exact-title bonus. */
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('titles_votes_idx').on(t.votes.desc(), t.id),
    index('titles_type_votes_idx').on(t.type, t.votes.desc()),
    // Each order of the home list (catalogue.repository.ts ORDERS) has an index in exactly its order (0022);
    // in the database each also INCLUDEs the columns the list's filters read (0024), votes' too.
    index('titles_year_idx').on(t.year.desc().nullsLast(), t.votes.desc().nullsFirst(), t.id),
    index('titles_rating_idx').on(t.rating.desc().nullsLast(), t.votes.desc().nullsFirst(), t.id),
    index('titles_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // INCLUDE (year, votes, published) in the database (0023): a person's titles are ordered from the index alone.
    index('titles_id_order_idx').on(t.id),
    index('titles_word_ids_idx').using('gin', t.wordIds).with({ fastupdate: false }),
    index('titles_genre_ids_idx').using('gin', t.genreIds).with({ fastupdate: false }),
    index('titles_coming_soon_idx').on(t.expectedDate).where(sql`${t.comingSoon}`),
    index('titles_dub_idx').on(t.votes.desc()).where(sql`${t.hasDub}`),
    index('titles_hidden_idx').on(t.id.desc()).where(sql`NOT ${t.published}`),
    index('titles_removed_upstream_idx').on(t.id.desc()).where(sql`${t.removedUpstreamAt} IS NOT NULL`),
  ],
);

export const titleGenres = pgTable(
  'title_genres',
  {
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    genreId: integer()
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.genreId] }), index('title_genres_genre_idx').on(t.genreId, t.titleId)],
);

export const titleCountries = pgTable(
  'title_countries',
  {
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    countryCode: text()
      .notNull()
      .references(() => countries.code),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.countryCode] }), index('title_countries_country_idx').on(t.countryCode, t.titleId)],
);

export const titleLanguages = pgTable(
  'title_languages',
  {
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    languageCode: text()
      .notNull()
      .references(() => languages.code),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.languageCode] })],
);

export const seasons = pgTable(
  'seasons',
  {
    id: serial().primaryKey(),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    number: smallint().notNull(),
    year: smallint(),
  },
  (t) => [uniqueIndex('seasons_title_number_idx').on(t.titleId, t.number)],
);

export const episodes = pgTable(
  'episodes',
  {
    id: serial().primaryKey(),
    imdbId: text().notNull().unique(),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    seasonNumber: smallint().notNull(),
    episodeNumber: smallint().notNull(),
    nameEn: text(),
    nameFa: text(),
    year: smallint(),
    runtime: smallint(),
    rating: real(),
    votes: integer().notNull().default(0),
  },
  (t) => [index('episodes_title_idx').on(t.titleId, t.seasonNumber, t.episodeNumber)],
);

export const people = pgTable(
  'people',
  {
    id: serial().primaryKey(),
    imdbId: text().notNull().unique(),
    nameEn: text().notNull(),
    nameFa: text(),
    slug: text().notNull(),
    birthYear: smallint(),
    deathYear: smallint(),
    bioFa: text(),
    bioEn: text(),
    professions: text().array().notNull().default(sql`'{}'::text[]`),
    /** Sum of votes of the titles they are credited in: how well known they are. */
    popularity: integer().notNull().default(0),
    bestStarredId: integer(),
    bestDirectedId: integer(),
    wordIds: integer().array().notNull().default(sql`'{}'::int[]`),
    searchText: text().notNull().default(''),
  },
  (t) => [index('people_popularity_idx').on(t.popularity.desc(), t.id), index('people_word_ids_idx').using('gin', t.wordIds).with({ fastupdate: false })],
);

export const credits = pgTable(
  'credits',
  {
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** 'actor' | 'director' | 'writer' */
    role: text().notNull(),
    character: text(),
    billing: smallint().notNull().default(0),
    /** The title's year and published flag, kept by triggers (0025): a person's page is read in their order. */
    titleYear: smallint(),
    titlePublished: boolean(),
  },
  (t) => [
    primaryKey({ columns: [t.titleId, t.personId, t.role] }),
    // (person_id, role, title_year DESC NULLS LAST, title_id) INCLUDE (character, title_published)
    // in the database (0025): a role's first titles and its count come from the index alone.
    index('credits_person_idx').on(t.personId, t.role),
  ],
);

export const collections = pgTable('collections', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  titleFa: text().notNull(),
  titleEn: text().notNull(),
  descriptionFa: text(),
  /** 'grid' | 'ranked': how the collection is listed (type=alt asks for the alternate listing). */
  listing: text().notNull().default('grid'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const collectionTitles = pgTable(
  'collection_titles',
  {
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.titleId] }), index('collection_titles_order_idx').on(t.collectionId, t.position)],
);

/** Audio editions: a title can have several Persian dubs, each by its studio. */
export const dubs = pgTable(
  'dubs',
  {
    id: serial().primaryKey(),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    studio: text().notNull(),
    language: text().notNull().default('fa'),
  },
  (t) => [uniqueIndex('dubs_title_studio_idx').on(t.titleId, t.studio)],
);

export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial().primaryKey(),
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    seasonNumber: smallint(),
    episodeNumber: smallint(),
    quality: text().notNull(),
    sizeMb: integer().notNull(),
    codec: text().notNull(),
    source: text().notNull(),
    /** null = original audio; otherwise the dub edition. */
    dubId: integer().references(() => dubs.id, { onDelete: 'cascade' }),
    subtitles: text().array().notNull().default(sql`'{}'::text[]`),
    durationSec: integer(),
  },
  (t) => [index('media_files_title_idx').on(t.titleId, t.seasonNumber, t.episodeNumber)],
);

/**
 * Titles deleted from the catalogue (migration 0018's trigger writes each): their addresses
 * answer 410 Gone instead of 404, so search engines drop them (decision 28).
 */
export const removedTitles = pgTable('removed_titles', {
  id: integer().primaryKey(),
  imdbId: text().notNull(),
  removedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('removed_titles_imdb_idx').on(t.imdbId)]);

export const slideshowPicks = pgTable(
  'slideshow_picks',
  {
    titleId: integer()
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    /** 'all' | 'movie' | 'series' */
    placement: text().notNull(),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.placement, t.titleId] })],
);

/**
 * One row: the search index's version, bumped by every rebuild. Each API process holds the index
 * in memory and reloads it when the version it loaded is no longer this one.
 */
export const searchIndexState = pgTable('search_index_state', {
  id: smallint().primaryKey().default(1),
  version: integer().notNull().default(0),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The search dictionary: every distinct normalized word of titles' and people's names, with the
 * numbers that rank its expansions. Each API process reads it whole into memory, where a query
 * word expands to a handful of ids (exact, prefix, one typo; modules/search/memory-index.ts), and
 * titles are found by their `word_ids` GIN index. Nothing looks a word up here, so the table has
 * no index on `word` beyond its uniqueness (decision 6).
 */
export const searchWords = pgTable(
  'search_words',
  {
    id: serial().primaryKey(),
    word: text().notNull().unique(),
    /** Votes of the best title containing the word: prefix expansion prefers famous titles. */
    titleVotes: integer().notNull().default(0),
    titleCount: integer().notNull().default(0),
    personPopularity: integer().notNull().default(0),
    personCount: integer().notNull().default(0),
  },
);
