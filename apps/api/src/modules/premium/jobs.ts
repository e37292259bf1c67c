import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createGateways } from '../gateways/gateways';
import type { Mailer } from '../mail/mailer';
import { notify } from '../notifications/notifications.service';
import { PaymentsService } from '../payments/payments.service';
import { DAY_MS } from './periods';
import { PremiumRepository } from './premium.repository';

const repo = new PremiumRepository();

/** Members hear this long before their premium ends. */
export const EXPIRY_NOTICE_MS = 3 * DAY_MS;

export interface PremiumJobsContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  mailer?: Mailer;
}

export interface PremiumJobsReport {
  expiryNotices: number;
  closedPayments: number;
  retriedPayments: number;
}

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

/**
 * Everything premium that happens with time, safe to run any number of times and from several
 * processes at once. Access itself needs no job: it is computed from the periods' dates, so it
 * stops at the end and a reserved plan starts by itself.
 */
export async function runPremiumJobs(ctx: PremiumJobsContext, now = new Date()): Promise<PremiumJobsReport> {
  const payments = new PaymentsService({ ...ctx, gateways: createGateways(ctx.config, ctx.database.db) });
  const expiryNotices = await sendExpiryNotices(ctx.database, now);
  const closedPayments = await payments.closeAbandoned(now);
  const retriedPayments = await payments.retryStuck(now);
  return { expiryNotices, closedPayments, retriedPayments };
}
