import type { AdminNotificationInput, AdminNotificationPreview, AdminNotificationPreviewInput, AdminNotificationSent, AdminRecipient } from '@parde/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { iso, type Executor } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { AdminOpsRepository, type Audience } from './admin-ops.repository';

const repo = new AdminOpsRepository();

const messages = {
  memberNotFound: 'عضوی با این شماره پیدا نشد.',
  memberDisabled: 'حساب این عضو غیرفعال است و اعلانی نمی‌بیند.',
};

/** What members see in their list for an operator's announcement. */
export const ANNOUNCEMENT = 'announcement';

type AudienceInput = Pick<AdminNotificationPreviewInput, 'audience' | 'member_id'>;

const audienceOf = (a: AudienceInput): Audience => ({ audience: a.audience, memberId: a.member_id });

async function chosenMember(db: Executor, a: AudienceInput): Promise<AdminRecipient | null> {
  if (a.audience !== 'member') return null;
  const m = await repo.member(db, a.member_id ?? 0);
  if (!m) throw AppError.validation({ member_id: [messages.memberNotFound] }, messages.memberNotFound);
  if (m.disabled) throw AppError.validation({ member_id: [messages.memberDisabled] }, messages.memberDisabled);
  return { id: m.id, name: m.name, email: m.email, premium: m.premium };
}

const linkOf = (link: string | null | undefined) => (link ? link : null);

/** How the announcement will look in a member's list, and how many members will get it. */
export async function previewNotification(db: Db, input: AdminNotificationPreviewInput): Promise<AdminNotificationPreview> {
  const member = await chosenMember(db, input);
  const recipients = await repo.audienceSize(db, audienceOf(input));
  return {
    notification: { kind: ANNOUNCEMENT, title: input.title, body: input.body, link: linkOf(input.link), read: false, createdAt: new Date().toISOString() },
    recipients,
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
    await repo.lockAnnouncementKey(tx, key);
    const sent = await repo.sentWithKey<Sent>(tx, key);
    if (sent) {
      const same = sent.audience === wanted.audience && sent.memberId === wanted.memberId && sent.title === wanted.title && sent.body === wanted.body && sent.link === wanted.link;
      if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      return { key, recipients: sent.recipients, replayed: true, sentAt: sent.sentAt };
    }
    await chosenMember(tx, input);
    const data = JSON.stringify({ key });
    const written = await repo.insertAnnouncement(tx, audienceOf(input), { kind: ANNOUNCEMENT, title: wanted.title, body: wanted.body, link: wanted.link, data, dedupeKey: `announcement:${key}` });
    const recipients = written?.n ?? 0;
    const sentAt = iso(written?.at ?? new Date());
    await recordAudit(tx, actor, { action: 'notification.send', entity: 'notification', entityId: key, before: null, after: { ...wanted, recipients, sentAt } satisfies Sent });
    return { key, recipients, replayed: false, sentAt };
  });
}

/** Members whose email (or name) starts with the text, for picking one recipient. */
export async function findRecipients(db: Db, q: string): Promise<AdminRecipient[]> {
  return repo.findRecipients(db, q);
}
