import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database when
 * TEST_DATABASE_URL points at a server, otherwise a throwaway in-memory embedded one.
 * Migrated means cloned from the run's migrated template (./template-database.ts) when the run
 * made one, otherwise migrated here.
 * `migrate: false` leaves it empty (migration tests apply their own steps).
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database & { drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = migrate ? inject('templateDatabase') : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDataDir: 'memory://', pgliteLoadFrom: template?.tarball });
    if (migrate && !template?.tarball) await runMigrations(database);
    return Object.assign(database, { drop: () => database.close() });
  }
  const name = `parde_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // C.UTF-8 so pg_trgm sees Persian letters as word characters (in the C locale it sees none);
  // a clone of the template has it from the template.
  await admin.query(
    template?.postgres
      ? `CREATE DATABASE ${name} TEMPLATE ${template.postgres}`
      : `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
  if (migrate && !template?.postgres) await runMigrations(database);
  return Object.assign(database, {
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
}
