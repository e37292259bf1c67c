import { sql } from 'drizzle-orm';
import type { Executor } from './executor';

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
  /** The member and the counts the dashboard shows, in one round trip (each count walks an index by user). */
  async profile(db: Executor, userId: number): Promise<ProfileRow | undefined> {
    const { rows } = await db.execute<ProfileRow>(sql`
      SELECT u.id, u.name, u.email, u.role, u.created_at,
        (SELECT count(*)::int FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread,
        (SELECT count(*)::int FROM watchlist_items w WHERE w.user_id = u.id) AS watchlist,
        (SELECT count(DISTINCT h.title_id)::int FROM watch_history h WHERE h.user_id = u.id) AS history,
        (SELECT count(*)::int FROM title_likes l WHERE l.user_id = u.id) AS likes,
        (SELECT count(*)::int FROM title_ratings r WHERE r.user_id = u.id) AS ratings,
        (SELECT count(*)::int FROM comments c WHERE c.user_id = u.id) AS comments,
        (SELECT count(*)::int FROM content_requests q WHERE q.user_id = u.id) AS requests
      FROM users u WHERE u.id = ${userId}`);
    return rows[0];
  }
}
