import { and, desc, eq, ilike, inArray, notInArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { titles } from '../../db/schema/index';

/** Whether visitors see each title, and its IMDb id, for the panel's title picks. */
export function titleFlags(db: Executor, ids: number[]) {
  return db.select({ id: titles.id, imdbId: titles.imdbId, published: titles.published }).from(titles).where(inArray(titles.id, ids));
}

export async function titleIdByImdb(db: Executor, imdbId: string): Promise<number[]> {
  const rows = await db.select({ id: titles.id }).from(titles).where(eq(titles.imdbId, imdbId));
  return rows.map((r) => r.id);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Titles whose English or Persian name contains the text, best known first, leaving out `except`. */
export async function titleIdsNamed(db: Executor, text: string, except: number[], limit: number): Promise<number[]> {
  const like = `%${escapeLike(text)}%`;
  const rows = await db
    .select({ id: titles.id })
    .from(titles)
    .where(and(or(ilike(titles.titleEn, like), ilike(titles.titleFa, like)), notInArray(titles.id, except)))
    .orderBy(desc(titles.votes), titles.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
