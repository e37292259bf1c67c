import type { Member } from '@parde/contract';
import { AppError } from '../../errors/app-error';
import { AccountRepository } from './account.repository';
import { toMember, type PremiumState } from './account.mapper';
import type { Executor } from '../../db/executor';
import { premiumState } from '../entitlements/premium-status';

const repo = new AccountRepository();

/** The member's premium status: active now, and until when (paid and reserved periods stacked). */
export function premiumOf(db: Executor, userId: number): Promise<PremiumState> {
  return premiumState(db, userId);
}

/** The member as `GET /api/user` and the sign-in answers show them; the counts are the profile's (the main one when none is named). */
export async function memberProfile(db: Executor, userId: number, profileId: number | null = null): Promise<Member> {
  const row = await repo.profile(db, userId, profileId);
  // The token was valid a moment ago; the account was deleted in between.
  if (!row) throw new AppError('UNAUTHENTICATED', 401);
  return toMember(row, await premiumOf(db, userId));
}
