import { fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { backupEmbedded, pendingMigrations, restoreEmbedded } from '../src/db/backup';
import { DatabaseDamagedError, DatabaseInUseError, guestPool, openDatabase, type Database } from '../src/db/client';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder, runMigrations } from '../src/db/migrate';
import { acquireLock, liveOwner, lockFileOf, processStartTime } from '../src/db/owner';
import { startSite } from './helpers/site';

// The embedded database's own rules; PostgreSQL has a server that owns its files.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const open: Database[] = [];
const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-owner-'));
  dirs.push(d);
  return d;
};
const own = async (dir: string) => {
  const db = await openDatabase({ pgliteDataDir: dir, access: 'own' });
  open.push(db);
  return db;
};
afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => {});
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A pid that certainly belongs to no process any more. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe.skipIf(onPostgres)('one owner per embedded data directory', () => {
  it('refuses a second owner, and lets a command through the first one’s socket instead', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    const site = await own(dir);
    const owner = liveOwner(dir)!;
    expect(owner).toMatchObject({ role: 'server', port: expect.any(Number) });
    expect(owner.pid).not.toBe(process.pid);

    await expect(openDatabase({ pgliteDataDir: dir, access: 'own' })).rejects.toBeInstanceOf(DatabaseInUseError);

    await site.pool.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    const command = await openDatabase({ pgliteDataDir: dir, access: 'share' });
    open.push(command);
    expect(command.guest).toBe(true);
    expect((await command.pool.query('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
    await command.pool.query('INSERT INTO kept VALUES (8)');
    expect((await site.pool.query('SELECT count(*)::int AS n FROM kept')).rows[0].n).toBe(2);
    // The command never became an owner: the lock is still the site's.
    expect(liveOwner(dir)?.pid).toBe(owner.pid);
    await command.close();
    expect((await site.pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('opens the files itself, under the lock, when no site is running', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    const command = await openDatabase({ pgliteDataDir: dir, access: 'share' });
    open.push(command);
    expect(command.guest).toBe(false);
    expect(liveOwner(dir)?.role).toBe('command');
    await expect(openDatabase({ pgliteDataDir: dir, access: 'own' })).rejects.toThrow(/in use by a running command/);
    await command.close();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  });

  it('takes over a lock left by a dead process, and one whose pid now names another process', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const stale = { pid: deadPid(), started: '1', role: 'server', port: 1, control: null, since: new Date(0).toISOString() };
    fs.writeFileSync(lockFileOf(dir), JSON.stringify(stale));
    expect(liveOwner(dir)).toBeNull();
    const db = await own(dir);
    expect(liveOwner(dir)?.pid).not.toBe(stale.pid);
    await db.close();

    // A reused pid: alive, but started at another time than the lock says.
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ ...stale, pid: process.pid, started: String(Number(processStartTime(process.pid)) - 1) }));
    expect(liveOwner(dir)).toBeNull();
    const lock = acquireLock(dir, 'command');
    expect(liveOwner(dir)?.pid).toBe(process.pid);
    lock.release();

    // Half-written (a crash between create and write), and old: taken over too.
    fs.writeFileSync(lockFileOf(dir), '{"pid":');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFileOf(dir), old, old);
    acquireLock(dir, 'command').release();
  });

  it('waits for an owner whose site is gone to finish closing (a restart in watch mode), and refuses a live one at once', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    // An owner still closing the files for a server that has already exited.
    const closing = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1500)']);
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: closing.pid, started: processStartTime(closing.pid!), role: 'server', parent: deadPid(), port: 1, control: null, since: '' }));
    const started = Date.now();
    const lock = acquireLock(dir, 'server', { waitForOrphanMs: 10_000 });
    expect(Date.now() - started).toBeGreaterThan(500);
    lock.release();
    // A live owner serving a live site: refused without waiting.
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: process.pid, started: processStartTime(process.pid), role: 'server', parent: process.pid, port: 1, control: null, since: '' }));
    const t0 = Date.now();
    expect(() => acquireLock(dir, 'server', { waitForOrphanMs: 10_000 })).toThrow(DatabaseInUseError);
    expect(Date.now() - t0).toBeLessThan(500);
    fs.rmSync(lockFileOf(dir));
  });

  it('lets exactly one of several processes take over the same dead lock', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: deadPid(), started: null, role: 'server', port: 1, control: null, since: '' }));
    const script = path.join(__dirname, 'helpers', 'take-lock.ts');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = fork(script, [dir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
        return new Promise<string>((resolve) => child.on('message', (m: string) => resolve(m)));
      }),
    );
    expect(results.filter((r) => r === 'took').length).toBe(1);
    expect(results.filter((r) => r === 'in use').length).toBe(3);
  }, 30_000);

  it('keeps each connection’s extended-protocol exchange whole while several share the one session', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    const site = await own(dir);
    const guests = [guestPool(site.url), guestPool(site.url), guestPool(site.url)];
    try {
      const pools: pg.Pool[] = [site.pool, ...guests];
      // Each connection its own statement text, and parameters large enough to arrive in several
      // reads: another connection's Parse between one's Parse and Bind would answer its query.
      const big = 'x'.repeat(200_000);
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          pools[i % pools.length]!.query<{ n: number; len: number; k: number }>(`SELECT $1::int AS n, length($2::text) AS len, ${i % pools.length} AS k`, [i, `${big}${i}`]).then((r) => r.rows[0]!),
        ),
      );
      answers.forEach((row, i) => expect(row).toEqual({ n: i, len: big.length + String(i).length, k: i % pools.length }));
      // A transaction on one connection is never entered by another's statements.
      const tx = await guests[0]!.connect();
      await tx.query('BEGIN');
      await tx.query('CREATE TEMP TABLE mine (n int) ON COMMIT DROP');
      const outside = site.pool.query(`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'mine'`);
      await tx.query('INSERT INTO mine VALUES (1)');
      await tx.query('COMMIT');
      tx.release();
      expect((await outside).rows[0]!.n).toBe(0);
    } finally {
      await Promise.all(guests.map((g) => g.end()));
    }
  }, 30_000);
});

describe.skipIf(onPostgres)('embedded backups', () => {
  it('backs up while serving, restores only with the site stopped, and brings back exactly the backup', async () => {
    const data = tmpDir();
    const dir = path.join(data, 'pglite');
    const site = await own(dir);
    await site.pool.query('CREATE TABLE notes (body text)');
    await site.pool.query(`INSERT INTO notes VALUES ('before')`);
    // A transaction under way on another connection is not in the copy (it never committed there).
    const guest = guestPool(site.url);
    const tx = await guest.connect();
    await tx.query(`BEGIN; INSERT INTO notes VALUES ('uncommitted')`);
    const pending = backupEmbedded(site, path.join(data, 'backups', 'one.tar.gz'));
    await tx.query('ROLLBACK');
    tx.release();
    await guest.end();
    const { file, bytes } = await pending;
    expect(bytes).toBeGreaterThan(100_000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    await site.pool.query(`INSERT INTO notes VALUES ('after')`);

    await expect(restoreEmbedded(dir, file)).rejects.toBeInstanceOf(DatabaseInUseError);
    await site.close();

    // A broken file changes nothing.
    const broken = path.join(data, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not a backup');
    await expect(restoreEmbedded(dir, broken)).rejects.toThrow();
    const still = await own(dir);
    expect((await still.pool.query('SELECT body FROM notes ORDER BY body')).rows.map((r) => r.body)).toEqual(['after', 'before']);
    await still.close();

    const { replaced } = await restoreEmbedded(dir, file);
    expect(replaced && fs.existsSync(replaced)).toBe(true);
    const back = await own(dir);
    expect((await back.pool.query('SELECT body FROM notes')).rows.map((r) => r.body)).toEqual(['before']);
  }, 60_000);

  it('says plainly that damaged files cannot be opened, and names the last backup', async () => {
    const data = tmpDir();
    const dir = path.join(data, 'pglite');
    const site = await own(dir);
    await runMigrations(site);
    const { file } = await backupEmbedded(site, path.join(data, 'backups', 'parde-last.tar.gz'));
    await site.close();
    fs.writeFileSync(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const err = await openDatabase({ pgliteDataDir: dir, access: 'own' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseDamagedError);
    expect((err as DatabaseDamagedError).lastBackup).toBe(file);
    expect((err as Error).message).toContain(`npm run db:restore -- ${file}`);
    expect((err as Error).message).toContain('آسیب دیده');
    // Nothing took the lock for good.
    expect(liveOwner(dir)).toBeNull();
  }, 60_000);

  it('takes a backup by itself before new migrations change a database that holds data', async () => {
    const data = tmpDir();
    const dir = path.join(data, 'pglite');
    const db = await own(dir);
    // A database of the release before the last migration: every migration but the last applied.
    const previous = path.join(data, 'previous-migrations');
    fs.cpSync(migrationsFolder, previous, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(previous, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    fs.writeFileSync(path.join(previous, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(db.db, { migrationsFolder: previous });
    await db.pool.query(`INSERT INTO genres (slug, name_fa, name_en) VALUES ('kept', 'نگه‌داشته', 'Kept')`);
    expect((await pendingMigrations(db)).pending).toHaveLength(1);
    await db.close();

    const site = await startSite(data);
    await site.stop();
    const backups = fs.readdirSync(path.join(data, 'backups'));
    expect(backups).toEqual([expect.stringMatching(/^parde-\d{8}-\d{6}-before-migrations\.tar\.gz$/)]);
    // The backup is the database as it was before the migration.
    const restoredDir = path.join(data, 'restored');
    await restoreEmbedded(restoredDir, path.join(data, 'backups', backups[0]!));
    const restored = await own(restoredDir);
    expect((await pendingMigrations(restored)).pending).toHaveLength(1);
    expect((await restored.pool.query(`SELECT slug FROM genres WHERE slug = 'kept'`)).rows).toHaveLength(1);
    // A fresh site (nothing applied yet) has nothing to back up.
    const fresh = tmpDir();
    await (await startSite(fresh)).stop();
    expect(fs.existsSync(path.join(fresh, 'backups'))).toBe(false);
  }, 120_000);

  it('knows which migrations a database has not applied yet', async () => {
    const dir = path.join(tmpDir(), 'pglite');
    const db = await own(dir);
    expect((await pendingMigrations(db)).applied).toBe(0);
    await runMigrations(db);
    expect(await pendingMigrations(db)).toMatchObject({ pending: [] });
    expect((await pendingMigrations(db)).applied).toBeGreaterThan(5);
  });
});
