import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
type UserRow = typeof users.$inferSelect;

/** What the audit log is filtered by (Tehran's calendar days for `from` and `to`). */
export interface AuditFilter {
  actorId?: number;
  /** `area.verb` for one action, `area` for every action of the area. */
  action?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

/** The audit log and the operators' accounts. */
export class AdminRepository {
  async insertAudit(tx: Executor, values: NewAuditRow): Promise<void> {
    await tx.insert(auditLog).values(values);
  }

  /** One page of the audit log, newest first, and how many entries match in all. */
  async listAudit(db: Executor, f: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    const where: SQL[] = [];
    if (f.actorId) where.push(eq(auditLog.actorId, f.actorId));
    if (f.action) where.push(f.action.includes('.') ? eq(auditLog.action, f.action) : or(eq(auditLog.action, f.action), like(auditLog.action, `${f.action}.%`))!);
    if (f.entity) where.push(eq(auditLog.entity, f.entity));
    if (f.entityId) where.push(eq(auditLog.entityId, f.entityId));
    if (f.from) where.push(gte(auditLog.createdAt, sql`(${f.from}::date)::timestamp AT TIME ZONE 'Asia/Tehran'`));
    if (f.to) where.push(lt(auditLog.createdAt, sql`(${f.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tehran'`));
    const cond = where.length ? and(...where) : undefined;
    const [rows, counted] = await Promise.all([
      db.select().from(auditLog).where(cond).orderBy(desc(auditLog.id)).limit(limit).offset(offset),
      db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(cond),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  async userRole(db: Executor, id: number): Promise<Pick<UserRow, 'role' | 'disabledAt'> | undefined> {
    const [row] = await db.select({ role: users.role, disabledAt: users.disabledAt }).from(users).where(eq(users.id, id));
    return row;
  }

  async setRole(tx: Executor, id: number, role: UserRow['role']): Promise<void> {
    await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, id));
  }

  /** A confirmed account (whoever runs the server command vouches for the address). */
  async insertConfirmedUser(tx: Executor, v: { name: string; email: string; passwordHash: string; role: UserRow['role'] }): Promise<number> {
    const [row] = await tx.insert(users).values({ ...v, emailVerifiedAt: sql`now()` }).returning({ id: users.id });
    return row!.id;
  }
}
