import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createGateways } from '../gateways/gateways';
import type { Mailer } from '../mail/mailer';
import { sendExpiryNotices } from '../premium/jobs';
import { PaymentsService } from './payments.service';

// The scheduled work of premium and payments together. It sits in payments, which already depends
// on premium (a payment grants it), so that premium never imports payments back.

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
