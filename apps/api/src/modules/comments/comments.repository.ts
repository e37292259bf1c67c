import { and, eq, sql } from 'drizzle-orm';
import { commentLikes, commentReports, comments } from '../../db/schema/index';
import type { Executor } from '../../db/executor';
import { toggle, toggleKinds } from '../account/toggle';

export type CommentRow = {
  id: number;
  title_id: number;
  parent_id: number | null;
  user_id: number;
  author_name: string;
  body: string;
  spoiler: boolean;
  likes: number;
  created_at: Date;
  edited_at: Date | null;
};

export type ReplyRow = CommentRow & { reply_count: number };

const COLUMNS = sql`c.id, c.title_id, c.parent_id, c.user_id, coalesce(c.profile_name, u.name) AS author_name, c.body, c.spoiler, c.likes, c.created_at, c.edited_at`;
/** Shown to members: not hidden or deleted by a moderator (a reply also needs its top comment shown). */
const VISIBLE = sql`c.hidden_at IS NULL AND c.deleted_at IS NULL`;
/** Replies shown under each top comment; the count says how many there are in all. */
const REPLIES_SHOWN = 50;

export class CommentsRepository {
  async byId(db: Executor, id: number): Promise<CommentRow | undefined> {
    const { rows } = await db.execute<CommentRow>(sql`SELECT ${COLUMNS} FROM comments c JOIN users u ON u.id = c.user_id WHERE c.id = ${id}`);
    return rows[0];
  }

  /** The comment as members may see it: undefined when it, or the comment it replies to, was hidden or deleted by a moderator. */
  async visibleById(db: Executor, id: number): Promise<CommentRow | undefined> {
    const { rows } = await db.execute<CommentRow>(sql`
      SELECT ${COLUMNS} FROM comments c JOIN users u ON u.id = c.user_id
      LEFT JOIN comments p ON p.id = c.parent_id
      WHERE c.id = ${id} AND ${VISIBLE} AND (p.id IS NULL OR (p.hidden_at IS NULL AND p.deleted_at IS NULL))`);
    return rows[0];
  }

  /** Until when the member may not comment (a moderator's mute), when that is still ahead. */
  async mutedUntil(db: Executor, userId: number): Promise<Date | null> {
    const { rows } = await db.execute<{ muted_until: Date | null }>(sql`SELECT muted_until FROM users WHERE id = ${userId} AND muted_until > now()`);
    return rows[0]?.muted_until ? new Date(rows[0].muted_until) : null;
  }

  /**
   * The comment row locked for the rest of the transaction (edit and delete check the author first).
   * One a moderator deleted is gone for its author too.
   */
  async lockOwner(tx: Executor, id: number): Promise<{ userId: number } | undefined> {
    const { rows } = await tx.execute<{ user_id: number }>(sql`SELECT user_id FROM comments WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
    return rows[0] ? { userId: rows[0].user_id } : undefined;
  }

  async insert(tx: Executor, v: { titleId: number; userId: number; profileName: string | null; parentId: number | null; body: string; spoiler: boolean }): Promise<number> {
    const [row] = await tx.insert(comments).values(v).returning({ id: comments.id });
    return row!.id;
  }

  async update(tx: Executor, id: number, v: { body?: string; spoiler?: boolean }): Promise<void> {
    await tx
      .update(comments)
      .set({
        ...v,
        updatedAt: sql`now()`,
        // Only a change of the words marks the comment as edited.
        ...(v.body !== undefined ? { editedAt: sql`CASE WHEN ${comments.body} IS DISTINCT FROM ${v.body} THEN now() ELSE ${comments.editedAt} END` } : {}),
      })
      .where(eq(comments.id, id));
  }

  async remove(tx: Executor, id: number): Promise<void> {
    await tx.delete(comments).where(eq(comments.id, id));
  }

  /** Same toggle as title likes: the row under a unique key, and the comment's counter in step. */
  async toggleLike(tx: Executor, userId: number, commentId: number): Promise<{ liked: boolean; likes: number }> {
    const liked = await toggle(
      tx,
      toggleKinds.commentLike,
      userId,
      commentId,
      () => tx.insert(commentLikes).values({ userId, commentId }).onConflictDoNothing().returning({ id: commentLikes.commentId }),
      () =>
        tx
          .delete(commentLikes)
          .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
          .returning({ id: commentLikes.commentId }),
    );
    const [c] = await tx
      .update(comments)
      .set({ likes: liked ? sql`${comments.likes} + 1` : sql`${comments.likes} - 1` })
      .where(eq(comments.id, commentId))
      .returning({ likes: comments.likes });
    return { liked, likes: c!.likes };
  }

  /** True when this is the member's first report of the comment. */
  async report(db: Executor, userId: number, commentId: number, reason: string | null): Promise<boolean> {
    const rows = await db.insert(commentReports).values({ userId, commentId, reason }).onConflictDoNothing().returning({ id: commentReports.commentId });
    return rows.length > 0;
  }

  /** Top-level comments of a title, most liked first (then newest). */
  async topPage(db: Executor, titleId: number, limit: number, offset: number): Promise<{ rows: CommentRow[]; total: number }> {
    const [page, total] = await Promise.all([
      db.execute<CommentRow>(sql`
        SELECT ${COLUMNS} FROM comments c JOIN users u ON u.id = c.user_id
        WHERE c.title_id = ${titleId} AND c.parent_id IS NULL AND ${VISIBLE}
        ORDER BY c.likes DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM comments c WHERE c.title_id = ${titleId} AND c.parent_id IS NULL AND ${VISIBLE}`),
    ]);
    return { rows: page.rows, total: total.rows[0]!.n };
  }

  /** The first replies of each of these comments, oldest first, with how many each has. */
  async replies(db: Executor, parentIds: number[]): Promise<ReplyRow[]> {
    if (parentIds.length === 0) return [];
    const { rows } = await db.execute<ReplyRow & { rn: number }>(sql`
      SELECT * FROM (
        SELECT ${COLUMNS}, row_number() OVER w AS rn, count(*) OVER (PARTITION BY c.parent_id)::int AS reply_count
        FROM comments c JOIN users u ON u.id = c.user_id
        WHERE c.parent_id = ANY(${`{${parentIds.join(',')}}`}::int[]) AND ${VISIBLE}
        WINDOW w AS (PARTITION BY c.parent_id ORDER BY c.id)) x
      WHERE x.rn <= ${REPLIES_SHOWN} ORDER BY x.parent_id, x.id`);
    return rows;
  }

  async likedIds(db: Executor, userId: number, titleId: number): Promise<number[]> {
    const { rows } = await db.execute<{ id: number }>(sql`
      SELECT l.comment_id AS id FROM comment_likes l JOIN comments c ON c.id = l.comment_id
      WHERE l.user_id = ${userId} AND c.title_id = ${titleId} AND ${VISIBLE} ORDER BY l.comment_id`);
    return rows.map((r) => r.id);
  }
}
