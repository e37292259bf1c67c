import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import type { GatewayPaymentRequest, GatewayStart, GatewayVerification, PaymentGateway } from './gateway';
import { SandboxRepository, type SandboxTransaction } from './sandbox.repository';

export type { SandboxTransaction };

const repo = new SandboxRepository();

export const SANDBOX_PAGE_PREFIX = '/api/gateways/sandbox/';
export const isSandboxAuthority = (s: string) => /^SBX[0-9A-F]{32}$/.test(s);

/**
 * A bank of our own for development and tests: `npm start` takes payments offline. It keeps its
 * side of each payment in `sandbox_transactions` as a bank would, serves a test page (approve or
 * cancel) on this API, and verifies like Zarinpal does (once; a second verify says "already").
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Db) {}

  async request(input: GatewayPaymentRequest): Promise<GatewayStart> {
    const authority = `SBX${crypto.randomBytes(16).toString('hex').toUpperCase()}`;
    await repo.insert(this.db, {
      authority,
      amount: input.amount,
      description: input.description,
      callbackUrl: input.callbackUrl,
      orderId: input.orderId,
    });
    // The test page is served by the same API that receives the callback.
    return { authority, url: `${new URL(input.callbackUrl).origin}${SANDBOX_PAGE_PREFIX}${authority}` };
  }

  async verify(input: { authority: string; amount: number }): Promise<GatewayVerification> {
    const tx = await repo.byAuthority(this.db, input.authority);
    if (!tx) return { ok: false, code: 'NOT_VERIFIED', gatewayCode: 'unknown-authority' };
    if (tx.status === 'cancelled') return { ok: false, code: 'CANCELLED_BY_PAYER', gatewayCode: 'cancelled' };
    if (tx.status !== 'approved' || !tx.refId) return { ok: false, code: 'NOT_VERIFIED', gatewayCode: 'not-paid' };
    // Like Zarinpal: verifying with another amount than the payment was opened with is refused.
    if (tx.amount !== input.amount) return { ok: false, code: 'AMOUNT_MISMATCH', gatewayCode: 'amount-mismatch' };
    const first = await repo.markVerified(this.db, input.authority);
    return { ok: true, refId: tx.refId, cardPan: null, alreadyVerified: !first, amount: tx.amount, orderId: tx.orderId };
  }

  find(authority: string): Promise<SandboxTransaction | undefined> {
    return repo.byAuthority(this.db, authority);
  }

  /** The tester's choice on the test page; a second click keeps the first choice. */
  async decide(authority: string, choice: 'approve' | 'cancel'): Promise<SandboxTransaction | undefined> {
    const refId = String(crypto.randomInt(100_000_000, 999_999_999));
    const updated = await repo.decide(this.db, authority, choice === 'approve' ? { status: 'approved', refId } : { status: 'cancelled' });
    return updated ?? this.find(authority);
  }
}

/** Where the sandbox sends the payer back, as Zarinpal does: `?Authority=…&Status=OK|NOK`. */
export function sandboxReturnUrl(tx: SandboxTransaction): string {
  const url = new URL(tx.callbackUrl);
  url.searchParams.set('Authority', tx.authority);
  url.searchParams.set('Status', tx.status === 'approved' ? 'OK' : 'NOK');
  return url.toString();
}
