import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createTestDatabase } from './helpers/database';
import { registerMember } from './helpers/members';

/**
 * DATABASE_READ_URL (docs/deploy.md): the public catalogue is read from a replica, everything
 * else from the primary. The "replica" here is a second database loaded with the same catalogue
 * and made read-only, which replication never updates: a catalogue answer that shows a change
 * made on the primary only was read from the primary, and any write sent to it fails.
 */
const given = Boolean(process.env.TEST_DATABASE_URL);

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let primary: Db;
let replica: Db;
let database: Database;
let app: App;
let dataDir: string;

async function start(readUrl: string): Promise<{ app: App; database: Database }> {
  const db = await openDatabase({ databaseUrl: primary.url, readUrl, poolMax: 4 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_SECRET: 'test-secret-test-secret-test-secret',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '10000',
    RESPONSE_CACHE_MS: '0',
    // No polling: the test says when the catalogue changed.
    CATALOGUE_CHECK_MS: '0',
    RATE_LIMIT_NAMESPACE: `parde-test-${crypto.randomBytes(4).toString('hex')}:`,
  });
  const built = await buildApp({ config, database: db }, { logger: false });
  await built.ready();
  return { app: built, database: db };
}

beforeAll(async () => {
  if (!given) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-replica-test-'));
  [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([loadFixtureCatalogue(primary), loadFixtureCatalogue(replica)]);
  const name = (await replica.pool.query<{ n: string }>('SELECT current_database() AS n')).rows[0]!.n;
  await replica.pool.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
  ({ app, database } = await start(replica.url));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await Promise.all([primary?.drop(), replica?.drop()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!given)('a read replica for the catalogue (DATABASE_READ_URL)', () => {
  it('reads the public catalogue from the replica, and sends nothing there to write', async () => {
    const { rows } = await primary.pool.query<{ id: number; title_en: string }>(`SELECT id, title_en FROM titles WHERE imdb_id = 'tt0000004'`);
    const title = rows[0]!;
    // Changed on the primary only: the catalogue's answers still show the replica's name.
    await primary.pool.query(`UPDATE titles SET title_fa = 'فقط روی اصلی' WHERE id = $1`, [title.id]);
    const page = await app.inject({ url: `/api/titles/${title.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.titleFa).not.toBe('فقط روی اصلی');
    const list = await app.inject({ url: '/api/titles?per_page=50&type=all' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((t: { titleFa: string }) => t.titleFa)).not.toContain('فقط روی اصلی');
    // The replica refuses writes, so everything that writes went to the primary: a sign-up, a watchlist.
    expect(await replica.pool.query(`SELECT 1`).then(() => 'ok')).toBe('ok');
    const member = await registerMember(app, { name: 'رها' });
    const add = await app.inject({ method: 'POST', url: `/api/user/watchlist/${title.id}`, headers: member.headers });
    expect(add.statusCode).toBe(200);
    // A member's own lists are read from the primary: the title just added is there at once.
    const mine = await app.inject({ url: '/api/user/watchlist', headers: member.headers });
    expect(mine.json().data.map((t: { id: number }) => t.id)).toEqual([title.id]);
  });

  it('forgets kept answers again once the replica has a catalogue change, not only when the primary has it', async () => {
    let forgot = 0;
    const off = app.catalogue.onChange(() => forgot++);
    try {
      const version = async (db: Db) => Number((await db.pool.query<{ v: number }>('SELECT version AS v FROM search_index_state WHERE id = 1')).rows[0]!.v);
      await primary.pool.query('UPDATE search_index_state SET version = version + 1 WHERE id = 1');
      app.catalogue.changed();
      expect(forgot).toBe(1);
      // The replica is behind: nothing more until it catches up.
      await new Promise((r) => setTimeout(r, 300));
      expect(forgot).toBe(1);
      // Replication delivers the change (the replica's own sessions are read-only; this one says otherwise).
      const target = await version(primary);
      const client = await replica.pool.connect();
      try {
        await client.query('BEGIN READ WRITE');
        await client.query('UPDATE search_index_state SET version = $1 WHERE id = 1', [target]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await vi.waitFor(() => expect(forgot).toBe(2), { timeout: 3000, interval: 20 });
    } finally {
      off();
    }
  });

  it('reads the catalogue from the primary while the replica cannot be reached', async () => {
    // A replica address where nothing listens (a replica down for maintenance).
    const down = Object.assign(new URL(replica.url), { port: '1' }).toString();
    const other = await start(down);
    try {
      const list = await other.app.inject({ url: '/api/titles?per_page=50&type=all' });
      expect(list.statusCode).toBe(200);
      // From the primary: the change made there shows.
      expect(list.json().data.map((t: { titleFa: string }) => t.titleFa)).toContain('فقط روی اصلی');
      expect((await other.app.inject({ url: '/api/genres' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
      await other.database.close();
    }
  });
});
