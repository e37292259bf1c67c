import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './client';
import * as schema from './schema/index';

const build = (client: pg.Pool | pg.PoolClient): Db => drizzle(client, { schema, casing: 'snake_case' });

/**
 * The query builder over one connection already taken from the pool. Its transactions, and
 * statements outside one, all run on that connection: for work that must stay on it — under a
 * session-level advisory lock its caller holds, or a VACUUM right after the transaction it
 * follows (VACUUM cannot run inside one) — where the pool could hand out another.
 */
export const onConnection = (client: pg.PoolClient): Db => build(client);

const overPools = new WeakMap<pg.Pool, Db>();

/**
 * The query builder over another pool than the site's own (`Database.db`): the read replica's,
 * or one a caller made. One per pool.
 */
export function onPool(pool: pg.Pool): Db {
  let db = overPools.get(pool);
  if (!db) overPools.set(pool, (db = build(pool)));
  return db;
}

/**
 * Runs reads on one connection in a read-only transaction whose statements PostgreSQL cancels
 * after `ms`: the answer, or `null` when the deadline passed. For a read that is worth doing only
 * while it is cheap (a list's exact count, decision 42). The embedded database keeps no timers
 * there, so its reads always finish.
 */
export async function readWithin<T>(pool: pg.Pool, ms: number, read: (client: pg.PoolClient) => Promise<T>): Promise<T | null> {
  const client = await pool.connect();
  try {
    // One round trip for both (a simple query may hold several statements): an exact count of a
    // list is three round trips, not four.
    try {
      await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.max(1, Math.round(ms))}`);
      const result = await read(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK');
      if ((err as { code?: string }).code === '57014') return null;
      throw err;
    }
  } finally {
    client.release();
  }
}
