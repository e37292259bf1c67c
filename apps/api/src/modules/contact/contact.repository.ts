import { eq, sql } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index';
import type { Executor } from '../../db/executor';

export class ContactRepository {
  async insert(db: Executor, v: { userId: number | null; name: string; email: string; subject: string; message: string; ip: string }) {
    const [row] = await db.insert(contactMessages).values(v).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    return row!;
  }

  async markMailed(db: Executor, id: number): Promise<void> {
    await db.update(contactMessages).set({ mailedAt: sql`now()` }).where(eq(contactMessages.id, id));
  }
}
