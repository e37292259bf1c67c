import {
  GatewayRefusedError,
  GatewayUnavailableError,
  type FailureCode,
  type GatewayPaymentRequest,
  type GatewayStart,
  type GatewayVerification,
  type PaymentGateway,
} from './gateway';

export interface ZarinpalOptions {
  merchantId: string;
  /** https://payment.zarinpal.com (or its sandbox host, or a local test server). */
  baseUrl: string;
  timeoutMs?: number;
}

/** Zarinpal answers `{data: {code, …}, errors: []}`, or `{data: [], errors: {code, message}}` on failure. */
interface ZarinpalAnswer {
  data?: { code?: number; message?: string; authority?: string; ref_id?: number | string; card_pan?: string } | unknown[];
  errors?: { code?: number; message?: string } | unknown[];
}

/** Zarinpal's verify codes that mean the payment is not (or not rightly) paid; the rest are ours to retry. */
const verifyFailures: Record<number, FailureCode> = {
  [-50]: 'AMOUNT_MISMATCH', // the amount differs from the one the payment was opened with
  [-51]: 'NOT_VERIFIED', // the payer did not pay (failed or cancelled at the bank)
  [-53]: 'NOT_VERIFIED', // the authority belongs to another merchant
  [-54]: 'NOT_VERIFIED', // unknown authority
  [-55]: 'NOT_VERIFIED',
  [-9]: 'GATEWAY_ERROR', // our request was invalid
  [-10]: 'GATEWAY_ERROR', // merchant id or server address not accepted
  [-11]: 'GATEWAY_ERROR', // merchant not active
  [-15]: 'GATEWAY_ERROR', // merchant suspended
  [-16]: 'GATEWAY_ERROR',
  [-17]: 'GATEWAY_ERROR',
};

/** Toman → Rial: Zarinpal's amounts are Rial (its default currency). */
export const tomanToRial = (toman: number) => toman * 10;

/**
 * Zarinpal's v4 REST API: `payment/request.json` opens a payment and gives an Authority, the payer
 * goes to `StartPay/{Authority}`, comes back to our callback with `Authority` and `Status`, and
 * `payment/verify.json` settles it (100 paid now, 101 paid and already verified).
 */
export class ZarinpalGateway implements PaymentGateway {
  readonly name = 'zarinpal' as const;

  constructor(private readonly opts: ZarinpalOptions) {}

  private async post(path: string, body: Record<string, unknown>): Promise<{ code: number | undefined; data: Record<string, unknown>; message: string }> {
    let res: Response;
    try {
      res = await fetch(`${this.opts.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new GatewayUnavailableError('zarinpal unreachable', { path, error: String(err) });
    }
    let answer: ZarinpalAnswer;
    try {
      answer = (await res.json()) as ZarinpalAnswer;
    } catch {
      throw new GatewayUnavailableError('zarinpal answered something other than JSON', { path, status: res.status });
    }
    const data = answer.data && !Array.isArray(answer.data) ? answer.data : {};
    const errors = answer.errors && !Array.isArray(answer.errors) ? answer.errors : {};
    const code = typeof data.code === 'number' ? data.code : typeof errors.code === 'number' ? errors.code : undefined;
    if (code === undefined && res.status >= 500) throw new GatewayUnavailableError('zarinpal server error', { path, status: res.status });
    return { code, data: data as Record<string, unknown>, message: String(data.message ?? errors.message ?? '') };
  }

  async request(input: GatewayPaymentRequest): Promise<GatewayStart> {
    const { code, data, message } = await this.post('/pg/v4/payment/request.json', {
      merchant_id: this.opts.merchantId,
      amount: tomanToRial(input.amount),
      currency: 'IRR',
      description: input.description.slice(0, 500),
      callback_url: input.callbackUrl,
      metadata: { order_id: String(input.orderId), ...(input.email ? { email: input.email } : {}) },
    });
    const authority = typeof data.authority === 'string' ? data.authority : '';
    if (code === 100 && authority) {
      return { authority, url: `${this.opts.baseUrl}/pg/StartPay/${encodeURIComponent(authority)}` };
    }
    if (code === undefined) throw new GatewayUnavailableError('zarinpal answer without a code', { message });
    if (code === -12) throw new GatewayUnavailableError('zarinpal: too many attempts', { code });
    throw new GatewayRefusedError(`zarinpal refused the payment: ${code} ${message}`, String(code));
  }

  async verify(input: { authority: string; amount: number }): Promise<GatewayVerification> {
    const { code, data, message } = await this.post('/pg/v4/payment/verify.json', {
      merchant_id: this.opts.merchantId,
      amount: tomanToRial(input.amount),
      authority: input.authority,
    });
    if (code === 100 || code === 101) {
      const refId = data.ref_id === undefined || data.ref_id === null ? '' : String(data.ref_id);
      if (!refId) throw new GatewayUnavailableError('zarinpal verified without a ref_id', { code });
      return { ok: true, refId, cardPan: typeof data.card_pan === 'string' ? data.card_pan : null, alreadyVerified: code === 101 };
    }
    const failure = code === undefined ? undefined : verifyFailures[code];
    // -12 (too many attempts), -52 (its own error) and codes we do not know: nothing is settled yet.
    if (!failure) throw new GatewayUnavailableError('zarinpal could not verify now', { code, message });
    return { ok: false, code: failure, gatewayCode: String(code) };
  }
}
