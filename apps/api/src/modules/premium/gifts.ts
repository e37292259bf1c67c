import crypto from 'node:crypto';
import type { Gift } from '@parde/contract';
import { toLatinDigits } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { iso, isoOrNull, pageMeta, type Executor } from '../../db/executor';
import { notify } from '../notifications/notifications.service';
import { addPeriod, premiumStatus } from './periods';
import { PremiumRepository, type GiftRow } from './premium.repository';

export type { GiftRow };

const repo = new PremiumRepository();

/**
 * What a paid gift payment carries over to its code. The payments module hands its row in; premium
 * names only the fields it reads, so it never depends on payments.
 */
export interface GiftPurchase {
  id: number;
  userId: number;
  planId: number | null;
  planName: string;
  days: number;
  giftRecipientEmail: string | null;
  giftMessage: string | null;
}

/** No 0/O or 1/I: a code is read off a screen or a mail and typed again. 12 of 32 letters ≈ 60 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

export function newGiftCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return s;
}

/** Shown in groups of four: ABCD-EFGH-JKLM. */
export const formatGiftCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** However it is typed or pasted: Persian digits read, dashes and spaces dropped, upper case. */
export const normalizeGiftCode = (code: string) => toLatinDigits(code).replace(/[^0-9a-z]/gi, '').toUpperCase();

export function toGift(g: GiftRow): Gift {
  return {
    id: g.id,
    code: formatGiftCode(g.code),
    planName: g.planName,
    days: g.days,
    recipientEmail: g.recipientEmail,
    message: g.message,
    redeemed: g.redeemedAt !== null,
    redeemedAt: isoOrNull(g.redeemedAt),
    // A member's own gifts were all bought; only an operator's codes have no payment, and those are nobody's list.
    paymentId: g.paymentId ?? 0,
    createdAt: iso(g.createdAt),
  };
}

const nameOf = (db: Executor, userId: number) => repo.userName(db, userId);

/**
 * The code a paid gift payment bought, inside the payment's transaction. When the recipient's
 * address belongs to a member, they hear about it in the site too.
 */
export async function createGiftForPayment(tx: Executor, payment: GiftPurchase): Promise<GiftRow> {
  let gift: GiftRow | undefined;
  for (let attempt = 0; !gift && attempt < 5; attempt++) {
    gift = await repo.insertGift(tx, {
      code: newGiftCode(),
      giverId: payment.userId,
      paymentId: payment.id,
      planId: payment.planId,
      planName: payment.planName,
      days: payment.days,
      recipientEmail: payment.giftRecipientEmail,
      message: payment.giftMessage,
    });
  }
  if (!gift) throw new Error('could not draw an unused gift code');
  if (gift.recipientEmail) {
    const recipientId = await repo.userIdByEmail(tx, gift.recipientEmail);
    if (recipientId !== undefined && recipientId !== payment.userId) {
      await notify(tx, recipientId, { kind: 'gift_received', giftId: gift.id, from: await nameOf(tx, payment.userId), planName: gift.planName });
    }
  }
  return gift;
}

/**
 * Redeems a gift code for the signed-in member, once: the conditional update lets exactly one of
 * any number of concurrent attempts through. The days are added like a join (on what is left).
 */
export async function redeemGift(db: Db, userId: number, rawCode: string, now = new Date()) {
  const code = normalizeGiftCode(rawCode);
  return db.transaction(async (tx) => {
    const gift = await repo.claimGift(tx, code, userId, now);
    if (!gift) {
      const exists = await repo.giftState(tx, code);
      // A code an operator withdrew reads as unknown.
      throw exists && !exists.disabledAt ? new AppError('GIFT_ALREADY_REDEEMED', 409) : new AppError('GIFT_NOT_FOUND', 404);
    }
    const period = await addPeriod(tx, { userId, kind: 'gift', days: gift.days, planId: gift.planId, planName: gift.planName, giftId: gift.id }, now);
    const from = gift.giverId === null || gift.giverId === userId ? null : await nameOf(tx, gift.giverId);
    await notify(tx, userId, { kind: 'gift_received', giftId: gift.id, from, planName: gift.planName });
    return {
      giftId: gift.id,
      planName: gift.planName,
      days: gift.days,
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt.toISOString(),
      premium: await premiumStatus(tx, userId, now),
    };
  });
}

/** The gifts a member bought, newest first, with whether each was redeemed. */
export async function listGifts(db: Executor, giverId: number, page: number, perPage: number) {
  const { rows, total } = await repo.giftsOf(db, giverId, perPage, (page - 1) * perPage);
  return { data: rows.map(toGift), meta: pageMeta(page, perPage, total) };
}

export async function markGiftMailed(db: Db, giftId: number): Promise<void> {
  await repo.markGiftMailed(db, giftId);
}
