import type { Database } from '../../db/client';
import { notify } from '../notifications/notifications.service';
import { DAY_MS } from './periods';
import { PremiumRepository } from './premium.repository';

const repo = new PremiumRepository();

/** Members hear this long before their premium ends. */
export const EXPIRY_NOTICE_MS = 3 * DAY_MS;

/**
 * Members whose premium (reserved plans counted) ends within three days hear it once: the
 * notification's key is the end instant, so repeated runs add nothing, and a member who extends
 * gets a fresh notice for the new end when it comes near.
 */
export async function sendExpiryNotices(database: Database, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_MS);
  return database.db.transaction(async (tx) => {
    const rows = await repo.chainsEndingBy(tx, now, horizon);
    let sent = 0;
    for (const r of rows) if (await notify(tx, r.userId, { kind: 'premium_expiring', until: r.until })) sent++;
    return sent;
  });
}
