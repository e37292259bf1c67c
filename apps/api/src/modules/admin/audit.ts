import type { AuditEntry, AuditQuery } from '@parde/contract';
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../../db/schema/index';
import { requireStaff } from '../../plugins/auth';
import { iso, pageMeta, type Executor } from '../../db/executor';

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
  await tx.insert(auditLog).values({
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

type AuditRow = typeof auditLog.$inferSelect;

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
  const where: SQL[] = [];
  if (q.actor_id) where.push(eq(auditLog.actorId, q.actor_id));
  if (q.action) where.push(q.action.includes('.') ? eq(auditLog.action, q.action) : or(eq(auditLog.action, q.action), like(auditLog.action, `${q.action}.%`))!);
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.from) where.push(gte(auditLog.createdAt, sql`(${q.from}::date)::timestamp AT TIME ZONE 'Asia/Tehran'`));
  if (q.to) where.push(lt(auditLog.createdAt, sql`(${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tehran'`));
  const cond = where.length ? and(...where) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(cond),
  ]);
  return { data: rows.map(toAuditEntry), meta: pageMeta(q.page, q.per_page, counted[0]?.total ?? 0) };
}
