import { eq, sql, type SQL } from 'drizzle-orm';
import { comments, users } from '../../db/schema/index';
import type { titles } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

type CommentTable = typeof comments.$inferSelect;

/** A comment as the moderation list shows it, with its title, author and report counts. */
export type ModerationRow = Pick<
  CommentTable,
  'id' | 'parentId' | 'body' | 'spoiler' | 'likes' | 'createdAt' | 'editedAt' | 'hiddenAt' | 'hiddenReason' | 'deletedAt' | 'reviewedAt'
> &
  Pick<typeof titles.$inferSelect, 'slug' | 'titleEn' | 'titleFa'> &
  Pick<typeof users.$inferSelect, 'email' | 'mutedUntil'> & {
    titleId: number;
    userId: number;
    userName: string;
    parentRemoved: boolean;
    reportCount: number;
    openReports: number;
  };

export type ReportRow = { comment_id: number; reason: string | null; name: string; created_at: Date };

/** What a moderator's decision changes and the audit entry records. */
export type ModeratedColumns = Pick<CommentTable, 'hiddenAt' | 'hiddenReason' | 'deletedAt' | 'reviewedAt' | 'spoiler'>;

export type ModerationFilter = { state?: 'reported' | 'visible' | 'hidden' | 'deleted'; titleId?: number; memberId?: number; q?: string };

/** One moderator's change to a comment. */
export type CommentChange =
  | { hide: string }
  | { delete: true }
  | { restore: true }
  | { review: true }
  | { spoiler: boolean };

/** Reports made after the last review: the comment waits for a moderator while it has any (and is shown). */
const OPEN_REPORTS = sql`(SELECT count(*)::int FROM comment_reports cr WHERE cr.comment_id = c.id AND cr.created_at > coalesce(c.reviewed_at, '-infinity'::timestamptz))`;
const SHOWN = sql`c.hidden_at IS NULL AND c.deleted_at IS NULL`;

// Named as the schema names the fields, so the rows are typed from it.
const SELECT = sql`
  SELECT c.id, c.parent_id AS "parentId", c.body, c.spoiler, c.likes, c.created_at AS "createdAt", c.edited_at AS "editedAt",
    c.hidden_at AS "hiddenAt", c.hidden_reason AS "hiddenReason", c.deleted_at AS "deletedAt", c.reviewed_at AS "reviewedAt",
    t.id AS "titleId", t.slug, t.title_en AS "titleEn", t.title_fa AS "titleFa", u.id AS "userId", u.name AS "userName", u.email,
    CASE WHEN u.muted_until > now() THEN u.muted_until END AS "mutedUntil",
    (p.id IS NOT NULL AND (p.hidden_at IS NOT NULL OR p.deleted_at IS NOT NULL)) AS "parentRemoved",
    (SELECT count(*)::int FROM comment_reports cr WHERE cr.comment_id = c.id) AS "reportCount",
    ${OPEN_REPORTS} AS "openReports"
  FROM comments c JOIN titles t ON t.id = c.title_id JOIN users u ON u.id = c.user_id LEFT JOIN comments p ON p.id = c.parent_id`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const moderated = { hiddenAt: comments.hiddenAt, hiddenReason: comments.hiddenReason, deletedAt: comments.deletedAt, reviewedAt: comments.reviewedAt, spoiler: comments.spoiler };

/** Comments, their reports and the members' mutes, as moderators see and change them. */
export class AdminCommentsRepository {
  /**
   * One page of the moderation list: comments with reports nobody has looked at first, then the newest.
   * Hand-written: the correlated report counts and the order over them are clearer and cheaper in SQL.
   */
  async page(db: Executor, f: ModerationFilter, limit: number, offset: number): Promise<{ rows: ModerationRow[]; total: number }> {
    const where: SQL[] = [];
    if (f.state === 'reported') where.push(sql`${SHOWN} AND ${OPEN_REPORTS} > 0`);
    if (f.state === 'visible') where.push(SHOWN);
    if (f.state === 'hidden') where.push(sql`c.hidden_at IS NOT NULL AND c.deleted_at IS NULL`);
    if (f.state === 'deleted') where.push(sql`c.deleted_at IS NOT NULL`);
    if (f.titleId) where.push(sql`c.title_id = ${f.titleId}`);
    if (f.memberId) where.push(sql`c.user_id = ${f.memberId}`);
    if (f.q) where.push(sql`c.body ILIKE ${`%${escapeLike(f.q)}%`}`);
    const cond = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    const [page, counted] = await Promise.all([
      db.execute<ModerationRow>(sql`
        SELECT * FROM (${SELECT} ${cond}) x
        ORDER BY (x."hiddenAt" IS NULL AND x."deletedAt" IS NULL AND x."openReports" > 0) DESC, x.id DESC
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM comments c ${cond}`),
    ]);
    return { rows: page.rows, total: counted.rows[0]?.n ?? 0 };
  }

  async byId(db: Executor, id: number): Promise<ModerationRow | undefined> {
    // Hand-written: the same projection as the list's.
    const { rows } = await db.execute<ModerationRow>(sql`${SELECT} WHERE c.id = ${id}`);
    return rows[0];
  }

  /** The newest 20 reports of each comment, newest first. Hand-written: a window function per comment. */
  async reports(db: Executor, ids: number[]): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await db.execute<ReportRow>(sql`
      SELECT comment_id, reason, name, created_at FROM (
        SELECT cr.comment_id, cr.reason, u.name, cr.created_at, row_number() OVER (PARTITION BY cr.comment_id ORDER BY cr.created_at DESC, cr.user_id) AS n
        FROM comment_reports cr JOIN users u ON u.id = cr.user_id WHERE cr.comment_id = ANY(${`{${ids.join(',')}}`}::int[])) x
      WHERE n <= 20 ORDER BY created_at DESC`);
    return rows;
  }

  /** Shown comments with reports nobody has looked at. Hand-written: a correlated EXISTS over the reports. */
  async reportedCount(db: Executor): Promise<number> {
    const { rows } = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM comments c
      WHERE ${SHOWN} AND EXISTS (SELECT 1 FROM comment_reports cr WHERE cr.comment_id = c.id AND cr.created_at > coalesce(c.reviewed_at, '-infinity'::timestamptz))`);
    return rows[0]?.n ?? 0;
  }

  /** What moderation changes of a comment, the row locked until the transaction ends. */
  async lockModerated(tx: Executor, id: number): Promise<ModeratedColumns | undefined> {
    const [row] = await tx.select(moderated).from(comments).where(eq(comments.id, id)).for('update');
    return row;
  }

  async moderate(tx: Executor, id: number, change: CommentChange): Promise<void> {
    const set =
      'hide' in change
        ? { hiddenAt: sql`coalesce(${comments.hiddenAt}, now())`, hiddenReason: change.hide, reviewedAt: sql`now()` }
        : 'delete' in change
          ? { deletedAt: sql`now()`, reviewedAt: sql`now()` }
          : 'restore' in change
            ? { hiddenAt: null, hiddenReason: null, deletedAt: null }
            : 'review' in change
              ? { reviewedAt: sql`now()` }
              : { spoiler: change.spoiler };
    await tx.update(comments).set(set).where(eq(comments.id, id));
  }

  /** The member's mute while it lasts (null when none or over), the account locked; undefined when there is no such member. */
  async lockMute(tx: Executor, memberId: number): Promise<{ mutedUntil: Date | null } | undefined> {
    const [row] = await tx
      .select({ mutedUntil: sql<Date | null>`CASE WHEN ${users.mutedUntil} > now() THEN ${users.mutedUntil} END`.mapWith(users.mutedUntil) })
      .from(users)
      .where(eq(users.id, memberId))
      .for('update');
    return row;
  }

  /** Mutes the member for `days` from now, or lifts the mute (null). */
  async setMute(tx: Executor, memberId: number, days: number | null): Promise<Date | null> {
    const [row] = await tx
      .update(users)
      .set({ mutedUntil: days === null ? null : sql`now() + make_interval(days => ${days}::int)`, updatedAt: sql`now()` })
      .where(eq(users.id, memberId))
      .returning({ mutedUntil: users.mutedUntil });
    return row!.mutedUntil;
  }
}
