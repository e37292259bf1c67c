import { count, desc, eq } from 'drizzle-orm';
import { contentRequests } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type RequestRow = typeof contentRequests.$inferSelect;

export class RequestsRepository {
  async insert(db: Executor, v: { userId: number; title: string; year: number | null; imdbUrl: string | null; imdbId: string | null; note: string | null }): Promise<RequestRow> {
    const [row] = await db.insert(contentRequests).values(v).returning();
    return row!;
  }

  async page(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: RequestRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db.select().from(contentRequests).where(eq(contentRequests.userId, userId)).orderBy(desc(contentRequests.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(contentRequests).where(eq(contentRequests.userId, userId)),
    ]);
    return { rows, total: total!.n };
  }
}
