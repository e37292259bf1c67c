import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Tx } from '../../db/executor';
import * as schema from '../../db/schema/index';
import type { Catalogue } from '../../lib/catalogue-version';
import { searchIndexChanged } from '../search/memory-index';

/**
 * One operator's change, in one transaction: Drizzle's `tx` (the audit entry, and every statement
 * written with the query builder) and `q`, the same connection, for the plain SQL statements the
 * panel's services still send.
 */
export interface CatalogueTx {
  q: pg.PoolClient;
  db: Tx;
}

/**
 * Runs a catalogue change in one transaction and, in it, moves the catalogue version
 * (`search_index_state.version`): every API process reloads its search index and forgets the
 * public answers it kept within a second or two (lib/catalogue-version.ts). This app forgets at
 * once, after the commit, so the operator's next look at the site already shows the change.
 */
export async function catalogueChange<T>(pool: pg.Pool, catalogue: Pick<Catalogue, 'changed'>, change: (tx: CatalogueTx) => Promise<T>): Promise<T> {
  // Drizzle's transaction on a connection of our own: `q` and `tx` are one session, so the plain
  // statements and the query builder's share the transaction.
  const client = await pool.connect();
  let result: T;
  try {
    result = await drizzle(client, { schema, casing: 'snake_case' }).transaction(async (tx) => {
      const done = await change({ q: client, db: tx });
      await tx.execute(sql`
        INSERT INTO search_index_state (id, version, built_at) VALUES (1, 1, now())
        ON CONFLICT (id) DO UPDATE SET version = search_index_state.version + 1`);
      return done;
    });
  } finally {
    client.release();
  }
  searchIndexChanged();
  catalogue.changed();
  return result;
}

/** A read of one row, or undefined. */
export async function one<T extends pg.QueryResultRow>(q: pg.PoolClient | pg.Pool, text: string, params: unknown[]): Promise<T | undefined> {
  return (await q.query<T>(text, params)).rows[0];
}
