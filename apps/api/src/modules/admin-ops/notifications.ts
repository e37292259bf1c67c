import type { AdminNotificationInput, AdminNotificationPreview, AdminNotificationPreviewInput, AdminNotificationSent, AdminRecipient } from '@parde/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { iso, type Executor } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';

const messages = {
  memberNotFound: 'عضوی با این شماره پیدا نشد.',
  memberDisabled: 'حساب این عضو غیرفعال است و اعلانی نمی‌بیند.',
};

/** What members see in their list for an operator's announcement. */
export const ANNOUNCEMENT = 'announcement';

/** Confirmed, open accounts: the ones who can read a notification. */
const READERS = sql`u.disabled_at IS NULL AND u.email_verified_at IS NOT NULL`;
const PREMIUM = sql`EXISTS (SELECT 1 FROM premium_periods p WHERE p.user_id = u.id AND p.starts_at <= now() AND p.ends_at > now() AND p.revoked_at IS NULL)`;

type Audience = Pick<AdminNotificationPreviewInput, 'audience' | 'member_id'>;

function audienceWhere(a: Audience): SQL {
  if (a.audience === 'premium') return sql`${READERS} AND ${PREMIUM}`;
  if (a.audience === 'member') return sql`u.id = ${a.member_id ?? 0}`;
  return READERS;
}

async function chosenMember(db: Executor, a: Audience): Promise<AdminRecipient | null> {
  if (a.audience !== 'member') return null;
  const { rows } = await db.execute<{ id: number; name: string; email: string; disabled: boolean; premium: boolean }>(sql`
    SELECT u.id, u.name, u.email, u.disabled_at IS NOT NULL AS disabled, ${PREMIUM} AS premium FROM users u WHERE u.id = ${a.member_id ?? 0}`);
  const m = rows[0];
  if (!m) throw AppError.validation({ member_id: [messages.memberNotFound] }, messages.memberNotFound);
  if (m.disabled) throw AppError.validation({ member_id: [messages.memberDisabled] }, messages.memberDisabled);
  return { id: m.id, name: m.name, email: m.email, premium: m.premium };
}

const linkOf = (link: string | null | undefined) => (link ? link : null);

/** How the announcement will look in a member's list, and how many members will get it. */
export async function previewNotification(db: Db, input: AdminNotificationPreviewInput): Promise<AdminNotificationPreview> {
  const member = await chosenMember(db, input);
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users u WHERE ${audienceWhere(input)}`);
  return {
    notification: { kind: ANNOUNCEMENT, title: input.title, body: input.body, link: linkOf(input.link), read: false, createdAt: new Date().toISOString() },
    recipients: rows[0]?.n ?? 0,
    member,
  };
}

type Sent = { audience: string; memberId: number | null; title: string; body: string; link: string | null; recipients: number; sentAt: string };

/**
 * Sends an announcement: one notification per recipient in one INSERT … SELECT, with its audit
 * entry, in one transaction. The idempotency key makes it happen once: a second call with the key
 * (a double click, a retry) waits for the first, finds its audit entry and answers what was sent;
 * the same key with different words is refused.
 */
export async function sendNotification(db: Db, actor: AuditActor, input: AdminNotificationInput): Promise<AdminNotificationSent> {
  const key = input.idempotency_key;
  const wanted = { audience: input.audience, memberId: input.audience === 'member' ? (input.member_id ?? null) : null, title: input.title, body: input.body, link: linkOf(input.link) };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`notification:${key}`}))`);
    const { rows: earlier } = await tx.execute<{ after: Sent }>(sql`
      SELECT after FROM audit_log WHERE entity = 'notification' AND entity_id = ${key} AND action = 'notification.send' ORDER BY id LIMIT 1`);
    if (earlier[0]) {
      const sent = earlier[0].after;
      const same = sent.audience === wanted.audience && sent.memberId === wanted.memberId && sent.title === wanted.title && sent.body === wanted.body && sent.link === wanted.link;
      if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      return { key, recipients: sent.recipients, replayed: true, sentAt: sent.sentAt };
    }
    await chosenMember(tx, input);
    const data = JSON.stringify({ key });
    const { rows } = await tx.execute<{ n: number; at: Date }>(sql`
      WITH sent AS (
        INSERT INTO notifications (user_id, kind, title, body, link, data, dedupe_key)
        SELECT u.id, ${ANNOUNCEMENT}, ${wanted.title}, ${wanted.body}, ${wanted.link}, ${data}::jsonb, ${`announcement:${key}`}
        FROM users u WHERE ${audienceWhere(input)}
        ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
        RETURNING 1)
      SELECT count(*)::int AS n, now() AS at FROM sent`);
    const recipients = rows[0]?.n ?? 0;
    const sentAt = iso(rows[0]?.at ?? new Date());
    await recordAudit(tx, actor, { action: 'notification.send', entity: 'notification', entityId: key, before: null, after: { ...wanted, recipients, sentAt } satisfies Sent });
    return { key, recipients, replayed: false, sentAt };
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members whose email (or name) starts with the text, for picking one recipient. */
export async function findRecipients(db: Db, q: string): Promise<AdminRecipient[]> {
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const { rows } = await db.execute<{ id: number; name: string; email: string; premium: boolean }>(sql`
    SELECT u.id, u.name, u.email, ${PREMIUM} AS premium FROM users u
    WHERE ${READERS} AND (u.email LIKE ${prefix} OR u.name ILIKE ${`%${escapeLike(q)}%`})
    ORDER BY u.email LIKE ${prefix} DESC, u.email LIMIT 10`);
  return rows;
}
