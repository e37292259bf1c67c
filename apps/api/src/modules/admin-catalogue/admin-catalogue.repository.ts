/**
 * The panel's statements on titles and on the search words of titles and people. Each function
 * takes an {@link Executor}: inside a catalogue change it is that change's transaction.
 * Seasons, episodes, credits and dubs are in title-parts.repository.ts; people, genres,
 * collections and slideshow picks in curation.repository.ts.
 */
import type { AdminTitle } from '@parde/contract';
import { and, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor';
import { countries, episodes, genres, languages, people, searchWords, seasons, titleCountries, titleGenres, titleLanguages, titles } from '../../db/schema/index';

/** Ids from PostgreSQL's own sequence before the insert: a local IMDb id is made from it. */
export async function nextId(db: Executor, table: 'titles' | 'people' | 'episodes'): Promise<number> {
  // The sequence behind a serial column has no builder form.
  const { rows } = await db.execute<{ id: number }>(sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id`);
  return rows[0]!.id;
}

/* Titles */

type TitleTable = typeof titles;
/** The titles table or an alias of it: the columns the list filter reads. */
type FilterColumns = Record<'id' | 'type' | 'published' | 'comingSoon' | 'isFree', AnyPgColumn>;
const SEARCH_ALIAS = 't';

// Correlated subqueries name the outer table in plain text: Drizzle leaves the columns of a
// one-table select unqualified, which inside a subquery would name the subquery's own table.
const hasVideo = (table: 'titles' | 't') => sql<boolean>`EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = ${sql.raw(table)}.id)`;

const rowColumns = (t: TitleTable) => ({
  id: t.id,
  imdbId: t.imdbId,
  type: t.type,
  titleFa: t.titleFa,
  titleEn: t.titleEn,
  titleOriginal: t.titleOriginal,
  slug: t.slug,
  year: t.year,
  endYear: t.endYear,
  runtime: t.runtime,
  plotFa: t.plotFa,
  plotEn: t.plotEn,
  ageRating: t.ageRating,
  releaseDate: t.releaseDate,
  rating: t.rating,
  votes: t.votes,
  published: t.published,
  comingSoon: t.comingSoon,
  expectedDate: t.expectedDate,
  isFree: t.isFree,
  hasDub: t.hasDub,
  trailerYoutubeId: t.trailerYoutubeId,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  hasVideo: hasVideo('titles'),
});

/** A title as the panel lists and edits it: its columns, and whether it has video. */
export type TitleRow = Pick<
  typeof titles.$inferSelect,
  | 'id'
  | 'imdbId'
  | 'type'
  | 'titleFa'
  | 'titleEn'
  | 'titleOriginal'
  | 'slug'
  | 'year'
  | 'endYear'
  | 'runtime'
  | 'plotFa'
  | 'plotEn'
  | 'ageRating'
  | 'releaseDate'
  | 'rating'
  | 'votes'
  | 'published'
  | 'comingSoon'
  | 'expectedDate'
  | 'isFree'
  | 'hasDub'
  | 'trailerYoutubeId'
  | 'createdAt'
  | 'updatedAt'
> & { hasVideo: boolean };

/** The panel's list filter (the search box aside). */
export interface TitleFilter {
  type: 'all' | 'movie' | 'series';
  status: 'all' | 'published' | 'hidden';
  comingSoon?: boolean;
  isFree?: boolean;
  hasVideo?: boolean;
}

function filterOn(t: FilterColumns, f: TitleFilter): SQL | undefined {
  const video = hasVideo(t === titles ? 'titles' : SEARCH_ALIAS);
  const conds: SQL[] = [];
  if (f.type !== 'all') conds.push(eq(t.type, f.type));
  if (f.status === 'published') conds.push(sql`${t.published}`);
  if (f.status === 'hidden') conds.push(not(t.published));
  if (f.comingSoon !== undefined) conds.push(f.comingSoon ? sql`${t.comingSoon}` : not(t.comingSoon));
  if (f.isFree !== undefined) conds.push(f.isFree ? sql`${t.isFree}` : not(t.isFree));
  if (f.hasVideo !== undefined) conds.push(f.hasVideo ? video : not(video));
  return conds.length ? and(...conds) : undefined;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The filter as the search takes it: SQL text on its candidate table `t`, parameters from $1.
 * The search runs its own statement on the word index and adds this condition to it.
 */
export function titleFilterForSearch(f: TitleFilter): { sql: string; params: unknown[] } {
  const where = filterOn(alias(titles, SEARCH_ALIAS), f);
  if (!where) return { sql: 'true', params: [] };
  const query = dialect.sqlToQuery(where);
  return { sql: query.sql, params: query.params };
}

export async function titleIdsByImdb(db: Executor, imdbId: string, f: TitleFilter): Promise<number[]> {
  const rows = await db.select({ id: titles.id }).from(titles).where(and(eq(titles.imdbId, imdbId), filterOn(titles, f)));
  return rows.map((r) => r.id);
}

export async function titleIdsById(db: Executor, id: number, f: TitleFilter): Promise<number[]> {
  const rows = await db.select({ id: titles.id }).from(titles).where(and(eq(titles.id, id), filterOn(titles, f)));
  return rows.map((r) => r.id);
}

export function titleRowsByIds(db: Executor, ids: number[]): Promise<TitleRow[]> {
  return db.select(rowColumns(titles)).from(titles).where(inArray(titles.id, ids));
}

/** A page of the list, newest first, and how many titles the filter keeps. */
export async function titlesPage(db: Executor, f: TitleFilter, limit: number, offset: number): Promise<{ rows: TitleRow[]; total: number }> {
  const where = filterOn(titles, f);
  const [rows, [total]] = await Promise.all([
    db.select(rowColumns(titles)).from(titles).where(where).orderBy(desc(titles.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(titles).where(where),
  ]);
  return { rows, total: total!.n };
}

/** The title, locked for the rest of the transaction (two operators' changes to it take turns). */
export async function lockTitleRow(db: Executor, id: number): Promise<TitleRow | undefined> {
  const [row] = await db.select(rowColumns(titles)).from(titles).where(eq(titles.id, id)).for('update', { of: titles });
  return row;
}

/** One title with everything its edit page shows, in one statement (each list aggregated as JSON). */
export async function titleDetail(db: Executor, id: number) {
  const t = titles;
  const [row] = await db
    .select({
      ...rowColumns(t),
      genres: sql<AdminTitle['genres']>`coalesce((SELECT json_agg(json_build_object('id', g.id, 'nameFa', g.name_fa) ORDER BY tg.position, g.id)
                  FROM ${titleGenres} tg JOIN ${genres} g ON g.id = tg.genre_id WHERE tg.title_id = titles.id), '[]')`,
      countries: sql<AdminTitle['countries']>`coalesce((SELECT json_agg(json_build_object('code', c.code, 'nameFa', c.name_fa) ORDER BY tc.position, c.code)
                  FROM ${titleCountries} tc JOIN ${countries} c ON c.code = tc.country_code WHERE tc.title_id = titles.id), '[]')`,
      languages: sql<AdminTitle['languages']>`coalesce((SELECT json_agg(json_build_object('code', l.code, 'nameFa', l.name_fa) ORDER BY tl.position, l.code)
                  FROM ${titleLanguages} tl JOIN ${languages} l ON l.code = tl.language_code WHERE tl.title_id = titles.id), '[]')`,
      credits: sql<AdminTitle['credits']>`coalesce((SELECT json_agg(json_build_object('personId', p.id, 'nameFa', p.name_fa, 'nameEn', p.name_en, 'role', c.role, 'character', c.character, 'position', c.billing)
                           ORDER BY c.role, c.billing, p.id)
                  FROM credits c JOIN ${people} p ON p.id = c.person_id WHERE c.title_id = titles.id), '[]')`,
      dubs: sql<AdminTitle['dubs']>`coalesce((SELECT json_agg(json_build_object('id', d.id, 'studio', d.studio, 'language', d.language,
                                                    'files', (SELECT count(*) FROM media_files f WHERE f.title_id = titles.id AND f.dub_id = d.id)) ORDER BY d.id)
                  FROM dubs d WHERE d.title_id = titles.id), '[]')`,
      slideshow: sql<AdminTitle['slideshow']>`coalesce((SELECT json_agg(s.placement ORDER BY s.placement) FROM slideshow_picks s WHERE s.title_id = titles.id), '[]')`,
      collections: sql<AdminTitle['collections']>`coalesce((SELECT json_agg(json_build_object('id', c.id, 'titleFa', c.title_fa) ORDER BY c.id)
                  FROM collection_titles ct JOIN collections c ON c.id = ct.collection_id WHERE ct.title_id = titles.id), '[]')`,
    })
    .from(t)
    .where(eq(t.id, id));
  return row;
}

export function seasonsOfTitle(db: Executor, titleId: number) {
  return db.select({ id: seasons.id, number: seasons.number, year: seasons.year }).from(seasons).where(eq(seasons.titleId, titleId)).orderBy(seasons.number);
}

export function episodesOfTitle(db: Executor, titleId: number) {
  return db
    .select({
      id: episodes.id,
      imdbId: episodes.imdbId,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
      nameFa: episodes.nameFa,
      nameEn: episodes.nameEn,
      year: episodes.year,
      runtime: episodes.runtime,
      // Correlated on the outer table by name, as `hasVideo` above.
      hasVideo: sql<boolean>`EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = episodes.title_id AND coalesce(a.episode_id, 0) = episodes.id)`,
    })
    .from(episodes)
    .where(eq(episodes.titleId, titleId))
    .orderBy(episodes.seasonNumber, episodes.episodeNumber, episodes.id);
}

export async function insertTitle(db: Executor, row: typeof titles.$inferInsert): Promise<void> {
  await db.insert(titles).values(row);
}

/** Writes the fields given; `updated_at` moves. */
export async function updateTitle(db: Executor, id: number, set: Partial<typeof titles.$inferInsert>): Promise<void> {
  await db
    .update(titles)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(titles.id, id));
}

export async function deleteTitle(db: Executor, id: number): Promise<void> {
  await db.delete(titles).where(eq(titles.id, id));
}

export async function seasonCount(db: Executor, titleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(seasons).where(eq(seasons.titleId, titleId));
  return row!.n;
}

/** Whether the title has video (packaged or on its way) and whether members have records of it. */
export async function titleUse(db: Executor, id: number): Promise<{ video: boolean; members: boolean }> {
  // Six tables asked at once; their schemas live in other modules' files.
  const { rows } = await db.execute<{ video: boolean; members: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM media_assets WHERE title_id = ${id}) OR EXISTS (SELECT 1 FROM media_ingests WHERE title_id = ${id}) AS video,
               EXISTS (SELECT 1 FROM watch_history WHERE title_id = ${id}) OR EXISTS (SELECT 1 FROM comments WHERE title_id = ${id})
               OR EXISTS (SELECT 1 FROM title_ratings WHERE title_id = ${id}) OR EXISTS (SELECT 1 FROM content_requests WHERE title_id = ${id}) AS members`,
  );
  return rows[0]!;
}

export async function titleWordIds(db: Executor, id: number): Promise<number[]> {
  const [row] = await db.select({ wordIds: titles.wordIds }).from(titles).where(eq(titles.id, id));
  return row?.wordIds ?? [];
}

/** How many of the given genres, countries and languages exist. */
export async function existingRefs(db: Executor, refs: { genreIds: number[]; countryCodes: string[]; languageCodes: string[] }) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    genres: refs.genreIds.length ? await n(db.select({ n: count() }).from(genres).where(inArray(genres.id, refs.genreIds))) : 0,
    countries: refs.countryCodes.length ? await n(db.select({ n: count() }).from(countries).where(inArray(countries.code, refs.countryCodes))) : 0,
    languages: refs.languageCodes.length ? await n(db.select({ n: count() }).from(languages).where(inArray(languages.code, refs.languageCodes))) : 0,
  };
}

/** Genres, countries or languages of a title, replaced: each in the order given (the first is the main one). */
export async function replaceTitleGenres(db: Executor, titleId: number, ids: number[]): Promise<void> {
  await db.delete(titleGenres).where(eq(titleGenres.titleId, titleId));
  if (ids.length) await db.insert(titleGenres).values(ids.map((genreId, position) => ({ titleId, genreId, position })));
}

export async function replaceTitleCountries(db: Executor, titleId: number, codes: string[]): Promise<void> {
  await db.delete(titleCountries).where(eq(titleCountries.titleId, titleId));
  if (codes.length) await db.insert(titleCountries).values(codes.map((countryCode, position) => ({ titleId, countryCode, position })));
}

export async function replaceTitleLanguages(db: Executor, titleId: number, codes: string[]): Promise<void> {
  await db.delete(titleLanguages).where(eq(titleLanguages.titleId, titleId));
  if (codes.length) await db.insert(titleLanguages).values(codes.map((languageCode, position) => ({ titleId, languageCode, position })));
}

/* Search words */

type WordKind = 'titles' | 'people';
const wordColumns = {
  titles: { count: 'titleCount', best: 'titleVotes' },
  people: { count: 'personCount', best: 'personPopularity' },
} as const;

export async function titleNames(db: Executor, id: number) {
  const [row] = await db
    .select({ titleEn: titles.titleEn, titleFa: titles.titleFa, titleOriginal: titles.titleOriginal, year: titles.year, votes: titles.votes, wordIds: titles.wordIds })
    .from(titles)
    .where(eq(titles.id, id));
  return row;
}

export async function personNames(db: Executor, id: number) {
  const [row] = await db.select({ nameEn: people.nameEn, nameFa: people.nameFa, popularity: people.popularity, wordIds: people.wordIds }).from(people).where(eq(people.id, id));
  return row;
}

export async function setTitleWords(db: Executor, id: number, wordIds: number[], searchText: string): Promise<void> {
  await db.update(titles).set({ wordIds, searchText }).where(eq(titles.id, id));
}

export async function setPersonWords(db: Executor, id: number, wordIds: number[], searchText: string): Promise<void> {
  await db.update(people).set({ wordIds, searchText }).where(eq(people.id, id));
}

export function wordsByIds(db: Executor, ids: number[]) {
  return db.select({ id: searchWords.id, word: searchWords.word }).from(searchWords).where(inArray(searchWords.id, ids));
}

export function wordsByText(db: Executor, words: string[]) {
  return db.select({ id: searchWords.id, word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words));
}

/** Each word counts one title (or person) fewer. */
export async function countWordsDown(db: Executor, kind: WordKind, ids: number[]): Promise<void> {
  const column = searchWords[wordColumns[kind].count];
  await db
    .update(searchWords)
    .set({ [wordColumns[kind].count]: sql`greatest(${column} - 1, 0)` })
    .where(inArray(searchWords.id, ids));
}

/** Adds the words, or counts them one up; `weight` raises their best votes (popularity). */
export async function countWordsUp(db: Executor, kind: WordKind, words: string[], weight: number): Promise<void> {
  const { count: countKey, best: bestKey } = wordColumns[kind];
  // Sorted, so two operators adding the same new words lock the rows in the same order.
  await db
    .insert(searchWords)
    .values([...words].sort().map((word) => ({ word, [bestKey]: weight, [countKey]: 1 })))
    .onConflictDoUpdate({
      target: searchWords.word,
      set: {
        [countKey]: sql`${searchWords[countKey]} + 1`,
        // The proposed row's value is `excluded`, which the builder does not name.
        [bestKey]: sql`greatest(${searchWords[bestKey]}, excluded.${sql.identifier(bestKey === 'titleVotes' ? 'title_votes' : 'person_popularity')})`,
      },
    });
}
