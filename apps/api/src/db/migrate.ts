import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every pending migration; the same files serve PGlite and PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}

/** The PostgreSQL advisory lock processes take around preparing a database ("parde" in ASCII, shortened). */
const PREPARE_LOCK = 0x70617264;

/**
 * Runs `prepare` (the backup before migrations, the migrations, the demo data) holding a
 * PostgreSQL advisory lock: processes started together on one database (systemd starting every
 * instance at boot, on a fresh database) prepare it one after another, so the migrations run once
 * and the others find them done. The embedded database has a single owning process: no lock.
 */
export async function preparingAlone<T>(database: Database, prepare: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return prepare();
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
    try {
      return await prepare();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]);
    }
  } finally {
    client.release();
  }
}
