/**
 * A payment gateway (a bank's internet payment page). Our side of every gateway is the same:
 * open a payment for an amount and get the page to send the payer to; later, when the payer comes
 * back to our callback, ask the gateway whether the money really moved. Amounts are Toman here;
 * each gateway converts to what it speaks (Zarinpal: Rial).
 */

export type GatewayName = 'sandbox' | 'zarinpal';

export interface GatewayPaymentRequest {
  /** Toman, a whole number. */
  amount: number;
  /** Persian; shown by the bank to the payer. */
  description: string;
  /** Where the gateway sends the payer back (`?Authority=…&Status=OK|NOK` is added). */
  callbackUrl: string;
  /** Our payment id, kept by the gateway beside its own. */
  orderId: number;
  email?: string;
}

export interface GatewayStart {
  /** The gateway's id of the payment. */
  authority: string;
  /** The page to send the payer to. */
  url: string;
}

export type GatewayVerification =
  | {
      ok: true;
      /** The bank's tracking number for the receipt. */
      refId: string;
      cardPan: string | null;
      /** The gateway had already verified it (a repeated verify; still a success). */
      alreadyVerified: boolean;
      /** What the gateway says was paid, Toman, when it says so. */
      amount?: number;
      /** Our payment id as the gateway kept it, when it tells it back. */
      orderId?: number;
    }
  | {
      ok: false;
      /** Our failure code: 'NOT_VERIFIED' | 'AMOUNT_MISMATCH' | 'CANCELLED_BY_PAYER' | 'GATEWAY_ERROR' */
      code: FailureCode;
      /** The gateway's own code or message, for the payment's events. */
      gatewayCode: string;
    };

export type FailureCode = 'NOT_VERIFIED' | 'AMOUNT_MISMATCH' | 'CANCELLED_BY_PAYER' | 'GATEWAY_ERROR' | 'ORDER_MISMATCH' | 'EXPIRED' | 'SUPERSEDED';

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Opens a payment at the gateway. Throws GatewayUnavailableError or GatewayRefusedError. */
  request(input: GatewayPaymentRequest): Promise<GatewayStart>;
  /** Asks whether the payment went through. Throws GatewayUnavailableError when nothing is known yet. */
  verify(input: { authority: string; amount: number }): Promise<GatewayVerification>;
}

/** The gateway could not be reached, or answered something we cannot read: try again later. */
export class GatewayUnavailableError extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** The gateway refused to open a payment (its limits, or our merchant settings). */
export class GatewayRefusedError extends Error {
  constructor(
    message: string,
    readonly gatewayCode: string,
  ) {
    super(message);
    this.name = 'GatewayRefusedError';
  }
}
