import { z } from 'zod';
import { pageQuery } from './common';

/**
 * The admin panel's API (`/api/admin/*`), the part every screen shares: roles and the audit log.
 * Each area (catalogue, media, members, money, requests, comments, notifications, dashboard) has
 * its own file beside this one.
 */

export const role = z.enum(['member', 'editor', 'admin']);
export type Role = z.infer<typeof role>;

/** Persian names of the roles, as the panel shows them. */
export const roleLabels: Record<Role, string> = { member: 'عضو', editor: 'ویراستار', admin: 'مدیر کل' };

/** Why an operator did something by hand (a grant, a refund, a decline): kept in the record and the audit log. */
export const adminReason = z.string().trim().min(3).max(500);

/** One change made by an operator: who, what, when, the record before and after. */
export const auditEntry = z
  .object({
    id: z.number().int(),
    actor: z.object({ id: z.number().int().nullable(), name: z.string(), role: z.string() }),
    /** `title.update`, `member.grant_premium`, `comment.hide`… */
    action: z.string(),
    /** Persian, for people: «ویرایش عنوان». */
    actionLabel: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

const isoDate = z.iso.date();

export const auditQuery = pageQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  actor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** An action (`title.update`) or a whole area (`title`). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_]+(\.[a-z_]+)?$/)
    .optional(),
  entity: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z_]+$/)
    .optional(),
  entity_id: z.string().trim().max(60).optional(),
  /** Jalali dates are turned into these by the panel: `2026-11-01`. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
