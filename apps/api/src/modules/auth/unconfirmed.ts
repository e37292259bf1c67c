import type { Db } from '../../db/client';
import { AuthRepository } from './auth.repository';

const repo = new AuthRepository();

/** An unconfirmed sign-up is kept this long after it was made (or made again) before it is removed. */
export const UNCONFIRMED_SIGN_UP_DAYS = 7;

/**
 * Removes sign-ups whose address was never confirmed: the name and the password hash of
 * somebody who may never have owned the mailbox are not kept for ever. A sign-up made again
 * starts its week over (`restartUnverified` sets `updated_at`), and one with a mailed link still
 * valid (a confirmation, a password reset) is left until the link expires, so a link never
 * leads to an account that is gone. The address is free again at once either way: a new
 * sign-up with it replaces an unconfirmed account. Safe to run from several processes at once.
 */
export async function purgeUnconfirmedSignUps(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_SIGN_UP_DAYS * 86_400_000);
  return repo.purgeUnconfirmed(db, cutoff, now);
}
