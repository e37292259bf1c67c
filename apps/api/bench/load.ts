/**
 * `npm run bench:load`: the production shape (`npm run prod`: nginx in front of two API processes
 * on PostgreSQL and Redis) holding 100,000 synthetic titles, under a mixed workload through
 * nginx: 70% browsing (home lists with filters, title pages, people, collections), 20% search as
 * people type (distinct queries: no answer comes from a cache), 10% member actions (watchlist,
 * history, notifications, comments). 200 connections for 60 s, then 500; and `/healthz` through
 * the same front, the ceiling to read them against. Each connection count runs paced (each
 * connection sends `--rate` requests a second, as visitors do) and flat out (the mix's ceiling).
 * Results go to docs/benchmarks.md.
 *
 *   npm run bench:load -- [--titles N] [--seconds S] [--rate R]
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateSynthetic } from '../src/modules/importer/files/synthetic';
import { writeBenchmarkSection } from '../../../scripts/lib.mjs';
import { freePort, repoRoot } from './bench-lib';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '60' },
    /** The paced runs: requests per second each connection sends (an open workload, as real visitors). */
    rate: { type: 'string', default: '1' },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const titles = Number(values.titles);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const dbName = `parde_bench_load_${titles}`;
const dbUrl = Object.assign(new URL(values.pg), { pathname: `/${dbName}` }).toString();

async function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const c = spawn(cmd, args, { cwd: path.join(repoRoot, 'apps/api'), env: { ...process.env, ...env }, stdio: 'inherit' });
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

// 1. The catalogue: generated once, imported once into its own database.
const admin = new pg.Client({ connectionString: values.pg });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount === 1;
if (!exists) await admin.query(`CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
await admin.end();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-bench-load-'));
if (!exists) {
  const dir = path.join(repoRoot, 'data', 'bench', `synthetic-${titles}`);
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    await generateSynthetic({ titles, people: titles * 2, outDir: dir, seed: 42 });
    fs.writeFileSync(path.join(dir, '.complete'), '');
  }
  await run(process.execPath, ['--import', 'tsx', 'src/cli/import.ts', '--imdb', dir], { DATABASE_URL: dbUrl, DATA_DIR: dataDir });
}

// 2. The front: nginx and two API processes, as `npm run prod` starts them.
const port = await freePort();
const front = `http://127.0.0.1:${port}`;
const stack = spawn(process.execPath, ['scripts/prod.mjs'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PROD_PORT: String(port),
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT: '100000',
    RATE_LIMIT_NAMESPACE: `parde-bench-load-${crypto.randomBytes(3).toString('hex')}:`,
    SEED_DEMO: 'false',
    JOBS_INTERVAL_MS: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-stack.pid!, 'SIGTERM');
  } catch {
    /* gone */
  }
};
process.once('exit', stop);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${front}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 1800) throw new Error('npm run prod did not start');
  await new Promise((r) => setTimeout(r, 100));
}

try {
  // 3. What the workload draws from: ids, names to type, members.
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const titleIds = (await pool.query<{ id: number }>('SELECT id FROM titles ORDER BY random() LIMIT 5000')).rows.map((r) => r.id);
  const peopleIds = (await pool.query<{ id: number }>('SELECT id FROM people ORDER BY random() LIMIT 2000')).rows.map((r) => r.id);
  const names = (await pool.query<{ n: string }>('SELECT lower(title_en) AS n FROM titles ORDER BY random() LIMIT 5000')).rows.map((r) => r.n);
  const genres = (await pool.query<{ slug: string }>('SELECT slug FROM genres')).rows.map((r) => r.slug);
  const collections = (await pool.query<{ id: number }>('SELECT id FROM collections')).rows.map((r) => r.id);
  await pool.end();

  const members: string[] = [];
  for (let i = 0; i < 40; i++) {
    const email = `load-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    await fetch(`${front}/api/sanc/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer none' },
      body: JSON.stringify({ name: 'بار', email, password: 'a-good-password', password_confirmation: 'a-good-password' }),
    });
  }
  // The confirmation mails, from the outbox: each link signs its member in.
  await new Promise((r) => setTimeout(r, 1500));
  for (const f of fs.readdirSync(path.join(dataDir, 'outbox'))) {
    const raw = fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8').replace(/=\r?\n/g, '');
    const token = /\/auth\/login\?token=3D([\w-]+)|\/auth\/login\?token=([\w-]+)/.exec(raw);
    if (!token) continue;
    const res = await fetch(`${front}/api/sanc/login-with-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer none' },
      body: JSON.stringify({ token: token[1] ?? token[2] }),
    });
    if (res.ok) members.push(((await res.json()) as { token: string }).token);
  }
  if (members.length === 0) throw new Error('no member could sign in');

  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  let n = 0;
  /** One request of the mix, and the route it counts under. */
  function next(): { route: string; method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string } {
    const r = Math.random();
    n++;
    if (r < 0.7) {
      const b = Math.random();
      if (b < 0.3) return { route: 'home list with filters', method: 'GET', path: `/api/titles?genre=${pick(genres)}&year_from=${1950 + (n % 60)}&page=${1 + (n % 5)}` };
      if (b < 0.7) return { route: 'title page', method: 'GET', path: `/api/titles/${pick(titleIds)}` };
      if (b < 0.9) return { route: 'person', method: 'GET', path: `/api/people/${pick(peopleIds)}` };
      return { route: 'collections', method: 'GET', path: collections.length ? `/api/collections/${pick(collections)}/titles` : '/api/collections' };
    }
    if (r < 0.9) {
      // As people type: a prefix of a real name, a distinct tail so no answer is a cached one.
      const name = pick(names);
      const cut = Math.max(3, Math.floor(name.length * (0.4 + Math.random() * 0.6)));
      return { route: 'search while typing', method: 'GET', path: `/api/titles/search?q=${encodeURIComponent(name.slice(0, cut))}&_=${n}` };
    }
    const auth = { authorization: `Bearer ${pick(members)}`, 'content-type': 'application/json' };
    const m = Math.random();
    if (m < 0.3) return { route: 'member: watchlist toggle', method: 'POST', path: `/api/user/watchlist/${pick(titleIds)}`, headers: auth, body: '{}' };
    if (m < 0.5) return { route: 'member: history', method: 'POST', path: `/api/user/history/${pick(titleIds)}`, headers: auth, body: JSON.stringify({ position_sec: n % 3600 }) };
    if (m < 0.7) return { route: 'member: watchlist', method: 'GET', path: '/api/user/watchlist', headers: auth };
    if (m < 0.85) return { route: 'member: notifications', method: 'GET', path: '/api/user/notifications', headers: auth };
    return { route: 'member: comments', method: 'GET', path: `/api/titles/${pick(titleIds)}/topcomments`, headers: auth };
  }

  const quantile = (xs: number[], q: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  };

  /** One request over a kept-alive connection: its status, or -1 for a socket error or a 10 s timeout. */
  function send(agent: http.Agent, q: ReturnType<typeof next>): Promise<number> {
    return new Promise((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: q.method, path: q.path, headers: { ...(q.headers ?? {}), ...(q.body ? { 'content-length': Buffer.byteLength(q.body) } : {}) }, agent, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? -1));
          res.on('error', () => resolve(-1));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(-1));
      req.end(q.body);
    });
  }

  /**
   * An open workload, as visitors make one: each of `connections` keeps its own connection and is
   * due to send a request every 1/perConnection s (their starts spread over the first interval).
   * A request's time runs from when it was due, not from when it could be sent, so a site that
   * falls behind is charged for the wait (no coordinated omission).
   */
  async function paced(connections: number, perConnection: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const interval = 1000 / perConnection;
    const started = performance.now();
    const end = started + seconds * 1000;
    const byRoute = new Map<string, { n: number; errors: number; ms: number[] }>();
    const all: number[] = [];
    let fivexx = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        for (let due = started + (i * interval) / connections; due < end; due += interval) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const q = next();
          const status = await send(agent, q);
          const ms = performance.now() - due;
          const k = byRoute.get(q.route) ?? { n: 0, errors: 0, ms: [] };
          k.n++;
          k.ms.push(ms);
          all.push(ms);
          if (status < 0) failed++;
          else if (status >= 500) {
            k.errors++;
            fivexx++;
          }
          byRoute.set(q.route, k);
        }
      }),
    );
    agent.destroy();
    const elapsed = (performance.now() - started) / 1000;
    return {
      result: { requests: { average: all.length / elapsed }, latency: { p50: quantile(all, 0.5), p99: quantile(all, 0.99) }, errors: failed, timeouts: 0 },
      byRoute,
      fivexx,
    };
  }

  /**
   * One run of the mix flat out: every connection sends its next request as soon as the last is
   * answered, which finds the ceiling of the mix and, past it, measures the queue, not the site.
   */
  async function mixed(connections: number, duration = seconds) {
    const byRoute = new Map<string, { n: number; errors: number; ms: number[] }>();
    let fivexx = 0;
    const result = await autocannon({
      url: front,
      connections,
      duration,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
            const q = next();
            context.route = q.route;
            // Set as the request is written (no pipelining): the time to its answer, by route.
            context.t0 = performance.now();
            return { ...req, method: q.method, path: q.path, headers: { ...(q.headers ?? {}) }, body: q.body };
          },
          onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
            const k = byRoute.get(String(context.route)) ?? { n: 0, errors: 0, ms: [] };
            k.n++;
            k.ms.push(performance.now() - Number(context.t0));
            if (status >= 500) {
              k.errors++;
              fivexx++;
            }
            byRoute.set(String(context.route), k);
          },
        },
      ],
    });
    return { result, byRoute, fivexx };
  }

  const ceiling = await autocannon({ url: `${front}/healthz`, connections: 200, duration: Math.min(15, seconds) });
  // Warm-up, not recorded: the first seconds of a fresh stack carry cold buffers and code.
  await mixed(50, Math.min(15, seconds));
  // A paced run measures its own latencies; it shares with autocannon's result only what is reported.
  type Reported = { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; timeouts: number };
  const runs: Array<{ label: string; c: number; paced: boolean } & Omit<Awaited<ReturnType<typeof mixed>>, 'result'> & { result: Reported }> = [];
  const pacedRun = paced;
  for (const [c, paced] of [
    [200, true],
    [500, true],
    [200, false],
    [500, false],
  ] as const) {
    const r = paced ? await pacedRun(c, rate) : await mixed(c);
    const label = paced ? `${c} paced` : `${c} flat out`;
    runs.push({ label, c, paced, ...r });
    console.log(`${label}: ${r.result.requests.average.toFixed(0)} req/s, p50 ${r.result.latency.p50} ms, p99 ${r.result.latency.p99} ms, errors ${r.result.errors + r.result.timeouts}, 5xx ${r.fivexx}`);
  }

  const lines = [
    `## Load (\`npm run bench:load\`), ${new Date().toISOString().slice(0, 10)}`,
    '',
    `\`npm run prod\` (nginx, two API processes, PostgreSQL 15, Redis) on this 2-core machine, ${titles.toLocaleString('en')} synthetic titles. Mixed workload through nginx: 70 % browsing (home lists with a genre, a year and a page; title pages; people; collections), 20 % search while typing (a prefix of a real title and a distinct parameter: no cached answer), 10 % member actions (${members.length} members: watchlist toggles, history positions, watchlist, notifications, comments). Title and person ids are drawn evenly from 5,000 and 2,000, so most browsing reads are cold (each process keeps an answer ${Math.round(Number(process.env.RESPONSE_CACHE_MS ?? 30000) / 1000)} s). ${seconds} s per run after a ${Math.min(15, seconds)} s warm-up that is not counted. The load generator runs on the same two cores.`,
    '',
    `- **paced**: each connection is due to send ${rate} request${rate === 1 ? '' : 's'} a second over its own kept-alive connection, as visitors do (an open workload); a request's time runs from when it was due, so a site that falls behind is charged for the wait.`,
    '- **flat out**: each connection sends its next request as soon as the last is answered: the ceiling of the mix on this machine; past it the latency is the queue.',
    '',
    '| run | connections | requests/s | p50 | p99 | errors (socket) | 5xx |',
    '|---|---|---|---|---|---|---|',
    ...runs.map((r) => `| ${r.paced ? 'paced' : 'flat out'} | ${r.c} | ${r.result.requests.average.toFixed(0)} | ${r.result.latency.p50} ms | ${r.result.latency.p99} ms | ${r.result.errors + r.result.timeouts} | ${r.fivexx} |`),
    `| \`/healthz\` through the same front (the ceiling) | 200 | ${ceiling.requests.average.toFixed(0)} | ${ceiling.latency.p50} ms | ${ceiling.latency.p99} ms | ${ceiling.errors + ceiling.timeouts} | ${ceiling.non2xx} |`,
    '',
    'By route: requests per second and the time from writing a request to its answer (p50 / p99, measured by the generator):',
    '',
    `| route | ${runs.map((r) => `${r.label}: req/s | p50 / p99`).join(' | ')} |`,
    `|---|${runs.map(() => '---|---|').join('')}`,
    ...[...new Set(runs.flatMap((r) => [...r.byRoute.keys()]))]
      .sort()
      .map(
        (route) =>
          `| ${route} | ${runs
            .map((r) => {
              const k = r.byRoute.get(route);
              return `${((k?.n ?? 0) / seconds).toFixed(0)} | ${k ? `${quantile(k.ms, 0.5)} / ${quantile(k.ms, 0.99)} ms` : '—'}`;
            })
            .join(' | ')} |`,
      ),
  ];
  const md = lines.join('\n');
  console.log(`\n${md}\n`);
  writeBenchmarkSection('load', md);
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 2000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
