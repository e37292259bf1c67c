import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/index';
import type { Executor } from '../account/executor';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  /** Same key for the same member: the notification is not made twice. */
  dedupeKey: string | null;
}

export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationsRepository {
  async insert(db: Executor, userId: number, n: NewNotification): Promise<boolean> {
    const { rows } = await db.execute(sql`
      INSERT INTO notifications (user_id, kind, title, body, link, data, dedupe_key)
      VALUES (${userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${JSON.stringify(n.data)}::jsonb, ${n.dedupeKey})
      ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
      RETURNING id`);
    return rows.length > 0;
  }

  /** The same notification for every member with the title in their watchlist, in one statement. */
  async insertForWatchers(db: Executor, titleId: number, n: NewNotification): Promise<number> {
    const { rows } = await db.execute(sql`
      INSERT INTO notifications (user_id, kind, title, body, link, data, dedupe_key)
      SELECT w.user_id, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${JSON.stringify(n.data)}::jsonb, ${n.dedupeKey}
      FROM watchlist_items w WHERE w.title_id = ${titleId}
      ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
      RETURNING id`);
    return rows.length;
  }

  async page(db: Executor, userId: number, limit: number, offset: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    ]);
    return { rows, total: total!.n };
  }

  async markAllRead(db: Executor, userId: number): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
