import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DatabaseInUseError, liveOwner, type OwnerInfo } from './owner';
import * as schema from './schema/index';

export { DatabaseInUseError } from './owner';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * For the public catalogue's reads: a read replica's pool when one is configured (falling back
   * to `pool` for a query the replica cannot take), else `pool` itself.
   */
  readPool: pg.Pool;
  kind: 'postgres' | 'pglite';
  /** The connection string the pool uses (the embedded one points at the child's port). */
  url: string;
  /** The embedded database's directory (when kind is 'pglite'). */
  pgliteDir?: string;
  /** True when this process goes through another process's embedded database (the running site's). */
  guest: boolean;
  close(): Promise<void>;
}

// pg returns int8 (count(*), bigint ids) as strings; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const here = path.dirname(fileURLToPath(import.meta.url));

/** Set by the production build (apps/api/build.mjs): the process runs built JavaScript. */
declare const __PARDE_BUILD__: boolean | undefined;
/**
 * The embedded database's child: built beside the built server, else the TypeScript run through
 * tsx. PARDE_BUILT_DB_CHILD=1 asks TypeScript runs for the built one too (the tests: their runner
 * builds it first; tsx costs a second of processor time per child, and they start about a hundred).
 */
const pgliteChild =
  (typeof __PARDE_BUILD__ !== 'undefined' && __PARDE_BUILD__) || process.env.PARDE_BUILT_DB_CHILD === '1'
    ? { file: path.join(here, '../../dist/pglite-server.js'), execArgv: [] }
    : { file: path.join(here, 'pglite-server.ts'), execArgv: ['--import', 'tsx'] };

/**
 * PARDE_PGLITE_LIFTOFF=1 (the tests) runs the child's WebAssembly with V8's baseline compiler
 * only. A child that lives for one test file spends more processor time optimising the database's
 * hot functions in the background than it ever wins back: a child loading a database and running
 * 900 small queries took 1.2 s of processor time with tier-up against 0.4 s without, and no
 * longer by the clock (docs/decisions/0043-*.md). A site that runs for days keeps the optimiser.
 */
const liftoffOnly = () => (process.env.PARDE_PGLITE_LIFTOFF === '1' ? ['--liftoff-only'] : []);

export class DatabaseDamagedError extends Error {
  constructor(
    readonly dir: string,
    readonly engineError: string,
    readonly lastBackup: string | null,
  ) {
    super(
      `The embedded database in ${dir} is damaged and cannot be opened; nothing was changed.\n` +
        `پایگاه داده‌ی ${dir} آسیب دیده است و باز نمی‌شود؛ چیزی در آن تغییر نکرد.\n` +
        (lastBackup
          ? `The last backup is ${lastBackup}. Bring it back with:\n  npm run db:restore -- ${lastBackup}\nآخرین پشتیبان: ${lastBackup}`
          : `No backup was found in ${backupDirOf(dir)}. Move ${dir} aside to start an empty site.\nپشتیبانی پیدا نشد.`) +
        `\n(engine error: ${engineError.split('\n')[0]})`,
    );
  }
}

/** Where backups of an embedded database go by default: `DATA_DIR/backups`. */
export const backupDirOf = (pgliteDir: string) => path.join(path.dirname(path.resolve(pgliteDir)), 'backups');

/** The newest backup file of an embedded database, if any. */
export function lastBackupOf(pgliteDir: string): string | null {
  const dir = backupDirOf(pgliteDir);
  try {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.tar.gz'))
      .map((f) => path.join(dir, f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    return files[0] ?? null;
  } catch {
    return null;
  }
}

type ChildMessage = { type: 'ready'; port: number } | { type: 'in-use' | 'damaged' | 'error'; message: string };

/**
 * Starts the embedded database in a child process and resolves with its port. The child takes
 * the data directory's lock first: {@link DatabaseInUseError} when a live process holds it,
 * {@link DatabaseDamagedError} when the files exist but cannot be opened.
 */
export async function startPglite(dataDir: string | 'memory://', role: OwnerInfo['role'] = 'server', loadFrom?: string): Promise<{ port: number; child: ChildProcess }> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const child = fork(pgliteChild.file, [], {
    execArgv: [...pgliteChild.execArgv, ...liftoffOnly()],
    env: { ...process.env, PGLITE_DATA_DIR: dataDir, PGLITE_ROLE: role, PGLITE_LOAD_FROM: loadFrom ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let said: ChildMessage | undefined;
    const onExit = (code: number | null) => {
      if (said?.type === 'in-use') reject(new DatabaseInUseError(dataDir, liveOwner(dataDir) ?? { pid: 0, started: null, role: 'server', port: null, control: null, since: '' }));
      else if (said?.type === 'damaged') reject(new DatabaseDamagedError(dataDir, said.message, lastBackupOf(dataDir)));
      else reject(new Error(said?.type === 'error' ? `embedded database failed: ${said.message}` : `embedded database exited (${code}) before it was ready`));
    };
    child.once('exit', onExit);
    child.on('message', (msg: ChildMessage) => {
      if (msg.type === 'ready') {
        child.off('exit', onExit);
        resolve(msg.port);
      } else said = msg;
    });
  });
  return { port, child };
}

/**
 * A pg client that never names its statements. On the embedded database every connection shares
 * one session: a guest (a command beside the site) that prepared a name the site already holds
 * fails ("prepared statement … already exists"), and one that dropped them would break the site.
 */
class UnnamedStatementsClient extends pg.Client {
  override query(config: unknown, ...rest: unknown[]) {
    if (config && typeof config === 'object' && 'name' in config && (config as pg.QueryConfig).name) config = { ...(config as pg.QueryConfig), name: undefined };
    // @ts-expect-error as above
    return super.query(config, ...rest);
  }
}

/** A pool onto the running site's embedded database, as a guest (its session is shared). */
export function guestPool(url: string, max = 1): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 0, Client: UnnamedStatementsClient });
  pool.on('error', () => {});
  return pool;
}

/** Waits for a live owner that is still opening the files to publish its socket. */
async function ownerPort(dataDir: string, timeoutMs = 120_000): Promise<OwnerInfo | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const owner = liveOwner(dataDir);
    if (!owner || owner.port) return owner;
    if (Date.now() > deadline) throw new Error(`the process holding ${dataDir} (pid ${owner.pid}) never opened it`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface OpenOptions {
  databaseUrl?: string;
  /** A read replica of `databaseUrl` for the catalogue's reads (PostgreSQL only). */
  readUrl?: string;
  /** For the embedded database: a directory, or 'memory://' for a throwaway one. */
  pgliteDataDir?: string;
  /**
   * A throwaway ('memory://') embedded database only: a data directory tarball (PGlite's
   * uncompressed `dumpDataDir`) to start from instead of an empty database.
   */
  pgliteLoadFrom?: string;
  poolMax?: number;
  /**
   * The embedded database only. `own` (the site): this process must own the data directory, and
   * another live owner is a {@link DatabaseInUseError}. `share` (every command): the running
   * site's database is used through its socket when the site is up; otherwise this process
   * opens the files itself, under the same lock.
   */
  access?: 'own' | 'share';
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let child: ChildProcess | undefined;
  let url = opts.databaseUrl;
  let max = opts.poolMax ?? 10;
  let guestOf: string | undefined;
  if (!url) {
    const dir = opts.pgliteDataDir ?? 'memory://';
    const access = opts.access ?? 'own';
    for (let attempt = 0; !url; attempt++) {
      const owner = access === 'share' && dir !== 'memory://' ? await ownerPort(dir) : null;
      if (owner?.port) {
        // A guest on the running site's database: its socket, never its files.
        guestOf = dir;
        url = `postgres://postgres@127.0.0.1:${owner.port}/postgres`;
        break;
      }
      try {
        const started = await startPglite(dir, access === 'share' ? 'command' : 'server', dir === 'memory://' ? opts.pgliteLoadFrom : undefined);
        child = started.child;
        url = `postgres://postgres@127.0.0.1:${started.port}/postgres`;
      } catch (err) {
        // The site started between our look and our child's: go through it instead.
        if (!(err instanceof DatabaseInUseError) || access !== 'share' || attempt > 2) throw err;
      }
    }
    // One connection: PGlite runs one query at a time anyway, and connections multiplexed onto
    // its single session would share (and collide on) session state such as prepared statements.
    max = 1;
  }
  // JIT compiling spent 95 ms on a 5 ms search (measured); short catalogue queries never win from it.
  // PGlite keeps one session for every socket connection, so a connection that the pool closed
  // (idle) leaves its prepared statements behind while the next pg client believes none exist:
  // "prepared statement … already exists". Keep the one connection open, and start any new one
  // from a clean session.
  const pool = guestOf
    ? guestPool(url, max)
    : new pg.Pool({
        connectionString: url,
        max,
        idleTimeoutMillis: child ? 0 : 30_000,
        ...(child ? {} : { options: '-c jit=off' }),
        // Awaited by the pool before the client is handed out; a failure discards the connection.
        ...(child ? { onConnect: (client: pg.ClientBase) => client.query('ROLLBACK; DEALLOCATE ALL').then(() => {}) } : {}),
      });
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it on next use.
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  const replica =
    opts.readUrl && opts.databaseUrl
      ? new pg.Pool({ connectionString: opts.readUrl, max, idleTimeoutMillis: 30_000, options: '-c jit=off -c default_transaction_read_only=on' })
      : undefined;
  replica?.on('error', () => {
    // As the primary's: an idle client lost; replaced on next use.
  });
  return {
    db,
    pool,
    readPool: replica ? readWithFallback(replica, pool) : pool,
    kind: child || guestOf ? 'pglite' : 'postgres',
    url,
    pgliteDir: (child || guestOf) && opts.pgliteDataDir && opts.pgliteDataDir !== 'memory://' ? path.resolve(opts.pgliteDataDir) : undefined,
    guest: Boolean(guestOf),
    async close() {
      await Promise.all([pool.end(), replica?.end()]);
      if (child) await stopChild(child);
    },
  };
}

/** Errors that say the replica could not take the query at all (down, restarting, unreachable), not that the query was wrong. */
function replicaUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && (/^(08|57P0)/.test(e.code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE'].includes(e.code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(String(e?.message ?? ''));
}

/**
 * The replica's pool, whose `query` goes to the primary when the replica cannot be reached: a
 * replica down for maintenance slows the catalogue a little instead of failing it.
 */
export function readWithFallback(replica: pg.Pool, primary: pg.Pool): pg.Pool {
  const query = (...args: unknown[]) =>
    (replica.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err: unknown) => {
      if (!replicaUnavailable(err)) throw err;
      return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
    });
  return new Proxy(replica, { get: (target, prop, receiver) => (prop === 'query' ? query : Reflect.get(target, prop, receiver)) });
}
