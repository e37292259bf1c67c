import { and, eq, isNull, sql } from 'drizzle-orm';
import { sandboxTransactions } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;
export type NewSandboxTransaction = typeof sandboxTransactions.$inferInsert;

/** The sandbox bank's own book of payments. */
export class SandboxRepository {
  async insert(db: Executor, values: NewSandboxTransaction): Promise<void> {
    await db.insert(sandboxTransactions).values(values);
  }

  async byAuthority(db: Executor, authority: string): Promise<SandboxTransaction | undefined> {
    const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.authority, authority));
    return row;
  }

  /** Marks the transaction verified; true only for the first verification. */
  async markVerified(db: Executor, authority: string): Promise<boolean> {
    const first = await db
      .update(sandboxTransactions)
      .set({ verifiedAt: sql`now()` })
      .where(and(eq(sandboxTransactions.authority, authority), isNull(sandboxTransactions.verifiedAt)))
      .returning({ authority: sandboxTransactions.authority });
    return first.length > 0;
  }

  /** Settles a pending transaction; undefined when it was no longer pending. */
  async decide(db: Executor, authority: string, set: { status: 'approved'; refId: string } | { status: 'cancelled' }): Promise<SandboxTransaction | undefined> {
    const [updated] = await db
      .update(sandboxTransactions)
      .set(set)
      .where(and(eq(sandboxTransactions.authority, authority), eq(sandboxTransactions.status, 'pending')))
      .returning();
    return updated;
  }
}
