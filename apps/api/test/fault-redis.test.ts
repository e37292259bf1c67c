import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from './helpers/http-member';
import { freePort } from './helpers/process';
import { eventually, seedMigratedDataDir, startSite, type Site } from './helpers/site';

/**
 * Redis gone under a running site, then back: a Redis of the test's own, so killing it disturbs
 * nothing else. The site keeps serving, counts its limits per process meanwhile (a login limit
 * still holds), says so in its log and on /readyz, and shares its counters again once Redis is back.
 */
const possible = fs.existsSync('/usr/bin/redis-server');

let redisPort: number;
let redis: ChildProcess | undefined;
let site: Site;
let dataDir: string;

function startRedis(): Promise<ChildProcess> {
  const child = spawn('/usr/bin/redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  return eventually(
    async () =>
      new Promise<ChildProcess>((resolve, reject) => {
        const s = new net.Socket();
        s.once('error', reject);
        s.connect(redisPort, '127.0.0.1', () => {
          s.destroy();
          resolve(child);
        });
      }),
    10_000,
    100,
  ).then((r) => r.value);
}
const killRedis = () => redis?.kill('SIGKILL');
process.once('exit', killRedis);

beforeAll(async () => {
  if (!possible) return;
  redisPort = await freePort();
  redis = await startRedis();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-redisfault-'));
  seedMigratedDataDir(dataDir);
  site = await startSite(dataDir, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, AUTH_RATE_LIMIT: '3', LOG_LEVEL: 'info', DATABASE_URL: '' });
}, 240_000);

afterAll(async () => {
  await site?.stop();
  killRedis();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const login = (email: string, ip: string) => post(`${site.url}/api/sanc/login`, { email, password: 'not-the-password' }, { authorization: 'Bearer none', 'x-forwarded-for': ip });

describe.skipIf(!possible)('Redis gone', () => {
  it('keeps serving with limits per process, says so, and shares them again once Redis is back', async () => {
    expect(((await get(`${site.url}/readyz`)).body.checks as { redis: string }).redis).toBe('ok');

    killRedis();
    await new Promise((r) => redis!.once('exit', r));
    // Still serving.
    expect((await get(`${site.url}/api/titles?per_page=1`)).status).toBe(200);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    // Readiness says what is missing.
    const ready = await eventually(async () => {
      const r = await get(`${site.url}/readyz`);
      expect(r.status).toBe(503);
      return r;
    }, 10_000);
    expect((ready.value.body.checks as { redis: string }).redis).toBe('down');
    // The login limit still holds, counted in this process: three tries, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login('nobody-a@example.com', '10.0.0.1')).status);
    expect(statuses).toEqual([422, 422, 422, 429]);
    expect(site.output()).toContain('Redis is unavailable: rate limits are counted per process');

    // Back: ready again, without a restart.
    redis = await startRedis();
    await eventually(async () => expect((await get(`${site.url}/readyz`)).status).toBe(200), 30_000, 250);
    await eventually(async () => expect((await login('nobody-b@example.com', '10.0.0.2')).status).toBe(422), 10_000, 250);
    expect(site.output()).toContain('Redis is back');
  }, 120_000);
});
