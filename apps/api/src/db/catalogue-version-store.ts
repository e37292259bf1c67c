import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from './executor';

/**
 * The catalogue version in the database (`search_index_state.version`): every catalogue change
 * moves it in its own transaction, and every API process watches it (lib/catalogue-version.ts).
 */

/** Moves the version on, inside the change's transaction. */
export async function bumpCatalogueVersion(tx: Executor): Promise<void> {
  await tx.execute(sql`
    INSERT INTO search_index_state (id, version, built_at) VALUES (1, 1, now())
    ON CONFLICT (id) DO UPDATE SET version = search_index_state.version + 1`);
}

/** The version a database has now (0 before the first change). */
export async function readCatalogueVersion(pool: pg.Pool): Promise<number> {
  return Number((await pool.query<{ version: number }>('SELECT version FROM search_index_state WHERE id = 1')).rows[0]?.version ?? 0);
}
