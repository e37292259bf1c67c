import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { people, titles } from '../../db/schema/index';

/** The IMDb id a published title's drawn artwork is seeded with; undefined for an unknown or hidden title. */
export async function publishedTitleImdbId(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ imdbId: titles.imdbId }).from(titles).where(and(eq(titles.id, id), eq(titles.published, true)));
  return row?.imdbId;
}

/** The IMDb id a person's drawn portrait is seeded with; undefined for an unknown person. */
export async function personImdbId(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ imdbId: people.imdbId }).from(people).where(eq(people.id, id));
  return row?.imdbId;
}
