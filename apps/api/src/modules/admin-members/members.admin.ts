import type { AdminGrantInput, AdminGrantResult, AdminMember, AdminMemberDetail, AdminMemberQuery, AdminPeriod, PremiumPeriodKind, Role } from '@parde/contract';
import { GRANT_REPEAT_WINDOW_MINUTES, premiumPeriodKindLabels } from '@parde/contract';
import { formatRelative, toLatinDigits, toPersianDigits } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { defineAuditLabels, recordAudit, type AuditActor } from '../admin/audit';
import { iso, isoOrNull, pageMeta, pgCode, pgCodes, type Executor } from '../../db/executor';
import { paymentsOfMember } from '../admin-money/payments.admin';
import { formatGiftCode } from '../premium/gifts';
import { addPeriod, premiumState, premiumStatus } from '../premium/periods';
import { AdminMembersRepository, type MemberRow, type PeriodRow, type TargetRow } from './admin-members.repository';

const repo = new AdminMembersRepository();

defineAuditLabels({
  'member.grant_premium': 'افزودن اشتراک ویژه با دست',
  'member.disable': 'غیرفعال کردن حساب',
  'member.enable': 'فعال کردن دوبارهٔ حساب',
  'member.sign_out': 'خروج از همهٔ دستگاه‌ها',
});

/** The plan name a grant's period carries (the member may see it beside their subscription). */
export const GRANT_PLAN_NAME = 'اشتراک هدیه';

function toAdminMember(r: MemberRow): AdminMember {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as Role,
    emailVerified: r.emailVerifiedAt !== null,
    createdAt: iso(r.createdAt),
    disabledAt: isoOrNull(r.disabledAt),
    disabledReason: r.disabledReason,
    // As the member's own `premium` says it: an end only while premium runs.
    premium: { active: r.premiumActive, until: r.premiumActive ? isoOrNull(r.premiumUntil) : null },
  };
}

async function memberRow(db: Executor, id: number, now: Date): Promise<MemberRow> {
  const row = await repo.member(db, id, now);
  if (!row) throw new AppError('MEMBER_NOT_FOUND', 404);
  return row;
}

export const memberById = async (db: Executor, id: number, now = new Date()) => toAdminMember(await memberRow(db, id, now));

/** Members, newest first: found by name, email or id, filtered by premium now, disabled and role. */
export async function listMembers(db: Executor, q: AdminMemberQuery, now = new Date()) {
  const text = q.q ? toLatinDigits(q.q).trim() : undefined;
  const filter = {
    text,
    id: text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined,
    premium: q.premium ? q.premium === 'true' : undefined,
    disabled: q.disabled ? q.disabled === 'true' : undefined,
    role: q.role,
  };
  const { rows, total } = await repo.members(db, filter, now, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toAdminMember), meta: pageMeta(q.page, q.per_page, total) };
}

function toAdminPeriod(p: PeriodRow, now: Date): AdminPeriod {
  const startsAt = new Date(p.startsAt);
  const endsAt = new Date(p.endsAt);
  const kind = p.kind as PremiumPeriodKind;
  const state = p.revokedAt ? 'revoked' : endsAt <= now ? 'past' : startsAt <= now ? 'running' : 'waiting';
  return {
    id: p.id,
    kind,
    kindLabel: premiumPeriodKindLabels[kind] ?? p.kind,
    state,
    planId: p.planId,
    planName: p.planName,
    days: p.days,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    paymentId: p.paymentId,
    gift: p.giftId !== null && p.giftCode !== null ? { id: p.giftId, code: formatGiftCode(p.giftCode) } : null,
    reason: p.reason,
    grantedBy: p.grantedBy !== null ? { id: p.grantedBy, name: p.grantedByName ?? '' } : null,
    revokedAt: isoOrNull(p.revokedAt),
    createdAt: iso(p.createdAt),
  };
}

/** One member with their subscription (every period), payments and activity. */
export async function memberDetail(db: Executor, id: number, now = new Date()): Promise<AdminMemberDetail> {
  const row = await memberRow(db, id, now);
  const [subscription, periods, payments, tokens, watch, recentWatch, counts, recentRequests] = await Promise.all([
    premiumStatus(db, id, now),
    repo.periods(db, id),
    paymentsOfMember(db, id),
    repo.sessions(db, id),
    repo.watchCount(db, id),
    repo.recentWatch(db, id),
    repo.commentAndRequestCounts(db, id),
    repo.recentRequests(db, id),
  ]);
  const t = tokens;
  return {
    member: { ...toAdminMember(row), mutedUntil: isoOrNull(row.mutedUntil) },
    subscription,
    periods: periods.map((p) => toAdminPeriod(p, now)),
    payments,
    activity: {
      lastSignInAt: isoOrNull(t?.last_sign_in ?? null),
      lastSeenAt: isoOrNull(t?.last_seen ?? null),
      sessions: t?.sessions ?? 0,
      watchCount: watch,
      recentWatch: recentWatch.map((w) => ({
        titleId: w.titleId,
        title: w.title,
        episode: w.episodeId !== null ? { id: w.episodeId, season: w.seasonNumber ?? 0, number: w.episodeNumber ?? 0 } : null,
        positionSec: w.positionSec,
        updatedAt: iso(w.updatedAt),
      })),
      comments: counts?.comments ?? 0,
      requests: counts?.requests ?? 0,
      recentRequests: recentRequests.map((r) => ({ id: r.id, title: r.title, status: r.status, createdAt: iso(r.createdAt) })),
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
  return repo.recentGrant(tx, userId, days, since);
}

const grantRepeated = (earlier: PeriodRow, now: Date) => {
  const by = earlier.grantedByName ? ` به دست ${earlier.grantedByName}` : '';
  return new AppError(
    'GRANT_REPEATED',
    409,
    `همین اشتراک (${toPersianDigits(earlier.days)} روز) ${formatRelative(earlier.createdAt, now)}${by} به این عضو داده شد. اگر واقعاً باید دوباره داده شود، آن را تأیید کنید.`,
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
      const account = await repo.lockAccount(tx, userId);
      if (!account) throw new AppError('MEMBER_NOT_FOUND', 404);
      if (key) {
        const first = await repo.periodWithKey(tx, userId, key);
        if (first) {
          if (first.kind !== 'grant' || first.days !== input.days || first.reason !== input.reason) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
          return { period: toAdminPeriod(first, now), subscription: await premiumStatus(tx, userId, now), replayed: true };
        }
      }
      if (account.disabledAt) throw new AppError('MEMBER_DISABLED', 409);
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
      const period = await repo.period(tx, added.id);
      return { period: toAdminPeriod(period!, now), subscription, replayed: false };
    });
  try {
    return await run();
  } catch (err) {
    // Only if the lock were bypassed: the index refused a second grant with the key; answer the first.
    if (key && pgCode(err) === pgCodes.unique) return run();
    throw err;
  }
}

/**
 * Locks what a change of an account depends on: the active admins (in id order, so two changes
 * take turns instead of crossing; a row changed meanwhile is read again) and the account. Also
 * says whether the operator is still an active admin: one demoted or disabled a moment ago, whose
 * request was already under way, changes nothing.
 */
async function lockForChange(tx: Executor, actor: AuditActor, userId: number): Promise<{ target: TargetRow; otherAdmins: number; actorActive: boolean }> {
  const active = await repo.lockActiveAdmins(tx);
  const target = await repo.lockTarget(tx, userId);
  if (!target) throw new AppError('MEMBER_NOT_FOUND', 404);
  return { target, otherAdmins: active.filter((a) => a !== userId).length, actorActive: actor.id !== null && active.includes(actor.id) };
}

/** The checks every change of an account's standing makes, in this order. */
function assertMayChange(actor: AuditActor, target: TargetRow, lock: { otherAdmins: number; actorActive: boolean }, removesAdmin: boolean): void {
  if (target.id === actor.id) throw new AppError('CANNOT_CHANGE_SELF', 409);
  // Two admins demoting each other at once: the second finds itself the last one standing.
  if (removesAdmin && target.role === 'admin' && !target.disabledAt && lock.otherAdmins === 0) throw new AppError('LAST_ADMIN', 409);
  if (!lock.actorActive) throw new AppError('ADMIN_ONLY', 403);
}

/**
 * Disables an account: it cannot sign in, and every session it has ends in the same transaction.
 * Not one's own, and never the last active admin. Disabling a disabled account changes nothing.
 */
export async function disableMember(db: Db, actor: AuditActor, userId: number, reason: string, now = new Date()): Promise<AdminMember> {
  if (userId === actor.id) throw new AppError('CANNOT_CHANGE_SELF', 409);
  return db.transaction(async (tx) => {
    const lock = await lockForChange(tx, actor, userId);
    if (lock.target.disabledAt) return memberById(tx, userId, now);
    assertMayChange(actor, lock.target, lock, true);
    await repo.setDisabled(tx, userId, { at: now, reason });
    const sessions = await repo.revokeSessions(tx, userId);
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
    if (!target.disabledAt) return memberById(tx, userId, now);
    assertMayChange(actor, target, lock, false);
    await repo.setDisabled(tx, userId, null);
    await recordAudit(tx, actor, {
      action: 'member.enable',
      entity: 'member',
      entityId: userId,
      before: { disabledAt: iso(target.disabledAt), disabledReason: target.disabledReason },
      after: { disabledAt: null, reason },
    });
    return memberById(tx, userId, now);
  });
}

/** Ends every session of the account (for one's own account, every other one: the panel stays open). */
export async function signOutEverywhere(db: Db, actor: AuditActor, userId: number, currentTokenId: number, now = new Date()): Promise<{ member: AdminMember; signedOut: number }> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockAccount(tx, userId))) throw new AppError('MEMBER_NOT_FOUND', 404);
    const signedOut = await repo.revokeSessions(tx, userId, userId === actor.id ? currentTokenId : undefined);
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
    await repo.setRole(tx, userId, role);
    await recordAudit(tx, actor, { action: 'member.role', entity: 'member', entityId: userId, before: { role: target.role }, after: { role } });
    return memberById(tx, userId, now);
  });
}
