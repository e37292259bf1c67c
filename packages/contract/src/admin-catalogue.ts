import { z } from 'zod';
import { pageQuery } from './common';

/**
 * The catalogue area of the admin panel (`/api/admin/titles`, `/api/admin/people`, genres,
 * collections, slideshow picks): what editors and admins change by hand. Request bodies use
 * the form's field names (snake_case, as the member API does); answers use camelCase.
 */

/** Text a person typed: NUL characters dropped (PostgreSQL refuses them), spaces trimmed. */
const text = () =>
  z
    .string()
    .overwrite((s) => s.split('\u0000').join(''))
    .trim();
/** An optional text field: empty means "none". */
const optionalText = (max: number) =>
  text()
    .max(max)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const yearValue = z.number().int().min(1870, 'سال باید از ۱۸۷۰ به بعد باشد.').max(2100, 'سال باید تا ۲۱۰۰ باشد.');
const isoDate = z.iso.date('تاریخ معتبر نیست.');
const smallPositive = (max: number) => z.number().int().min(1).max(max);
const id = z.number().int().positive().max(2_147_483_647);

export const titleType = z.enum(['movie', 'series']);
export type TitleType = z.infer<typeof titleType>;

/** The ratings the importer knows (MPA and TV Parental Guidelines). */
export const ageRatings = ['G', 'PG', 'PG-13', 'R', 'NC-17', 'TV-Y', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'] as const;
export const ageRating = z.enum(ageRatings);

/**
 * A real IMDb title id. A title made by hand without one gets a local id from a range IMDb does
 * not use: `tt9` followed by eight digits (nine digits in all; IMDb's own ids are seven or eight).
 */
export const realImdbId = z.string().trim().regex(/^tt\d{7,8}$/, 'شناسهٔ IMDb باید به شکل tt و هفت یا هشت رقم باشد (مثل tt0111161).');
export const localImdbPattern = /^tt9\d{8}$/;
export const isLocalImdbId = (imdbId: string) => localImdbPattern.test(imdbId);

const titleFields = {
  type: titleType,
  title_fa: text().min(1, 'نام فارسی را وارد کنید.').max(300),
  title_en: text().min(1, 'نام انگلیسی را وارد کنید.').max(300),
  title_original: optionalText(300),
  /** Empty or absent: a local id is made. */
  imdb_id: z.union([realImdbId, z.literal('').transform(() => null)]).nullable().optional(),
  year: yearValue.nullable().optional(),
  end_year: yearValue.nullable().optional(),
  runtime: smallPositive(1000).nullable().optional(),
  plot_fa: optionalText(5000),
  plot_en: optionalText(5000),
  age_rating: ageRating.nullable().optional(),
  release_date: isoDate.nullable().optional(),
  genre_ids: z.array(id).max(10).optional(),
  country_codes: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'کد کشور باید دو حرف بزرگ لاتین باشد.'))
    .max(10)
    .optional(),
  language_codes: z
    .array(z.string().regex(/^[a-z]{2,3}$/, 'کد زبان باید دو یا سه حرف کوچک لاتین باشد.'))
    .max(10)
    .optional(),
  trailer_youtube_id: z
    .union([z.string().trim().regex(/^[\w-]{11}$/, 'شناسهٔ ویدیوی یوتیوب یازده نویسه است (بخش پس از v= در نشانی).'), z.literal('').transform(() => null)])
    .nullable()
    .optional(),
  is_free: z.boolean().optional(),
  coming_soon: z.boolean().optional(),
  expected_date: isoDate.nullable().optional(),
};

/** `POST /api/admin/titles`: a new title starts hidden until it is published. */
export const adminTitleCreate = z.strictObject(titleFields);
export type AdminTitleCreate = z.input<typeof adminTitleCreate>;

/** `PATCH /api/admin/titles/{id}`: only the fields sent change. */
export const adminTitleUpdate = z.strictObject({ ...titleFields, type: titleType.optional(), title_fa: titleFields.title_fa.optional(), title_en: titleFields.title_en.optional() });
export type AdminTitleUpdate = z.input<typeof adminTitleUpdate>;

export const adminTitleQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  /** A Persian or English name, an IMDb id (`tt…`) or a title's number. */
  q: text().max(100).optional(),
  type: z.enum(['all', 'movie', 'series']).default('all'),
  status: z.enum(['all', 'published', 'hidden']).default('all'),
  coming_soon: bool01.optional(),
  is_free: bool01.optional(),
  has_video: bool01.optional(),
});
export type AdminTitleQuery = z.input<typeof adminTitleQuery>;

export const adminTitleRow = z
  .object({
    id: z.number().int(),
    imdbId: z.string(),
    /** The IMDb id was made here (the title is not on IMDb, or its id is not known yet). */
    localImdbId: z.boolean(),
    type: titleType,
    titleFa: z.string().nullable(),
    titleEn: z.string(),
    year: z.number().int().nullable(),
    published: z.boolean(),
    comingSoon: z.boolean(),
    expectedDate: z.string().nullable(),
    isFree: z.boolean(),
    hasDub: z.boolean(),
    hasVideo: z.boolean(),
    votes: z.number().int(),
    /** The public page (`/titles/{id}/{slug}`); 404 for visitors while hidden. */
    path: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminTitleRow' });
export type AdminTitleRow = z.infer<typeof adminTitleRow>;

export const creditRole = z.enum(['actor', 'director', 'writer']);
export type CreditRole = z.infer<typeof creditRole>;

export const adminEpisode = z
  .object({
    id: z.number().int(),
    imdbId: z.string(),
    seasonNumber: z.number().int(),
    episodeNumber: z.number().int(),
    nameFa: z.string().nullable(),
    nameEn: z.string().nullable(),
    year: z.number().int().nullable(),
    runtime: z.number().int().nullable(),
    hasVideo: z.boolean(),
  })
  .meta({ id: 'AdminEpisode' });
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const adminSeason = z
  .object({ id: z.number().int(), number: z.number().int(), year: z.number().int().nullable(), episodes: z.array(adminEpisode) })
  .meta({ id: 'AdminSeason' });
export type AdminSeason = z.infer<typeof adminSeason>;

export const adminCredit = z
  .object({
    personId: z.number().int(),
    nameFa: z.string().nullable(),
    nameEn: z.string(),
    role: creditRole,
    character: z.string().nullable(),
    /** Order within the role, from 0. */
    position: z.number().int(),
  })
  .meta({ id: 'AdminCredit' });
export type AdminCredit = z.infer<typeof adminCredit>;

export const adminDub = z
  .object({ id: z.number().int(), studio: z.string(), language: z.string(), files: z.number().int() })
  .meta({ id: 'AdminDub' });
export type AdminDub = z.infer<typeof adminDub>;

export const slideshowPlacement = z.enum(['all', 'movie', 'series']);
export type SlideshowPlacement = z.infer<typeof slideshowPlacement>;

export const adminTitle = adminTitleRow
  .extend({
    slug: z.string(),
    titleOriginal: z.string().nullable(),
    endYear: z.number().int().nullable(),
    runtime: z.number().int().nullable(),
    plotFa: z.string().nullable(),
    plotEn: z.string().nullable(),
    ageRating: z.string().nullable(),
    releaseDate: z.string().nullable(),
    trailerYoutubeId: z.string().nullable(),
    rating: z.number().nullable(),
    genres: z.array(z.object({ id: z.number().int(), nameFa: z.string() })),
    countries: z.array(z.object({ code: z.string(), nameFa: z.string() })),
    languages: z.array(z.object({ code: z.string(), nameFa: z.string() })),
    seasons: z.array(adminSeason),
    credits: z.array(adminCredit),
    dubs: z.array(adminDub),
    slideshow: z.array(slideshowPlacement),
    collections: z.array(z.object({ id: z.number().int(), titleFa: z.string() })),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminTitle' });
export type AdminTitle = z.infer<typeof adminTitle>;

/* Seasons and episodes */

export const adminSeasonInput = z.strictObject({ number: z.number().int().min(0).max(200), year: yearValue.nullable().optional() });
export const adminSeasonUpdate = adminSeasonInput.partial();
export type AdminSeasonInput = z.input<typeof adminSeasonInput>;

export const adminEpisodeInput = z.strictObject({
  season_number: z.number().int().min(0).max(200),
  episode_number: z.number().int().min(0).max(5000),
  name_fa: optionalText(300),
  name_en: optionalText(300),
  year: yearValue.nullable().optional(),
  runtime: smallPositive(1000).nullable().optional(),
});
export const adminEpisodeUpdate = adminEpisodeInput.partial();
export type AdminEpisodeInput = z.input<typeof adminEpisodeInput>;

/* People and credits */

export const professions = ['actor', 'actress', 'director', 'writer', 'producer', 'composer', 'cinematographer', 'editor'] as const;

export const adminPersonInput = z.strictObject({
  name_fa: optionalText(200),
  name_en: text().min(1, 'نام انگلیسی را وارد کنید.').max(200),
  birth_year: yearValue.nullable().optional(),
  death_year: yearValue.nullable().optional(),
  bio_fa: optionalText(5000),
  bio_en: optionalText(5000),
  professions: z.array(z.enum(professions)).max(8).optional(),
  /** A real IMDb person id (`nm…`); absent: a local one (`nm9` and eight digits). */
  imdb_id: z
    .union([z.string().trim().regex(/^nm\d{7,8}$/, 'شناسهٔ IMDb فرد باید به شکل nm و هفت یا هشت رقم باشد.'), z.literal('').transform(() => null)])
    .nullable()
    .optional(),
});
export const adminPersonUpdate = adminPersonInput.partial();
export type AdminPersonInput = z.input<typeof adminPersonInput>;

export const adminPersonQuery = pageQuery.extend({ per_page: z.coerce.number().int().min(1).max(100).default(25), q: text().max(100).optional() });

export const adminPerson = z
  .object({
    id: z.number().int(),
    imdbId: z.string(),
    nameFa: z.string().nullable(),
    nameEn: z.string(),
    birthYear: z.number().int().nullable(),
    deathYear: z.number().int().nullable(),
    bioFa: z.string().nullable(),
    bioEn: z.string().nullable(),
    professions: z.array(z.string()),
    credits: z.number().int(),
    path: z.string(),
  })
  .meta({ id: 'AdminPerson' });
export type AdminPerson = z.infer<typeof adminPerson>;

export const adminCreditInput = z.strictObject({ person_id: id, role: creditRole, character: optionalText(300) });
export type AdminCreditInput = z.input<typeof adminCreditInput>;
export const adminCreditUpdate = z.strictObject({ character: optionalText(300) });
export const adminCreditParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), personId: z.coerce.number().int().positive().max(2_147_483_647), role: creditRole });
/** The full order of one role's credits: every credited person's id, first billed first. */
export const adminCreditOrder = z.strictObject({ role: creditRole, person_ids: z.array(id).max(2000) });

/* Dubs */

export const adminDubInput = z.strictObject({
  studio: text().min(1, 'نام استودیو را وارد کنید.').max(120),
  language: z.string().regex(/^[a-z]{2,3}$/, 'کد زبان باید دو یا سه حرف کوچک لاتین باشد.').optional(),
});
export const adminDubUpdate = adminDubInput.partial();
export type AdminDubInput = z.input<typeof adminDubInput>;

/* Genres */

export const adminGenreInput = z.strictObject({
  name_fa: text().min(1, 'نام فارسی ژانر را وارد کنید.').max(60),
  name_en: text().min(1, 'نام انگلیسی ژانر را وارد کنید.').max(60).regex(/[A-Za-z]/, 'نام انگلیسی باید حرف لاتین داشته باشد.'),
});
export const adminGenreUpdate = adminGenreInput.partial();
export type AdminGenreInput = z.input<typeof adminGenreInput>;

export const adminGenre = z
  .object({ id: z.number().int(), slug: z.string(), nameFa: z.string(), nameEn: z.string(), titleCount: z.number().int() })
  .meta({ id: 'AdminGenre' });
export type AdminGenre = z.infer<typeof adminGenre>;

/* Collections */

export const collectionListing = z.enum(['grid', 'ranked']);

export const adminCollectionInput = z.strictObject({
  title_fa: text().min(1, 'نام فارسی مجموعه را وارد کنید.').max(200),
  title_en: text().min(1, 'نام انگلیسی مجموعه را وارد کنید.').max(200),
  description_fa: optionalText(2000),
  listing: collectionListing.optional(),
});
export const adminCollectionUpdate = adminCollectionInput.partial();
export type AdminCollectionInput = z.input<typeof adminCollectionInput>;

export const adminCollectionTitle = z
  .object({ id: z.number().int(), titleFa: z.string().nullable(), titleEn: z.string(), year: z.number().int().nullable(), published: z.boolean() })
  .meta({ id: 'AdminCollectionTitle' });
export type AdminCollectionTitle = z.infer<typeof adminCollectionTitle>;

export const adminCollection = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    titleFa: z.string(),
    titleEn: z.string(),
    descriptionFa: z.string().nullable(),
    listing: collectionListing,
    titleCount: z.number().int(),
    path: z.string(),
  })
  .meta({ id: 'AdminCollection' });
export type AdminCollection = z.infer<typeof adminCollection>;

export const adminCollectionDetail = adminCollection.extend({ titles: z.array(adminCollectionTitle) }).meta({ id: 'AdminCollectionDetail' });
export type AdminCollectionDetail = z.infer<typeof adminCollectionDetail>;

export const adminTitleRef = z.strictObject({ title_id: id });
/** The full new order: exactly the ids already in the list, first first. */
export const adminTitleOrder = z.strictObject({ title_ids: z.array(id).max(1000) });
export const adminCollectionTitleParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), titleId: z.coerce.number().int().positive().max(2_147_483_647) });

/* Slideshow */

export const adminSlideshow = z
  .object({ all: z.array(adminCollectionTitle), movie: z.array(adminCollectionTitle), series: z.array(adminCollectionTitle) })
  .meta({ id: 'AdminSlideshow' });
export type AdminSlideshow = z.infer<typeof adminSlideshow>;
export const adminSlideshowPlacementParam = z.object({ placement: slideshowPlacement });
export const adminSlideshowPickParams = z.object({ placement: slideshowPlacement, titleId: z.coerce.number().int().positive().max(2_147_483_647) });

/* Choices for the title form */

export const adminCatalogueOptions = z
  .object({
    genres: z.array(adminGenre),
    countries: z.array(z.object({ code: z.string(), nameFa: z.string(), nameEn: z.string() })),
    languages: z.array(z.object({ code: z.string(), nameFa: z.string(), nameEn: z.string() })),
  })
  .meta({ id: 'AdminCatalogueOptions' });
export type AdminCatalogueOptions = z.infer<typeof adminCatalogueOptions>;
