import type { Executor } from '../../db/executor';
import { AccountRepository } from './account.repository';

const repo = new AccountRepository();

/**
 * Which kind of row a toggle flips; the first key of its advisory lock, so a member's watchlist entry,
 * like of a title and like of a comment with the same id never wait for one another.
 */
export const toggleKinds = { watchlist: 1, titleLike: 2, commentLike: 3 } as const;

/**
 * Flips a member's row in the caller's transaction: inserts it when absent, else deletes it. True
 * when it is now present.
 *
 * Toggles of one row are serialised by a transaction-scoped advisory lock on (kind, member, row), so
 * each sees the one before it committed and N concurrent toggles end where N flips would. Without it,
 * READ COMMITTED let a toggle miss both ways (its insert met a row that a concurrent toggle then
 * deleted) and race on for rounds under load. The lock's two 32-bit keys are the kind and a hash of
 * the member and row ids; a hash collision only makes two unrelated toggles wait for each other.
 */
export async function toggle(
  tx: Executor,
  kind: (typeof toggleKinds)[keyof typeof toggleKinds],
  userId: number,
  rowId: number,
  insert: () => Promise<unknown[]>,
  remove: () => Promise<unknown[]>,
): Promise<boolean> {
  await repo.lockToggle(tx, kind, userId, rowId);
  // One round settles it. Only a delete outside toggles (a cascade) can take the row away between
  // the two statements; the next round then sees it gone.
  for (let round = 0; round < 3; round++) {
    if ((await insert()).length > 0) return true;
    if ((await remove()).length > 0) return false;
  }
  throw new Error('toggle did not settle');
}
