/**
 * The test databases themselves: every file's migrated database is a clone of the run's migrated
 * template, and a clone is its own database (what one file writes, no other file sees).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createTestDatabase } from './helpers/database';

// These tests start databases in their own bodies (an empty embedded one runs initdb: seconds on
// a busy machine), not in a hook.
const STARTS = 120_000;
const migrationFiles = fs.readdirSync(path.join(import.meta.dirname, '../src/db/migrations')).filter((f) => f.endsWith('.sql'));
const applied = async (db: Awaited<ReturnType<typeof createTestDatabase>>) =>
  Number((await db.pool.query(`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`)).rows[0].n);
const hasMigrationsTable = async (db: Awaited<ReturnType<typeof createTestDatabase>>) =>
  (await db.pool.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`)).rows[0].t !== null;

describe('test databases', () => {
  const opened: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.drop()));
  });

  it('come from the run’s migrated template, with every migration applied', () => {
    const template = inject('templateDatabase');
    expect(process.env.TEST_DATABASE_URL ? template?.postgres : template?.tarball).toBeTruthy();
  });

  it('are migrated, each its own: a row one writes is not in another', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    opened.push(a, b);
    expect(await applied(a)).toBe(migrationFiles.length);
    expect(await applied(b)).toBe(migrationFiles.length);
    await a.pool.query(`CREATE TABLE only_in_a (x int)`);
    expect((await b.pool.query(`SELECT to_regclass('only_in_a') AS t`)).rows[0].t).toBeNull();
  }, STARTS);

  it('stay empty with migrate: false (for the migration tests)', async () => {
    const empty = await createTestDatabase({ migrate: false });
    opened.push(empty);
    expect(await hasMigrationsTable(empty)).toBe(false);
  }, STARTS);
});

// The embedded database's own start-up path; the PostgreSQL lane has no tarball to start from.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('an embedded database started from a data directory tarball', () => {
  it('holds what the tarball holds', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-tarball-'));
    try {
      // Made from the run's template rather than by initdb (tens of seconds of processor time in
      // WebAssembly): what matters is that a row written here comes back from the new tarball.
      const template = inject('templateDatabase').tarball!;
      const source = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]), extensions: { pg_trgm } });
      await source.exec(`CREATE TABLE kept (word text); INSERT INTO kept VALUES ('پرده'); CHECKPOINT`);
      const tarball = path.join(dir, 'data.tar');
      fs.writeFileSync(tarball, Buffer.from(await (await source.dumpDataDir('none')).arrayBuffer()));
      await source.close();

      const db = await openDatabase({ pgliteDataDir: 'memory://', pgliteLoadFrom: tarball });
      try {
        expect((await db.pool.query(`SELECT word FROM kept`)).rows).toEqual([{ word: 'پرده' }]);
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, STARTS);
});
