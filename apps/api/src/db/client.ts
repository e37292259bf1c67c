import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'postgres' | 'pglite';
  /** The connection string the pool uses (the embedded one points at the child's port). */
  url: string;
  close(): Promise<void>;
}

// pg returns int8 (count(*), bigint ids) as strings; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the embedded database in a child process and resolves with its port. */
export async function startPglite(dataDir: string | 'memory://'): Promise<{ port: number; child: ChildProcess }> {
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  const child = fork(path.join(here, 'pglite-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PGLITE_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`embedded database exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.on('message', (msg: { type: string; port?: number; message?: string }) => {
      if (msg.type === 'ready' && msg.port) {
        child.off('exit', onExit);
        resolve(msg.port);
      } else if (msg.type === 'error') {
        reject(new Error(`embedded database failed: ${msg.message}`));
      }
    });
  });
  return { port, child };
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
  /** For the embedded database: a directory, or 'memory://' for a throwaway one. */
  pgliteDataDir?: string;
  poolMax?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let child: ChildProcess | undefined;
  let url = opts.databaseUrl;
  let max = opts.poolMax ?? 10;
  if (!url) {
    const started = await startPglite(opts.pgliteDataDir ?? 'memory://');
    child = started.child;
    url = `postgres://postgres@127.0.0.1:${started.port}/postgres`;
    // One connection: PGlite runs one query at a time anyway, and connections multiplexed onto
    // its single session would share (and collide on) session state such as prepared statements.
    max = 1;
  }
  // JIT compiling spent 95 ms on a 5 ms search (measured); short catalogue queries never win from it.
  // PGlite keeps one session for every socket connection, so a connection that the pool closed
  // (idle) leaves its prepared statements behind while the next pg client believes none exist:
  // "prepared statement … already exists". Keep the one connection open, and start any new one
  // from a clean session.
  const pool = new pg.Pool({
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
  return {
    db,
    pool,
    kind: child ? 'pglite' : 'postgres',
    url,
    async close() {
      await pool.end();
      if (child) await stopChild(child);
    },
  };
}
