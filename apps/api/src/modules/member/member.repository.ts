import { and, count, desc, eq, sql } from 'drizzle-orm';
import { episodes, titleLikes, titleRatings, titleStats, watchHistory, watchlistItems } from '../../db/schema/index';
import type { Executor } from '../../db/executor';
import { kidsTitleSql } from '../catalogue/kids';
import { toggle, toggleKinds } from '../account/toggle';

export type HistoryRow = {
  title_id: number;
  episode_id: number | null;
  position_sec: number;
  updated_at: Date;
  season_number: number | null;
  episode_number: number | null;
  name_en: string | null;
  name_fa: string | null;
  /** The member's own rating of the title. */
  my_rating: number | null;
};

/** Whose lists: the account, and the profile (decision 21) whose lists they are. */
export interface Who {
  userId: number;
  profileId: number;
}

/** The watchlist, history, likes and ratings of one profile of a member. */
export class MemberRepository {
  toggleWatchlist(tx: Executor, { userId, profileId }: Who, titleId: number): Promise<boolean> {
    return toggle(
      tx,
      toggleKinds.watchlist,
      profileId,
      titleId,
      () => tx.insert(watchlistItems).values({ userId, profileId, titleId }).onConflictDoNothing().returning({ id: watchlistItems.titleId }),
      () =>
        tx
          .delete(watchlistItems)
          .where(and(eq(watchlistItems.profileId, profileId), eq(watchlistItems.titleId, titleId)))
          .returning({ id: watchlistItems.titleId }),
    );
  }

  /** A title the account asked for (a fulfilled request) joins its main profile's watchlist. */
  async addToMainWatchlist(tx: Executor, userId: number, titleId: number): Promise<void> {
    await tx.execute(sql`
      INSERT INTO watchlist_items (user_id, profile_id, title_id)
      SELECT p.user_id, p.id, ${titleId} FROM profiles p WHERE p.user_id = ${userId} AND p.main
      ON CONFLICT DO NOTHING`);
  }

  /** A page of the watchlist with the member's own rating of each title, in one query (plus the count). */
  async watchlistPage(db: Executor, profileId: number, limit: number, offset: number): Promise<{ rows: { id: number; myRating: number | null }[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: watchlistItems.titleId, myRating: titleRatings.rating })
        .from(watchlistItems)
        .leftJoin(titleRatings, and(eq(titleRatings.profileId, watchlistItems.profileId), eq(titleRatings.titleId, watchlistItems.titleId)))
        .where(eq(watchlistItems.profileId, profileId))
        .orderBy(desc(watchlistItems.createdAt), desc(watchlistItems.titleId))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(watchlistItems).where(eq(watchlistItems.profileId, profileId)),
    ]);
    return { rows, total: total!.n };
  }

  async episodeOfTitle(db: Executor, episodeId: number, titleId: number): Promise<boolean> {
    const rows = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, episodeId), eq(episodes.titleId, titleId)));
    return rows.length > 0;
  }

  /** One row per title and episode: a visit refreshes it; a position, when given, replaces the old one. */
  async recordVisit(tx: Executor, v: Who & { titleId: number; episodeId: number | null; positionSec: number | null }) {
    const { rows } = await tx.execute<{ title_id: number; episode_id: number | null; position_sec: number; updated_at: Date }>(sql`
      INSERT INTO watch_history (user_id, profile_id, title_id, episode_id, position_sec)
      VALUES (${v.userId}, ${v.profileId}, ${v.titleId}, ${v.episodeId}::int, coalesce(${v.positionSec}::int, 0))
      ON CONFLICT (profile_id, title_id, (coalesce(episode_id, 0)))
      DO UPDATE SET position_sec = coalesce(${v.positionSec}::int, watch_history.position_sec), updated_at = now()
      RETURNING title_id, episode_id, position_sec, updated_at`);
    return rows[0]!;
  }

  /** The latest visit of each title (and the episode it was in) with the member's rating, most recent first. */
  async historyPage(db: Executor, profileId: number, limit: number, offset: number): Promise<{ rows: HistoryRow[]; total: number }> {
    const [page, total] = await Promise.all([
      db.execute<HistoryRow>(sql`
        WITH latest AS (
          SELECT DISTINCT ON (h.title_id) h.title_id, h.episode_id, h.position_sec, h.updated_at
          FROM watch_history h WHERE h.profile_id = ${profileId}
          ORDER BY h.title_id, h.updated_at DESC, h.id DESC)
        SELECT l.title_id, l.episode_id, l.position_sec, l.updated_at, e.season_number, e.episode_number, e.name_en, e.name_fa,
          r.rating::int AS my_rating
        FROM latest l
        LEFT JOIN episodes e ON e.id = l.episode_id
        LEFT JOIN title_ratings r ON r.profile_id = ${profileId} AND r.title_id = l.title_id
        ORDER BY l.updated_at DESC, l.title_id DESC
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(sql`SELECT count(DISTINCT title_id)::int AS n FROM watch_history WHERE profile_id = ${profileId}`),
    ]);
    return { rows: page.rows, total: total.rows[0]!.n };
  }

  async clearHistory(db: Executor, profileId: number, titleId?: number): Promise<void> {
    await db.delete(watchHistory).where(and(eq(watchHistory.profileId, profileId), titleId === undefined ? undefined : eq(watchHistory.titleId, titleId)));
  }

  /** Toggles the like and keeps the title's counter in step, in the caller's transaction. */
  async toggleLike(tx: Executor, { userId, profileId }: Who, titleId: number): Promise<{ liked: boolean; likes: number }> {
    const liked = await toggle(
      tx,
      toggleKinds.titleLike,
      profileId,
      titleId,
      () => tx.insert(titleLikes).values({ userId, profileId, titleId }).onConflictDoNothing().returning({ id: titleLikes.titleId }),
      () =>
        tx
          .delete(titleLikes)
          .where(and(eq(titleLikes.profileId, profileId), eq(titleLikes.titleId, titleId)))
          .returning({ id: titleLikes.titleId }),
    );
    const [stats] = liked
      ? await tx
          .insert(titleStats)
          .values({ titleId, likes: 1 })
          .onConflictDoUpdate({ target: titleStats.titleId, set: { likes: sql`${titleStats.likes} + 1` } })
          .returning({ likes: titleStats.likes })
      : await tx
          .update(titleStats)
          .set({ likes: sql`${titleStats.likes} - 1` })
          .where(eq(titleStats.titleId, titleId))
          .returning({ likes: titleStats.likes });
    return { liked, likes: stats?.likes ?? 0 };
  }

  async setRating(tx: Executor, { userId, profileId }: Who, titleId: number, rating: number | null): Promise<void> {
    if (rating === null) {
      await tx.delete(titleRatings).where(and(eq(titleRatings.profileId, profileId), eq(titleRatings.titleId, titleId)));
      return;
    }
    await tx
      .insert(titleRatings)
      .values({ userId, profileId, titleId, rating })
      .onConflictDoUpdate({ target: [titleRatings.profileId, titleRatings.titleId], set: { rating, updatedAt: sql`now()` } });
  }

  /** What the member did with a title, in one query; undefined when the title does not exist. */
  async titleState(db: Executor, profileId: number, titleId: number, kids: boolean) {
    const { rows } = await db.execute<{ in_watchlist: boolean; liked: boolean; likes: number; rating: number | null }>(sql`
      SELECT
        EXISTS (SELECT 1 FROM watchlist_items w WHERE w.profile_id = ${profileId} AND w.title_id = t.id) AS in_watchlist,
        EXISTS (SELECT 1 FROM title_likes l WHERE l.profile_id = ${profileId} AND l.title_id = t.id) AS liked,
        coalesce((SELECT s.likes FROM title_stats s WHERE s.title_id = t.id), 0) AS likes,
        (SELECT r.rating FROM title_ratings r WHERE r.profile_id = ${profileId} AND r.title_id = t.id) AS rating
      FROM titles t WHERE t.id = ${titleId} AND (NOT ${kids}::boolean OR ${sql.raw(kidsTitleSql('t'))})`);
    return rows[0];
  }
}
