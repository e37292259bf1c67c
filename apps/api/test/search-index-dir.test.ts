import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { guestPool, type Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import { searchIndexFor } from '../src/modules/search/memory-index';
import { createTestApp, type TestContext } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';

/**
 * Two apps on their own database pools, as two API processes of a machine are, sharing one index
 * directory (decision 34): one builds the file, the other reads it, and both answer alike. A
 * directory that cannot be used leaves search working as it did before files.
 * (Real processes: search-index-file.test.ts.)
 */
let ctx: TestContext;
let second: { app: App; pool: pg.Pool } | undefined;
const queries = ['inception', 'تلقین', 'the dar', 'شوالیه تا', 'spider man', 'interstelar', 'بريكينگ', 'بچه های آسمان', 'christopher nolan', 'نولان'];

beforeAll(async () => {
  ctx = await createTestApp();
  await loadFixtureCatalogue(ctx.database);
});
afterAll(async () => {
  await second?.app.close();
  await second?.pool.end();
  await ctx?.close();
});

/** Another app on the same database and config, through a pool of its own. */
async function secondApp(config: TestContext['config']): Promise<{ app: App; pool: pg.Pool }> {
  const { database } = ctx;
  const pool = database.kind === 'pglite' ? guestPool(database.url, 2) : new pg.Pool({ connectionString: database.url, max: 3 });
  const db: Database = { ...database, pool, db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database['db'], close: async () => pool.end() };
  const app = await buildApp({ config, database: db }, { logger: false });
  await app.ready();
  return { app, pool };
}

async function answers(app: App): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of queries) {
    out.push((await app.inject({ url: `/api/titles/search?q=${encodeURIComponent(q)}` })).json());
    out.push((await app.inject({ url: `/api/people/search?q=${encodeURIComponent(q)}` })).json());
  }
  return out;
}

describe('apps sharing an index directory', () => {
  it('build the file once: the second app reads it and answers alike', async () => {
    const dir = ctx.config.SEARCH_INDEX_DIR!;
    const first = await answers(ctx.app);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    const { ino, mtimeMs } = fs.statSync(path.join(dir, files[0]!));

    second = await secondApp(ctx.config);
    expect(await answers(second.app)).toEqual(first);
    expect((await searchIndexFor(second.pool)).version).toBe((await searchIndexFor(ctx.database.pool)).version);
    // Read, not built again: the same file, untouched.
    expect(fs.readdirSync(dir)).toEqual(files);
    expect(fs.statSync(path.join(dir, files[0]!))).toMatchObject({ ino, mtimeMs });
  });

  it('search still answers when the directory cannot be used', async () => {
    const unusable = await secondApp({ ...ctx.config, SEARCH_INDEX_DIR: path.join('/dev/null', 'search-index') });
    try {
      expect(await answers(unusable.app)).toEqual(await answers(ctx.app));
    } finally {
      await unusable.app.close();
      await unusable.pool.end();
    }
  });
});
