import type { Db } from '../../db/client';
import type { AuthMember, Role, SessionLookup } from '../../plugins/auth';
import { AuthRepository, createMainProfile } from './auth.repository';
import { hashToken } from './tokens';

/** Writing `last_used_at` on every request would turn each read into a write; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The member behind a bearer token, as the auth plugin asks for it on every request. Tokens are
 * random and stored as SHA-256 hashes with an expiry: a revoked or expired one finds no one.
 */
export class Sessions implements SessionLookup {
  private readonly repo = new AuthRepository();

  constructor(private readonly db: Db) {}

  async memberOfToken(token: string): Promise<AuthMember | null> {
    const db = this.db;
    let owner = await this.repo.tokenOwner(db, hashToken(token));
    if (!owner) return null;
    if (owner.profileId === null) {
      // An account made before profiles by a path that made none: its main profile is made now.
      await createMainProfile(db, owner.userId, owner.name);
      owner = await this.repo.tokenOwner(db, hashToken(token));
      if (!owner || owner.profileId === null) return null;
    }
    if (Date.now() - owner.lastUsedAt.getTime() > TOUCH_AFTER_MS) await this.repo.touchToken(db, owner.tokenId);
    return {
      userId: owner.userId,
      tokenId: owner.tokenId,
      name: owner.name,
      email: owner.email,
      role: owner.role as Role,
      profileId: owner.profileId,
      kids: owner.kids === true,
      profileName: owner.profileName ?? owner.name,
      mainProfile: owner.main === true,
    };
  }
}
