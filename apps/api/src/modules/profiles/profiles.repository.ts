import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';

/** Wrong PINs in a row that lock a profile, and for how long. */
export const PIN_TRIES = 5;
export const PIN_LOCK_MINUTES = 15;

export type ProfileRow = {
  id: number;
  user_id: number;
  name: string;
  avatar: string;
  kids: boolean;
  main: boolean;
  slot: number;
  pin_hash: string | null;
  pin_failures: number;
  /** Set only while locked (or until the next try after a lock ran out). */
  pin_locked_until: Date | string | null;
  /** pin_locked_until is in the future. */
  locked: boolean;
};

const COLUMNS = sql.raw(`id, user_id, name, avatar, kids, main, slot, pin_hash, pin_failures, pin_locked_until,
  coalesce(pin_locked_until > now(), false) AS locked`);

/** A PIN try taken before the PIN is checked: the tries left after it, or null when the profile is locked. */
export interface PinTry {
  failures: number;
  lockedUntil: Date | string | null;
  pinHash: string | null;
}

/** The profiles of an account, the PIN counters and the per-profile player choices. */
export class ProfilesRepository {
  async list(db: Executor, userId: number): Promise<ProfileRow[]> {
    const { rows } = await db.execute<ProfileRow>(sql`SELECT ${COLUMNS} FROM profiles WHERE user_id = ${userId} ORDER BY slot`);
    return rows;
  }

  /** One profile of the account (another account's is not found). */
  async get(db: Executor, userId: number, id: number): Promise<ProfileRow | undefined> {
    const { rows } = await db.execute<ProfileRow>(sql`SELECT ${COLUMNS} FROM profiles WHERE id = ${id} AND user_id = ${userId}`);
    return rows[0];
  }

  async main(db: Executor, userId: number): Promise<ProfileRow | undefined> {
    const { rows } = await db.execute<ProfileRow>(sql`SELECT ${COLUMNS} FROM profiles WHERE user_id = ${userId} AND main`);
    return rows[0];
  }

  /**
   * Holds the account's row until the transaction ends, so two creations of one account take
   * turns choosing a free slot (the unique slot index is the last guard).
   */
  async lockAccount(tx: Executor, userId: number): Promise<boolean> {
    const { rows } = await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
    return rows.length > 0;
  }

  async freeSlot(tx: Executor, userId: number, max: number): Promise<number | undefined> {
    const { rows } = await tx.execute<{ slot: number }>(sql`
      SELECT s AS slot FROM generate_series(1, ${max}::int) s
      WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = ${userId} AND p.slot = s)
      ORDER BY s LIMIT 1`);
    return rows[0]?.slot;
  }

  async insert(tx: Executor, p: { userId: number; slot: number; name: string; avatar: string; kids: boolean; pinHash: string | null }): Promise<ProfileRow> {
    const { rows } = await tx.execute<ProfileRow>(sql`
      INSERT INTO profiles (user_id, slot, name, avatar, kids, pin_hash)
      VALUES (${p.userId}, ${p.slot}, ${p.name}, ${p.avatar}, ${p.kids}, ${p.pinHash})
      RETURNING ${COLUMNS}`);
    return rows[0]!;
  }

  async update(tx: Executor, userId: number, id: number, set: { name?: string; avatar?: string; kids?: boolean; pinHash?: string | null }): Promise<ProfileRow | undefined> {
    const parts = [
      set.name === undefined ? null : sql`name = ${set.name}`,
      set.avatar === undefined ? null : sql`avatar = ${set.avatar}`,
      set.kids === undefined ? null : sql`kids = ${set.kids}`,
      // A new or removed PIN starts its count of wrong tries over.
      set.pinHash === undefined ? null : sql`pin_hash = ${set.pinHash}, pin_failures = 0, pin_locked_until = NULL`,
    ].filter((p) => p !== null);
    if (parts.length === 0) return this.get(tx, userId, id);
    const { rows } = await tx.execute<ProfileRow>(sql`
      UPDATE profiles SET ${sql.join(parts, sql`, `)} WHERE id = ${id} AND user_id = ${userId} RETURNING ${COLUMNS}`);
    return rows[0];
  }

  /**
   * Deletes a profile that is not the main one; its lists go with it (foreign keys cascade) and
   * its likes leave the titles' counts first.
   */
  async delete(tx: Executor, userId: number, id: number): Promise<boolean> {
    await tx.execute(sql`
      UPDATE title_stats s SET likes = greatest(s.likes - 1, 0)
      FROM title_likes l JOIN profiles p ON p.id = l.profile_id AND p.user_id = ${userId} AND NOT p.main
      WHERE l.profile_id = ${id} AND s.title_id = l.title_id`);
    const { rows } = await tx.execute(sql`DELETE FROM profiles WHERE id = ${id} AND user_id = ${userId} AND NOT main RETURNING id`);
    return rows.length > 0;
  }

  /**
   * Takes one PIN try before the PIN is checked, in one statement: concurrent wrong tries each
   * take their own, and the fifth locks the profile for 15 minutes. Null when it is locked now.
   * A lock that ran out starts the count over.
   */
  async takePinTry(db: Executor, id: number): Promise<PinTry | null> {
    const { rows } = await db.execute<{ pin_failures: number; pin_locked_until: Date | string | null; pin_hash: string | null }>(sql`
      UPDATE profiles SET
        pin_failures = CASE WHEN pin_locked_until IS NOT NULL THEN 1 ELSE pin_failures + 1 END,
        pin_locked_until = CASE WHEN (CASE WHEN pin_locked_until IS NOT NULL THEN 1 ELSE pin_failures + 1 END) >= ${PIN_TRIES}::int
                                THEN now() + make_interval(mins => ${PIN_LOCK_MINUTES}::int) END
      WHERE id = ${id} AND (pin_locked_until IS NULL OR pin_locked_until <= now())
      RETURNING pin_failures, pin_locked_until, pin_hash`);
    const r = rows[0];
    return r ? { failures: r.pin_failures, lockedUntil: r.pin_locked_until, pinHash: r.pin_hash } : null;
  }

  /** The right PIN: the count of wrong tries (and a lock the same try set) is cleared. */
  async pinAccepted(db: Executor, id: number): Promise<void> {
    await db.execute(sql`UPDATE profiles SET pin_failures = 0, pin_locked_until = NULL WHERE id = ${id}`);
  }

  /**
   * A PIN try made from a kids profile's session (decision 26), counted for that session and the
   * profile tried, the same way as the profile's own count: before the PIN is checked, in one
   * statement (concurrent tries each take their own; a first try of two processes at once inserts
   * once and the other updates), the fifth locks for 15 minutes, a lock that ran out starts over.
   * Null while this session is locked out of the profile. The profile's own count is not touched.
   */
  async takeSessionPinTry(db: Executor, tokenId: number, profileId: number): Promise<PinTry | null> {
    const lock = sql`now() + make_interval(mins => ${PIN_LOCK_MINUTES}::int)`;
    const { rows } = await db.execute<{ failures: number; locked_until: Date | string | null; pin_hash: string | null }>(sql`
      WITH taken AS (
        INSERT INTO session_pin_tries AS s (token_id, profile_id, failures, locked_until)
        VALUES (${tokenId}, ${profileId}, 1, CASE WHEN 1 >= ${PIN_TRIES}::int THEN ${lock} END)
        ON CONFLICT (token_id, profile_id) DO UPDATE SET
          failures = CASE WHEN s.locked_until IS NOT NULL THEN 1 ELSE s.failures + 1 END,
          locked_until = CASE WHEN (CASE WHEN s.locked_until IS NOT NULL THEN 1 ELSE s.failures + 1 END) >= ${PIN_TRIES}::int THEN ${lock} END
        WHERE s.locked_until IS NULL OR s.locked_until <= now()
        RETURNING failures, locked_until
      )
      SELECT taken.failures, taken.locked_until, p.pin_hash FROM taken JOIN profiles p ON p.id = ${profileId}`);
    const r = rows[0];
    return r ? { failures: r.failures, lockedUntil: r.locked_until, pinHash: r.pin_hash } : null;
  }

  /** The right PIN from a kids session: that session's count for the profile is cleared. */
  async sessionPinAccepted(db: Executor, tokenId: number, profileId: number): Promise<void> {
    await db.execute(sql`DELETE FROM session_pin_tries WHERE token_id = ${tokenId} AND profile_id = ${profileId}`);
  }

  /** The profiles a kids session is locked out of now, and until when. */
  async sessionLocks(db: Executor, tokenId: number): Promise<Map<number, Date | string>> {
    const { rows } = await db.execute<{ profile_id: number; locked_until: Date | string }>(
      sql`SELECT profile_id, locked_until FROM session_pin_tries WHERE token_id = ${tokenId} AND locked_until > now()`,
    );
    return new Map(rows.map((r) => [r.profile_id, r.locked_until]));
  }

  async lockedUntil(db: Executor, id: number): Promise<Date | string | null> {
    const { rows } = await db.execute<{ until: Date | string | null }>(sql`SELECT pin_locked_until AS until FROM profiles WHERE id = ${id}`);
    return rows[0]?.until ?? null;
  }

  /** The session (device) now uses the profile; null means the main one. */
  async selectForToken(db: Executor, tokenId: number, profileId: number | null): Promise<void> {
    await db.execute(sql`UPDATE auth_tokens SET profile_id = ${profileId} WHERE id = ${tokenId}`);
  }

  /**
   * Other devices that used a deleted profile are signed out rather than fall back to the main
   * (grown-up) profile: a child's tablet must not open as a grown-up when its profile goes.
   */
  async revokeSessionsOf(tx: Executor, profileId: number, exceptTokenId: number): Promise<void> {
    await tx.execute(sql`UPDATE auth_tokens SET revoked_at = now() WHERE profile_id = ${profileId} AND id <> ${exceptTokenId} AND revoked_at IS NULL`);
  }

  async prefs(db: Executor, profileId: number): Promise<Record<string, unknown> | undefined> {
    const { rows } = await db.execute<{ prefs: Record<string, unknown> }>(sql`SELECT prefs FROM profile_prefs WHERE profile_id = ${profileId}`);
    return rows[0]?.prefs;
  }

  async setPrefs(db: Executor, profileId: number, prefs: Record<string, unknown>): Promise<void> {
    await db.execute(sql`
      INSERT INTO profile_prefs (profile_id, prefs) VALUES (${profileId}, ${JSON.stringify(prefs)}::jsonb)
      ON CONFLICT (profile_id) DO UPDATE SET prefs = EXCLUDED.prefs, updated_at = now()`);
  }

  async audio(db: Executor, profileId: number, titleId: number): Promise<string | null> {
    const { rows } = await db.execute<{ edition: string }>(sql`SELECT edition FROM profile_audio WHERE profile_id = ${profileId} AND title_id = ${titleId}`);
    return rows[0]?.edition ?? null;
  }

  async setAudio(db: Executor, profileId: number, titleId: number, edition: string): Promise<void> {
    await db.execute(sql`
      INSERT INTO profile_audio (profile_id, title_id, edition) VALUES (${profileId}, ${titleId}, ${edition})
      ON CONFLICT (profile_id, title_id) DO UPDATE SET edition = EXCLUDED.edition, updated_at = now()`);
  }
}
