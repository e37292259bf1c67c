import type { AdminGrantInput, AdminGrantResult, AdminMember, AdminMemberDetail, AdminMemberQuery, AdminPeriod, PremiumPeriodKind, Role } from '@parde/contract';
import { GRANT_REPEAT_WINDOW_MINUTES, premiumPeriodKindLabels } from '@parde/contract';
import { formatRelative, toLatinDigits, toPersianDigits } from '@parde/persian';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { defineAuditLabels, recordAudit, type AuditActor } from '../admin/audit';
import { iso, isoOrNull, pageMeta, pgCode, pgCodes, type Executor } from '../../db/executor';
import { likeEscape } from '../admin-money/money.shared';
import { paymentsOfMember } from '../admin-money/payments.admin';
import { formatGiftCode } from '../premium/gifts';
import { addPeriod, premiumState, premiumStatus } from '../premium/periods';

defineAuditLabels({
  'member.grant_premium': 'افزودن اشتراک ویژه با دست',
  'member.disable': 'غیرفعال کردن حساب',
  'member.enable': 'فعال کردن دوبارهٔ حساب',
  'member.sign_out': 'خروج از همهٔ دستگاه‌ها',
});

/** The plan name a grant's period carries (the member may see it beside their subscription). */
export const GRANT_PLAN_NAME = 'اشتراک هدیه';

type MemberRow = {
  id: number;
  name: string;
  email: string;
  role: Role;
  email_verified_at: Date | null;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  muted_until: Date | null;
  premium_active: boolean;
  premium_until: Date | null;
}

const memberSelect = (now: Date) => sql`
  SELECT u.id, u.name, u.email, u.role, u.email_verified_at, u.created_at, u.disabled_at, u.disabled_reason, u.muted_until,
    EXISTS (SELECT 1 FROM premium_periods pp WHERE pp.user_id = u.id AND pp.revoked_at IS NULL AND pp.starts_at <= ${now} AND pp.ends_at > ${now}) AS premium_active,
    (SELECT max(pp.ends_at) FROM premium_periods pp WHERE pp.user_id = u.id AND pp.revoked_at IS NULL AND pp.ends_at > ${now}) AS premium_until
  FROM users u`;

function toAdminMember(r: MemberRow): AdminMember {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    emailVerified: r.email_verified_at !== null,
    createdAt: iso(r.created_at),
    disabledAt: isoOrNull(r.disabled_at),
    disabledReason: r.disabled_reason,
    // As the member's own `premium` says it: an end only while premium runs.
    premium: { active: r.premium_active, until: r.premium_active ? isoOrNull(r.premium_until) : null },
  };
}

async function memberRow(db: Executor, id: number, now: Date): Promise<MemberRow> {
  const { rows } = await db.execute<MemberRow>(sql`${memberSelect(now)} WHERE u.id = ${id}`);
  if (!rows[0]) throw new AppError('MEMBER_NOT_FOUND', 404);
  return rows[0];
}

export const memberById = async (db: Executor, id: number, now = new Date()) => toAdminMember(await memberRow(db, id, now));

/** Members, newest first: found by name, email or id, filtered by premium now, disabled and role. */
export async function listMembers(db: Executor, q: AdminMemberQuery, now = new Date()) {
  const where: SQL[] = [];
  if (q.q) {
    const text = toLatinDigits(q.q).trim();
    const like = `%${likeEscape(text.toLowerCase())}%`;
    const asId = /^\d{1,9}$/.test(text) ? Number(text) : null;
    where.push(sql`(lower(u.name) LIKE ${like} OR u.email LIKE ${like}${asId !== null ? sql` OR u.id = ${asId}` : sql``})`);
  }
  const premiumNow = sql`EXISTS (SELECT 1 FROM premium_periods pp WHERE pp.user_id = u.id AND pp.revoked_at IS NULL AND pp.starts_at <= ${now} AND pp.ends_at > ${now})`;
  if (q.premium === 'true') where.push(premiumNow);
  if (q.premium === 'false') where.push(sql`NOT ${premiumNow}`);
  if (q.disabled === 'true') where.push(sql`u.disabled_at IS NOT NULL`);
  if (q.disabled === 'false') where.push(sql`u.disabled_at IS NULL`);
  if (q.role) where.push(sql`u.role = ${q.role}`);
  const cond = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const [list, counted] = await Promise.all([
    db.execute<MemberRow>(sql`${memberSelect(now)} ${cond} ORDER BY u.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u ${cond}`),
  ]);
  return { data: list.rows.map(toAdminMember), meta: pageMeta(q.page, q.per_page, counted.rows[0]!.n) };
}

type PeriodRow = {
  id: number;
  kind: PremiumPeriodKind;
  plan_id: number | null;
  plan_name: string;
  days: number;
  starts_at: Date;
  ends_at: Date;
  payment_id: number | null;
  gift_id: number | null;
  gift_code: string | null;
  reason: string | null;
  granted_by: number | null;
  granted_by_name: string | null;
  revoked_at: Date | null;
  created_at: Date;
  idempotency_key?: string | null;
}

const periodSelect = sql`
  SELECT pp.id, pp.kind, pp.plan_id, pp.plan_name, pp.days, pp.starts_at, pp.ends_at, pp.payment_id, pp.gift_id, g.code AS gift_code,
         pp.reason, pp.granted_by, gb.name AS granted_by_name, pp.revoked_at, pp.created_at, pp.idempotency_key
  FROM premium_periods pp
  LEFT JOIN gift_codes g ON g.id = pp.gift_id
  LEFT JOIN users gb ON gb.id = pp.granted_by`;

function toAdminPeriod(p: PeriodRow, now: Date): AdminPeriod {
  const startsAt = new Date(p.starts_at);
  const endsAt = new Date(p.ends_at);
  const state = p.revoked_at ? 'revoked' : endsAt <= now ? 'past' : startsAt <= now ? 'running' : 'waiting';
  return {
    id: p.id,
    kind: p.kind,
    kindLabel: premiumPeriodKindLabels[p.kind] ?? p.kind,
    state,
    planId: p.plan_id,
    planName: p.plan_name,
    days: p.days,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    paymentId: p.payment_id,
    gift: p.gift_id !== null && p.gift_code !== null ? { id: p.gift_id, code: formatGiftCode(p.gift_code) } : null,
    reason: p.reason,
    grantedBy: p.granted_by !== null ? { id: p.granted_by, name: p.granted_by_name ?? '' } : null,
    revokedAt: isoOrNull(p.revoked_at),
    createdAt: iso(p.created_at),
  };
}

/** One member with their subscription (every period), payments and activity. */
export async function memberDetail(db: Executor, id: number, now = new Date()): Promise<AdminMemberDetail> {
  const row = await memberRow(db, id, now);
  const [subscription, periods, payments, tokens, watch, recentWatch, counts, recentRequests] = await Promise.all([
    premiumStatus(db, id, now),
    db.execute<PeriodRow>(sql`${periodSelect} WHERE pp.user_id = ${id} ORDER BY pp.starts_at DESC, pp.id DESC`),
    paymentsOfMember(db, id),
    db.execute<{ last_sign_in: Date | null; last_seen: Date | null; sessions: number }>(sql`
      SELECT max(created_at) AS last_sign_in, max(last_used_at) AS last_seen,
             count(*) FILTER (WHERE revoked_at IS NULL AND expires_at > now())::int AS sessions
      FROM auth_tokens WHERE user_id = ${id}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM watch_history WHERE user_id = ${id}`),
    db.execute<{ title_id: number; title: string; episode_id: number | null; season_number: number | null; episode_number: number | null; position_sec: number; updated_at: Date }>(sql`
      SELECT w.title_id, coalesce(t.title_fa, t.title_en) AS title, w.episode_id, e.season_number, e.episode_number, w.position_sec, w.updated_at
      FROM watch_history w JOIN titles t ON t.id = w.title_id LEFT JOIN episodes e ON e.id = w.episode_id
      WHERE w.user_id = ${id} ORDER BY w.updated_at DESC, w.id DESC LIMIT 5`),
    db.execute<{ comments: number; requests: number }>(sql`
      SELECT (SELECT count(*)::int FROM comments WHERE user_id = ${id}) AS comments,
             (SELECT count(*)::int FROM content_requests WHERE user_id = ${id}) AS requests`),
    db.execute<{ id: number; title: string; status: string; created_at: Date }>(sql`
      SELECT id, title, status, created_at FROM content_requests WHERE user_id = ${id} ORDER BY id DESC LIMIT 5`),
  ]);
  const t = tokens.rows[0];
  return {
    member: { ...toAdminMember(row), mutedUntil: isoOrNull(row.muted_until) },
    subscription,
    periods: periods.rows.map((p) => toAdminPeriod(p, now)),
    payments,
    activity: {
      lastSignInAt: isoOrNull(t?.last_sign_in ?? null),
      lastSeenAt: isoOrNull(t?.last_seen ?? null),
      sessions: t?.sessions ?? 0,
      watchCount: watch.rows[0]?.n ?? 0,
      recentWatch: recentWatch.rows.map((w) => ({
        titleId: w.title_id,
        title: w.title,
        episode: w.episode_id !== null ? { id: w.episode_id, season: w.season_number ?? 0, number: w.episode_number ?? 0 } : null,
        positionSec: w.position_sec,
        updatedAt: iso(w.updated_at),
      })),
      comments: counts.rows[0]?.comments ?? 0,
      requests: counts.rows[0]?.requests ?? 0,
      recentRequests: recentRequests.rows.map((r) => ({ id: r.id, title: r.title, status: r.status, createdAt: iso(r.created_at) })),
    },
  };
}

// ── Changes ───────────────────────────────────────────────────────────────────────────────────

/**
 * The same grant given a moment ago: same member, same days, not revoked, within the window. Two
 * operators answering one complaint, or a form sent twice without a key, would otherwise give two
 * periods.
 */
async function recentSameGrant(tx: Executor, userId: number, days: number, now: Date): Promise<PeriodRow | undefined> {
  const since = new Date(now.getTime() - GRANT_REPEAT_WINDOW_MINUTES * 60_000);
  const { rows } = await tx.execute<PeriodRow>(sql`
    ${periodSelect} WHERE pp.user_id = ${userId} AND pp.kind = 'grant' AND pp.days = ${days} AND pp.revoked_at IS NULL AND pp.created_at > ${since}
    ORDER BY pp.created_at DESC LIMIT 1`);
  return rows[0];
}

const grantRepeated = (earlier: PeriodRow, now: Date) => {
  const by = earlier.granted_by_name ? ` به دست ${earlier.granted_by_name}` : '';
  return new AppError(
    'GRANT_REPEATED',
    409,
    `همین اشتراک (${toPersianDigits(earlier.days)} روز) ${formatRelative(earlier.created_at, now)}${by} به این عضو داده شد. اگر واقعاً باید دوباره داده شود، آن را تأیید کنید.`,
  );
};

/**
 * Gives a member premium days by hand: a 'grant' period placed like a join (it extends what is
 * running, ahead of reserved plans). With a key, a repeated submit answers the first grant and
 * adds nothing. Without one (or with a new one), the same days given to the member in the last
 * minutes are refused unless the operator confirms, and a disabled account gets nothing. The
 * member's row is locked before anything is looked up, so two submits at once take turns and the
 * second finds the first (a unique index on the key backs it up).
 */
export async function grantPremium(db: Db, actor: AuditActor, userId: number, input: AdminGrantInput, key: string | null, now = new Date()): Promise<AdminGrantResult> {
  const run = () =>
    db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number; disabled_at: Date | null }>(sql`SELECT id, disabled_at FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
      if (!rows[0]) throw new AppError('MEMBER_NOT_FOUND', 404);
      if (key) {
        const earlier = await tx.execute<PeriodRow>(sql`${periodSelect} WHERE pp.user_id = ${userId} AND pp.idempotency_key = ${key}`);
        const first = earlier.rows[0];
        if (first) {
          if (first.kind !== 'grant' || first.days !== input.days || first.reason !== input.reason) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
          return { period: toAdminPeriod(first, now), subscription: await premiumStatus(tx, userId, now), replayed: true };
        }
      }
      if (rows[0].disabled_at) throw new AppError('MEMBER_DISABLED', 409);
      if (!input.confirm) {
        const same = await recentSameGrant(tx, userId, input.days, now);
        if (same) throw grantRepeated(same, now);
      }
      const before = await premiumState(tx, userId, now);
      const added = await addPeriod(
        tx,
        { userId, kind: 'grant', days: input.days, planId: null, planName: GRANT_PLAN_NAME, reason: input.reason, grantedBy: actor.id ?? undefined, idempotencyKey: key ?? undefined },
        now,
      );
      const subscription = await premiumStatus(tx, userId, now);
      await recordAudit(tx, actor, {
        action: 'member.grant_premium',
        entity: 'member',
        entityId: userId,
        before: { premiumUntil: before.until },
        after: { premiumUntil: subscription.premiumUntil, periodId: added.id, days: input.days, reason: input.reason, startsAt: added.startsAt, endsAt: added.endsAt, ...(input.confirm ? { confirmedRepeat: true } : {}) },
      });
      const period = await tx.execute<PeriodRow>(sql`${periodSelect} WHERE pp.id = ${added.id}`);
      return { period: toAdminPeriod(period.rows[0]!, now), subscription, replayed: false };
    });
  try {
    return await run();
  } catch (err) {
    // Only if the lock were bypassed: the index refused a second grant with the key; answer the first.
    if (key && pgCode(err) === pgCodes.unique) return run();
    throw err;
  }
}

type Target = {
  id: number;
  role: Role;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

/**
 * Locks what a change of an account depends on: the active admins (in id order, so two changes
 * take turns instead of crossing; a row changed meanwhile is read again) and the account. Also
 * says whether the operator is still an active admin: one demoted or disabled a moment ago, whose
 * request was already under way, changes nothing.
 */
async function lockForChange(tx: Executor, actor: AuditActor, userId: number): Promise<{ target: Target; otherAdmins: number; actorActive: boolean }> {
  const admins = await tx.execute<{ id: number }>(sql`SELECT id FROM users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
  const active = admins.rows.map((r) => r.id);
  const { rows } = await tx.execute<Target>(sql`SELECT id, role, disabled_at, disabled_reason FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!rows[0]) throw new AppError('MEMBER_NOT_FOUND', 404);
  return { target: rows[0], otherAdmins: active.filter((a) => a !== userId).length, actorActive: actor.id !== null && active.includes(actor.id) };
}

/** The checks every change of an account's standing makes, in this order. */
function assertMayChange(actor: AuditActor, target: Target, lock: { otherAdmins: number; actorActive: boolean }, removesAdmin: boolean): void {
  if (target.id === actor.id) throw new AppError('CANNOT_CHANGE_SELF', 409);
  // Two admins demoting each other at once: the second finds itself the last one standing.
  if (removesAdmin && target.role === 'admin' && !target.disabled_at && lock.otherAdmins === 0) throw new AppError('LAST_ADMIN', 409);
  if (!lock.actorActive) throw new AppError('ADMIN_ONLY', 403);
}

const revokeSessions = async (tx: Executor, userId: number, exceptTokenId?: number) => {
  const res = await tx.execute(sql`
    UPDATE auth_tokens SET revoked_at = now()
    WHERE user_id = ${userId} AND revoked_at IS NULL ${exceptTokenId ? sql`AND id <> ${exceptTokenId}` : sql``}`);
  return res.rowCount ?? 0;
};

/**
 * Disables an account: it cannot sign in, and every session it has ends in the same transaction.
 * Not one's own, and never the last active admin. Disabling a disabled account changes nothing.
 */
export async function disableMember(db: Db, actor: AuditActor, userId: number, reason: string, now = new Date()): Promise<AdminMember> {
  if (userId === actor.id) throw new AppError('CANNOT_CHANGE_SELF', 409);
  return db.transaction(async (tx) => {
    const lock = await lockForChange(tx, actor, userId);
    if (lock.target.disabled_at) return memberById(tx, userId, now);
    assertMayChange(actor, lock.target, lock, true);
    await tx.execute(sql`UPDATE users SET disabled_at = ${now}, disabled_reason = ${reason}, updated_at = now() WHERE id = ${userId}`);
    const sessions = await revokeSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: 'member.disable',
      entity: 'member',
      entityId: userId,
      before: { disabledAt: null },
      after: { disabledAt: now.toISOString(), disabledReason: reason, sessionsEnded: sessions },
    });
    return memberById(tx, userId, now);
  });
}

/** Enables a disabled account again (its sessions stay ended: the member signs in anew). */
export async function enableMember(db: Db, actor: AuditActor, userId: number, reason: string, now = new Date()): Promise<AdminMember> {
  return db.transaction(async (tx) => {
    const lock = await lockForChange(tx, actor, userId);
    const target = lock.target;
    if (!target.disabled_at) return memberById(tx, userId, now);
    assertMayChange(actor, target, lock, false);
    await tx.execute(sql`UPDATE users SET disabled_at = NULL, disabled_reason = NULL, updated_at = now() WHERE id = ${userId}`);
    await recordAudit(tx, actor, {
      action: 'member.enable',
      entity: 'member',
      entityId: userId,
      before: { disabledAt: iso(target.disabled_at), disabledReason: target.disabled_reason },
      after: { disabledAt: null, reason },
    });
    return memberById(tx, userId, now);
  });
}

/** Ends every session of the account (for one's own account, every other one: the panel stays open). */
export async function signOutEverywhere(db: Db, actor: AuditActor, userId: number, currentTokenId: number, now = new Date()): Promise<{ member: AdminMember; signedOut: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
    if (!rows[0]) throw new AppError('MEMBER_NOT_FOUND', 404);
    const signedOut = await revokeSessions(tx, userId, userId === actor.id ? currentTokenId : undefined);
    await recordAudit(tx, actor, { action: 'member.sign_out', entity: 'member', entityId: userId, before: { sessions: signedOut }, after: { sessions: 0, ended: signedOut } });
    return { member: await memberById(tx, userId, now), signedOut };
  });
}

/**
 * Changes an account's role. An admin cannot change their own role, and the last active admin is
 * never demoted (the admins are locked, so two admins demoting each other at once leave one).
 */
export async function changeRole(db: Db, actor: AuditActor, userId: number, role: Role, now = new Date()): Promise<AdminMember> {
  return db.transaction(async (tx) => {
    const lock = await lockForChange(tx, actor, userId);
    const target = lock.target;
    if (target.role === role) return memberById(tx, userId, now);
    assertMayChange(actor, target, lock, true);
    await tx.execute(sql`UPDATE users SET role = ${role}, updated_at = now() WHERE id = ${userId}`);
    await recordAudit(tx, actor, { action: 'member.role', entity: 'member', entityId: userId, before: { role: target.role }, after: { role } });
    return memberById(tx, userId, now);
  });
}
