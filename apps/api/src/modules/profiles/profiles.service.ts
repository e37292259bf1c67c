import { MAX_PROFILES, type AvatarKey, type CreateProfileInput, type PlayerPrefsData, type Profile, type ProfilesData, type SelectProfileInput, type UpdateProfileInput, avatarKeys } from '@parde/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { AuthMember } from '../../plugins/auth';
import { isoOrNull, pgCode, pgCodes } from '../../db/executor';
import { AuthRepository } from '../auth/auth.repository';
import type { PasswordHasher } from '../auth/passwords';
import { titleMustExist } from '../member/member.service';
import { profileMessages as m } from './profiles.messages';
import { PIN_TRIES, ProfilesRepository, type PinTry, type ProfileRow } from './profiles.repository';

/**
 * Whose count a PIN try takes (decision 26): a kids profile's session counts its own tries, per
 * profile it tries, so a child guessing the main PIN locks only that device out, never the
 * parent's profile; every other session counts against the profile itself (decision 21).
 */
type TryCounter = { session: number } | null;
const counterOf = (member: AuthMember): TryCounter => (member.kids ? { session: member.tokenId } : null);

/** Only real avatars are stored; a row from elsewhere shows the first. */
const avatarOf = (a: string): AvatarKey => ((avatarKeys as readonly string[]).includes(a) ? (a as AvatarKey) : avatarKeys[0]);

/** `sessionLock`: this kids session is locked out of the profile until then (the later lock is shown). */
export function toProfile(r: ProfileRow, sessionLock?: Date | string): Profile {
  const own = r.locked ? isoOrNull(r.pin_locked_until) : null;
  const session = sessionLock === undefined ? null : isoOrNull(sessionLock);
  const lockedUntil = own === null ? session : session === null ? own : Date.parse(session) > Date.parse(own) ? session : own;
  return { id: r.id, name: r.name, avatar: avatarOf(r.avatar), kids: r.kids, main: r.main, hasPin: r.pin_hash !== null, lockedUntil };
}

/** A new profile's player: Persian subtitles on (most of the catalogue is not in Persian), as before profiles. */
const defaultPrefs: PlayerPrefsData = { subtitle: 'fa', size: 'm', dataSaver: null, quality: null };

/**
 * Household profiles (decision 21): listing, the holder's management (create, edit, delete, PINs)
 * and choosing the session's profile. Managing needs proof that the account holder is at the
 * device (the account's password or the main profile's PIN); a kids session may not manage.
 */
export class ProfilesService {
  private readonly repo = new ProfilesRepository();
  private readonly auth = new AuthRepository();

  constructor(
    private readonly database: Database,
    private readonly passwords: PasswordHasher,
  ) {}

  private get db() {
    return this.database.db;
  }

  async list(member: AuthMember): Promise<ProfilesData> {
    const rows = await this.repo.list(this.db, member.userId);
    // A kids session sees where it is locked out itself, beside the profiles' own locks.
    const locks = member.kids ? await this.repo.sessionLocks(this.db, member.tokenId) : undefined;
    return { profiles: rows.map((r) => toProfile(r, locks?.get(r.id))), currentId: member.profileId, max: MAX_PROFILES };
  }

  /**
   * Checks one PIN against a profile, counting the try first: wrong → 422 on `field` with the tries
   * left, the fifth wrong (or any while locked) → 423 PROFILE_LOCKED with the time it opens. A kids
   * session's tries are its own (`counter`); a profile locked by the grown-ups' tries stays locked for it too.
   */
  private async checkPin(profile: ProfileRow, pin: string, field: 'pin' | 'main_pin', counter: TryCounter): Promise<void> {
    let taken: PinTry | null;
    if (counter) {
      if (profile.locked) throw this.lockedError(profile.pin_locked_until);
      taken = await this.takeSessionTry(counter.session, profile.id);
      if (!taken) throw this.lockedError((await this.repo.sessionLocks(this.db, counter.session)).get(profile.id) ?? null, true);
    } else {
      taken = await this.repo.takePinTry(this.db, profile.id);
      if (!taken) throw this.lockedError(await this.repo.lockedUntil(this.db, profile.id));
    }
    if (taken.pinHash !== null && (await this.passwords.verify(pin, taken.pinHash))) {
      if (counter) await this.repo.sessionPinAccepted(this.db, counter.session, profile.id);
      else await this.repo.pinAccepted(this.db, profile.id);
      return;
    }
    if (taken.lockedUntil !== null) throw this.lockedError(taken.lockedUntil, counter !== null);
    throw AppError.validation({ [field]: [m.wrongPin(PIN_TRIES - taken.failures)] }, m.wrongPin(PIN_TRIES - taken.failures));
  }

  /** A profile deleted on another device while this one was typing its PIN is simply gone. */
  private async takeSessionTry(tokenId: number, profileId: number): Promise<PinTry | null> {
    try {
      return await this.repo.takeSessionPinTry(this.db, tokenId, profileId);
    } catch (err) {
      if (pgCode(err) === pgCodes.foreignKey) throw new AppError('PROFILE_NOT_FOUND', 404);
      throw err;
    }
  }

  private lockedError(until: Date | string | null, session = false): AppError {
    return new AppError('PROFILE_LOCKED', 423, until ? (session ? m.sessionLocked(until) : m.locked(until)) : undefined);
  }

  /**
   * The account holder is at the device: the account's password, or the main profile's PIN (which
   * counts against that profile's tries). Neither given → 403 HOLDER_PROOF_REQUIRED.
   */
  async proveHolder(member: AuthMember, proof: { password?: string; main_pin?: string }): Promise<void> {
    if (member.kids) throw new AppError('KIDS_PROFILE', 403);
    return this.checkHolder(member.userId, proof, null);
  }

  /** The password or the main PIN, the PIN's try taken by `counter` (a kids session's own, or the main profile's). */
  private async checkHolder(userId: number, proof: { password?: string; main_pin?: string }, counter: TryCounter): Promise<void> {
    if (proof.password) {
      const user = await this.auth.userById(this.db, userId);
      if (!user || !(await this.passwords.verify(proof.password, user.passwordHash))) throw AppError.validation({ password: [m.wrongPassword] }, m.wrongPassword);
      return;
    }
    if (proof.main_pin) {
      const main = await this.repo.main(this.db, userId);
      if (main?.pin_hash) return this.checkPin(main, proof.main_pin, 'main_pin', counter);
    }
    throw new AppError('HOLDER_PROOF_REQUIRED', 403);
  }

  private nameIsTaken(rows: ProfileRow[], name: string, except?: number) {
    return rows.some((r) => r.id !== except && r.name.trim() === name.trim());
  }

  async create(member: AuthMember, input: CreateProfileInput): Promise<Profile> {
    await this.proveHolder(member, input);
    const pinHash = input.pin ? await this.passwords.hash(input.pin) : null;
    const name = input.name.trim();
    try {
      const row = await this.db.transaction(async (tx) => {
        // One creation per account at a time: the slot chosen is still free when it is taken.
        if (!(await this.repo.lockAccount(tx, member.userId))) throw new AppError('UNAUTHENTICATED', 401);
        const existing = await this.repo.list(tx, member.userId);
        if (this.nameIsTaken(existing, name)) throw AppError.validation({ name: [m.nameTaken] }, m.nameTaken);
        const slot = await this.repo.freeSlot(tx, member.userId, MAX_PROFILES);
        if (slot === undefined) throw new AppError('PROFILE_LIMIT', 422, m.limit, { name: [m.limit] });
        const used = new Set(existing.map((r) => r.avatar));
        const avatar = input.avatar ?? avatarKeys.find((a) => !used.has(a)) ?? avatarKeys[slot - 1]!;
        return this.repo.insert(tx, { userId: member.userId, slot, name, avatar, kids: input.kids, pinHash });
      });
      return toProfile(row);
    } catch (err) {
      // The unique slot (or the slot range) refused a sixth that raced past the lock.
      if (pgCode(err) === pgCodes.unique || pgCode(err) === pgCodes.check) throw new AppError('PROFILE_LIMIT', 422, m.limit, { name: [m.limit] });
      throw err;
    }
  }

  async update(member: AuthMember, id: number, input: UpdateProfileInput): Promise<Profile> {
    await this.proveHolder(member, input);
    const current = await this.repo.get(this.db, member.userId, id);
    if (!current) throw new AppError('PROFILE_NOT_FOUND', 404);
    if (input.kids === true && current.main) throw AppError.validation({ kids: [m.mainKids] }, m.mainKids);
    const pinHash = input.pin === undefined ? undefined : input.pin === null ? null : await this.passwords.hash(input.pin);
    const name = input.name?.trim();
    const row = await this.db.transaction(async (tx) => {
      if (name !== undefined && this.nameIsTaken(await this.repo.list(tx, member.userId), name, id)) throw AppError.validation({ name: [m.nameTaken] }, m.nameTaken);
      return this.repo.update(tx, member.userId, id, { name, avatar: input.avatar, kids: input.kids, pinHash });
    });
    if (!row) throw new AppError('PROFILE_NOT_FOUND', 404);
    return toProfile(row);
  }

  async delete(member: AuthMember, id: number, proof: { password?: string; main_pin?: string }): Promise<void> {
    await this.proveHolder(member, proof);
    const current = await this.repo.get(this.db, member.userId, id);
    if (!current) throw new AppError('PROFILE_NOT_FOUND', 404);
    if (current.main) throw new AppError('MAIN_PROFILE', 409);
    await this.db.transaction(async (tx) => {
      await this.repo.revokeSessionsOf(tx, id, member.tokenId);
      if (!(await this.repo.delete(tx, member.userId, id))) throw new AppError('PROFILE_NOT_FOUND', 404);
    });
  }

  /**
   * Makes the profile this session's. A profile with a PIN needs it; leaving a kids profile for a
   * grown-up one without a PIN needs the main PIN or the account's password.
   */
  async select(member: AuthMember, id: number, input: SelectProfileInput): Promise<Profile> {
    const target = await this.repo.get(this.db, member.userId, id);
    if (!target) throw new AppError('PROFILE_NOT_FOUND', 404);
    if (target.id !== member.profileId) {
      if (target.locked) throw this.lockedError(target.pin_locked_until);
      if (target.pin_hash !== null) {
        if (!input.pin) throw new AppError('PIN_REQUIRED', 403);
        await this.checkPin(target, input.pin, 'pin', counterOf(member));
      } else if (member.kids && !target.kids) {
        if (!input.password && !input.main_pin) throw new AppError('KIDS_EXIT_LOCKED', 403);
        await this.checkHolder(member.userId, input, counterOf(member));
      }
    }
    await this.repo.selectForToken(this.db, member.tokenId, target.main ? null : target.id);
    const fresh = await this.repo.get(this.db, member.userId, id);
    return toProfile(fresh ?? target);
  }

  async prefs(member: AuthMember): Promise<PlayerPrefsData> {
    const stored = await this.repo.prefs(this.db, member.profileId);
    return { ...defaultPrefs, ...(stored as Partial<PlayerPrefsData> | undefined) };
  }

  async setPrefs(member: AuthMember, prefs: PlayerPrefsData): Promise<PlayerPrefsData> {
    await this.repo.setPrefs(this.db, member.profileId, prefs);
    return prefs;
  }

  audio(member: AuthMember, titleId: number): Promise<string | null> {
    return this.repo.audio(this.db, member.profileId, titleId);
  }

  async setAudio(member: AuthMember, titleId: number, edition: string): Promise<string> {
    await titleMustExist(this.repo.setAudio(this.db, member.profileId, titleId, edition));
    return edition;
  }
}
