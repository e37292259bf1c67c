import type { AdminComment, AdminCommentsQuery, AdminMute } from '@parde/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { webPaths } from '../../lib/urls';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { AdminCommentsRepository, type CommentChange, type ModerationRow } from './comments.repository';

const repo = new AdminCommentsRepository();

const messages = {
  commentNotFound: 'دیدگاهی با این شماره پیدا نشد.',
  memberNotFound: 'عضوی با این شماره پیدا نشد.',
};

const stateLabels = { visible: 'نمایش داده می‌شود', hidden: 'پنهان', deleted: 'حذف‌شده' } as const;

/**
 * Who is looking decides what of the author they see: members' personal data (the email) is for
 * admins only, so an editor's answer never carries it.
 */
export type CommentViewer = { role: string };
const seesEmail = (viewer: CommentViewer) => viewer.role === 'admin';

function toAdminComment(r: ModerationRow, reports: AdminComment['reports'], viewer: CommentViewer): AdminComment {
  const state = r.deletedAt ? 'deleted' : r.hiddenAt ? 'hidden' : 'visible';
  return {
    id: r.id,
    parentId: r.parentId,
    body: r.body,
    spoiler: r.spoiler,
    likes: r.likes,
    createdAt: iso(r.createdAt),
    editedAt: isoOrNull(r.editedAt),
    title: { id: r.titleId, path: webPaths.title(r.titleId, r.slug), titleEn: r.titleEn, titleFa: r.titleFa },
    author: { id: r.userId, name: r.userName, ...(seesEmail(viewer) ? { email: r.email } : {}), mutedUntil: isoOrNull(r.mutedUntil) },
    state,
    stateLabel: stateLabels[state],
    hiddenAt: isoOrNull(r.hiddenAt),
    hiddenReason: r.hiddenReason,
    deletedAt: isoOrNull(r.deletedAt),
    reviewedAt: isoOrNull(r.reviewedAt),
    parentRemoved: r.parentRemoved,
    openReports: state === 'visible' ? r.openReports : 0,
    reports,
    reportCount: r.reportCount,
  };
}

async function reportsOf(db: Executor, ids: number[]): Promise<Map<number, AdminComment['reports']>> {
  const out = new Map<number, AdminComment['reports']>();
  const rows = await repo.reports(db, ids);
  for (const r of rows) {
    const list = out.get(r.comment_id) ?? [];
    list.push({ reason: r.reason, memberName: r.name, createdAt: iso(r.created_at) });
    out.set(r.comment_id, list);
  }
  return out;
}

/** Comments for moderation: those with reports nobody has looked at first, then the newest. */
export async function listComments(db: Db, q: AdminCommentsQuery, viewer: CommentViewer) {
  const filter = { state: q.filter === 'all' ? undefined : q.filter, titleId: q.title_id, memberId: q.member_id, q: q.q };
  const { rows, total } = await repo.page(db, filter, q.per_page, (q.page - 1) * q.per_page);
  const reports = await reportsOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toAdminComment(r, reports.get(r.id) ?? [], viewer)), meta: pageMeta(q.page, q.per_page, total) };
}

/** Shown comments with reports nobody has looked at: the dashboard's count. */
export async function reportedCount(db: Executor): Promise<number> {
  return repo.reportedCount(db);
}

async function oneComment(db: Executor, id: number, viewer: CommentViewer): Promise<AdminComment> {
  const row = await repo.byId(db, id);
  if (!row) throw AppError.notFound(messages.commentNotFound);
  return toAdminComment(row, (await reportsOf(db, [id])).get(id) ?? [], viewer);
}

type Moderated = { hiddenAt: string | null; hiddenReason: string | null; deletedAt: string | null; reviewedAt: string | null; spoiler: boolean };

async function lockComment(tx: Executor, id: number): Promise<Moderated> {
  const r = await repo.lockModerated(tx, id);
  if (!r) throw AppError.notFound(messages.commentNotFound);
  return { hiddenAt: isoOrNull(r.hiddenAt), hiddenReason: r.hiddenReason, deletedAt: isoOrNull(r.deletedAt), reviewedAt: isoOrNull(r.reviewedAt), spoiler: r.spoiler };
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
    let change: CommentChange | null = null;
    switch (m.action) {
      case 'hide':
        if (before.hiddenAt && before.hiddenReason === m.reason) break;
        change = { hide: m.reason };
        break;
      case 'delete':
        if (before.deletedAt) break;
        change = { delete: true };
        break;
      case 'restore':
        if (!before.hiddenAt && !before.deletedAt) break;
        change = { restore: true };
        break;
      case 'review':
        change = { review: true };
        break;
      case 'set_spoiler':
        if (before.spoiler === m.spoiler) break;
        change = { spoiler: m.spoiler };
        break;
    }
    if (change) {
      await repo.moderate(tx, id, change);
      const after = await lockComment(tx, id);
      await recordAudit(tx, actor, { action: `comment.${m.action}`, entity: 'comment', entityId: id, before, after: m.action === 'hide' ? { ...after, reason: m.reason } : after });
    }
    return oneComment(tx, id, actor);
  });
}

/** Mutes a member's comments for some days from now (or lifts it, `days` null), with its audit entry. */
export async function setMute(db: Db, actor: AuditActor, memberId: number, mute: { days: number; reason?: string } | null): Promise<AdminMute> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockMute(tx, memberId);
    if (!locked) throw AppError.notFound(messages.memberNotFound);
    const before = { mutedUntil: isoOrNull(locked.mutedUntil) };
    if (!mute && !before.mutedUntil) return { memberId, mutedUntil: null };
    const mutedUntil = isoOrNull(await repo.setMute(tx, memberId, mute ? mute.days : null));
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
