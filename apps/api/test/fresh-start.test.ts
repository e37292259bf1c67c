import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from './helpers/database';
import { startServer, type ServerProcess } from './helpers/process';

/**
 * The first start on an empty database: the process migrates it, and nothing asks for a table
 * before the migrations made it (the catalogue watcher used to poll `search_index_state` every
 * second from the moment the app was built, and logged "relation does not exist" while a fresh
 * database was still being migrated). Embedded by default; a new PostgreSQL database with
 * TEST_DATABASE_URL.
 */
let srv: ServerProcess | undefined;
let pair: ServerProcess[] = [];
const drops: Array<() => Promise<void>> = [];

afterAll(async () => {
  await srv?.stop();
  for (const s of pair) await s.stop();
  for (const drop of drops) await drop();
});

describe('a fresh start', () => {
  it('migrates an empty database without an error in its log', async () => {
    const env: Record<string, string> = {
      // Often, so a check made before the migrations are done could not be missed.
      CATALOGUE_CHECK_MS: '50',
      LOG_LEVEL: 'info',
      JOBS_INTERVAL_MS: '0',
    };
    if (process.env.TEST_DATABASE_URL) {
      const db = await createTestDatabase({ migrate: false });
      drops.push(() => db.drop());
      env.DATABASE_URL = db.url;
    }
    srv = await startServer(env);
    // Stopped, so everything it logged has been written.
    expect(await srv.stop(), srv.output()).toBe(0);
    const log = srv.output();
    expect(log).toContain('search index loaded');
    expect(log).not.toMatch(/does not exist/);
    expect(log).not.toMatch(/catalogue version check failed/);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('prepares a fresh PostgreSQL database once when two processes start on it together', async () => {
    // systemd starts every instance at boot: on a fresh database, the migrations and the first
    // data are made by one of them while the other waits, not by both at once.
    const db = await createTestDatabase({ migrate: false });
    drops.push(() => db.drop());
    const env = { DATABASE_URL: db.url, LOG_LEVEL: 'info', JOBS_INTERVAL_MS: '0' };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    pair = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 2000) : 'serving'))).toEqual(['serving', 'serving']);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // The premium plans are added once, not by both.
      expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM plans')).rows[0]!.n).toBe(4);
    } finally {
      await client.end();
    }
    for (const s of pair) expect(s.output()).not.toMatch(/database preparation failed|already exists|duplicate key/);
  }, 120_000);
});
