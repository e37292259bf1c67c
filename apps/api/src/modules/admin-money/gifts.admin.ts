import type { AdminGift, AdminGiftIssueInput, AdminGiftQuery } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { pageMeta, type Executor } from '../../db/executor';
import { newGiftCode, normalizeGiftCode } from '../premium/gifts';
import { AdminMoneyRepository } from './admin-money.repository';
import { toAdminGift } from './money.shared';

const repo = new AdminMoneyRepository();

export async function giftById(db: Executor, id: number): Promise<AdminGift | null> {
  const row = await repo.giftById(db, id);
  return row ? toAdminGift(row) : null;
}

export async function giftOfPayment(db: Executor, paymentId: number): Promise<AdminGift | null> {
  const row = await repo.giftOfPayment(db, paymentId);
  return row ? toAdminGift(row) : null;
}

/** Gift codes, bought and issued, newest first; `q` finds a code however it is typed, or an email. */
export async function listGifts(db: Executor, q: AdminGiftQuery) {
  const code = q.q ? normalizeGiftCode(q.q) : '';
  const filter = { origin: q.origin, state: q.state, ...(q.q ? { text: q.q.toLowerCase(), code: code.length >= 3 ? code : undefined } : {}) };
  const { rows, total } = await repo.gifts(db, filter, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toAdminGift), meta: pageMeta(q.page, q.per_page, total) };
}

/**
 * Issues a code by hand (a prize, an apology): a plan's days, or a number of days. A repeated submit
 * with the same request id answers the code the first one issued (one per admin and id, held by a
 * unique index, so two submits at once also make one).
 */
export async function issueGift(db: Db, actor: AuditActor, input: AdminGiftIssueInput, key: string | null): Promise<{ gift: AdminGift; replayed: boolean }> {
  const adminId = actor.id!;
  return db.transaction(async (tx) => {
    let planId: number | null = null;
    let planName: string;
    let days: number;
    if (input.plan_id) {
      const plan = await repo.plan(tx, input.plan_id);
      if (!plan) throw AppError.validation({ plan_id: ['طرحی با این شناسه پیدا نشد.'] }, 'طرحی با این شناسه پیدا نشد.');
      planId = plan.id;
      planName = plan.name;
      days = input.days ?? plan.days;
    } else {
      days = input.days!;
      planName = `هدیهٔ ${toPersianDigits(days)} روزه`;
    }

    const replay = async () => {
      if (!key) return null;
      const existing = await repo.issuedWithKey(tx, adminId, key);
      if (!existing) return null;
      if (existing.days !== days || existing.planId !== planId || existing.reason !== input.reason) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      return { gift: (await giftById(tx, existing.id))!, replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;

    for (let attempt = 0; attempt < 5; attempt++) {
      // Nothing on conflict: a drawn code that exists is drawn again; the same request id issued meanwhile is answered below.
      const row = await repo.insertGiftUnlessTaken(tx, {
        code: newGiftCode(),
        issuedBy: adminId,
        reason: input.reason,
        planId,
        planName,
        days,
        recipientEmail: input.recipient_email,
        idempotencyKey: key,
      });
      if (row) {
        await recordAudit(tx, actor, {
          action: 'gift.issue',
          entity: 'gift',
          entityId: row.id,
          before: null,
          after: { code: row.code, planId, planName, days, reason: input.reason, recipientEmail: row.recipientEmail },
        });
        return { gift: (await giftById(tx, row.id))!, replayed: false };
      }
      const raced = await replay();
      if (raced) return raced;
    }
    throw new Error('could not draw an unused gift code');
  });
}

/** Withdraws a code nobody redeemed yet; it then reads as unknown to whoever types it. */
export async function disableGift(db: Db, actor: AuditActor, id: number, reason: string, now = new Date()): Promise<AdminGift> {
  return db.transaction(async (tx) => {
    if (!(await repo.disableUnusedGift(tx, id, now))) {
      const g = await repo.gift(tx, id);
      if (!g) throw new AppError('GIFT_ID_NOT_FOUND', 404);
      throw new AppError(g.redeemedAt ? 'GIFT_ALREADY_REDEEMED' : 'GIFT_ALREADY_DISABLED', 409);
    }
    await recordAudit(tx, actor, { action: 'gift.disable', entity: 'gift', entityId: id, before: { disabledAt: null }, after: { disabledAt: now.toISOString(), reason } });
    return (await giftById(tx, id))!;
  });
}
