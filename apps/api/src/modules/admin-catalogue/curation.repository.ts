/** People, genres, collections and slideshow picks, as the panel reads and changes them. */
import type { AdminCollectionTitle, SlideshowPlacement } from '@parde/contract';
import { and, count, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { collections, collectionTitles, countries, genres, languages, people, slideshowPicks, titleGenres, titles } from '../../db/schema/index';

/* People */

const personColumns = {
  id: people.id,
  imdbId: people.imdbId,
  nameFa: people.nameFa,
  nameEn: people.nameEn,
  slug: people.slug,
  birthYear: people.birthYear,
  deathYear: people.deathYear,
  bioFa: people.bioFa,
  bioEn: people.bioEn,
  professions: people.professions,
  // The outer table in plain text: Drizzle leaves a one-table select's columns unqualified.
  credits: sql<number>`(SELECT count(*)::int FROM credits c WHERE c.person_id = people.id)`,
};

/** A person as the panel shows one: the columns an operator edits, and how many credits they have. */
export type PersonRow = Pick<typeof people.$inferSelect, 'id' | 'imdbId' | 'nameFa' | 'nameEn' | 'slug' | 'birthYear' | 'deathYear' | 'bioFa' | 'bioEn' | 'professions'> & {
  credits: number;
};

export async function personIdsByImdb(db: Executor, imdbId: string): Promise<number[]> {
  return (await db.select({ id: people.id }).from(people).where(eq(people.imdbId, imdbId))).map((r) => r.id);
}

export async function personIdsById(db: Executor, id: number): Promise<number[]> {
  return (await db.select({ id: people.id }).from(people).where(eq(people.id, id))).map((r) => r.id);
}

export function peopleByIds(db: Executor, ids: number[]): Promise<PersonRow[]> {
  return db.select(personColumns).from(people).where(inArray(people.id, ids));
}

/** A page of people, newest first, and how many there are. */
export async function peoplePage(db: Executor, limit: number, offset: number): Promise<{ rows: PersonRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([db.select(personColumns).from(people).orderBy(desc(people.id)).limit(limit).offset(offset), db.select({ n: count() }).from(people)]);
  return { rows, total: total!.n };
}

export async function person(db: Executor, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(people).where(eq(people.id, id));
  return row;
}

/** The person, locked until the transaction ends. */
export async function lockPerson(db: Executor, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(people).where(eq(people.id, id)).for('update', { of: people });
  return row;
}

type PersonFields = Pick<typeof people.$inferInsert, 'imdbId' | 'nameEn' | 'nameFa' | 'slug' | 'birthYear' | 'deathYear' | 'bioFa' | 'bioEn' | 'professions'>;

export async function insertPerson(db: Executor, id: number, fields: PersonFields): Promise<void> {
  await db.insert(people).values({ id, ...fields });
}

export async function updatePerson(db: Executor, id: number, fields: PersonFields): Promise<void> {
  await db.update(people).set(fields).where(eq(people.id, id));
}

/* Genres, countries, languages */

export function genresWithCounts(db: Executor) {
  return db
    .select({
      id: genres.id,
      slug: genres.slug,
      nameFa: genres.nameFa,
      nameEn: genres.nameEn,
      titleCount: sql<number>`(SELECT count(*)::int FROM title_genres tg WHERE tg.genre_id = genres.id)`,
    })
    .from(genres)
    .orderBy(genres.nameFa, genres.id);
}

const genreSnapshot = { slug: genres.slug, name_en: genres.nameEn, name_fa: genres.nameFa };

/** The genre's slug and names (as the audit log keeps them), the row locked until the transaction ends. */
export async function lockGenre(db: Executor, id: number) {
  const [row] = await db.select(genreSnapshot).from(genres).where(eq(genres.id, id)).for('update');
  return row;
}

export async function insertGenre(db: Executor, slug: string, nameEn: string, nameFa: string): Promise<number> {
  const [row] = await db.insert(genres).values({ slug, nameEn, nameFa }).returning({ id: genres.id });
  return row!.id;
}

export async function renameGenre(db: Executor, id: number, nameEn: string, nameFa: string): Promise<void> {
  await db.update(genres).set({ nameEn, nameFa }).where(eq(genres.id, id));
}

export async function genreUse(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(titleGenres).where(eq(titleGenres.genreId, id));
  return row!.n;
}

export async function deleteGenre(db: Executor, id: number): Promise<void> {
  await db.delete(genres).where(eq(genres.id, id));
}

export function allCountries(db: Executor) {
  return db.select({ code: countries.code, nameFa: countries.nameFa, nameEn: countries.nameEn }).from(countries).orderBy(countries.nameFa, countries.code);
}

export function allLanguages(db: Executor) {
  return db.select({ code: languages.code, nameFa: languages.nameFa, nameEn: languages.nameEn }).from(languages).orderBy(languages.nameFa, languages.code);
}

/* Collections */

const collectionColumns = {
  id: collections.id,
  slug: collections.slug,
  titleFa: collections.titleFa,
  titleEn: collections.titleEn,
  descriptionFa: collections.descriptionFa,
  listing: collections.listing,
  titleCount: sql<number>`(SELECT count(*)::int FROM collection_titles ct WHERE ct.collection_id = collections.id)`,
};
export type CollectionRow = Pick<typeof collections.$inferSelect, 'id' | 'slug' | 'titleFa' | 'titleEn' | 'descriptionFa' | 'listing'> & { titleCount: number };

export function allCollections(db: Executor): Promise<CollectionRow[]> {
  return db.select(collectionColumns).from(collections).orderBy(collections.id);
}

export async function collection(db: Executor, id: number): Promise<CollectionRow | undefined> {
  const [row] = await db.select(collectionColumns).from(collections).where(eq(collections.id, id));
  return row;
}

export async function lockCollection(db: Executor, id: number): Promise<CollectionRow | undefined> {
  const [row] = await db.select(collectionColumns).from(collections).where(eq(collections.id, id)).for('update', { of: collections });
  return row;
}

const listedTitle = { id: titles.id, titleFa: titles.titleFa, titleEn: titles.titleEn, year: titles.year, published: titles.published };

export function collectionTitleList(db: Executor, id: number): Promise<AdminCollectionTitle[]> {
  return db
    .select(listedTitle)
    .from(collectionTitles)
    .innerJoin(titles, eq(titles.id, collectionTitles.titleId))
    .where(eq(collectionTitles.collectionId, id))
    .orderBy(collectionTitles.position, collectionTitles.titleId);
}

export async function collectionTitleIds(db: Executor, id: number): Promise<number[]> {
  const rows = await db
    .select({ titleId: collectionTitles.titleId })
    .from(collectionTitles)
    .where(eq(collectionTitles.collectionId, id))
    .orderBy(collectionTitles.position, collectionTitles.titleId);
  return rows.map((r) => r.titleId);
}

/** The slug and the ones numbered after it (`best-of`, `best-of-2` …) already taken. */
export async function collectionSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: collections.slug })
    .from(collections)
    .where(or(eq(collections.slug, base), like(collections.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

type CollectionFields = Pick<typeof collections.$inferInsert, 'titleFa' | 'titleEn' | 'descriptionFa' | 'listing'>;

export async function insertCollection(db: Executor, slug: string, fields: CollectionFields): Promise<number> {
  const [row] = await db
    .insert(collections)
    .values({ slug, ...fields })
    .returning({ id: collections.id });
  return row!.id;
}

export async function updateCollection(db: Executor, id: number, fields: CollectionFields): Promise<void> {
  await db.update(collections).set(fields).where(eq(collections.id, id));
}

export async function deleteCollection(db: Executor, id: number): Promise<void> {
  await db.delete(collections).where(eq(collections.id, id));
}

export async function titleExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: titles.id }).from(titles).where(eq(titles.id, id));
  return Boolean(row);
}

/** Adds the title last; undefined when it is already in the collection. */
export async function addCollectionTitle(db: Executor, id: number, titleId: number): Promise<number | undefined> {
  const [row] = await db
    .insert(collectionTitles)
    .values({
      collectionId: id,
      titleId,
      // Last in the collection, worked out in the insert itself.
      position: sql`(SELECT coalesce(max(x.position) + 1, 0) FROM ${collectionTitles} x WHERE x.collection_id = ${id})`,
    })
    .onConflictDoNothing()
    .returning({ position: collectionTitles.position });
  return row?.position;
}

export async function removeCollectionTitle(db: Executor, id: number, titleId: number): Promise<void> {
  await db.delete(collectionTitles).where(and(eq(collectionTitles.collectionId, id), eq(collectionTitles.titleId, titleId)));
}

/** Positions 0, 1, 2 … in the given order. */
export async function renumberCollection(db: Executor, id: number, titleIds: number[]): Promise<void> {
  if (titleIds.length === 0) return;
  // The whole order in one statement: the list joined with its positions.
  await db.execute(
    sql`UPDATE ${collectionTitles} x SET position = (o.n - 1)::smallint FROM unnest(${sql.param(titleIds)}::int[]) WITH ORDINALITY AS o(title_id, n)
        WHERE x.collection_id = ${id} AND x.title_id = o.title_id`,
  );
}

/* Slideshow picks */

export function allPicks(db: Executor) {
  return db
    .select({ placement: slideshowPicks.placement, ...listedTitle })
    .from(slideshowPicks)
    .innerJoin(titles, eq(titles.id, slideshowPicks.titleId))
    .orderBy(slideshowPicks.placement, slideshowPicks.position, slideshowPicks.titleId);
}

/** The placement's picks in order, locked: two operators reordering take turns. */
export async function lockPicks(db: Executor, placement: SlideshowPlacement): Promise<number[]> {
  const rows = await db
    .select({ titleId: slideshowPicks.titleId })
    .from(slideshowPicks)
    .where(eq(slideshowPicks.placement, placement))
    .orderBy(slideshowPicks.position, slideshowPicks.titleId)
    .for('update');
  return rows.map((r) => r.titleId);
}

export async function insertPick(db: Executor, placement: SlideshowPlacement, titleId: number, position: number): Promise<void> {
  await db.insert(slideshowPicks).values({ placement, titleId, position });
}

export async function deletePick(db: Executor, placement: SlideshowPlacement, titleId: number): Promise<void> {
  await db.delete(slideshowPicks).where(and(eq(slideshowPicks.placement, placement), eq(slideshowPicks.titleId, titleId)));
}

/** Positions 0, 1, 2 … in the given order. */
export async function renumberPicks(db: Executor, placement: SlideshowPlacement, titleIds: number[]): Promise<void> {
  if (titleIds.length === 0) return;
  // The whole order in one statement: the list joined with its positions.
  await db.execute(
    sql`UPDATE ${slideshowPicks} x SET position = (o.n - 1)::smallint FROM unnest(${sql.param(titleIds)}::int[]) WITH ORDINALITY AS o(title_id, n)
        WHERE x.placement = ${placement} AND x.title_id = o.title_id`,
  );
}
