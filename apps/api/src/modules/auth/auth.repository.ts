import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { authOneTimeTokens, authTokens, users } from '../../db/schema/index';
import type { Executor } from '../account/executor';
import type { OneTimePurpose } from './tokens';

export interface UserCredentials {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
}

export interface TokenOwner {
  tokenId: number;
  userId: number;
  name: string;
  email: string;
  lastUsedAt: Date;
}

/** Users, their bearer tokens and the single-use tokens mailed to them. */
export class AuthRepository {
  async userByEmail(db: Executor, email: string): Promise<UserCredentials | undefined> {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    return row;
  }

  async userById(db: Executor, id: number): Promise<UserCredentials | undefined> {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** Creates the account, or answers undefined when the email is taken (also by a concurrent sign-up). */
  async createUser(db: Executor, input: { name: string; email: string; passwordHash: string }): Promise<number | undefined> {
    const [row] = await db.insert(users).values(input).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    return row?.id;
  }

  async setPassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId));
  }

  async createToken(db: Executor, input: { userId: number; tokenHash: string; remember: boolean; expiresAt: Date }): Promise<number> {
    const [row] = await db.insert(authTokens).values(input).returning({ id: authTokens.id });
    return row!.id;
  }

  /** The member behind a token that is neither revoked nor expired. */
  async tokenOwner(db: Executor, tokenHash: string): Promise<TokenOwner | undefined> {
    const [row] = await db
      .select({ tokenId: authTokens.id, userId: users.id, name: users.name, email: users.email, lastUsedAt: authTokens.lastUsedAt })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), sql`${authTokens.expiresAt} > now()`));
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

  /**
   * Uses up a single-use token in one statement (two requests racing with the same link: one
   * wins). With `email`, the token only counts for that member's address.
   */
  async consumeOneTimeToken(db: Executor, purpose: OneTimePurpose, tokenHash: string, email?: string): Promise<{ userId: number } | undefined> {
    const { rows } = await db.execute<{ user_id: number }>(sql`
      UPDATE auth_one_time_tokens o SET used_at = now()
      FROM users u
      WHERE u.id = o.user_id AND o.token_hash = ${tokenHash} AND o.purpose = ${purpose}
        AND o.used_at IS NULL AND o.expires_at > now()
        AND (${email ?? null}::text IS NULL OR u.email = ${email ?? null})
      RETURNING o.user_id`);
    return rows[0] ? { userId: rows[0].user_id } : undefined;
  }

  async dropOneTimeTokens(db: Executor, userId: number): Promise<void> {
    await db.delete(authOneTimeTokens).where(eq(authOneTimeTokens.userId, userId));
  }
}
