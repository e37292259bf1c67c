import type { Role } from '@parde/contract';
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { authTokens, contentRequests, episodes, giftCodes, premiumPeriods, titles, users, watchHistory } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

type UserRow = typeof users.$inferSelect;

/** A member as the panel lists them, with whether premium runs now and until when. */
export type MemberRow = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'emailVerifiedAt' | 'createdAt' | 'disabledAt' | 'disabledReason' | 'mutedUntil'> & {
  premiumActive: boolean;
  premiumUntil: Date | null;
};

/** A premium period with its gift code and the operator who granted it. */
export type PeriodRow = Pick<
  typeof premiumPeriods.$inferSelect,
  'id' | 'kind' | 'planId' | 'planName' | 'days' | 'startsAt' | 'endsAt' | 'paymentId' | 'giftId' | 'reason' | 'grantedBy' | 'revokedAt' | 'createdAt'
> & { giftCode: string | null; grantedByName: string | null };

/** What a change of an account's standing depends on. */
export type TargetRow = Pick<UserRow, 'id' | 'role' | 'disabledAt' | 'disabledReason'>;

export type MemberFilter = { text?: string; id?: number; premium?: boolean; disabled?: boolean; role?: Role };

/** A title (or episode) the member watched, and where they stopped. */
export type RecentWatchRow = Pick<typeof watchHistory.$inferSelect, 'titleId' | 'episodeId' | 'positionSec' | 'updatedAt'> & {
  title: string;
  seasonNumber: number | null;
  episodeNumber: number | null;
};

/** `LIKE` patterns match the text as typed: its own `%`, `_` and `\` are not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Hand-written: premium now and its end are correlated subqueries per member. The member's id is
// spelled out: inside a select list the column would lose its table and mean the period's own id.
const premiumAt = (now: Date) =>
  sql<boolean>`EXISTS (SELECT 1 FROM premium_periods pp WHERE pp.user_id = "users"."id" AND pp.revoked_at IS NULL AND pp.starts_at <= ${now} AND pp.ends_at > ${now})`;

const memberColumns = (now: Date) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  disabledReason: users.disabledReason,
  mutedUntil: users.mutedUntil,
  premiumActive: premiumAt(now),
  premiumUntil: sql<Date | null>`(SELECT max(pp.ends_at) FROM premium_periods pp WHERE pp.user_id = "users"."id" AND pp.revoked_at IS NULL AND pp.ends_at > ${now})`.mapWith(
    premiumPeriods.endsAt,
  ),
});

/** The operator who granted a period. */
const grantor = alias(users, 'grantor');

const periodColumns = {
  id: premiumPeriods.id,
  kind: premiumPeriods.kind,
  planId: premiumPeriods.planId,
  planName: premiumPeriods.planName,
  days: premiumPeriods.days,
  startsAt: premiumPeriods.startsAt,
  endsAt: premiumPeriods.endsAt,
  paymentId: premiumPeriods.paymentId,
  giftId: premiumPeriods.giftId,
  giftCode: giftCodes.code,
  reason: premiumPeriods.reason,
  grantedBy: premiumPeriods.grantedBy,
  grantedByName: grantor.name,
  revokedAt: premiumPeriods.revokedAt,
  createdAt: premiumPeriods.createdAt,
};

const periodList = (db: Executor) =>
  db
    .select(periodColumns)
    .from(premiumPeriods)
    .leftJoin(giftCodes, eq(giftCodes.id, premiumPeriods.giftId))
    .leftJoin(grantor, eq(grantor.id, premiumPeriods.grantedBy));

/** Members' accounts, their periods, sessions and activity, as admins read and change them. */
export class AdminMembersRepository {
  async member(db: Executor, id: number, now: Date): Promise<MemberRow | undefined> {
    const [row] = await db.select(memberColumns(now)).from(users).where(eq(users.id, id));
    return row;
  }

  /** Members, newest first: `text` in the name or email (or `id`), premium at `now`, disabled, role. */
  async members(db: Executor, f: MemberFilter, now: Date, limit: number, offset: number): Promise<{ rows: MemberRow[]; total: number }> {
    const where: SQL[] = [];
    if (f.text !== undefined) {
      const like = `%${likeEscape(f.text.toLowerCase())}%`;
      where.push(sql`(lower(${users.name}) LIKE ${like} OR ${users.email} LIKE ${like}${f.id !== undefined ? sql` OR ${users.id} = ${f.id}` : sql``})`);
    }
    if (f.premium === true) where.push(premiumAt(now));
    if (f.premium === false) where.push(sql`NOT ${premiumAt(now)}`);
    if (f.disabled === true) where.push(sql`${users.disabledAt} IS NOT NULL`);
    if (f.disabled === false) where.push(isNull(users.disabledAt));
    if (f.role) where.push(eq(users.role, f.role));
    const cond = and(...where);
    const [rows, [counted]] = await Promise.all([
      db.select(memberColumns(now)).from(users).where(cond).orderBy(desc(users.id)).limit(limit).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(cond),
    ]);
    return { rows, total: counted!.n };
  }

  /** Every period of the member, the latest first. */
  async periods(db: Executor, userId: number): Promise<PeriodRow[]> {
    return periodList(db).where(eq(premiumPeriods.userId, userId)).orderBy(desc(premiumPeriods.startsAt), desc(premiumPeriods.id));
  }

  async period(db: Executor, id: number): Promise<PeriodRow | undefined> {
    const [row] = await periodList(db).where(eq(premiumPeriods.id, id));
    return row;
  }

  async periodWithKey(db: Executor, userId: number, key: string): Promise<PeriodRow | undefined> {
    const [row] = await periodList(db).where(and(eq(premiumPeriods.userId, userId), eq(premiumPeriods.idempotencyKey, key)));
    return row;
  }

  /** The newest grant of these days to the member, not revoked, made after `since`. */
  async recentGrant(db: Executor, userId: number, days: number, since: Date): Promise<PeriodRow | undefined> {
    const [row] = await periodList(db)
      .where(
        and(
          eq(premiumPeriods.userId, userId),
          eq(premiumPeriods.kind, 'grant'),
          eq(premiumPeriods.days, days),
          isNull(premiumPeriods.revokedAt),
          gt(premiumPeriods.createdAt, since),
        ),
      )
      .orderBy(desc(premiumPeriods.createdAt))
      .limit(1);
    return row;
  }

  /** When the member last signed in and was last seen, and how many sessions are open. Hand-written: an aggregate with a FILTER. */
  async sessions(db: Executor, userId: number): Promise<{ last_sign_in: Date | null; last_seen: Date | null; sessions: number } | undefined> {
    const { rows } = await db.execute<{ last_sign_in: Date | null; last_seen: Date | null; sessions: number }>(sql`
      SELECT max(created_at) AS last_sign_in, max(last_used_at) AS last_seen,
             count(*) FILTER (WHERE revoked_at IS NULL AND expires_at > now())::int AS sessions
      FROM auth_tokens WHERE user_id = ${userId}`);
    return rows[0];
  }

  async watchCount(db: Executor, userId: number): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(watchHistory).where(eq(watchHistory.userId, userId));
    return row?.n ?? 0;
  }

  /** The five titles (or episodes) the member watched last. */
  async recentWatch(db: Executor, userId: number): Promise<RecentWatchRow[]> {
    return db
      .select({
        titleId: watchHistory.titleId,
        title: sql<string>`coalesce(${titles.titleFa}, ${titles.titleEn})`,
        episodeId: watchHistory.episodeId,
        seasonNumber: episodes.seasonNumber,
        episodeNumber: episodes.episodeNumber,
        positionSec: watchHistory.positionSec,
        updatedAt: watchHistory.updatedAt,
      })
      .from(watchHistory)
      .innerJoin(titles, eq(titles.id, watchHistory.titleId))
      .leftJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(desc(watchHistory.updatedAt), desc(watchHistory.id))
      .limit(5);
  }

  /** Hand-written: two counts from two tables in one round trip. */
  async commentAndRequestCounts(db: Executor, userId: number): Promise<{ comments: number; requests: number } | undefined> {
    const { rows } = await db.execute<{ comments: number; requests: number }>(sql`
      SELECT (SELECT count(*)::int FROM comments WHERE user_id = ${userId}) AS comments,
             (SELECT count(*)::int FROM content_requests WHERE user_id = ${userId}) AS requests`);
    return rows[0];
  }

  async recentRequests(db: Executor, userId: number): Promise<Pick<typeof contentRequests.$inferSelect, 'id' | 'title' | 'status' | 'createdAt'>[]> {
    return db
      .select({ id: contentRequests.id, title: contentRequests.title, status: contentRequests.status, createdAt: contentRequests.createdAt })
      .from(contentRequests)
      .where(eq(contentRequests.userId, userId))
      .orderBy(desc(contentRequests.id))
      .limit(5);
  }

  /**
   * The account locked `for no key update` until the transaction ends: changes of one account take
   * turns, and rows pointing at it (a period, a token) are not held up.
   */
  async lockAccount(tx: Executor, userId: number): Promise<Pick<UserRow, 'id' | 'disabledAt'> | undefined> {
    const [row] = await tx.select({ id: users.id, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for('no key update');
    return row;
  }

  /** The active admins' ids, locked in id order (two changes take turns instead of crossing). */
  async lockActiveAdmins(tx: Executor): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
      .orderBy(users.id)
      .for('update');
    return rows.map((r) => r.id);
  }

  async lockTarget(tx: Executor, userId: number): Promise<TargetRow | undefined> {
    const [row] = await tx
      .select({ id: users.id, role: users.role, disabledAt: users.disabledAt, disabledReason: users.disabledReason })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  }

  async setDisabled(tx: Executor, userId: number, disabled: { at: Date; reason: string } | null): Promise<void> {
    await tx
      .update(users)
      .set({ disabledAt: disabled?.at ?? null, disabledReason: disabled?.reason ?? null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async setRole(tx: Executor, userId: number, role: Role): Promise<void> {
    await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
  }

  /** Ends the account's open sessions (all but one, when given); answers how many ended. */
  async revokeSessions(tx: Executor, userId: number, exceptTokenId?: number): Promise<number> {
    const res = await tx
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), exceptTokenId ? ne(authTokens.id, exceptTokenId) : undefined));
    return res.rowCount ?? 0;
  }
}
