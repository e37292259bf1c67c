/**
 * The embedded database, run as a child process that speaks the PostgreSQL wire protocol.
 *
 * PGlite executes queries on the event loop of the process that hosts it; inside the API a slow
 * query would stall every other request. Out here it stalls only this process, and the API talks
 * to it with the same `pg` driver it uses for a real PostgreSQL — one code path for both.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DATA_DIR || 'memory://';
const maxConnections = Number(process.env.PGLITE_MAX_CONNECTIONS || 8);

async function main() {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const conn = server.getServerConn();
  const port = Number(conn.split(':').pop());

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await server.stop();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // The parent owns this process: when it goes away (even by a crash), so does the database.
  process.on('disconnect', shutdown);
  process.send?.({ type: 'ready', port });
}

main().catch((err) => {
  process.send?.({ type: 'error', message: String(err?.stack ?? err) });
  process.exit(1);
});
