import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_SERVER_ARGS } from '../../scripts/lib.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(repoRoot, 'apps/web');

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds apps/web when dist/index.html is missing or older than any source file. */
export function buildWebIfStale(): void {
  const indexHtml = path.join(webDir, 'dist/index.html');
  const sources = ['src', 'public', 'index.html', 'admin.html', 'vite.config.ts']
    .map((p) => path.join(webDir, p))
    .filter((p) => fs.existsSync(p));
  const newestSource = Math.max(...sources.map(newestMtime));
  const ssrEntry = path.join(webDir, 'dist-ssr/entry-server.js');
  if (fs.existsSync(indexHtml) && fs.existsSync(ssrEntry) && fs.statSync(indexHtml).mtimeMs >= newestSource) return;
  console.log('[e2e] building apps/web (dist missing or stale)…');
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('[e2e] `npm run build -w apps/web` failed');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts the real API process (which also serves the built SPA) on a fresh data directory and
 * waits until `/healthz` answers.
 */
export async function startServer(extraEnv: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // E2E_API_ROOT lets a run use another checkout of the API (e.g. while it is mid-change);
  // the web app under test is always this repository's build.
  const apiRoot = process.env.E2E_API_ROOT ?? repoRoot;
  // This repository's API as `npm start` runs it, built (global-setup.ts builds it when stale);
  // another checkout's from its sources, as it stands.
  const serverArgs = process.env.E2E_API_ROOT ? ['--import', 'tsx', 'apps/api/src/server.ts'] : [...API_SERVER_ARGS];
  const child: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(webDir, 'dist'),
      // One browser loads every asset of ~40 page views a minute; the per-IP ceiling would trip.
      RATE_LIMIT_MAX: '100000',
      // The browser tests register and sign in many times from one address.
      AUTH_RATE_LIMIT: '1000',
      CONTACT_RATE_LIMIT: '1000',
      // The cheapest password hash the site allows: the specs sign up and sign in hundreds of times.
      PASSWORD_HASH_COST: '10',
      // Links in mails and the payment gateway's way back lead to this server, not the default host.
      SITE_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));

  // A fresh data directory is created, migrated and seeded first (~9 s of processor time): on a
  // busy machine, with the other test runs beside it, that has taken more than two minutes.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited !== null) {
      throw new Error(`[e2e] server exited with ${exited} before it was healthy:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`[e2e] server not healthy after 300 s:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250)); // poll interval while the process boots
  }

  return {
    url,
    dataDir,
    stop: async () => {
      if (exited === null) {
        const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await done;
        clearTimeout(timer);
      }
      fs.closeSync(log);
      // E2E_KEEP_DATA=1 keeps the data directory (and server.log) for a post-mortem.
      if (process.env.E2E_KEEP_DATA) console.log(`[e2e] kept ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
}
