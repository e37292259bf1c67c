/**
 * Seasons, episodes, credits and dub editions of one title. Rows keep the database's column
 * names: the audit log records them as they are.
 */
import type { CreditRole } from '@parde/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { credits, dubs, episodes, mediaAssets, mediaFiles, people, seasons, titles } from '../../db/schema/index';

const seasonColumns = { id: seasons.id, title_id: seasons.titleId, number: seasons.number, year: seasons.year };
const episodeColumns = {
  id: episodes.id,
  imdb_id: episodes.imdbId,
  title_id: episodes.titleId,
  season_number: episodes.seasonNumber,
  episode_number: episodes.episodeNumber,
  name_fa: episodes.nameFa,
  name_en: episodes.nameEn,
  year: episodes.year,
  runtime: episodes.runtime,
};
const creditColumns = { title_id: credits.titleId, person_id: credits.personId, role: credits.role, character: credits.character, billing: credits.billing };
const dubColumns = { id: dubs.id, title_id: dubs.titleId, studio: dubs.studio, language: dubs.language };

/* Seasons */

export async function season(db: Executor, id: number) {
  const [row] = await db.select(seasonColumns).from(seasons).where(eq(seasons.id, id));
  return row;
}
export type SeasonRow = NonNullable<Awaited<ReturnType<typeof season>>>;

export async function hasSeason(db: Executor, titleId: number, number: number): Promise<boolean> {
  const [row] = await db.select({ id: seasons.id }).from(seasons).where(and(eq(seasons.titleId, titleId), eq(seasons.number, number)));
  return Boolean(row);
}

export async function insertSeason(db: Executor, titleId: number, number: number, year: number | null): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values({ titleId, number, year }).returning(seasonColumns);
  return row!;
}

export async function updateSeason(db: Executor, id: number, number: number, year: number | null): Promise<SeasonRow> {
  const [row] = await db.update(seasons).set({ number, year }).where(eq(seasons.id, id)).returning(seasonColumns);
  return row!;
}

/** A season's new number: its episodes and their files move with it. */
export async function renumberSeasonEpisodes(db: Executor, titleId: number, from: number, to: number): Promise<void> {
  await db
    .update(episodes)
    .set({ seasonNumber: to })
    .where(and(eq(episodes.titleId, titleId), eq(episodes.seasonNumber, from)));
  await db
    .update(mediaFiles)
    .set({ seasonNumber: to })
    .where(and(eq(mediaFiles.titleId, titleId), eq(mediaFiles.seasonNumber, from)));
}

export async function deleteSeason(db: Executor, id: number, titleId: number, number: number): Promise<void> {
  await db.delete(episodes).where(and(eq(episodes.titleId, titleId), eq(episodes.seasonNumber, number)));
  await db.delete(seasons).where(eq(seasons.id, id));
}

/* Episodes */

export async function episode(db: Executor, id: number) {
  const [row] = await db.select(episodeColumns).from(episodes).where(eq(episodes.id, id));
  return row;
}
export type EpisodeRow = NonNullable<Awaited<ReturnType<typeof episode>>>;

export function seasonEpisodes(db: Executor, titleId: number, seasonNumber: number): Promise<EpisodeRow[]> {
  return db
    .select(episodeColumns)
    .from(episodes)
    .where(and(eq(episodes.titleId, titleId), eq(episodes.seasonNumber, seasonNumber)))
    .orderBy(episodes.episodeNumber);
}

/** Whether another episode of the title has these numbers. */
export async function hasEpisode(db: Executor, titleId: number, seasonNumber: number, episodeNumber: number, except: number): Promise<boolean> {
  const [row] = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(and(eq(episodes.titleId, titleId), eq(episodes.seasonNumber, seasonNumber), eq(episodes.episodeNumber, episodeNumber), ne(episodes.id, except)));
  return Boolean(row);
}

export async function episodeHasVideo(db: Executor, e: { title_id: number; id: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.titleId, e.title_id), eq(sql`coalesce(${mediaAssets.episodeId}, 0)`, e.id)));
  return Boolean(row);
}

export async function insertEpisode(db: Executor, row: typeof episodes.$inferInsert): Promise<EpisodeRow> {
  const [inserted] = await db.insert(episodes).values(row).returning(episodeColumns);
  return inserted!;
}

export async function updateEpisode(
  db: Executor,
  id: number,
  set: Pick<typeof episodes.$inferInsert, 'seasonNumber' | 'episodeNumber' | 'nameFa' | 'nameEn' | 'year' | 'runtime'>,
): Promise<EpisodeRow> {
  const [row] = await db.update(episodes).set(set).where(eq(episodes.id, id)).returning(episodeColumns);
  // The files page lists an episode's files by its numbers.
  await db.update(mediaFiles).set({ seasonNumber: set.seasonNumber, episodeNumber: set.episodeNumber }).where(eq(mediaFiles.episodeId, id));
  return row!;
}

export async function deleteEpisode(db: Executor, id: number): Promise<void> {
  await db.delete(episodes).where(eq(episodes.id, id));
}

/* Credits */

export async function personExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: people.id }).from(people).where(eq(people.id, id));
  return Boolean(row);
}

export async function credit(db: Executor, titleId: number, personId: number, role: CreditRole) {
  const [row] = await db
    .select(creditColumns)
    .from(credits)
    .where(and(eq(credits.titleId, titleId), eq(credits.personId, personId), eq(credits.role, role)));
  return row;
}

/** The credit, last in its role; undefined when the person already has that role on the title. */
export async function insertCredit(db: Executor, titleId: number, personId: number, role: CreditRole, character: string | null) {
  const [row] = await db
    .insert(credits)
    .values({
      titleId,
      personId,
      role,
      character,
      // Last in its role, worked out in the insert itself.
      billing: sql`(SELECT coalesce(max(c.billing) + 1, 0) FROM ${credits} c WHERE c.title_id = ${titleId} AND c.role = ${role})`,
    })
    .onConflictDoNothing()
    .returning(creditColumns);
  return row;
}

export async function setCreditCharacter(db: Executor, titleId: number, personId: number, role: CreditRole, character: string | null) {
  const [row] = await db
    .update(credits)
    .set({ character })
    .where(and(eq(credits.titleId, titleId), eq(credits.personId, personId), eq(credits.role, role)))
    .returning(creditColumns);
  return row;
}

export async function deleteCredit(db: Executor, titleId: number, personId: number, role: CreditRole): Promise<void> {
  await db.delete(credits).where(and(eq(credits.titleId, titleId), eq(credits.personId, personId), eq(credits.role, role)));
}

export async function creditOrder(db: Executor, titleId: number, role: CreditRole): Promise<number[]> {
  const rows = await db
    .select({ personId: credits.personId })
    .from(credits)
    .where(and(eq(credits.titleId, titleId), eq(credits.role, role)))
    .orderBy(asc(credits.billing), asc(credits.personId));
  return rows.map((r) => r.personId);
}

/** Billing 0, 1, 2 … in the given order. */
export async function setCreditOrder(db: Executor, titleId: number, role: CreditRole, personIds: number[]): Promise<void> {
  // The whole order in one statement: the list joined with its positions.
  await db.execute(
    sql`UPDATE ${credits} c SET billing = (x.n - 1)::smallint FROM unnest(${sql.param(personIds)}::int[]) WITH ORDINALITY AS x(person_id, n)
        WHERE c.title_id = ${titleId} AND c.role = ${role} AND c.person_id = x.person_id`,
  );
}

/* Dub editions */

export async function dub(db: Executor, id: number) {
  const [row] = await db.select(dubColumns).from(dubs).where(eq(dubs.id, id));
  return row;
}
export type DubRow = NonNullable<Awaited<ReturnType<typeof dub>>>;

/** The new dub edition; undefined when the title has one of that studio. */
export async function insertDub(db: Executor, titleId: number, studio: string, language: string): Promise<DubRow | undefined> {
  const [row] = await db.insert(dubs).values({ titleId, studio, language }).onConflictDoNothing().returning(dubColumns);
  return row;
}

export async function updateDub(db: Executor, id: number, studio: string, language: string): Promise<DubRow | undefined> {
  const [row] = await db.update(dubs).set({ studio, language }).where(eq(dubs.id, id)).returning(dubColumns);
  return row;
}

export async function deleteDub(db: Executor, id: number): Promise<void> {
  await db.delete(dubs).where(eq(dubs.id, id));
}

export async function dubHasFiles(db: Executor, titleId: number, dubId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.titleId, titleId), eq(mediaFiles.dubId, dubId)))
    .limit(1);
  return Boolean(row);
}

/** `titles.has_dub` follows whether any dub edition is left. */
export async function syncHasDub(db: Executor, titleId: number): Promise<void> {
  await db
    .update(titles)
    .set({ hasDub: sql`EXISTS (SELECT 1 FROM ${dubs} d WHERE d.title_id = ${titleId})`, updatedAt: sql`now()` })
    .where(eq(titles.id, titleId));
}
