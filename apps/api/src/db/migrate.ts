import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every pending migration; the same files serve PGlite and PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
