/**
 * Once per test run (a vitest globalSetup of the API projects): one migrated database that every
 * test file's database is cloned from, instead of each file migrating its own.
 *
 * - PostgreSQL (TEST_DATABASE_URL): a database named for this run, migrated, with no connection
 *   left open; each file runs `CREATE DATABASE … TEMPLATE` it.
 * - The embedded database: a migrated data directory dumped to a tarball (PGlite's
 *   `dumpDataDir`); each file's throwaway in-memory database starts from it (`loadDataDir`),
 *   which skips PGlite's initdb as well as the migrations.
 *
 * Without it (PARDE_TEST_TEMPLATE=off, or a config that does not name this setup) each file
 * migrates its own database, as it always did.
 *
 * Both API projects (the parallel one and the serial one) name this file; the first to start
 * makes the template and the last to finish removes it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureApiBuilt } from '../../../../scripts/lib.mjs';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

export interface TemplateDatabase {
  /** PostgreSQL: the migrated database to clone. */
  postgres?: string;
  /** The embedded database: the migrated data directory's tarball. */
  tarball?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

/** Made by this run (pid and random), so runs side by side (other checkouts, CI's lanes) never share one. */
const TEMPLATE_PREFIX = 'parde_template_';

async function adminQuery(serverUrl: string, sql: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function makePostgresTemplate(serverUrl: string): Promise<TemplateDatabase> {
  // Templates left by runs that were killed before their teardown (their process is gone).
  const { rows } = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`);
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
    if (pid && !alive(pid)) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
  const name = `${TEMPLATE_PREFIX}${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  // C.UTF-8 so pg_trgm sees Persian letters as word characters (in the C locale it sees none);
  // the clones inherit it.
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
  try {
    await runMigrations(database);
  } finally {
    // A template with a connection open cannot be cloned.
    await database.close();
  }
  return { postgres: name };
}

async function makeEmbeddedTemplate(): Promise<TemplateDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-template-'));
  const dataDir = path.join(dir, 'pglite');
  // Migrated the way every database is (the database child, through the pg driver)…
  const database = await openDatabase({ pgliteDataDir: dataDir });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  // …then the closed directory dumped whole. Uncompressed: it loads in half the time of gzip.
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    await db.exec('CHECKPOINT');
    const tarball = path.join(dir, 'migrated.tar');
    fs.writeFileSync(tarball, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    return { tarball };
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function removeTemplate(template: TemplateDatabase): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template.postgres && serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template.postgres} WITH (FORCE)`);
  if (template.tarball) fs.rmSync(path.dirname(template.tarball), { recursive: true, force: true });
}

// Shared by every project of the run that names this setup (they share the main process).
const shared = globalThis as typeof globalThis & { __pardeTemplate?: { made: Promise<TemplateDatabase>; users: number } };

export default async function setup(project: TestProject) {
  // The API's build, when missing or older than its sources: the database children of every file
  // (PARDE_BUILT_DB_CHILD, set by the projects' config) and the servers the process tests start
  // run it, as production does (`npm test` has built it before the lanes start).
  await ensureApiBuilt();
  // PARDE_TEST_TEMPLATE=off: every file migrates its own database, as before the template (to
  // compare the two, or to rule the template out).
  if (process.env.PARDE_TEST_TEMPLATE === 'off') return;
  if (!shared.__pardeTemplate) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    shared.__pardeTemplate = { made: serverUrl ? makePostgresTemplate(serverUrl) : makeEmbeddedTemplate(), users: 0 };
  }
  const mine = shared.__pardeTemplate;
  mine.users++;
  project.provide('templateDatabase', await mine.made);
  return async () => {
    if (--mine.users > 0) return;
    if (shared.__pardeTemplate === mine) shared.__pardeTemplate = undefined;
    await removeTemplate(await mine.made);
  };
}
