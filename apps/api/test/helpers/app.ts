import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createRedis } from '../../src/lib/redis';
import { createTestDatabase } from './database';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database (and the real Redis when REDIS_URL is set). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  // The search index's files: the app's own, never the repository's data directory nor another
  // test file's (each has its own database, and so its own catalogue versions).
  const indexDir = env.SEARCH_INDEX_DIR || env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'parde-index-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ENABLE_TEST_ROUTES: 'true',
    APP_SECRET: 'test-secret-test-secret-test-secret',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_NAMESPACE: `parde-test-${crypto.randomBytes(4).toString('hex')}:`,
    // The cheapest password hash the site allows: the suite makes and checks ~600 per run
    // (auth.test.ts, which times the hash itself, sets the site's own cost).
    PASSWORD_HASH_COST: '10',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(indexDir ? { SEARCH_INDEX_DIR: indexDir } : {}),
    ...env,
  });
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  const app = await buildApp({ config, database, redis }, { logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      redis?.disconnect();
      await database.drop();
      if (indexDir) fs.rmSync(indexDir, { recursive: true, force: true });
    },
  };
}

/** Fetches a CSRF cookie the way the web app does and returns the cookie and header to send. */
export async function csrf(app: App): Promise<{ cookie: string; header: Record<string, string> }> {
  const res = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const c = res.cookies.find((x) => x.name === 'XSRF-TOKEN');
  if (!c) throw new Error('no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${c.value}`, header: { 'x-xsrf-token': c.value } };
}
