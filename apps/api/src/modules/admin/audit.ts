import type { AuditEntry, AuditQuery } from '@parde/contract';
import type { FastifyRequest } from 'fastify';
import { requireStaff } from '../../plugins/auth';
import { iso, pageMeta, type Executor } from '../../db/executor';
import { AdminRepository, type AuditRow } from './admin.repository';

const repo = new AdminRepository();

/** Who made a change: an operator through the panel, or a command run on the server. */
export interface AuditActor {
  id: number | null;
  name: string;
  role: string;
  ip?: string | null;
  requestId?: string | null;
}

/** A command run on the server by whoever has a shell there (`npm run admin:create`). */
export const commandActor: AuditActor = { id: null, name: 'فرمان سرور', role: 'system' };

/** The operator behind a panel request (the route's role check has already run). */
export function actorOf(request: FastifyRequest): AuditActor {
  const m = requireStaff(request);
  return { id: m.userId, name: m.name, role: m.role, ip: request.ip, requestId: request.id };
}

export interface AuditChange {
  /** `area.verb`: `title.update`, `member.grant_premium`. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Plain JSON for jsonb: dates as ISO strings, undefined dropped, bigints as numbers. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)));
}

/**
 * Writes one audit entry. Call it inside the transaction that makes the change, so a change and
 * its entry exist together or not at all.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
  await repo.insertAudit(tx, {
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId === undefined || change.entityId === null ? null : String(change.entityId),
    before: plain(change.before),
    after: plain(change.after),
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

const labels = new Map<string, string>();

/** Each area names its actions in Persian once, beside its routes: `defineAuditLabels({ 'title.update': 'ویرایش عنوان' })`. */
export function defineAuditLabels(entries: Record<string, string>): void {
  for (const [action, label] of Object.entries(entries)) labels.set(action, label);
}

export const auditLabel = (action: string) => labels.get(action) ?? action;

defineAuditLabels({
  'member.create_admin': 'ساختن مدیر از خط فرمان',
  'member.role': 'تغییر نقش',
});

export function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    actor: { id: r.actorId, name: r.actorName, role: r.actorRole },
    action: r.action,
    actionLabel: auditLabel(r.action),
    entity: r.entity,
    entityId: r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    createdAt: iso(r.createdAt),
  };
}

/** The audit log, newest first, filtered by operator, action or area, record and days (Tehran's calendar days). */
export async function listAudit(db: Executor, q: AuditQuery) {
  const filter = { actorId: q.actor_id, action: q.action, entity: q.entity, entityId: q.entity_id, from: q.from, to: q.to };
  const { rows, total } = await repo.listAudit(db, filter, q.per_page, (q.page - 1) * q.per_page);
  return { data: rows.map(toAuditEntry), meta: pageMeta(q.page, q.per_page, total) };
}
