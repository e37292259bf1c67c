/**
 * Backups and restores, for the embedded database and for PostgreSQL.
 *
 * Embedded: only the process that owns the data directory may read its files (./owner.ts), so a
 * backup is asked of the owner — the running site's database child, or one this command starts
 * when the site is down — over its loopback control endpoint. The owner checkpoints between two
 * connections' exchanges, outside any transaction, and writes PGlite's own dump of the directory
 * (a gzip tarball that `PGlite.create({ loadDataDir })` opens). A restore needs the site stopped:
 * it opens the backup in a new directory, checks it, then swaps it in and keeps the replaced one.
 *
 * PostgreSQL: `pg_dump --format=custom` and `pg_restore --clean`, in one transaction.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { backupDirOf, openDatabase, type Database } from './client';
import { migrationsFolder } from './migrate';
import { acquireLock, DatabaseInUseError, liveOwner } from './owner';

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** A default backup file name: `parde-YYYYMMDD-HHMMSS[-why].tar.gz` (or `.dump` for PostgreSQL). */
export function defaultBackupFile(dataDir: string, kind: 'pglite' | 'postgres', why?: string): string {
  const name = `parde-${stamp()}${why ? `-${why}` : ''}${kind === 'pglite' ? '.tar.gz' : '.dump'}`;
  return path.join(dataDir, 'backups', name);
}

export interface BackupResult {
  file: string;
  bytes: number;
}

/** Asks the embedded database's owner for a consistent copy, written whole to `file`. */
export async function backupEmbedded(database: Database, file: string): Promise<BackupResult> {
  if (database.kind !== 'pglite' || !database.pgliteDir) throw new Error('not an embedded database on disk');
  const owner = liveOwner(database.pgliteDir);
  if (!owner?.control) throw new Error(`no live owner of ${database.pgliteDir} answers backups`);
  const res = await fetch(`http://127.0.0.1:${owner.control.port}/backup`, {
    method: 'POST',
    headers: { 'x-token': owner.control.token, 'content-type': 'application/json' },
    body: JSON.stringify({ file: path.resolve(file) }),
  });
  const body = (await res.json()) as { file?: string; bytes?: number; error?: string };
  if (!res.ok) throw new Error(`backup failed: ${body.error ?? res.status}`);
  return { file: body.file!, bytes: body.bytes! };
}

function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) => reject(new Error(`${cmd} could not run (${e.message}); install PostgreSQL's client tools (apt-get install postgresql-client)`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.trim()}`))));
  });
}

/** `pg_dump --format=custom` to `file`, written whole or not at all. */
export async function backupPostgres(url: string, file: string): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${tmp}`, `--dbname=${url}`]);
  fs.renameSync(tmp, file);
  return { file: path.resolve(file), bytes: fs.statSync(file).size };
}

export async function backup(database: Database, file: string): Promise<BackupResult> {
  return database.kind === 'pglite' ? backupEmbedded(database, file) : backupPostgres(database.url, file);
}

/**
 * Brings an embedded backup back. The site must be stopped (this process takes the lock); the
 * backup is opened and checked in a new directory first, so a broken file changes nothing, and
 * the directory it replaces is kept beside it (`pglite.before-restore-…`).
 */
export async function restoreEmbedded(pgliteDir: string, file: string): Promise<{ replaced: string | null }> {
  const dir = path.resolve(pgliteDir);
  const owner = liveOwner(dir);
  if (owner) throw new DatabaseInUseError(dir, owner);
  const lock = acquireLock(dir, 'command');
  const staging = `${dir}.restoring`;
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    const blob = new Blob([fs.readFileSync(file)]);
    const db = await PGlite.create({ dataDir: staging, loadDataDir: blob, extensions: { pg_trgm } });
    try {
      await db.query('SELECT count(*) FROM pg_class');
    } finally {
      await db.close();
    }
    let replaced: string | null = null;
    if (fs.existsSync(dir)) {
      replaced = `${dir}.before-restore-${stamp()}`;
      fs.renameSync(dir, replaced);
    }
    fs.renameSync(staging, dir);
    return { replaced };
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}

/**
 * A PostgreSQL backup brought back in one transaction: all of it, or nothing. `pg_restore --clean`
 * cannot drop the job queue's partitioned tables constraint by constraint, so the schemas are
 * dropped whole first, and pg_restore's script runs after, all in one `psql --single-transaction`.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const dump = spawn('pg_restore', ['--no-owner', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const psql = spawn(
      'psql',
      [
        url,
        '--quiet',
        '--single-transaction',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        'DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
        '-f',
        '-',
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    dump.stderr.on('data', (d) => (err += d));
    psql.stderr.on('data', (d) => (err += d));
    dump.stdout.pipe(psql.stdin);
    const failed = (what: string) => (e: Error) => reject(new Error(`${what} could not run (${e.message}); install PostgreSQL's client tools (apt-get install postgresql-client)`));
    dump.on('error', failed('pg_restore'));
    psql.on('error', failed('psql'));
    let dumped: number | null = null;
    dump.on('exit', (code) => (dumped = code));
    psql.on('exit', (code) => (code === 0 && dumped === 0 ? resolve() : reject(new Error(`restore exited ${dumped}/${code}: ${err.trim()}`))));
  });
}

/** Migrations in the folder that the database has not applied yet (as drizzle's migrator decides). */
export async function pendingMigrations(database: Database): Promise<{ applied: number; pending: string[] }> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const { rows } = await database.pool.query<{ n: number; last: string | null }>(
    `SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  ).catch(() => ({ rows: [{ n: 0, last: null }] }));
  const last = Number(rows[0]?.last ?? 0);
  return { applied: rows[0]?.n ?? 0, pending: journal.entries.filter((e) => e.when > last).map((e) => e.tag) };
}

/**
 * Before new migrations change a database that already holds data, a backup (`…-before-migrations`).
 * A fresh database has nothing to lose. On PostgreSQL without `pg_dump` it says so and goes on:
 * a production database has its own backups (docs).
 */
export async function backupBeforeMigrations(database: Database, dataDir: string, log: (msg: string) => void): Promise<BackupResult | null> {
  const { applied, pending } = await pendingMigrations(database);
  if (applied === 0 || pending.length === 0) return null;
  const file = defaultBackupFile(dataDir, database.kind, 'before-migrations');
  try {
    const result = await backup(database, file);
    log(`backup before migrations ${pending.join(', ')}: ${result.file}`);
    return result;
  } catch (err) {
    if (database.kind === 'pglite') throw err;
    log(`no backup before migrations (${(err as Error).message})`);
    return null;
  }
}

/** Opens the configured database for a command: the running site's, when it is up. */
export function openForCommand(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: path.join(config.DATA_DIR, 'pglite'), access: 'share' });
}

export { backupDirOf };
