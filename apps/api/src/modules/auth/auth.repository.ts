import { and, eq, gt, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { authOneTimeTokens, authTokens, profiles, users } from '../../db/schema/index';
import type { Executor } from '../../db/executor';
import type { OneTimePurpose } from './tokens';

export interface UserCredentials {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  /** Null until the member opens a mailed link: the sign-up is not confirmed. */
  emailVerifiedAt: Date | null;
  /** Set when an operator closed the account: it cannot sign in. */
  disabledAt: Date | null;
}

const credentials = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
};

export interface TokenOwner {
  tokenId: number;
  userId: number;
  name: string;
  email: string;
  role: string;
  lastUsedAt: Date;
  /** The session's profile (null only for an account made without one; the caller then makes it). */
  profileId: number | null;
  profileName: string | null;
  kids: boolean | null;
  main: boolean | null;
}

/** A profile's name as the account's name gives it: trimmed, at most 20 letters. */
export const profileNameOf = (name: string) => [...name.trim()].slice(0, 20).join('') || '—';

/** The account's first profile (slot 1); nothing when it already has one. */
export async function createMainProfile(db: Executor, userId: number, name: string): Promise<void> {
  await db.insert(profiles).values({ userId, name: profileNameOf(name), main: true, slot: 1 }).onConflictDoNothing();
}

/** Users, their bearer tokens and the single-use tokens mailed to them. */
export class AuthRepository {
  async userByEmail(db: Executor, email: string): Promise<UserCredentials | undefined> {
    const [row] = await db.select(credentials).from(users).where(eq(users.email, email));
    return row;
  }

  async userById(db: Executor, id: number): Promise<UserCredentials | undefined> {
    const [row] = await db.select(credentials).from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * The account of an email, locked until the transaction ends (sign-ups with one address take
   * turns). Every use case that writes an account and its mailed tokens locks the account first,
   * then the tokens, so two of them never wait on each other. `no key update`: inserting a token
   * (a foreign key to the account) is not held up by it.
   */
  async lockUserByEmail(tx: Executor, email: string): Promise<UserCredentials | undefined> {
    const [row] = await tx.select(credentials).from(users).where(eq(users.email, email)).for('no key update');
    return row;
  }

  async lockUser(tx: Executor, id: number): Promise<UserCredentials | undefined> {
    const [row] = await tx.select(credentials).from(users).where(eq(users.id, id)).for('no key update');
    return row;
  }

  /**
   * Creates an unverified account, or answers undefined when the email is taken (also by a
   * concurrent sign-up).
   */
  async createUser(db: Executor, input: { name: string; email: string; passwordHash: string }): Promise<number | undefined> {
    const [row] = await db.insert(users).values(input).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    // Every account starts with its main profile, in the same transaction (decision 21).
    if (row) await createMainProfile(db, row.id, input.name);
    return row?.id;
  }

  /**
   * A new sign-up for an address nobody confirmed: the earlier one never proved the mailbox, so
   * the newest name and password win and the account starts over. A verified account is never touched.
   */
  async restartUnverified(db: Executor, userId: number, input: { name: string; passwordHash: string }): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ name: input.name, passwordHash: input.passwordHash, createdAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (rows.length > 0) await db.update(profiles).set({ name: profileNameOf(input.name) }).where(and(eq(profiles.userId, userId), eq(profiles.main, true)));
    return rows.length > 0;
  }

  /** The member opened a mailed link: the mailbox is theirs (the first time counts). */
  async markEmailVerified(db: Executor, userId: number): Promise<void> {
    await db.update(users).set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  }

  async setPassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId));
  }

  async createToken(db: Executor, input: { userId: number; tokenHash: string; remember: boolean; expiresAt: Date }): Promise<number> {
    const [row] = await db.insert(authTokens).values(input).returning({ id: authTokens.id });
    return row!.id;
  }

  /** The member behind a token that is neither revoked nor expired, with the profile the session uses (main when none chosen). */
  async tokenOwner(db: Executor, tokenHash: string): Promise<TokenOwner | undefined> {
    const [row] = await db
      .select({
        tokenId: authTokens.id,
        userId: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        lastUsedAt: authTokens.lastUsedAt,
        profileId: profiles.id,
        profileName: profiles.name,
        kids: profiles.kids,
        main: profiles.main,
      })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .leftJoin(profiles, and(eq(profiles.userId, users.id), or(eq(profiles.id, authTokens.profileId), and(isNull(authTokens.profileId), eq(profiles.main, true)))))
      .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), sql`${authTokens.expiresAt} > now()`, isNull(users.disabledAt)));
    return row;
  }

  async touchToken(db: Executor, tokenId: number): Promise<void> {
    await db.update(authTokens).set({ lastUsedAt: sql`now()` }).where(eq(authTokens.id, tokenId));
  }

  async revokeToken(db: Executor, tokenId: number): Promise<void> {
    await db.update(authTokens).set({ revokedAt: sql`now()` }).where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
  }

  /** Signs the member out everywhere, or everywhere but the device that asked. */
  async revokeAllTokens(db: Executor, userId: number, exceptTokenId?: number): Promise<void> {
    await db
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), exceptTokenId ? ne(authTokens.id, exceptTokenId) : undefined));
  }

  /** Forgets a member's dead tokens (expired, or revoked a week ago) so the table does not only grow. */
  async pruneTokens(db: Executor, userId: number): Promise<void> {
    await db
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), or(lt(authTokens.expiresAt, sql`now()`), lt(authTokens.revokedAt, sql`now() - interval '7 days'`))));
  }

  /** A new single-use token replaces the member's earlier unused ones of the same purpose. */
  async createOneTimeToken(db: Executor, input: { userId: number; purpose: OneTimePurpose; tokenHash: string; minutes: number }): Promise<void> {
    await db.delete(authOneTimeTokens).where(and(eq(authOneTimeTokens.userId, input.userId), eq(authOneTimeTokens.purpose, input.purpose)));
    await db.insert(authOneTimeTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: input.tokenHash,
      expiresAt: sql`now() + make_interval(mins => ${input.minutes})`,
    });
  }

  /** Whether an unused token of this purpose was made in the last `seconds` (a mail just went out). */
  async hasRecentOneTimeToken(db: Executor, userId: number, purpose: OneTimePurpose, seconds: number): Promise<boolean> {
    const { rows } = await db.execute<{ recent: boolean }>(sql`
      SELECT EXISTS (
        SELECT 1 FROM auth_one_time_tokens
        WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL
          AND created_at > now() - make_interval(secs => ${seconds})
      ) AS recent`);
    return rows[0]?.recent === true;
  }

  /**
   * Uses up a single-use token of one of `purposes` (two requests racing with the same link: one
   * wins), inside a transaction. With `email`, the token only counts for that member's address.
   * The account is locked before the token, as everywhere else (see `lockUserByEmail`): the
   * caller then writes the account (verified, new password) without waiting on anyone holding it.
   */
  async consumeOneTimeToken(tx: Executor, purposes: OneTimePurpose | OneTimePurpose[], tokenHash: string, email?: string): Promise<{ userId: number } | undefined> {
    const list = sql.join(
      (Array.isArray(purposes) ? purposes : [purposes]).map((p) => sql`${p}`),
      sql`, `,
    );
    const matches = sql`o.token_hash = ${tokenHash} AND o.purpose IN (${list}) AND o.used_at IS NULL AND o.expires_at > now()`;
    const owner = await tx.execute<{ id: number }>(sql`
      SELECT u.id FROM users u JOIN auth_one_time_tokens o ON o.user_id = u.id
      WHERE ${matches} AND (${email ?? null}::text IS NULL OR u.email = ${email ?? null})
      FOR NO KEY UPDATE OF u`);
    const userId = owner.rows[0]?.id;
    if (userId === undefined) return undefined;
    // Checked again: the token may have been used or replaced while this waited for the account.
    const { rows } = await tx.execute<{ user_id: number }>(sql`
      UPDATE auth_one_time_tokens o SET used_at = now()
      WHERE ${matches} AND o.user_id = ${userId}
      RETURNING o.user_id`);
    return rows[0] ? { userId: rows[0].user_id } : undefined;
  }

  async dropOneTimeTokens(db: Executor, userId: number): Promise<void> {
    await db.delete(authOneTimeTokens).where(eq(authOneTimeTokens.userId, userId));
  }

  /**
   * Deletes accounts never confirmed and untouched since `cutoff`, unless a mailed link of theirs
   * is still valid at `now`; answers how many went.
   */
  async purgeUnconfirmed(db: Executor, cutoff: Date, now: Date): Promise<number> {
    const liveLink = db
      .select({ id: authOneTimeTokens.id })
      .from(authOneTimeTokens)
      .where(and(eq(authOneTimeTokens.userId, users.id), isNull(authOneTimeTokens.usedAt), gt(authOneTimeTokens.expiresAt, now)));
    const removed = await db
      .delete(users)
      .where(and(isNull(users.emailVerifiedAt), lt(users.updatedAt, cutoff), notExists(liveLink)))
      .returning({ id: users.id });
    return removed.length;
  }
}
