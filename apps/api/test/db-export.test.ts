import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './helpers/database';
import { get, post, registerOverHttp, type HttpMember } from './helpers/http-member';
import { command, startSite, type Site } from './helpers/site';

/**
 * A running embedded site taken to PostgreSQL with nothing lost: `npm run db:export` beside it,
 * straight into an empty database and as a file for psql, then the site started on PostgreSQL
 * with the same members, sign-ins, watchlists, payments and premium.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let dataDir: string;
let embedded: Site;
let onPg: Site | undefined;
let member: HttpMember;
let watched: number;
let paymentId: number;
let exported: string;
const targets: (Database & { drop(): Promise<void> })[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-export-'));
  embedded = await startSite(dataDir, { SEED_DEMO: 'true' });
  member = await registerOverHttp(embedded.url, dataDir);
  watched = ((await get(`${embedded.url}/api/titles?per_page=1`)).body.data as { id: number }[])[0]!.id;
  expect((await post(`${embedded.url}/api/user/watchlist/${watched}`, {}, member.headers)).status).toBe(200);
  const plan = ((await get(`${embedded.url}/api/plans`)).body.data as { id: number }[])[0]!;
  const bought = await post(`${embedded.url}/api/user/join2`, { plan_id: plan.id }, member.headers);
  paymentId = Number(bought.body.paymentId);
  const gateway = new URL(String(bought.body.url));
  const approved = await fetch(`${embedded.url}${gateway.pathname}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve' });
  const callback = new URL(approved.headers.get('location')!);
  expect((await fetch(`${embedded.url}${callback.pathname}${callback.search}`, { redirect: 'manual' })).status).toBe(303);
}, 300_000);

afterAll(async () => {
  await onPg?.stop();
  await embedded?.stop();
  for (const t of targets) await t.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function counts(url: string) {
  const tables = ['titles', 'people', 'users', 'watchlist_items', 'payments', 'premium_periods', 'media_assets', 'plans'];
  const r = spawnSync('psql', [url, '-At', '-c', `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t})`).join(', ')}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim();
}

describe.skipIf(!onPostgres)('from the embedded database to PostgreSQL', () => {
  it('copies a running site into an empty database, and the site starts there with everything', async () => {
    const target = await createTestDatabase({ migrate: false });
    targets.push(target);
    const run = await command('db-export', ['--to', target.url], dataDir, {}).done;
    expect(run.code, run.output).toBe(0);
    // The export went through the running site; it still serves.
    expect((await fetch(`${embedded.url}/readyz`)).status).toBe(200);
    exported = await counts(target.url);

    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-export-pg-'));
    onPg = await startSite(pgDataDir, { DATABASE_URL: target.url });
    const me = await get(`${onPg.url}/api/user`, member.headers);
    expect(me.status).toBe(200);
    const list = (await get(`${onPg.url}/api/user/watchlist`, member.headers)).body.data as { id: number }[];
    expect(list.map((t) => t.id)).toEqual([watched]);
    expect(((await get(`${onPg.url}/api/user/payments/${paymentId}`, member.headers)).body.data as { status: string }).status).toBe('paid');
    expect(((await get(`${onPg.url}/api/user/premium`, member.headers)).body.data as { active: boolean }).active).toBe(true);
    expect(((await get(`${onPg.url}/api/titles/search?q=spider`)).body.data as unknown[]).length).toBeGreaterThan(0);
    // New rows continue the old ids: the sequences came along.
    const again = await registerOverHttp(onPg.url, pgDataDir);
    expect((await get(`${onPg.url}/api/user`, again.headers)).status).toBe(200);
  }, 180_000);

  it('writes the same as one SQL file that psql loads into an empty database', async () => {
    const file = path.join(dataDir, 'export.sql');
    const run = await command('db-export', [file], dataDir, {}).done;
    expect(run.code, run.output).toBe(0);
    const target = await createTestDatabase({ migrate: false });
    targets.push(target);
    const load = spawnSync('psql', [target.url, '-v', 'ON_ERROR_STOP=1', '-q', '-f', file], { encoding: 'utf8' });
    expect(load.status, load.stderr).toBe(0);
    expect(await counts(target.url)).toBe(exported);
    expect(exported.split('|').every((n) => Number(n) > 0)).toBe(true);
  }, 120_000);
});
