import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { migrationsFolder, runMigrations } from '../src/db/migrate';
import { createTestDatabase } from './helpers/database';

/** A copy of the migrations folder that stops before `tag`: the database as an older release left it. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0005_email_verification', () => {
  let database: Database & { drop(): Promise<void> };
  let older: string;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    older = migrationsBefore('0005_email_verification');
  });
  afterAll(async () => {
    await database?.drop();
    if (older) fs.rmSync(older, { recursive: true, force: true });
  });

  it('counts the accounts made before sign-up confirmation as verified, and new ones as not', async () => {
    await migrate(database.db, { migrationsFolder: older });
    await database.pool.query(
      `INSERT INTO users (name, email, password_hash, created_at) VALUES ('قدیمی', 'old@example.com', 'scrypt$x', '2025-03-01T10:00:00Z')`,
    );
    await runMigrations(database);
    const old = await database.pool.query(`SELECT email_verified_at FROM users WHERE email = 'old@example.com'`);
    expect(old.rows[0].email_verified_at).toEqual(new Date('2025-03-01T10:00:00Z'));
    await database.pool.query(`INSERT INTO users (name, email, password_hash) VALUES ('تازه', 'new@example.com', 'scrypt$x')`);
    const fresh = await database.pool.query(`SELECT email_verified_at FROM users WHERE email = 'new@example.com'`);
    expect(fresh.rows[0].email_verified_at).toBeNull();
  });
});
