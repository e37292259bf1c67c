import type { TitleAccess } from '@parde/contract';
import { AppError } from '../../errors/app-error';
import type { Executor } from '../../db/executor';
import { EntitlementsRepository } from './entitlements.repository';
import { isPremium } from './premium-status';

const repo = new EntitlementsRepository();

/**
 * Who may watch what. Premium unlocks full titles and episodes and downloading their files;
 * trailers are free for everyone, and so is a title marked free (`titles.is_free`).
 * Streaming and download routes call `assertCanWatch` before they hand out anything.
 */

/**
 * Answers null when the title does not exist or is hidden (not published), or is a grown-up title
 * asked for by a kids profile: the player then answers 404.
 */
export async function canWatch(db: Executor, userId: number | null, titleId: number, now = new Date(), kids = false): Promise<TitleAccess | null> {
  const isFree = await repo.titleIsFree(db, titleId, kids);
  if (isFree === undefined) return null;
  if (isFree) return { canWatch: true, reason: 'free' };
  if (userId === null) return { canWatch: false, reason: 'UNAUTHENTICATED' };
  return (await isPremium(db, userId, now)) ? { canWatch: true, reason: 'premium' } : { canWatch: false, reason: 'SUBSCRIPTION_REQUIRED' };
}

/** Trailers are never gated. */
export const canWatchTrailer = (): TitleAccess => ({ canWatch: true, reason: 'free' });

const titleNotFound = 'فیلم یا سریالی با این نشانی پیدا نشد.';

/**
 * For gated routes (watching a full title or episode, downloading a file): 404 for an unknown
 * title, 401 for a visitor who is not signed in, 403 SUBSCRIPTION_REQUIRED (Persian) without premium.
 */
export async function assertCanWatch(db: Executor, userId: number | null, titleId: number, now = new Date(), kids = false): Promise<TitleAccess> {
  const access = await canWatch(db, userId, titleId, now, kids);
  if (!access) throw AppError.notFound(titleNotFound);
  if (access.reason === 'UNAUTHENTICATED') throw new AppError('UNAUTHENTICATED', 401);
  if (access.reason === 'SUBSCRIPTION_REQUIRED') throw new AppError('SUBSCRIPTION_REQUIRED', 403);
  return access;
}
