import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { catalogueChanged } from '../../lib/catalogue-version';
import * as schema from '../../db/schema/index';
import type { Db } from '../../db/client';
import { searchIndexChanged } from '../search/memory-index';

/** One operator's change: plain SQL on `q` and the audit entry through `db`, both in one transaction. */
export interface CatalogueTx {
  q: pg.PoolClient;
  db: Db;
}

/**
 * Runs a catalogue change in one transaction and, in it, moves the catalogue version
 * (`search_index_state.version`): every API process reloads its search index and forgets the
 * public answers it kept within a second or two (lib/catalogue-version.ts). This process forgets
 * at once, after the commit, so the operator's next look at the site already shows the change.
 */
export async function catalogueChange<T>(pool: pg.Pool, change: (tx: CatalogueTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await change({ q: client, db: drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db });
    await client.query(
      `INSERT INTO search_index_state (id, version, built_at) VALUES (1, 1, now())
       ON CONFLICT (id) DO UPDATE SET version = search_index_state.version + 1`,
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  searchIndexChanged();
  catalogueChanged();
  return result;
}

/** A read of one row, or undefined. */
export async function one<T extends pg.QueryResultRow>(q: pg.PoolClient | pg.Pool, text: string, params: unknown[]): Promise<T | undefined> {
  return (await q.query<T>(text, params)).rows[0];
}
