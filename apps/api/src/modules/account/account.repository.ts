import { sql } from 'drizzle-orm';
import { forKidsSql } from '../notifications/notifications.repository';
import type { Executor } from '../../db/executor';

export type ProfileRow = {
  id: number;
  name: string;
  email: string;
  role: 'member' | 'editor' | 'admin';
  created_at: Date | string;
  unread: number;
  watchlist: number;
  history: number;
  likes: number;
  ratings: number;
  comments: number;
  requests: number;
};

export class AccountRepository {
  /** The member and the counts the dashboard shows for the session's profile, in one round trip (each count walks an index). */
  async profile(db: Executor, userId: number, profileId: number | null): Promise<ProfileRow | undefined> {
    const { rows } = await db.execute<ProfileRow>(sql`
      WITH me AS (SELECT p.id AS profile_id, p.kids FROM profiles p
                  WHERE p.user_id = ${userId} AND (p.id = ${profileId}::int OR (${profileId}::int IS NULL AND p.main)))
      SELECT u.id, u.name, u.email, u.role, u.created_at,
        (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id
           AND (NOT (SELECT kids FROM me) OR ${sql.raw(forKidsSql('n'))})
           AND NOT EXISTS (SELECT 1 FROM notification_reads nr WHERE nr.notification_id = n.id AND nr.profile_id = (SELECT profile_id FROM me))) AS unread,
        (SELECT count(*)::int FROM watchlist_items w WHERE w.profile_id = (SELECT profile_id FROM me)) AS watchlist,
        (SELECT count(DISTINCT h.title_id)::int FROM watch_history h WHERE h.profile_id = (SELECT profile_id FROM me)) AS history,
        (SELECT count(*)::int FROM title_likes l WHERE l.profile_id = (SELECT profile_id FROM me)) AS likes,
        (SELECT count(*)::int FROM title_ratings r WHERE r.profile_id = (SELECT profile_id FROM me)) AS ratings,
        (SELECT count(*)::int FROM comments c WHERE c.user_id = u.id) AS comments,
        (SELECT count(*)::int FROM content_requests q WHERE q.user_id = u.id) AS requests
      FROM users u WHERE u.id = ${userId}`);
    return rows[0];
  }

  /**
   * The transaction-scoped advisory lock that serialises toggles of one member's row (toggle.ts):
   * two 32-bit keys, the kind and a hash of the member and row ids.
   */
  async lockToggle(tx: Executor, kind: number, userId: number, rowId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${kind}::int, hashtext(${`${userId}:${rowId}`}))`);
  }
}
