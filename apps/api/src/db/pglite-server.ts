/**
 * The embedded database, run as a child process that speaks the PostgreSQL wire protocol.
 *
 * PGlite executes queries on the event loop of the process that hosts it; inside the API a slow
 * query would stall every other request. Out here it stalls only this process, and the API talks
 * to it with the same `pg` driver it uses for a real PostgreSQL — one code path for both.
 *
 * This process is the one owner of its data directory (./owner.ts): it takes the lock before it
 * opens the files, records its socket there, and every other process (a command run beside the
 * site) connects through that socket. It also answers backups on a loopback control endpoint, so
 * a consistent copy is taken by the only process that may read the files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { acquireLock, DatabaseInUseError, type Lock } from './owner';
import { WireQueue } from './wire-queue';

const dataDir = process.env.PGLITE_DATA_DIR || 'memory://';
const role = process.env.PGLITE_ROLE === 'command' ? 'command' : 'server';
const maxConnections = Number(process.env.PGLITE_MAX_CONNECTIONS || 8);
// A data directory tarball (dumpDataDir) to start a throwaway in-memory database from, instead
// of an empty one: the tests clone one migrated database per file this way.
const loadFrom = process.env.PGLITE_LOAD_FROM || '';

type Message =
  | { type: 'ready'; port: number }
  | { type: 'in-use'; message: string }
  | { type: 'damaged'; message: string }
  | { type: 'error'; message: string };
const send = (msg: Message) => process.send?.(msg);

/** Writes `blob` to `file` whole or not at all: a backup cut short never looks like one. */
async function writeWhole(file: string, data: Buffer): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  const fh = await fs.promises.open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await fs.promises.rename(tmp, file);
}

function controlServer(db: PGlite, queue: WireQueue, token: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const given = Buffer.from(String(req.headers['x-token'] ?? ''));
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return answer(403, { error: 'forbidden' });
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'not found' });
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      void (async () => {
        try {
          const { file } = JSON.parse(body) as { file: string };
          if (!path.isAbsolute(file)) return answer(422, { error: 'file must be an absolute path' });
          const started = Date.now();
          // Between two connections' exchanges and outside any transaction: the copy is of
          // committed data only, checkpointed so it opens without replaying the log.
          const blob = await queue.exclusive(async () => {
            await db.exec('CHECKPOINT');
            return db.dumpDataDir('gzip');
          });
          const data = Buffer.from(await blob.arrayBuffer());
          await writeWhole(file, data);
          answer(200, { file, bytes: data.length, ms: Date.now() - started });
        } catch (err) {
          answer(500, { error: String((err as Error)?.message ?? err) });
        }
      })();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function main() {
  let lock: Lock | undefined;
  if (dataDir !== 'memory://') {
    try {
      lock = acquireLock(dataDir, role, { parent: process.ppid, waitForOrphanMs: 10_000 });
    } catch (err) {
      if (err instanceof DatabaseInUseError) {
        send({ type: 'in-use', message: err.message });
        process.exit(3);
      }
      throw err;
    }
  }
  const existed = dataDir !== 'memory://' && fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  let db: PGlite;
  try {
    const loadDataDir = loadFrom && dataDir === 'memory://' ? new Blob([fs.readFileSync(loadFrom)]) : undefined;
    db = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    // Read the catalogue of relations once: a damaged system catalogue shows up here, at start.
    await db.query('SELECT count(*) FROM pg_class');
  } catch (err) {
    lock?.release();
    const message = String((err as Error)?.stack ?? err);
    send({ type: existed ? 'damaged' : 'error', message });
    process.exit(existed ? 4 : 1);
  }
  const queue = new WireQueue(db);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  // Its own queue interleaves connections inside an extended-protocol exchange (see WireQueue).
  (server as unknown as { queryQueue: WireQueue }).queryQueue = queue;
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const token = crypto.randomBytes(24).toString('base64url');
  const control = await controlServer(db, queue, token);
  lock?.update({ port, control: { port: (control.address() as { port: number }).port, token } });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      control.close();
      await server.stop();
      await db.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // The parent owns this process: when it goes away (even by a crash), so does the database.
  process.on('disconnect', shutdown);
  send({ type: 'ready', port });
}

main().catch((err) => {
  send({ type: 'error', message: String(err?.stack ?? err) });
  process.exit(1);
});
