import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { liveOwner } from '../../src/db/owner';
import { createTestDatabase } from './database';
import { freePort, repoRoot, SERVER_ARGS } from './process';

/**
 * The real processes, as an operator runs them: the server (`npm start` runs its build,
 * `dist/server.js`) and the commands of the README (`src/cli/*.ts`). Each is started in a process group of its own, so a
 * test can kill a whole site — the server and its database child — with SIGKILL, as a crash
 * would; every group still alive is killed when the test file ends, on any exit path.
 */
const groups = new Set<number>();
const killAll = () => {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  groups.clear();
};
process.once('exit', killAll);
afterAll(killAll);

function track(child: ChildProcess): void {
  if (child.pid) groups.add(child.pid);
  child.once('exit', () => {
    // The group may outlive its leader (the database child): kill what is left of it.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    if (child.pid) groups.delete(child.pid);
  });
}

/** Kills a whole process group at once (the server and its database child), as a crash would. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    /* gone */
  }
}

export interface Site {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

const baseEnv = (dataDir: string, env: Record<string, string>) => ({
  ...process.env,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  JOBS_INTERVAL_MS: '0',
  AUTH_RATE_LIMIT: '100000',
  RATE_LIMIT_MAX: '1000000',
  APP_SECRET: 'site-test-secret-site-test-secret',
  // Its own rate-limit counters: with Redis, every test's processes would share one count.
  RATE_LIMIT_NAMESPACE: `parde-site-test-${path.basename(dataDir)}:`,
  ...env,
});

/**
 * Starts the server on `dataDir` and waits for /healthz; rejects with its output if it exits first.
 * 180 s: in a CI hour whose processor time was twice a quiet one's, fresh sites (an embedded
 * initdb, the demo catalogue) passed 90 s with nothing wrong in their output.
 */
export async function startSite(dataDir: string, env: Record<string, string> = {}, timeoutMs = 180_000): Promise<Site> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: repoRoot,
    env: { ...baseEnv(dataDir, env), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  track(child);
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it served:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Starts the server and resolves with its exit code and output (for starts that must fail). */
export function startSiteExpectingExit(dataDir: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(process.execPath, SERVER_ARGS, {
      cwd: repoRoot,
      env: { ...baseEnv(dataDir, env), PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    track(child);
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, output: out }));
  });
}

export interface Command {
  child: ChildProcess;
  output(): string;
  /** Exit code and everything it printed. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

/** Runs one of the README's commands (`src/cli/NAME.ts`) with the site's environment. */
export function command(name: 'import' | 'db-backup' | 'db-restore' | 'db-export' | 'gen' | 'media-ingest', args: string[], dataDir: string, env: Record<string, string> = {}): Command {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src/cli', `${name}.ts`), ...args], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: { ...baseEnv(dataDir, env), INIT_CWD: repoRoot },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  track(child);
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output: out })),
  );
  return { child, output: () => out, done };
}

/** Waits until `check` passes (or throws its last error after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000, intervalMs = 100): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    try {
      return { value: await check(), ms: Date.now() - started };
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

/** Waits for a process id to be gone (a killed process may linger a moment). */
export async function waitGone(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) === 'Z') return;
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} still running`);
}

/**
 * Gives a new data directory the embedded database as the run's template has it (migrated, empty),
 * so the site started on it skips initdb and the migrations (~7 s of processor time each) that
 * are not what its test is about. A test of a first start uses an empty directory instead
 * (fresh-start.test.ts, embedded-owner.test.ts). Nothing on PostgreSQL, or without a template.
 */
export function seedMigratedDataDir(dataDir: string): void {
  const tarball = inject('templateDatabase')?.tarball;
  if (!tarball || process.env.TEST_DATABASE_URL) return;
  const target = path.join(dataDir, 'pglite');
  fs.mkdirSync(target, { recursive: true });
  // The tarball is the data directory's files (PGlite's dumpDataDir), named from its root.
  const result = spawnSync('tar', ['-xf', tarball, '-C', target], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar -xf ${tarball}: ${result.stderr}`);
}

/**
 * A site for process tests: a fresh data directory, and on PostgreSQL runs a fresh database too.
 * `inspect` reads what the database holds as a command would (through the running site's
 * database on the embedded one); `dispose` drops and removes everything.
 */
export async function siteFixture(prefix: string): Promise<{
  dataDir: string;
  env: Record<string, string>;
  inspect<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const pg = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  seedMigratedDataDir(dataDir);
  return {
    dataDir,
    env: pg ? { DATABASE_URL: pg.url } : {},
    async inspect(fn) {
      if (pg) return fn(pg);
      const db = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite'), access: 'share' });
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    async dispose() {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGKILL to the whole site at once (server and database child), and wait until it is gone. */
export async function crashSite(site: Site, dataDir: string): Promise<void> {
  const owner = process.env.TEST_DATABASE_URL ? null : liveOwner(path.join(dataDir, 'pglite'));
  killGroup(site.child);
  await site.exited;
  if (owner) await waitGone(owner.pid);
}
