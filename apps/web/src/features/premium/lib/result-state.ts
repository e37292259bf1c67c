import type { PaymentResult } from '@parde/contract';
import { formatJalali, formatNumber } from '@parde/persian';
import { paths } from '../../../config/paths';

/**
 * What the result page shows for a payment: success with the new end date and the days bought;
 * failure (failed, cancelled, expired) with the reason and the way back to try again; or a
 * waiting state while the bank has not answered.
 */
export type ResultView =
  | { state: 'success'; kind: PaymentResult['kind']; message: string; premiumUntil: string | null; days: string; giftCode: string | null; period: { from: string; to: string } | null }
  | { state: 'failure'; message: string; reason: string; retryHref: string }
  | { state: 'pending'; message: string };

/** The web app's page to try a failed payment again: the same plan, the same way of buying it. */
export function retryHref(p: Pick<PaymentResult, 'kind'> & { plan: { id: number } }): string {
  if (p.kind === 'gift') return paths.gift.getHref({ plan: p.plan.id });
  return paths.premium.join.getHref(p.plan.id, p.kind);
}

export function resultView(p: PaymentResult): ResultView {
  if (p.outcome === 'pending' || p.status === 'pending' || p.status === 'verifying') return { state: 'pending', message: p.message };
  if (p.outcome === 'failure' || p.status !== 'paid') {
    return { state: 'failure', message: p.message, reason: p.failureReason ?? p.message, retryHref: retryHref(p) };
  }
  return {
    state: 'success',
    kind: p.kind,
    message: p.message,
    premiumUntil: p.premiumUntil ? formatJalali(p.premiumUntil, 'long') : null,
    days: formatNumber(p.plan.days, 0),
    giftCode: p.gift?.code ?? null,
    period: p.period && p.kind === 'reserve' ? { from: formatJalali(p.period.startsAt, 'long'), to: formatJalali(p.period.endsAt, 'long') } : null,
  };
}

/** The first checks come quickly (the bank usually answers in seconds), later ones every 15 s. */
export function pendingPollDelay(checksSoFar: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, checksSoFar - 1), 15_000);
}

/** `?payment=` of the result page: a positive whole number, or null. */
export function parsePaymentId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
