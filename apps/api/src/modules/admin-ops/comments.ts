import type { AdminComment, AdminCommentsQuery, AdminMute } from '@parde/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { webPaths } from '../../lib/urls';
import { iso, isoOrNull, pageMeta, type Executor, type Tx } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';

const messages = {
  commentNotFound: 'دیدگاهی با این شماره پیدا نشد.',
  memberNotFound: 'عضوی با این شماره پیدا نشد.',
};

const stateLabels = { visible: 'نمایش داده می‌شود', hidden: 'پنهان', deleted: 'حذف‌شده' } as const;

type Row = {
  id: number;
  parent_id: number | null;
  body: string;
  spoiler: boolean;
  likes: number;
  created_at: Date;
  edited_at: Date | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  deleted_at: Date | null;
  reviewed_at: Date | null;
  title_id: number;
  slug: string;
  title_en: string;
  title_fa: string | null;
  user_id: number;
  user_name: string;
  email: string;
  muted_until: Date | null;
  parent_removed: boolean;
  report_count: number;
  open_reports: number;
};

/** Reports made after the last review: the comment waits for a moderator while it has any (and is shown). */
const OPEN_REPORTS = sql`(SELECT count(*)::int FROM comment_reports cr WHERE cr.comment_id = c.id AND cr.created_at > coalesce(c.reviewed_at, '-infinity'::timestamptz))`;
const SHOWN = sql`c.hidden_at IS NULL AND c.deleted_at IS NULL`;

const SELECT = sql`
  SELECT c.id, c.parent_id, c.body, c.spoiler, c.likes, c.created_at, c.edited_at, c.hidden_at, c.hidden_reason, c.deleted_at, c.reviewed_at,
    t.id AS title_id, t.slug, t.title_en, t.title_fa, u.id AS user_id, u.name AS user_name, u.email,
    CASE WHEN u.muted_until > now() THEN u.muted_until END AS muted_until,
    (p.id IS NOT NULL AND (p.hidden_at IS NOT NULL OR p.deleted_at IS NOT NULL)) AS parent_removed,
    (SELECT count(*)::int FROM comment_reports cr WHERE cr.comment_id = c.id) AS report_count,
    ${OPEN_REPORTS} AS open_reports
  FROM comments c JOIN titles t ON t.id = c.title_id JOIN users u ON u.id = c.user_id LEFT JOIN comments p ON p.id = c.parent_id`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Who is looking decides what of the author they see: members' personal data (the email) is for
 * admins only, so an editor's answer never carries it.
 */
export type CommentViewer = { role: string };
const seesEmail = (viewer: CommentViewer) => viewer.role === 'admin';

function toAdminComment(r: Row, reports: AdminComment['reports'], viewer: CommentViewer): AdminComment {
  const state = r.deleted_at ? 'deleted' : r.hidden_at ? 'hidden' : 'visible';
  return {
    id: r.id,
    parentId: r.parent_id,
    body: r.body,
    spoiler: r.spoiler,
    likes: r.likes,
    createdAt: iso(r.created_at),
    editedAt: isoOrNull(r.edited_at),
    title: { id: r.title_id, path: webPaths.title(r.title_id, r.slug), titleEn: r.title_en, titleFa: r.title_fa },
    author: { id: r.user_id, name: r.user_name, ...(seesEmail(viewer) ? { email: r.email } : {}), mutedUntil: isoOrNull(r.muted_until) },
    state,
    stateLabel: stateLabels[state],
    hiddenAt: isoOrNull(r.hidden_at),
    hiddenReason: r.hidden_reason,
    deletedAt: isoOrNull(r.deleted_at),
    reviewedAt: isoOrNull(r.reviewed_at),
    parentRemoved: r.parent_removed,
    openReports: state === 'visible' ? r.open_reports : 0,
    reports,
    reportCount: r.report_count,
  };
}

async function reportsOf(db: Executor, ids: number[]): Promise<Map<number, AdminComment['reports']>> {
  const out = new Map<number, AdminComment['reports']>();
  if (ids.length === 0) return out;
  const { rows } = await db.execute<{ comment_id: number; reason: string | null; name: string; created_at: Date }>(sql`
    SELECT comment_id, reason, name, created_at FROM (
      SELECT cr.comment_id, cr.reason, u.name, cr.created_at, row_number() OVER (PARTITION BY cr.comment_id ORDER BY cr.created_at DESC, cr.user_id) AS n
      FROM comment_reports cr JOIN users u ON u.id = cr.user_id WHERE cr.comment_id = ANY(${`{${ids.join(',')}}`}::int[])) x
    WHERE n <= 20 ORDER BY created_at DESC`);
  for (const r of rows) {
    const list = out.get(r.comment_id) ?? [];
    list.push({ reason: r.reason, memberName: r.name, createdAt: iso(r.created_at) });
    out.set(r.comment_id, list);
  }
  return out;
}

/** Comments for moderation: those with reports nobody has looked at first, then the newest. */
export async function listComments(db: Db, q: AdminCommentsQuery, viewer: CommentViewer) {
  const where: SQL[] = [];
  if (q.filter === 'reported') where.push(sql`${SHOWN} AND ${OPEN_REPORTS} > 0`);
  if (q.filter === 'visible') where.push(SHOWN);
  if (q.filter === 'hidden') where.push(sql`c.hidden_at IS NOT NULL AND c.deleted_at IS NULL`);
  if (q.filter === 'deleted') where.push(sql`c.deleted_at IS NOT NULL`);
  if (q.title_id) where.push(sql`c.title_id = ${q.title_id}`);
  if (q.member_id) where.push(sql`c.user_id = ${q.member_id}`);
  if (q.q) where.push(sql`c.body ILIKE ${`%${escapeLike(q.q)}%`}`);
  const cond = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [page, counted] = await Promise.all([
    db.execute<Row>(sql`
      SELECT * FROM (${SELECT} ${cond}) x
      ORDER BY (x.hidden_at IS NULL AND x.deleted_at IS NULL AND x.open_reports > 0) DESC, x.id DESC
      LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM comments c ${cond}`),
  ]);
  const reports = await reportsOf(
    db,
    page.rows.map((r) => r.id),
  );
  return { data: page.rows.map((r) => toAdminComment(r, reports.get(r.id) ?? [], viewer)), meta: pageMeta(q.page, q.per_page, counted.rows[0]?.n ?? 0) };
}

/** Shown comments with reports nobody has looked at: the dashboard's count. */
export async function reportedCount(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM comments c
    WHERE ${SHOWN} AND EXISTS (SELECT 1 FROM comment_reports cr WHERE cr.comment_id = c.id AND cr.created_at > coalesce(c.reviewed_at, '-infinity'::timestamptz))`);
  return rows[0]?.n ?? 0;
}

async function oneComment(db: Executor, id: number, viewer: CommentViewer): Promise<AdminComment> {
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE c.id = ${id}`);
  const row = rows[0];
  if (!row) throw AppError.notFound(messages.commentNotFound);
  return toAdminComment(row, (await reportsOf(db, [id])).get(id) ?? [], viewer);
}

type Moderated = { hiddenAt: string | null; hiddenReason: string | null; deletedAt: string | null; reviewedAt: string | null; spoiler: boolean };

async function lockComment(tx: Tx, id: number): Promise<Moderated> {
  const { rows } = await tx.execute<{ hidden_at: Date | null; hidden_reason: string | null; deleted_at: Date | null; reviewed_at: Date | null; spoiler: boolean }>(
    sql`SELECT hidden_at, hidden_reason, deleted_at, reviewed_at, spoiler FROM comments WHERE id = ${id} FOR UPDATE`,
  );
  const r = rows[0];
  if (!r) throw AppError.notFound(messages.commentNotFound);
  return { hiddenAt: isoOrNull(r.hidden_at), hiddenReason: r.hidden_reason, deletedAt: isoOrNull(r.deleted_at), reviewedAt: isoOrNull(r.reviewed_at), spoiler: r.spoiler };
}

export type Moderation = { action: 'hide'; reason: string } | { action: 'delete' } | { action: 'restore' } | { action: 'review' } | { action: 'set_spoiler'; spoiler: boolean };

/**
 * One moderator's decision on a comment, in one transaction with its audit entry. Hiding or
 * deleting counts as looking at its reports; doing what is already done changes nothing and
 * writes no entry (a double click is harmless).
 */
export async function moderateComment(db: Db, actor: AuditActor, id: number, m: Moderation): Promise<AdminComment> {
  return db.transaction(async (tx) => {
    const before = await lockComment(tx, id);
    let change: SQL | null = null;
    switch (m.action) {
      case 'hide':
        if (before.hiddenAt && before.hiddenReason === m.reason) break;
        change = sql`hidden_at = coalesce(hidden_at, now()), hidden_reason = ${m.reason}, reviewed_at = now()`;
        break;
      case 'delete':
        if (before.deletedAt) break;
        change = sql`deleted_at = now(), reviewed_at = now()`;
        break;
      case 'restore':
        if (!before.hiddenAt && !before.deletedAt) break;
        change = sql`hidden_at = NULL, hidden_reason = NULL, deleted_at = NULL`;
        break;
      case 'review':
        change = sql`reviewed_at = now()`;
        break;
      case 'set_spoiler':
        if (before.spoiler === m.spoiler) break;
        change = sql`spoiler = ${m.spoiler}`;
        break;
    }
    if (change) {
      await tx.execute(sql`UPDATE comments SET ${change} WHERE id = ${id}`);
      const after = await lockComment(tx, id);
      await recordAudit(tx, actor, { action: `comment.${m.action}`, entity: 'comment', entityId: id, before, after: m.action === 'hide' ? { ...after, reason: m.reason } : after });
    }
    return oneComment(tx, id, actor);
  });
}

/** Mutes a member's comments for some days from now (or lifts it, `days` null), with its audit entry. */
export async function setMute(db: Db, actor: AuditActor, memberId: number, mute: { days: number; reason?: string } | null): Promise<AdminMute> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ muted_until: Date | null }>(sql`
      SELECT CASE WHEN muted_until > now() THEN muted_until END AS muted_until FROM users WHERE id = ${memberId} FOR UPDATE`);
    if (!rows[0]) throw AppError.notFound(messages.memberNotFound);
    const before = { mutedUntil: isoOrNull(rows[0].muted_until) };
    if (!mute && !before.mutedUntil) return { memberId, mutedUntil: null };
    const { rows: updated } = await tx.execute<{ muted_until: Date | null }>(sql`
      UPDATE users SET muted_until = ${mute ? sql`now() + make_interval(days => ${mute.days}::int)` : sql`NULL`}, updated_at = now()
      WHERE id = ${memberId} RETURNING muted_until`);
    const mutedUntil = isoOrNull(updated[0]!.muted_until);
    await recordAudit(tx, actor, {
      action: mute ? 'member.mute' : 'member.unmute',
      entity: 'member',
      entityId: memberId,
      before,
      after: mute ? { mutedUntil, days: mute.days, reason: mute.reason ?? null } : { mutedUntil: null },
    });
    return { memberId, mutedUntil };
  });
}
