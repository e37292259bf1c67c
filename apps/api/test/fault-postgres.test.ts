import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, registerOverHttp, type HttpMember } from './helpers/http-member';
import { freePort } from './helpers/process';
import { command, eventually, startSite, type Site } from './helpers/site';

/**
 * PostgreSQL stopped for ten seconds under a running site, then started again: a PostgreSQL of
 * the test's own (initdb in a temporary folder), so stopping it disturbs nothing else. While it
 * is down the API answers 503 with a Persian message (liveness still 200, readiness 503); once it
 * is back the site recovers by itself, with everything acknowledged before.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const possible = Boolean(process.env.TEST_DATABASE_URL) && process.getuid?.() === 0 && fs.existsSync(`${BIN}/initdb`) && fs.existsSync('/usr/sbin/runuser');
const PERSIAN = /[\u0600-\u06FF]/;

let root: string;
let port: number;
let site: Site;
let member: HttpMember;
let watched: number;

const asPostgres = (cmd: string, args: string[]) => spawnSync('/usr/sbin/runuser', ['-u', 'postgres', '--', `${BIN}/${cmd}`, ...args], { encoding: 'utf8' });
const pgctl = (action: 'start' | 'stop', extra: string[] = []) =>
  asPostgres('pg_ctl', ['-D', path.join(root, 'data'), '-l', path.join(root, 'log'), '-w', action, ...extra, '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`]);
const stopForGood = () => {
  if (root && fs.existsSync(path.join(root, 'data', 'postmaster.pid'))) asPostgres('pg_ctl', ['-D', path.join(root, 'data'), '-w', 'stop', '-m', 'immediate']);
};
process.once('exit', stopForGood);

beforeAll(async () => {
  if (!possible) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-pgfault-'));
  const pg = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  fs.chownSync(root, Number(pg.stdout), Number(gid.stdout));
  port = await freePort();
  const init = asPostgres('initdb', ['-D', path.join(root, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  expect(init.status, init.stderr).toBe(0);
  const started = pgctl('start');
  expect(started.status, started.stderr).toBe(0);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  site = await startSite(path.join(root, 'site'), { DATABASE_URL: url, REDIS_URL: '' });
  const base = await command('import', ['--imdb', path.join(__dirname, 'fixtures', 'catalogue')], path.join(root, 'site'), { DATABASE_URL: url, REDIS_URL: '' }).done;
  expect(base.code, base.output).toBe(0);
  member = await registerOverHttp(site.url, path.join(root, 'site'));
  watched = ((await get(`${site.url}/api/titles?per_page=1`)).body.data as { id: number }[])[0]!.id;
  expect((await post(`${site.url}/api/user/watchlist/${watched}`, {}, member.headers)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  stopForGood();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!possible)('PostgreSQL stopped for ten seconds', () => {
  it('answers 503 in Persian while it is down, says so on /readyz, and recovers by itself with nothing lost', async () => {
    const stopped = pgctl('stop', ['-m', 'fast']);
    expect(stopped.status, stopped.stderr).toBe(0);
    const downSince = Date.now();

    // Reads that need the database, and a write: 503 with a Persian message, never a 500.
    for (const [method, url] of [
      ['GET', `/api/titles/${watched}`],
      ['GET', '/api/user/watchlist'],
      ['POST', `/api/user/watchlist/${watched}`],
    ] as const) {
      const res = method === 'GET' ? await get(`${site.url}${url}`, member.headers) : await post(`${site.url}${url}`, {}, member.headers);
      expect(res.status, `${method} ${url}`).toBe(503);
      expect(String(res.body.message)).toMatch(PERSIAN);
    }
    const ready = await get(`${site.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((ready.body.checks as { database: string }).database).not.toBe('ok');
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);

    // Ten seconds of outage, as a failover or a restart takes.
    await new Promise((r) => setTimeout(r, Math.max(0, 10_000 - (Date.now() - downSince))));
    const again = pgctl('start');
    expect(again.status, again.stderr).toBe(0);

    // Back without a restart of the site: ready, and what was acknowledged before is there.
    await eventually(async () => expect((await get(`${site.url}/readyz`)).status).toBe(200), 20_000, 250);
    const list = await eventually(async () => {
      const res = await get(`${site.url}/api/user/watchlist`, member.headers);
      expect(res.status).toBe(200);
      return res.body.data as { id: number }[];
    }, 20_000, 250);
    expect(list.value.map((t) => t.id)).toEqual([watched]);
  }, 120_000);
});
