import { toLatinDigits } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { Executor } from '../../db/executor';
import { paymentMessages as m } from './payments.messages';
import { DiscountsRepository, type DiscountRow } from './payments.repository';

export type { DiscountRow };

const repo = new DiscountsRepository();

/** The smallest amount a gateway takes (Zarinpal: 10,000 Rial); a discount never leaves less, unless it leaves nothing. */
export const MIN_CHARGE_TOMAN = 1_000;

/** However it is typed: Persian digits read, spaces and dashes dropped, upper case. */
export const normalizeDiscountCode = (code: string) => toLatinDigits(code).replace(/[\s\u200c-]+/g, '').toUpperCase();

/** How many Toman a code takes off a price (whole Toman, never more than the price). */
export function discountOff(d: Pick<DiscountRow, 'kind' | 'value'>, base: number): number {
  const off = d.kind === 'percent' ? Math.floor((base * d.value) / 100) : d.value;
  const capped = Math.min(off, base);
  // What is left must be worth a trip to the bank; a code that leaves nothing makes the plan free.
  if (capped < base && base - capped < MIN_CHARGE_TOMAN) return Math.max(0, base - MIN_CHARGE_TOMAN);
  return capped;
}

const invalid = (message: string) => AppError.validation({ discount_code: [message] }, message);

export interface HeldDiscount {
  row: DiscountRow;
  off: number;
}

/**
 * Checks a code for a member inside the purchase's transaction, with the code's row locked (so its
 * cap holds under concurrent purchases). A pending payment of the same member holding the code is
 * superseded by the new one — `supersede` cancels it — so an abandoned payment never blocks a retry.
 */
export async function checkDiscount(
  tx: Executor,
  input: { code: string; userId: number; base: number; now: Date },
  supersede: (paymentId: number) => Promise<void>,
): Promise<HeldDiscount> {
  const code = normalizeDiscountCode(input.code);
  const lock = () => repo.lockByCode(tx, code);
  let row = await lock();
  if (!row || !row.isActive) throw invalid(m.discountInvalid);
  const id = row.id;
  if (row.expiresAt && row.expiresAt <= input.now) throw invalid(m.discountExpired);

  const previous = await repo.heldBy(tx, id, input.userId);
  if (previous) {
    if (previous.status === 'paid') throw invalid(m.discountAlreadyUsed);
    if (previous.status === 'verifying') throw new AppError('PAYMENT_IN_PROGRESS', 409);
    await supersede(previous.paymentId);
    row = await lock();
    if (!row) throw invalid(m.discountInvalid);
  }
  if (row.maxUses !== null && row.usedCount >= row.maxUses) throw invalid(m.discountUsedUp);
  return { row, off: discountOff(row, input.base) };
}

/** Counts the use against the cap and ties it to the payment; released if the payment fails. */
export async function holdDiscount(tx: Executor, discountId: number, userId: number, paymentId: number): Promise<void> {
  await repo.hold(tx, discountId, userId, paymentId);
}

/** Gives back the use a payment held (it failed, was cancelled, expired or was superseded). */
export async function releaseDiscount(tx: Executor, paymentId: number): Promise<void> {
  await repo.release(tx, paymentId);
}

export interface NewDiscountCode {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  expiresAt?: Date | null;
  maxUses?: number | null;
  isActive?: boolean;
}

/** For operators (and tests): a new discount code, stored in its normal form. */
export async function createDiscountCode(db: Db, d: NewDiscountCode): Promise<DiscountRow> {
  return repo.insert(db, { code: normalizeDiscountCode(d.code), kind: d.kind, value: d.value, expiresAt: d.expiresAt ?? null, maxUses: d.maxUses ?? null, isActive: d.isActive ?? true });
}
