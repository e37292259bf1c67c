import type { AdminRequestAnswer, AdminRequestGroup, AdminRequestReopened, AdminRequestStatus, AdminRequestsQuery } from '@parde/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { ImageUrls } from '../../lib/urls';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { notify } from '../notifications/notifications.service';
import { titlePicks } from './titles';

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

/**
 * What makes requests "the same title": the IMDb id when the member gave one, otherwise the title
 * (lower case, Arabic letters and half-spaces folded, punctuation and spaces collapsed) and year.
 */
const groupKey = (r: string) =>
  sql.raw(`CASE WHEN ${r}.imdb_id IS NOT NULL THEN 'imdb:' || ${r}.imdb_id
    ELSE 'title:' || lower(btrim(regexp_replace(translate(${r}.title, 'يكى${'\u200c'}ـ', 'یکی  '), '[[:space:][:punct:]«»،؛؟]+', ' ', 'g'))) || ':' || coalesce(${r}.year::text, '') END`);

const ORDERS: Record<AdminRequestStatus, SQL> = {
  // The most asked first; among equals, the one waiting longest.
  pending: sql`members DESC, first_at ASC, id ASC`,
  fulfilled: sql`answered_at DESC NULLS LAST, id DESC`,
  rejected: sql`answered_at DESC NULLS LAST, id DESC`,
};

type GroupRow = {
  gkey: string;
  id: number;
  requests: number;
  members: number;
  first_at: Date;
  last_at: Date;
  title: string;
  year: number | null;
  imdb_id: string | null;
  imdb_url: string | null;
  response: string | null;
  answered_at: Date | null;
  title_id: number | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The queue: requests grouped by the title asked for, with how many members asked and their notes. */
export async function listRequestGroups(database: Database, q: AdminRequestsQuery, img: ImageUrls) {
  const { db, pool } = database;
  const where: SQL[] = [sql`r.status = ${q.status}`];
  if (q.q) where.push(sql`(r.title ILIKE ${`%${escapeLike(q.q)}%`} OR r.imdb_id = ${q.q.toLowerCase()})`);
  const filtered = sql`SELECT r.*, ${groupKey('r')} AS gkey FROM content_requests r WHERE ${sql.join(where, sql` AND `)}`;
  const [page, counted] = await Promise.all([
    db.execute<GroupRow>(sql`
      WITH r AS (${filtered})
      SELECT gkey, min(id) AS id, count(*)::int AS requests, count(DISTINCT user_id)::int AS members,
        min(created_at) AS first_at, max(created_at) AS last_at,
        (array_agg(title ORDER BY id))[1] AS title, (array_agg(year ORDER BY id))[1] AS year,
        max(imdb_id) AS imdb_id, max(imdb_url) AS imdb_url,
        (array_agg(response ORDER BY answered_at DESC NULLS LAST, id DESC))[1] AS response, max(answered_at) AS answered_at,
        (array_agg(title_id ORDER BY answered_at DESC NULLS LAST, id DESC) FILTER (WHERE title_id IS NOT NULL))[1] AS title_id
      FROM r GROUP BY gkey
      ORDER BY ${ORDERS[q.status]}
      LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute<{ n: number }>(sql`WITH r AS (${filtered}) SELECT count(DISTINCT gkey)::int AS n FROM r`),
  ]);
  const groups = page.rows;
  const keys = groups.map((g) => g.gkey);
  const [notes, matches] = await Promise.all([
    keys.length === 0
      ? { rows: [] }
      : db.execute<{ gkey: string; note: string; name: string; created_at: Date }>(sql`
          SELECT gkey, note, name, created_at FROM (
            SELECT ${groupKey('r')} AS gkey, r.note, u.name, r.created_at, r.id,
              row_number() OVER (PARTITION BY ${groupKey('r')} ORDER BY r.id) AS n
            FROM content_requests r JOIN users u ON u.id = r.user_id
            WHERE r.status = ${q.status} AND r.note IS NOT NULL AND ${groupKey('r')} = ANY(${`{${keys.map((k) => `"${k.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])) x
          WHERE n <= 20 ORDER BY id`),
    // A pending group whose IMDb id is already in the catalogue: the panel offers that title.
    q.status !== 'pending' || groups.every((g) => !g.imdb_id)
      ? { rows: [] as { id: number; imdb_id: string }[] }
      : pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles WHERE imdb_id = ANY($1::text[])', [groups.flatMap((g) => (g.imdb_id ? [g.imdb_id] : []))]),
  ]);
  const byImdb = new Map(matches.rows.map((m) => [m.imdb_id, m.id]));
  const titleOf = (g: GroupRow) => g.title_id ?? (g.imdb_id ? byImdb.get(g.imdb_id) : undefined) ?? null;
  const picks = new Map((await titlePicks(database, groups.flatMap((g) => titleOf(g) ?? []), img)).map((p) => [p.id, p]));
  const notesOf = new Map<string, AdminRequestGroup['notes']>();
  for (const n of notes.rows) {
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
  return { data, meta: pageMeta(q.page, q.per_page, counted.rows[0]?.n ?? 0) };
}

/** Pending requests, and in how many groups: the dashboard's count. */
export async function openRequestCounts(db: Executor): Promise<{ requests: number; groups: number }> {
  const { rows } = await db.execute<{ requests: number; groups: number }>(sql`
    SELECT count(*)::int AS requests, count(DISTINCT ${groupKey('r')})::int AS groups FROM content_requests r WHERE r.status = 'pending'`);
  return rows[0] ?? { requests: 0, groups: 0 };
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
    const seed = (await tx.execute<{ id: number; gkey: string }>(sql`SELECT r.id, ${groupKey('r')} AS gkey FROM content_requests r WHERE r.id = ${requestId}`)).rows[0];
    if (!seed) throw AppError.notFound(messages.requestNotFound);
    let title: { id: number; slug: string } | null = null;
    if (answer.status === 'fulfilled') {
      const found = (await tx.execute<{ id: number; slug: string; published: boolean }>(sql`SELECT id, slug, published FROM titles WHERE id = ${answer.titleId}`)).rows[0];
      if (!found) throw AppError.validation({ title_id: [messages.titleNotFound] }, messages.titleNotFound);
      // A hidden title's page is a 404 to members: telling them it was added would be untrue.
      if (!found.published) throw AppError.validation({ title_id: [messages.titleUnpublished] }, messages.titleUnpublished);
      title = { id: found.id, slug: found.slug };
    }
    const { rows } = await tx.execute<{ id: number; user_id: number; title: string; revision: number }>(sql`
      SELECT r.id, r.user_id, r.title, r.revision FROM content_requests r
      WHERE r.status = 'pending' AND ${groupKey('r')} = ${seed.gkey} ORDER BY r.id FOR UPDATE`);
    // Answered meanwhile (or before): nothing of this request's is pending any more.
    if (!rows.some((r) => r.id === seed.id)) throw new AppError('ALREADY_ANSWERED', 409);
    const ids = rows.map((r) => r.id);
    const idArray = `{${ids.join(',')}}`;
    await tx.execute(sql`
      UPDATE content_requests SET status = ${answer.status}, response = ${answer.response}, title_id = ${title?.id ?? null}, answered_at = now()
      WHERE id = ANY(${idArray}::int[])`);
    const firstOfMember = new Map<number, { id: number; title: string; revision: number }>();
    for (const r of rows) if (!firstOfMember.has(r.user_id)) firstOfMember.set(r.user_id, r);
    if (title) {
      const added = await tx.execute<{ user_id: number }>(sql`
        INSERT INTO watchlist_items (user_id, profile_id, title_id)
        SELECT p.user_id, p.id, ${title.id} FROM unnest(${`{${[...firstOfMember.keys()].join(',')}}`}::int[]) AS u
        -- Requests are the account's: the title joins the main profile's watchlist.
        JOIN profiles p ON p.user_id = u AND p.main
        ON CONFLICT DO NOTHING
        RETURNING user_id`);
      // Remembered on the request, so a correction removes what this answer added and nothing the member added.
      const addedFor = added.rows.map((a) => firstOfMember.get(a.user_id)!.id);
      if (addedFor.length > 0) await tx.execute(sql`UPDATE content_requests SET added_to_watchlist = true WHERE id = ANY(${`{${addedFor.join(',')}}`}::int[])`);
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

type AnsweredRow = {
  id: number;
  user_id: number;
  title: string;
  note: string | null;
  status: 'fulfilled' | 'rejected';
  title_id: number | null;
  response: string | null;
  added_to_watchlist: boolean;
  revision: number;
};

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
    const seed = (await tx.execute<{ id: number; gkey: string; status: AdminRequestStatus }>(sql`
      SELECT r.id, r.status, ${groupKey('r')} AS gkey FROM content_requests r WHERE r.id = ${requestId}`)).rows[0];
    if (!seed) throw AppError.notFound(messages.requestNotFound);
    if (seed.status === 'pending') throw new AppError('REQUEST_NOT_ANSWERED', 409);
    // The same group as the panel shows it: every request of this title with this answer. Locked
    // in id order; a second reopen meanwhile waits, then finds them pending and answers 409.
    const { rows } = await tx.execute<AnsweredRow>(sql`
      SELECT r.id, r.user_id, r.title, r.note, r.status, r.title_id, r.response, r.added_to_watchlist, r.revision FROM content_requests r
      WHERE r.status = ${seed.status} AND ${groupKey('r')} = ${seed.gkey} ORDER BY r.id FOR UPDATE`);
    if (!rows.some((r) => r.id === seed.id)) throw new AppError('REQUEST_NOT_ANSWERED', 409);
    const ids = rows.map((r) => r.id);
    const users = [...new Set(rows.map((r) => r.user_id))];
    const firstOfMember = new Map<number, AnsweredRow>();
    for (const r of rows) if (!firstOfMember.has(r.user_id)) firstOfMember.set(r.user_id, r);

    // Members who asked again meanwhile: their pending request of this title folds into the old one.
    const again = await tx.execute<{ id: number; user_id: number; note: string | null }>(sql`
      SELECT r.id, r.user_id, r.note FROM content_requests r
      WHERE r.status = 'pending' AND r.user_id = ANY(${`{${users.join(',')}}`}::int[]) AND ${groupKey('r')} = ${seed.gkey}
      ORDER BY r.id FOR UPDATE`);
    const merged = new Map<number, number[]>();
    for (const p of again.rows) {
      const into = firstOfMember.get(p.user_id)!;
      merged.set(into.id, [...(merged.get(into.id) ?? []), p.id]);
      if (!into.note && p.note) {
        into.note = p.note;
        await tx.execute(sql`UPDATE content_requests SET note = ${p.note} WHERE id = ${into.id}`);
      }
    }
    if (again.rows.length > 0) await tx.execute(sql`DELETE FROM content_requests WHERE id = ANY(${`{${again.rows.map((p) => p.id).join(',')}}`}::int[])`);

    // The wrong title leaves the watchlists it was put in by this answer, and no other.
    const added = rows.filter((r) => r.added_to_watchlist && r.title_id !== null);
    const removedFor = new Set<number>();
    if (added.length > 0) {
      const removed = await tx.execute<{ user_id: number }>(sql`
        DELETE FROM watchlist_items w USING profiles p,
          unnest(${`{${added.map((r) => r.user_id).join(',')}}`}::int[], ${`{${added.map((r) => r.title_id).join(',')}}`}::int[]) AS a(user_id, title_id)
        WHERE p.id = w.profile_id AND p.main AND w.user_id = a.user_id AND w.title_id = a.title_id
        RETURNING w.user_id`);
      for (const r of removed.rows) removedFor.add(r.user_id);
    }
    await tx.execute(sql`
      UPDATE content_requests SET status = 'pending', response = NULL, title_id = NULL, answered_at = NULL, added_to_watchlist = false, revision = revision + 1
      WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);

    for (const [userId, r] of firstOfMember) {
      await notify(tx, userId, {
        kind: 'request_reopened',
        requestId: r.id,
        requestTitle: r.title,
        previous: r.status,
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
        before: { status: r.status, titleId: r.title_id, response: r.response },
        after: {
          status: 'pending',
          reason,
          watchlistRemoved: firstOfMember.get(r.user_id) === r && removedFor.has(r.user_id),
          mergedRequestIds: merged.get(r.id) ?? [],
          group: seed.gkey,
          groupSize: rows.length,
        },
      });
    }
    return { status: 'pending', previous: seed.status as 'fulfilled' | 'rejected', requests: rows.length, members: firstOfMember.size, watchlistRemoved: removedFor.size };
  });
}
