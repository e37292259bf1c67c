import type { AdminRequestAnswer, AdminRequestGroup, AdminRequestReopened, AdminRequestStatus, AdminRequestsQuery } from '@parde/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { ImageUrls } from '../../lib/urls';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { notify } from '../notifications/notifications.service';
import { AdminRequestsRepository, type GroupMemberRow, type GroupRow } from './requests.repository';
import { titlePicks } from './titles';

const repo = new AdminRequestsRepository();

const statusLabels: Record<AdminRequestStatus, string> = {
  pending: 'در انتظار پاسخ',
  fulfilled: 'انجام شد',
  rejected: 'پذیرفته نشد',
};

const messages = {
  requestNotFound: 'درخواستی با این شماره پیدا نشد.',
  titleNotFound: 'فیلم یا سریالی با این شناسه در فهرست پرده نیست.',
  titleUnpublished:
    'این عنوان هنوز منتشر نشده است و اعضا صفحه‌اش را نمی‌بینند. نخست آن را در کاتالوگ منتشر کنید، سپس درخواست را با آن انجام دهید؛ تا آن زمان درخواست در صف می‌ماند.',
};

/** The queue: requests grouped by the title asked for, with how many members asked and their notes. */
export async function listRequestGroups(database: Database, q: AdminRequestsQuery, img: ImageUrls) {
  const { db } = database;
  const page = await repo.groups(db, q.status, q.q, q.per_page, (q.page - 1) * q.per_page);
  const groups = page.rows;
  const imdbIds = groups.flatMap((g) => (g.imdb_id ? [g.imdb_id] : []));
  const keys = groups.map((g) => g.gkey);
  const [notes, matches] = await Promise.all([
    repo.notes(db, q.status, keys),
    // A pending group whose IMDb id is already in the catalogue: the panel offers that title.
    q.status !== 'pending' || imdbIds.length === 0 ? [] : repo.titlesByImdb(db, imdbIds),
  ]);
  const byImdb = new Map(matches.map((m) => [m.imdbId, m.id]));
  const titleOf = (g: GroupRow) => g.title_id ?? (g.imdb_id ? byImdb.get(g.imdb_id) : undefined) ?? null;
  const picks = new Map((await titlePicks(database, groups.flatMap((g) => titleOf(g) ?? []), img)).map((p) => [p.id, p]));
  const notesOf = new Map<string, AdminRequestGroup['notes']>();
  for (const n of notes) {
    const list = notesOf.get(n.gkey) ?? [];
    list.push({ note: n.note, memberName: n.name, createdAt: iso(n.created_at) });
    notesOf.set(n.gkey, list);
  }
  const data: AdminRequestGroup[] = groups.map((g) => {
    const tid = titleOf(g);
    return {
      id: g.id,
      key: g.gkey,
      title: g.title,
      year: g.year,
      imdbId: g.imdb_id,
      imdbUrl: g.imdb_url,
      status: q.status,
      statusLabel: statusLabels[q.status],
      members: g.members,
      requests: g.requests,
      firstAt: iso(g.first_at),
      lastAt: iso(g.last_at),
      notes: notesOf.get(g.gkey) ?? [],
      response: g.response,
      answeredAt: isoOrNull(g.answered_at),
      catalogueTitle: tid ? (picks.get(tid) ?? null) : null,
    };
  });
  return { data, meta: pageMeta(q.page, q.per_page, page.total) };
}

/** Pending requests, and in how many groups: the dashboard's count. */
export async function openRequestCounts(db: Executor): Promise<{ requests: number; groups: number }> {
  return (await repo.openCounts(db)) ?? { requests: 0, groups: 0 };
}

type Answer = { status: 'fulfilled'; titleId: number; response: string | null } | { status: 'rejected'; response: string };

/**
 * Answers every pending request in the group of request `requestId`, in one transaction: the
 * requests change, each member who asked is notified once (and, when fulfilled, finds the title in
 * their watchlist), and each request gets its audit entry. A second operator answering the same
 * group meanwhile waits for the first and then finds nothing pending: 409.
 */
export async function answerGroup(database: Database, actor: AuditActor, requestId: number, answer: Answer): Promise<AdminRequestAnswer> {
  return database.db.transaction(async (tx) => {
    // Read without a lock, then the group's pending rows are locked in id order in one statement:
    // two operators answering one group through different requests queue up instead of deadlocking.
    const seed = await repo.seed(tx, requestId);
    if (!seed) throw AppError.notFound(messages.requestNotFound);
    let title: { id: number; slug: string } | null = null;
    if (answer.status === 'fulfilled') {
      const found = await repo.title(tx, answer.titleId);
      if (!found) throw AppError.validation({ title_id: [messages.titleNotFound] }, messages.titleNotFound);
      // A hidden title's page is a 404 to members: telling them it was added would be untrue.
      if (!found.published) throw AppError.validation({ title_id: [messages.titleUnpublished] }, messages.titleUnpublished);
      title = { id: found.id, slug: found.slug };
    }
    const rows = await repo.lockGroup(tx, 'pending', seed.gkey);
    // Answered meanwhile (or before): nothing of this request's is pending any more.
    if (!rows.some((r) => r.id === seed.id)) throw new AppError('ALREADY_ANSWERED', 409);
    const ids = rows.map((r) => r.id);
    await repo.answer(tx, ids, { status: answer.status, response: answer.response, titleId: title?.id ?? null });
    const firstOfMember = new Map<number, GroupMemberRow>();
    for (const r of rows) if (!firstOfMember.has(r.userId)) firstOfMember.set(r.userId, r);
    if (title) {
      const added = await repo.addToWatchlists(tx, [...firstOfMember.keys()], title.id);
      // Remembered on the request, so a correction removes what this answer added and nothing the member added.
      await repo.markAddedToWatchlist(
        tx,
        added.map((userId) => firstOfMember.get(userId)!.id),
      );
    }
    for (const [userId, r] of firstOfMember) {
      await notify(tx, userId, { kind: 'request_answered', requestId: r.id, requestTitle: r.title, status: answer.status, response: answer.response, title, revision: r.revision });
    }
    for (const r of rows) {
      await recordAudit(tx, actor, {
        action: answer.status === 'fulfilled' ? 'request.fulfil' : 'request.decline',
        entity: 'request',
        entityId: r.id,
        before: { status: 'pending' },
        after: { status: answer.status, titleId: title?.id ?? null, response: answer.response, group: seed.gkey, groupSize: rows.length },
      });
    }
    return { status: answer.status, requests: rows.length, members: firstOfMember.size, titleId: title?.id ?? null };
  });
}

/**
 * Takes back the answer of the group of request `requestId` (a wrong title, a mistaken decline),
 * in one transaction: the group's answered requests go back to the queue, the watchlist entries
 * that answer added leave the members' watchlists, each member is told once why, and each request
 * gets its audit entry. The editor then answers the group again from the queue; the members hear
 * that answer as a new notification. A member who asked again meanwhile keeps one request: the
 * newer, still pending one is folded into the reopened one (its note kept when the old had none).
 */
export async function reopenGroup(database: Database, actor: AuditActor, requestId: number, reason: string): Promise<AdminRequestReopened> {
  return database.db.transaction(async (tx) => {
    const seed = await repo.seed(tx, requestId);
    if (!seed) throw AppError.notFound(messages.requestNotFound);
    if (seed.status === 'pending') throw new AppError('REQUEST_NOT_ANSWERED', 409);
    // The same group as the panel shows it: every request of this title with this answer. Locked
    // in id order; a second reopen meanwhile waits, then finds them pending and answers 409.
    const rows = await repo.lockGroup(tx, seed.status, seed.gkey);
    if (!rows.some((r) => r.id === seed.id)) throw new AppError('REQUEST_NOT_ANSWERED', 409);
    const ids = rows.map((r) => r.id);
    const users = [...new Set(rows.map((r) => r.userId))];
    const firstOfMember = new Map<number, GroupMemberRow>();
    for (const r of rows) if (!firstOfMember.has(r.userId)) firstOfMember.set(r.userId, r);

    // Members who asked again meanwhile: their pending request of this title folds into the old one.
    const again = await repo.lockPendingOf(tx, users, seed.gkey);
    const merged = new Map<number, number[]>();
    for (const p of again) {
      const into = firstOfMember.get(p.userId)!;
      merged.set(into.id, [...(merged.get(into.id) ?? []), p.id]);
      if (!into.note && p.note) {
        into.note = p.note;
        await repo.setNote(tx, into.id, p.note);
      }
    }
    await repo.delete(
      tx,
      again.map((p) => p.id),
    );

    // The wrong title leaves the watchlists it was put in by this answer, and no other.
    const added = rows.filter((r) => r.addedToWatchlist && r.titleId !== null);
    const removedFor = new Set<number>();
    for (const userId of await repo.removeFromWatchlists(
      tx,
      added.map((r) => ({ userId: r.userId, titleId: r.titleId! })),
    ))
      removedFor.add(userId);
    await repo.reopen(tx, ids);

    for (const [userId, r] of firstOfMember) {
      await notify(tx, userId, {
        kind: 'request_reopened',
        requestId: r.id,
        requestTitle: r.title,
        previous: r.status as 'fulfilled' | 'rejected',
        reason,
        watchlistRemoved: removedFor.has(userId),
        revision: r.revision + 1,
      });
    }
    for (const r of rows) {
      await recordAudit(tx, actor, {
        action: 'request.reopen',
        entity: 'request',
        entityId: r.id,
        before: { status: r.status, titleId: r.titleId, response: r.response },
        after: {
          status: 'pending',
          reason,
          watchlistRemoved: firstOfMember.get(r.userId) === r && removedFor.has(r.userId),
          mergedRequestIds: merged.get(r.id) ?? [],
          group: seed.gkey,
          groupSize: rows.length,
        },
      });
    }
    return { status: 'pending', previous: seed.status as 'fulfilled' | 'rejected', requests: rows.length, members: firstOfMember.size, watchlistRemoved: removedFor.size };
  });
}
