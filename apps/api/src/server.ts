import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { backupBeforeMigrations } from './db/backup';
import { DatabaseDamagedError, DatabaseInUseError, openDatabase, type Database } from './db/client';
import { preparingAlone, runMigrations } from './db/migrate';
import { createRedis } from './lib/redis';
import { startTimedJobs } from './jobs';
import { SEED_MEDIA_DIR } from './modules/media/media.routes';
import { registerSeedMedia } from './modules/media/seed-media';
import { startMediaWorker, type MediaWorker } from './modules/media/worker';
import { seedPlansIfNone } from './modules/premium/seed-plans';
import { searchIndexFor } from './modules/search/memory-index';
import { seedIfEmpty } from './seed';

/** Boots one API process: config, database (+migrations, +demo data), Redis, HTTP; closes gracefully. */
async function main() {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      readUrl: config.DATABASE_READ_URL,
      pgliteDataDir: path.join(config.DATA_DIR, 'pglite'),
      poolMax: config.DATABASE_POOL_MAX,
      access: 'own',
    });
  } catch (err) {
    // Another site on the same files, or files that cannot be opened: say so plainly, touch nothing.
    if (err instanceof DatabaseInUseError || err instanceof DatabaseDamagedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  const app = await buildApp({ config, database, redis });

  try {
    // One process at a time: several started together on a fresh database migrate it once.
    await preparingAlone(database, async () => {
      await backupBeforeMigrations(database, config.DATA_DIR, (msg) => app.log.info(msg));
      await runMigrations(database);
      if (config.SEED_DEMO) await seedIfEmpty({ config, database, log: app.log });
      await seedPlansIfNone({ database, log: app.log });
      const media = await registerSeedMedia(database, SEED_MEDIA_DIR);
      if (media > 0) app.log.info({ assets: media }, 'demo media registered');
    });
    // Search answers from memory: load the index before taking traffic, so no visitor waits for it.
    const started = Date.now();
    const index = await searchIndexFor(database.pool);
    app.log.info({ words: index.dictionary.size, titles: index.docs.titles.size, people: index.docs.people.size, ms: Date.now() - started }, 'search index loaded');
  } catch (err) {
    app.log.fatal({ err }, 'database preparation failed');
    await database.close();
    process.exit(1);
  }

  // Videos queued by `npm run media:ingest` are packaged here (one at a time).
  let mediaWorker: MediaWorker | undefined;
  if (config.MEDIA_WORKER) {
    mediaWorker = await startMediaWorker({ database, dataDir: config.DATA_DIR, embeddedMaxTitles: config.IMPORT_EMBEDDED_MAX_TITLES, log: (msg) => app.log.info(msg), onError: (err) => app.log.warn({ err }, 'media queue') }).catch((err: unknown) => {
      app.log.error({ err }, 'media worker did not start; queued videos wait');
      return undefined;
    });
  }

  // Expiry notices, stale payments, unconfirmed sign-ups; every process may run them (they are idempotent).
  const timedJobs = config.JOBS_INTERVAL_MS > 0 ? startTimedJobs({ database, config, log: app.log, mailer: app.mailer }, config.JOBS_INTERVAL_MS) : undefined;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // A deploy stops old processes while the proxy still holds keep-alive connections to them.
      // Stop accepting connections (the proxy's next connect is refused, which it retries on
      // another process, writes included, since nothing was sent), but leave the open ones: each
      // answer now closes its connection, and the proxy closes its idle ones itself (sooner than
      // SHUTDOWN_DRAIN_MS). Only then does the app close: Node's own close would cut idle
      // connections at once, under a request the proxy may be writing into one.
      app.startDraining();
      let drained: Promise<void> | undefined;
      if (config.SHUTDOWN_DRAIN_MS > 0) {
        drained = new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
        await Promise.race([drained, new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS))]);
      }
      await timedJobs?.stop();
      await mediaWorker?.stop();
      if (drained) {
        // The listener is already closed, so app.close() would not wait for the connections:
        // close the idle ones left and wait for those still answering, before the database goes.
        app.server.closeIdleConnections();
        await drained;
      }
      // A connection closed under a running handler (the proxy stopped too) leaves the handler
      // running: let it finish before the database goes, rather than fail on a closed pool.
      await app.whenIdle(config.SHUTDOWN_TIMEOUT_MS);
      await app.close();
      await database.close();
      redis?.disconnect();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  // An exception nothing caught ends the process as before; first the request that threw it is
  // marked, so the proxy's retry of it on another process is answered without running it.
  process.on('uncaughtException', (err, origin) => {
    const requests = app.crashedRequests?.markCurrent() ?? [];
    app.log.fatal({ err, origin, requests }, 'exception nothing caught: the process stops');
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ db: database.kind, redis: Boolean(redis) }, `پرده آماده است: http://localhost:${config.PORT}`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
