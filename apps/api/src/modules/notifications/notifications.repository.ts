import { and, count, desc, eq, sql } from 'drizzle-orm';
import { episodes, notificationReads, notifications, titles } from '../../db/schema/index';
import type { Executor } from '../../db/executor';
import { kidsAnd } from '../catalogue/kids';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  /** Same key for the same member: the notification is not made twice. */
  dedupeKey: string | null;
}

/** A notification as one profile sees it: `read` is that profile's own. */
export type NotificationRow = Omit<typeof notifications.$inferSelect, 'readAt'> & { read: boolean };

/** A notification a kids profile may see: it names no title, or a title rated for children. */
export const forKidsSql = (n: string) =>
  `(NOT (${n}.data ? 'titleId') OR jsonb_typeof(${n}.data->'titleId') <> 'number'
    OR EXISTS (SELECT 1 FROM titles t WHERE t.id = (${n}.data->>'titleId')::int AND t.published${kidsAnd(true)}))`;

/** What a notification about a title names it by. */
export interface TitleName {
  id: number;
  slug: string;
  titleFa: string | null;
  titleEn: string;
}

const titleName = { id: titles.id, slug: titles.slug, titleFa: titles.titleFa, titleEn: titles.titleEn };

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
      -- One notification per account, however many of its profiles keep the title.
      FROM (SELECT DISTINCT user_id FROM watchlist_items WHERE title_id = ${titleId}) w
      ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
      RETURNING id`);
    return rows.length;
  }

  /**
   * The account's notifications, read or not by this profile (decision 21: reads are per profile).
   * A kids profile does not hear about titles it may not see.
   */
  async page(db: Executor, userId: number, profileId: number, limit: number, offset: number, kids = false): Promise<{ rows: NotificationRow[]; total: number }> {
    const mine = and(eq(notifications.userId, userId), kids ? sql.raw(forKidsSql('notifications')) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          data: notifications.data,
          dedupeKey: notifications.dedupeKey,
          createdAt: notifications.createdAt,
          read: sql<boolean>`${notificationReads.profileId} IS NOT NULL`,
        })
        .from(notifications)
        .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.profileId, profileId)))
        .where(mine)
        .orderBy(desc(notifications.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(notifications).where(mine),
    ]);
    return { rows, total: total!.n };
  }

  /** Every notification of the account is read by this profile; answers how many were new to it. */
  async markAllRead(db: Executor, userId: number, profileId: number): Promise<number> {
    const { rows } = await db.execute(sql`
      INSERT INTO notification_reads (profile_id, notification_id)
      SELECT ${profileId}, n.id FROM notifications n WHERE n.user_id = ${userId}
      ON CONFLICT DO NOTHING
      RETURNING notification_id`);
    return rows.length;
  }

  async titleName(db: Executor, titleId: number): Promise<TitleName | undefined> {
    const [row] = await db.select(titleName).from(titles).where(eq(titles.id, titleId));
    return row;
  }

  /** The episode's title with the episode's place in it. */
  async episodeTitle(db: Executor, episodeId: number): Promise<(TitleName & { seasonNumber: number; episodeNumber: number }) | undefined> {
    const [row] = await db
      .select({ ...titleName, seasonNumber: episodes.seasonNumber, episodeNumber: episodes.episodeNumber })
      .from(episodes)
      .innerJoin(titles, eq(titles.id, episodes.titleId))
      .where(eq(episodes.id, episodeId));
    return row;
  }

  /** Takes a title out of coming-soon; false when it was not coming soon (or does not exist). */
  async releaseComingSoon(tx: Executor, titleId: number): Promise<boolean> {
    const rows = await tx
      .update(titles)
      .set({ comingSoon: false, updatedAt: sql`now()` })
      .where(and(eq(titles.id, titleId), eq(titles.comingSoon, true)))
      .returning({ id: titles.id });
    return rows.length > 0;
  }
}
