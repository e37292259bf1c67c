import { afterAll, describe, expect, it } from 'vitest';
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
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await srv?.stop();
  await drop?.();
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
      drop = () => db.drop();
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
});
