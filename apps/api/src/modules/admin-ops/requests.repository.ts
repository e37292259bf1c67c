import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contentRequests, titles } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type RequestStatus = 'pending' | 'fulfilled' | 'rejected';

/** A group of requests for one title, as the queue shows it. */
export type GroupRow = {
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

type RequestRow = typeof contentRequests.$inferSelect;

/** A request of a group being answered or taken back. */
export type GroupMemberRow = Pick<RequestRow, 'id' | 'userId' | 'title' | 'note' | 'status' | 'titleId' | 'response' | 'addedToWatchlist' | 'revision'>;

/**
 * What makes requests "the same title": the IMDb id when the member gave one, otherwise the title
 * (lower case, Arabic letters and half-spaces folded, punctuation and spaces collapsed) and year.
 */
const groupKey = (r: string) =>
  sql.raw(`CASE WHEN ${r}.imdb_id IS NOT NULL THEN 'imdb:' || ${r}.imdb_id
    ELSE 'title:' || lower(btrim(regexp_replace(translate(${r}.title, 'يكى${'\u200c'}ـ', 'یکی  '), '[[:space:][:punct:]«»،؛؟]+', ' ', 'g'))) || ':' || coalesce(${r}.year::text, '') END`);

const ORDERS: Record<RequestStatus, SQL> = {
  // The most asked first; among equals, the one waiting longest.
  pending: sql`members DESC, first_at ASC, id ASC`,
  fulfilled: sql`answered_at DESC NULLS LAST, id DESC`,
  rejected: sql`answered_at DESC NULLS LAST, id DESC`,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/** The group key of the request row being selected, updated or locked. */
const rowGroupKey = groupKey('"content_requests"');

/**
 * Members' requests as the operators' queue groups and answers them. Hand-written throughout: the
 * group key is an expression over the title, and the groups are aggregates over it.
 */
export class AdminRequestsRepository {
  /** One page of the groups of a status, matching the text when given, and how many groups match. */
  async groups(db: Executor, status: RequestStatus, q: string | undefined, limit: number, offset: number): Promise<{ rows: GroupRow[]; total: number }> {
    const where: SQL[] = [sql`r.status = ${status}`];
    if (q) where.push(sql`(r.title ILIKE ${`%${escapeLike(q)}%`} OR r.imdb_id = ${q.toLowerCase()})`);
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
        ORDER BY ${ORDERS[status]}
        LIMIT ${limit} OFFSET ${offset}`),
      db.execute<{ n: number }>(sql`WITH r AS (${filtered}) SELECT count(DISTINCT gkey)::int AS n FROM r`),
    ]);
    return { rows: page.rows, total: counted.rows[0]?.n ?? 0 };
  }

  /** The first 20 notes of each group, in the order they were written. */
  async notes(db: Executor, status: RequestStatus, keys: string[]): Promise<{ gkey: string; note: string; name: string; created_at: Date }[]> {
    if (keys.length === 0) return [];
    const { rows } = await db.execute<{ gkey: string; note: string; name: string; created_at: Date }>(sql`
      SELECT gkey, note, name, created_at FROM (
        SELECT ${groupKey('r')} AS gkey, r.note, u.name, r.created_at, r.id,
          row_number() OVER (PARTITION BY ${groupKey('r')} ORDER BY r.id) AS n
        FROM content_requests r JOIN users u ON u.id = r.user_id
        WHERE r.status = ${status} AND r.note IS NOT NULL AND ${groupKey('r')} = ANY(${sql.param(keys)}::text[])) x
      WHERE n <= 20 ORDER BY id`);
    return rows;
  }

  /** The catalogue's titles with these IMDb ids. */
  async titlesByImdb(db: Executor, imdbIds: string[]): Promise<Pick<typeof titles.$inferSelect, 'id' | 'imdbId'>[]> {
    return db.select({ id: titles.id, imdbId: titles.imdbId }).from(titles).where(inArray(titles.imdbId, imdbIds));
  }

  /** Pending requests, and in how many groups. */
  async openCounts(db: Executor): Promise<{ requests: number; groups: number } | undefined> {
    const { rows } = await db.execute<{ requests: number; groups: number }>(sql`
      SELECT count(*)::int AS requests, count(DISTINCT ${groupKey('r')})::int AS groups FROM content_requests r WHERE r.status = 'pending'`);
    return rows[0];
  }

  /** A request and its group's key, read without a lock. */
  async seed(db: Executor, id: number): Promise<{ id: number; gkey: string; status: RequestStatus } | undefined> {
    const { rows } = await db.execute<{ id: number; gkey: string; status: RequestStatus }>(sql`
      SELECT r.id, r.status, ${groupKey('r')} AS gkey FROM content_requests r WHERE r.id = ${id}`);
    return rows[0];
  }

  async title(db: Executor, id: number): Promise<Pick<typeof titles.$inferSelect, 'id' | 'slug' | 'published'> | undefined> {
    const [row] = await db.select({ id: titles.id, slug: titles.slug, published: titles.published }).from(titles).where(eq(titles.id, id));
    return row;
  }

  /**
   * The group's requests of a status, locked in id order in one statement: two operators working on
   * one group through different requests queue up instead of deadlocking.
   */
  async lockGroup(tx: Executor, status: RequestStatus, gkey: string): Promise<GroupMemberRow[]> {
    return tx
      .select({
        id: contentRequests.id,
        userId: contentRequests.userId,
        title: contentRequests.title,
        note: contentRequests.note,
        status: contentRequests.status,
        titleId: contentRequests.titleId,
        response: contentRequests.response,
        addedToWatchlist: contentRequests.addedToWatchlist,
        revision: contentRequests.revision,
      })
      .from(contentRequests)
      .where(and(eq(contentRequests.status, status), sql`${rowGroupKey} = ${gkey}`))
      .orderBy(contentRequests.id)
      .for('update');
  }

  /** These members' pending requests in the group, locked in id order. */
  async lockPendingOf(tx: Executor, userIds: number[], gkey: string): Promise<Pick<RequestRow, 'id' | 'userId' | 'note'>[]> {
    return tx
      .select({ id: contentRequests.id, userId: contentRequests.userId, note: contentRequests.note })
      .from(contentRequests)
      .where(and(eq(contentRequests.status, 'pending'), sql`${contentRequests.userId} = ANY(${intArray(userIds)}::int[])`, sql`${rowGroupKey} = ${gkey}`))
      .orderBy(contentRequests.id)
      .for('update');
  }

  async answer(tx: Executor, ids: number[], a: { status: 'fulfilled' | 'rejected'; response: string | null; titleId: number | null }): Promise<void> {
    await tx
      .update(contentRequests)
      .set({ status: a.status, response: a.response, titleId: a.titleId, answeredAt: sql`now()` })
      .where(inArray(contentRequests.id, ids));
  }

  /**
   * Puts the title in each member's main profile's watchlist (requests are the account's); answers
   * the members it was added for, not those who had it already.
   */
  async addToWatchlists(tx: Executor, userIds: number[], titleId: number): Promise<number[]> {
    const { rows } = await tx.execute<{ user_id: number }>(sql`
      INSERT INTO watchlist_items (user_id, profile_id, title_id)
      SELECT p.user_id, p.id, ${titleId} FROM unnest(${intArray(userIds)}::int[]) AS u
      JOIN profiles p ON p.user_id = u AND p.main
      ON CONFLICT DO NOTHING
      RETURNING user_id`);
    return rows.map((r) => r.user_id);
  }

  /** Remembered on the request, so a correction removes what its answer added and nothing the member added. */
  async markAddedToWatchlist(tx: Executor, ids: number[]): Promise<void> {
    if (ids.length > 0) await tx.update(contentRequests).set({ addedToWatchlist: true }).where(inArray(contentRequests.id, ids));
  }

  async setNote(tx: Executor, id: number, note: string): Promise<void> {
    await tx.update(contentRequests).set({ note }).where(eq(contentRequests.id, id));
  }

  async delete(tx: Executor, ids: number[]): Promise<void> {
    if (ids.length > 0) await tx.delete(contentRequests).where(inArray(contentRequests.id, ids));
  }

  /** Takes each (member, title) out of the member's main profile's watchlist; answers the members it was taken from. */
  async removeFromWatchlists(tx: Executor, pairs: { userId: number; titleId: number }[]): Promise<number[]> {
    if (pairs.length === 0) return [];
    const { rows } = await tx.execute<{ user_id: number }>(sql`
      DELETE FROM watchlist_items w USING profiles p,
        unnest(${intArray(pairs.map((a) => a.userId))}::int[], ${intArray(pairs.map((a) => a.titleId))}::int[]) AS a(user_id, title_id)
      WHERE p.id = w.profile_id AND p.main AND w.user_id = a.user_id AND w.title_id = a.title_id
      RETURNING w.user_id`);
    return rows.map((r) => r.user_id);
  }

  /** Back to the queue: the answer is cleared and the revision counts one more. */
  async reopen(tx: Executor, ids: number[]): Promise<void> {
    await tx
      .update(contentRequests)
      .set({ status: 'pending', response: null, titleId: null, answeredAt: null, addedToWatchlist: false, revision: sql`${contentRequests.revision} + 1` })
      .where(inArray(contentRequests.id, ids));
  }
}
