import type { GiftPurchaseInput, JoinPlanInput, PaymentKind, PaymentRedirect, PaymentResult } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { pageMeta, type Executor } from '../../db/executor';
import { GatewayRefusedError, GatewayUnavailableError, type FailureCode, type GatewayVerification } from '../gateways/gateway';
import type { Gateways } from '../gateways/gateways';
import type { Mailer } from '../mail/mailer';
import { giftMail } from '../premium/gift-mail';
import { createGiftForPayment, formatGiftCode, markGiftMailed } from '../premium/gifts';
import { addPeriod, premiumStatus } from '../premium/periods';
import { PlansRepository, planPaths, planPrice } from '../premium/plans';
import { checkDiscount, holdDiscount, releaseDiscount } from './discounts';
import { toPayment } from './payments.mapper';
import { failureReasons, paymentMessages as m } from './payments.messages';
import { PaymentsRepository, type PaymentRow, type PaymentStatusValue } from './payments.repository';

/** A payment nobody came back for is closed after this long (the gateway's own session is over by then). */
export const PENDING_TTL_MS = 60 * 60_000;
/** A verification that did not finish (no answer from the gateway, a stopped process) is retried after this long. */
export const STUCK_AFTER_MS = 2 * 60_000;
/** …and given up after this long, as failed (the gateway refunds what it did not hear verified). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

export interface PaymentsDeps {
  database: Database;
  config: Config;
  gateways: Gateways;
  log: FastifyBaseLogger;
  /** Gift mails; without one (a job run without the app) gifts are only shown to the giver. */
  mailer?: Mailer;
}

export interface PayingMember {
  userId: number;
  email: string;
  /** The profile that pays: its name signs the payment (decision 21). */
  profileName?: string;
}

/** What a paid payment leaves to do after its transaction commits. */
interface AfterPaid {
  giftMail?: { giftId: number; to: string; mail: ReturnType<typeof giftMail> };
}

export type PurchaseInput = JoinPlanInput & Partial<Pick<GiftPurchaseInput, 'recipient_email' | 'message'>>;

const repo = new PaymentsRepository();
const plans = new PlansRepository();

/**
 * Buying plans and settling payments. Each use case is one transaction; a gateway is only ever
 * called between transactions, so no database connection waits on a bank. A payment moves between
 * states only by conditional updates on its status, which makes every callback, retry or job
 * idempotent: whoever moves it first does the work, everyone else finds nothing to do.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The web app's result page for a payment. */
  resultUrl(paymentId: number): string {
    return `${this.deps.config.SITE_URL}/premium/result?payment=${paymentId}`;
  }

  /**
   * join2, reserve2 and gift: a pending payment for the plan (with the discount code held for it),
   * opened at the gateway. Answers the page to send the member to.
   */
  async start(member: PayingMember, kind: PaymentKind, input: PurchaseInput, apiOrigin: string, now = new Date()): Promise<PaymentRedirect> {
    const gateway = this.deps.gateways.active;
    const created = await this.db.transaction(async (tx) => {
      const plan = await plans.activeById(tx, input.plan_id);
      if (!plan) throw new AppError('PLAN_NOT_FOUND', 404);
      const base = planPrice(plan);
      const discount = input.discount_code
        ? await checkDiscount(tx, { code: input.discount_code, userId: member.userId, base, now }, (previous) => this.supersede(tx, previous))
        : null;
      const off = discount?.off ?? 0;
      const amount = base - off;
      const payment = await repo.insert(tx, {
        userId: member.userId,
        planId: plan.id,
        kind,
        planName: plan.name,
        days: plan.days,
        baseAmount: base,
        discountAmount: off,
        amount,
        discountCodeId: discount?.row.id ?? null,
        discountCode: discount?.row.code ?? null,
        gateway: amount === 0 ? 'free' : gateway.name,
        giftRecipientEmail: kind === 'gift' ? (input.recipient_email ?? null) : null,
        giftMessage: kind === 'gift' ? (input.message ?? null) : null,
        profileName: member.profileName ?? null,
      });
      await repo.event(tx, payment.id, { from: null, to: 'pending', event: 'created', detail: { kind, planId: plan.id, baseAmount: base, discountAmount: off, amount, gateway: payment.gateway } });
      if (discount) await holdDiscount(tx, discount.row.id, member.userId, payment.id);
      if (amount > 0) return { payment };
      // A code that covers the whole price: nothing to charge, the plan is theirs now.
      const paid = (await repo.transition(tx, payment.id, ['pending'], 'paid', { paidAt: now }))!;
      await repo.event(tx, payment.id, { from: 'pending', to: 'paid', event: 'paid_in_full_by_discount' });
      return { payment: paid, after: await this.applyPaid(tx, paid, now) };
    });

    const payment = created.payment;
    if (payment.status === 'paid') {
      this.afterPaid(created.after ?? {});
      return { url: this.resultUrl(payment.id), paymentId: payment.id };
    }

    let started;
    try {
      started = await gateway.request({
        amount: payment.amount,
        description: m.description(kind, payment.planName, toPersianDigits(payment.days)),
        callbackUrl: `${apiOrigin}/api/payments/${payment.id}/callback`,
        orderId: payment.id,
        email: member.email,
      });
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError || err instanceof GatewayRefusedError)) throw err;
      this.deps.log.error({ err, paymentId: payment.id, gateway: gateway.name }, 'the gateway did not open the payment');
      const detail = err instanceof GatewayRefusedError ? { gatewayCode: err.gatewayCode } : err.detail;
      await this.fail(payment.id, 'pending', 'failed', 'GATEWAY_ERROR', { stage: 'request', ...detail });
      throw new AppError('GATEWAY_UNAVAILABLE', 503);
    }
    const opened = await this.db.transaction(async (tx) => {
      const row = await repo.setAuthority(tx, payment.id, started.authority);
      if (row) await repo.event(tx, payment.id, { from: 'pending', to: 'pending', event: 'sent_to_gateway', detail: { gateway: gateway.name, authority: started.authority } });
      return row;
    });
    // Superseded by a newer payment in the meantime: sending the member to pay it would be wrong.
    if (!opened) throw new AppError('CONFLICT', 409);
    return { url: started.url, paymentId: payment.id };
  }

  /** A newer purchase with the same discount code replaces a pending one (inside the newer one's transaction). */
  private async supersede(tx: Executor, paymentId: number): Promise<void> {
    const row = await repo.transition(tx, paymentId, ['pending'], 'cancelled', { failureCode: 'SUPERSEDED', failureReason: failureReasons.SUPERSEDED });
    if (!row) throw new AppError('PAYMENT_IN_PROGRESS', 409);
    await repo.event(tx, paymentId, { from: 'pending', to: 'cancelled', event: 'superseded' });
    await releaseDiscount(tx, paymentId);
  }

  /** Ends a payment without success, only from the given state, and gives back its discount code use. */
  private async fail(paymentId: number, from: PaymentStatusValue, to: 'failed' | 'cancelled' | 'expired', code: FailureCode, detail: Record<string, unknown> = {}): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await repo.transition(tx, paymentId, [from], to, { failureCode: code, failureReason: failureReasons[code] });
      if (!row) return false;
      await repo.event(tx, paymentId, { from, to, event: to, detail: { code, ...detail } });
      await releaseDiscount(tx, paymentId);
      return true;
    });
  }

  /** What a paid payment buys, inside its transaction: premium days, or a gift code. */
  private async applyPaid(tx: Executor, payment: PaymentRow, now: Date): Promise<AfterPaid> {
    if (payment.kind === 'gift') {
      const gift = await createGiftForPayment(tx, payment);
      if (!gift.recipientEmail) return {};
      const giverName = await repo.userName(tx, payment.userId);
      const code = formatGiftCode(gift.code);
      const mail = giftMail({
        giverName: giverName ?? 'یکی از دوستانتان',
        planName: gift.planName,
        days: gift.days,
        code,
        message: gift.message,
        redeemUrl: `${this.deps.config.SITE_URL}/gift?code=${encodeURIComponent(code)}`,
      });
      return { giftMail: { giftId: gift.id, to: gift.recipientEmail, mail } };
    }
    await addPeriod(tx, { userId: payment.userId, kind: payment.kind as 'join' | 'reserve', days: payment.days, planId: payment.planId, planName: payment.planName, paymentId: payment.id }, now);
    return {};
  }

  private afterPaid(after: AfterPaid): void {
    const g = after.giftMail;
    if (!g || !this.deps.mailer) return;
    this.deps.mailer.queue({ to: g.to, kind: 'gift', ...g.mail }, () => markGiftMailed(this.db, g.giftId));
  }

  /**
   * The gateway sent the payer back. A wrong Authority changes nothing; `Status` other than OK means
   * the payer cancelled (or the bank failed it); OK is verified with the gateway — once, by whichever
   * callback claims the payment first. Answers where to send the browser.
   */
  async callback(paymentId: number, query: { Authority?: string; Status?: string }, now = new Date()): Promise<string> {
    const url = this.resultUrl(paymentId);
    const payment = await repo.byId(this.db, paymentId);
    if (!payment) return url;
    const authority = query.Authority?.trim();
    if (!authority || authority !== payment.authority) {
      this.deps.log.warn({ paymentId, authority: authority?.slice(0, 80) }, 'payment callback with an authority that is not the payment’s');
      return url;
    }
    if (query.Status !== 'OK') {
      await this.fail(payment.id, 'pending', 'cancelled', 'CANCELLED_BY_PAYER', { status: query.Status?.slice(0, 20) ?? null });
      return url;
    }
    const claimed = await this.db.transaction(async (tx) => {
      const row = await repo.claimForVerify(tx, payment.id, authority);
      if (row) await repo.event(tx, row.id, { from: 'pending', to: 'verifying', event: 'callback', detail: { status: 'OK' } });
      return row;
    });
    if (claimed) await this.verify(claimed, now);
    return url;
  }

  /** Asks the payment's gateway and settles the payment; on no answer it stays in verification for the jobs. */
  private async verify(payment: PaymentRow, now: Date, opts: { unpaidIs?: 'failed' | 'expired' } = {}): Promise<void> {
    const gateway = this.deps.gateways.byName(payment.gateway);
    if (!gateway || !payment.authority) {
      this.deps.log.error({ paymentId: payment.id, gateway: payment.gateway }, 'no gateway to verify the payment with');
      return;
    }
    let v: GatewayVerification;
    try {
      v = await gateway.verify({ authority: payment.authority, amount: payment.amount });
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError)) throw err;
      this.deps.log.warn({ err, paymentId: payment.id }, 'verification postponed: the gateway did not answer');
      if (now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        await this.fail(payment.id, 'verifying', 'failed', 'GATEWAY_ERROR', { stage: 'verify', ...err.detail });
      }
      return;
    }
    // The gateway's word is checked against ours: the amount we asked for and the payment it was for.
    if (v.ok && v.amount !== undefined && v.amount !== payment.amount) v = { ok: false, code: 'AMOUNT_MISMATCH', gatewayCode: `amount ${v.amount}` };
    if (v.ok && v.orderId !== undefined && v.orderId !== payment.id) v = { ok: false, code: 'ORDER_MISMATCH', gatewayCode: `order ${v.orderId}` };

    if (!v.ok) {
      const expired = opts.unpaidIs === 'expired' && (v.code === 'NOT_VERIFIED' || v.code === 'CANCELLED_BY_PAYER');
      await this.fail(payment.id, 'verifying', expired ? 'expired' : v.code === 'CANCELLED_BY_PAYER' ? 'cancelled' : 'failed', expired ? 'EXPIRED' : v.code, {
        gatewayCode: v.gatewayCode,
      });
      return;
    }
    const verified = v;
    const after = await this.db.transaction(async (tx) => {
      const paid = await repo.transition(tx, payment.id, ['verifying'], 'paid', { refId: verified.refId, cardPan: verified.cardPan, paidAt: now });
      if (!paid) return null;
      await repo.event(tx, payment.id, { from: 'verifying', to: 'paid', event: 'verified', detail: { refId: verified.refId, alreadyVerified: verified.alreadyVerified } });
      return this.applyPaid(tx, paid, now);
    });
    if (after) this.afterPaid(after);
  }

  /** `GET /api/user/payments/{id}`: the receipt and what the result page says; only for its owner. */
  async result(userId: number, paymentId: number, now = new Date()): Promise<PaymentResult> {
    const row = await repo.receipt(this.db, paymentId, userId);
    if (!row) throw new AppError('PAYMENT_NOT_FOUND', 404);
    const p = row.payment;
    const receipt = toPayment(row);
    const retryPath = p.kind === 'gift' ? `/gift?plan=${p.planId}` : planPaths.join(p.planId);
    if (p.status === 'pending' || p.status === 'verifying') {
      return { ...receipt, outcome: 'pending', message: m.pending, premiumUntil: null, retryPath: null };
    }
    if (p.status !== 'paid') {
      const reason = p.failureReason ?? failureReasons.NOT_VERIFIED;
      return { ...receipt, outcome: 'failure', message: `${reason} ${m.retry}`, premiumUntil: null, retryPath };
    }
    const status = await premiumStatus(this.db, userId, now);
    let message: string;
    if (p.refundedAt) message = m.refunded;
    else if (row.gift) message = m.successGift(formatGiftCode(row.gift.code));
    else if (p.kind === 'reserve' && row.period && row.period.startsAt > now) message = m.successReserve(formatJalali(row.period.startsAt), formatJalali(row.period.endsAt));
    else message = m.successJoin(formatJalali(row.period?.endsAt ?? status.activeUntil ?? now));
    return { ...receipt, outcome: 'success', message, premiumUntil: status.premiumUntil, retryPath: null };
  }

  async history(userId: number, page: number, perPage: number) {
    const { rows, total } = await repo.receipts(this.db, userId, perPage, (page - 1) * perPage);
    return { data: rows.map(toPayment), meta: pageMeta(page, perPage, total) };
  }

  /**
   * For the jobs: payments nobody came back for are closed — after one last question to the gateway,
   * so a payer whose browser never returned still gets what they paid for.
   */
  async closeAbandoned(now: Date): Promise<number> {
    const rows = await repo.pendingSince(this.db, new Date(now.getTime() - PENDING_TTL_MS), 500);
    let closed = 0;
    for (const r of rows) {
      const claimed = r.authority
        ? await this.db.transaction(async (tx) => {
            const row = await repo.claimForVerify(tx, r.id, r.authority!);
            if (row) await repo.event(tx, r.id, { from: 'pending', to: 'verifying', event: 'last_check_before_expiry' });
            return row;
          })
        : undefined;
      if (claimed) await this.verify(claimed, now, { unpaidIs: 'expired' });
      else await this.fail(r.id, 'pending', 'expired', 'EXPIRED');
      closed++;
    }
    return closed;
  }

  /** For the jobs: verifications that did not finish are tried again. */
  async retryStuck(now: Date): Promise<number> {
    const rows = await repo.verifyingSince(this.db, new Date(now.getTime() - STUCK_AFTER_MS), 500);
    let retried = 0;
    for (const r of rows) {
      const claimed = await repo.reclaimStuck(this.db, r.id, r.verifyAttempts);
      if (!claimed) continue;
      await this.verify(claimed, now);
      retried++;
    }
    return retried;
  }
}
