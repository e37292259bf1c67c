import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, SERVER_ARGS, startServer, type ServerProcess } from './helpers/process';

// On PostgreSQL runs the server talks to the machine's server; otherwise to its embedded child.
const dbEnv: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

describe('the server process', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer({ ENABLE_TEST_ROUTES: 'true', ...dbEnv });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('stays responsive while a slow database query runs', async () => {
    const slow: Promise<unknown> = fetch(`${srv.url}/__test/slow-query?ms=1500`).then((r) => r.json());
    // Give the slow query a head start so it is really running on the database.
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const health = await fetch(`${srv.url}/healthz`);
    const healthMs = performance.now() - started;
    expect(health.status).toBe(200);
    const slowDone = await slow;
    expect(slowDone).toEqual({ done: true });
    // Not a timing assertion on speed: only that /healthz did not wait for the 1.5 s query.
    expect(healthMs).toBeLessThan(1000);
  });

  it('serves a request id and JSON 404 over real HTTP', async () => {
    const res = await fetch(`${srv.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(((await res.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish after SIGTERM, then exits 0', async () => {
    const srv = await startServer({ ENABLE_TEST_ROUTES: 'true', ...dbEnv });
    const inFlight = fetch(`${srv.url}/__test/slow?ms=800`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 150));
    srv.child.kill('SIGTERM');
    const result = await inFlight;
    expect(result).toEqual({ status: 200, body: { done: true } });
    const code = await srv.exited;
    expect(code, srv.output()).toBe(0);
    await srv.stop();
  });
});

describe('configuration', () => {
  it('refuses to start with a clear message when a setting is invalid', () => {
    const res = spawnSync(process.execPath, SERVER_ARGS, {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('PORT');
  });
});
