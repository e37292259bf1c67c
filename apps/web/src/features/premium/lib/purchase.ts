import type { PremiumStatus } from '@parde/contract';

/** Join: bought now, days stacked on what is left. Reserve: starts when the running subscription ends. */
export type PurchaseMode = 'join' | 'reserve';

/** `?mode=` of the join page; anything else is a plain join. */
export function parseMode(raw: string | null): PurchaseMode {
  return raw === 'reserve' ? 'reserve' : 'join';
}

const DAY_MS = 86_400_000;

/**
 * Where the plan's days would fall if paid now — the same rule as the API's: a join goes on the
 * end of the running subscription (before any reserved plans, which move later), a reserve after
 * everything already bought; with nothing running both start now. `startsAt` null means now.
 * Only a preview: the real dates are fixed when the bank confirms the payment.
 */
export function previewPeriod(status: Pick<PremiumStatus, 'active' | 'activeUntil' | 'premiumUntil'> | undefined, mode: PurchaseMode, days: number, now: Date): { startsAt: Date | null; endsAt: Date } {
  const anchor = status?.active ? (mode === 'reserve' ? status.premiumUntil : status.activeUntil) : null;
  const start = anchor ? new Date(anchor) : null;
  const from = start && start > now ? start : null;
  return { startsAt: from, endsAt: new Date((from ?? now).getTime() + days * DAY_MS) };
}

/** Only a web page may be the gateway: never a `javascript:` or other scheme from a bad answer. */
export function isSafeGatewayUrl(url: string, base: string): boolean {
  try {
    const u = new URL(url, base);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Leaves the site for the gateway's page (a full page load: the bank is another site). */
export function goToGateway(url: string): void {
  window.location.assign(url);
}
