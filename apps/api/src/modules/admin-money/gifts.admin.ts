import type { AdminGift, AdminGiftIssueInput, AdminGiftQuery } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCodes, plans } from '../../db/schema/index';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { pageMeta, type Executor } from '../../db/executor';
import { newGiftCode, normalizeGiftCode } from '../premium/gifts';
import { likeEscape, toAdminGift, type GiftListRow } from './money.shared';

const giftSelect = sql`
  SELECT g.id, g.code, g.plan_id, g.plan_name, g.days, g.giver_id, giver.name AS giver_name, giver.email AS giver_email,
         g.payment_id, g.issued_by, issuer.name AS issuer_name, g.reason, g.recipient_email,
         g.redeemed_by, redeemer.name AS redeemer_name, redeemer.email AS redeemer_email, g.redeemed_at, g.disabled_at, g.created_at
  FROM gift_codes g
  LEFT JOIN users giver ON giver.id = g.giver_id
  LEFT JOIN users issuer ON issuer.id = g.issued_by
  LEFT JOIN users redeemer ON redeemer.id = g.redeemed_by`;

export async function giftById(db: Executor, id: number): Promise<AdminGift | null> {
  const { rows } = await db.execute<GiftListRow>(sql`${giftSelect} WHERE g.id = ${id}`);
  return rows[0] ? toAdminGift(rows[0]) : null;
}

export async function giftOfPayment(db: Executor, paymentId: number): Promise<AdminGift | null> {
  const { rows } = await db.execute<GiftListRow>(sql`${giftSelect} WHERE g.payment_id = ${paymentId}`);
  return rows[0] ? toAdminGift(rows[0]) : null;
}

/** Gift codes, bought and issued, newest first; `q` finds a code however it is typed, or an email. */
export async function listGifts(db: Executor, q: AdminGiftQuery) {
  const where: SQL[] = [];
  if (q.origin === 'bought') where.push(sql`g.payment_id IS NOT NULL`);
  if (q.origin === 'issued') where.push(sql`g.payment_id IS NULL`);
  if (q.state === 'unused') where.push(sql`g.redeemed_at IS NULL AND g.disabled_at IS NULL`);
  if (q.state === 'redeemed') where.push(sql`g.redeemed_at IS NOT NULL`);
  if (q.state === 'disabled') where.push(sql`g.disabled_at IS NOT NULL`);
  if (q.q) {
    const code = normalizeGiftCode(q.q);
    const text = `%${likeEscape(q.q.toLowerCase())}%`;
    where.push(
      sql`(${code.length >= 3 ? sql`g.code LIKE ${`%${likeEscape(code)}%`}` : sql`false`}
        OR giver.email LIKE ${text} OR redeemer.email LIKE ${text} OR g.recipient_email LIKE ${text})`,
    );
  }
  const cond = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [list, counted] = await Promise.all([
    db.execute<GiftListRow>(sql`${giftSelect} ${cond} ORDER BY g.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM gift_codes g
      LEFT JOIN users giver ON giver.id = g.giver_id LEFT JOIN users redeemer ON redeemer.id = g.redeemed_by ${cond}`),
  ]);
  return { data: list.rows.map(toAdminGift), meta: pageMeta(q.page, q.per_page, counted.rows[0]!.n) };
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
      const [plan] = await tx.select().from(plans).where(eq(plans.id, input.plan_id));
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
      const [existing] = await tx
        .select()
        .from(giftCodes)
        .where(and(eq(giftCodes.issuedBy, adminId), eq(giftCodes.idempotencyKey, key)));
      if (!existing) return null;
      if (existing.days !== days || existing.planId !== planId || existing.reason !== input.reason) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      return { gift: (await giftById(tx, existing.id))!, replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;

    for (let attempt = 0; attempt < 5; attempt++) {
      // Nothing on conflict: a drawn code that exists is drawn again; the same request id issued meanwhile is answered below.
      const [row] = await tx
        .insert(giftCodes)
        .values({ code: newGiftCode(), issuedBy: adminId, reason: input.reason, planId, planName, days, recipientEmail: input.recipient_email, idempotencyKey: key })
        .onConflictDoNothing()
        .returning();
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
    const { rows } = await tx.execute<{ id: number }>(sql`
      UPDATE gift_codes SET disabled_at = ${now} WHERE id = ${id} AND redeemed_at IS NULL AND disabled_at IS NULL RETURNING id`);
    if (!rows[0]) {
      const [g] = await tx.select().from(giftCodes).where(eq(giftCodes.id, id));
      if (!g) throw new AppError('GIFT_ID_NOT_FOUND', 404);
      throw new AppError(g.redeemedAt ? 'GIFT_ALREADY_REDEEMED' : 'GIFT_ALREADY_DISABLED', 409);
    }
    await recordAudit(tx, actor, { action: 'gift.disable', entity: 'gift', entityId: id, before: { disabledAt: null }, after: { disabledAt: now.toISOString(), reason } });
    return (await giftById(tx, id))!;
  });
}
