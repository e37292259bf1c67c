import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs the real server (what `npm start` runs) and waits for /healthz. */
export async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', RATE_LIMIT_MAX: '100000000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sequential requests, one at a time: the latency a single typing user sees (HTTP included). */
export async function latencies<T>(url: string, paths: string[], check?: (path: string, body: T) => void) {
  const times: number[] = [];
  let n = 0;
  for (const p of paths) {
    const t0 = performance.now();
    // Never a cached answer: what one query really costs.
    const res = await fetch(`${url}${p}${p.includes('?') ? '&' : '?'}_b=lat${n++}`);
    const body = (await res.json()) as T;
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${p} → ${res.status} ${JSON.stringify(body)}`);
    check?.(p, body);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
}

/** Throughput under load with rotating paths. */
export async function load(url: string, paths: string[], connections: number, seconds: number, opts: { bypassCache?: boolean } = {}) {
  let i = 0;
  let n = 0;
  let hits = 0;
  let answers = 0;
  // A unique extra parameter per request defeats the response micro-cache: the real cost.
  const bust = (p: string) => (opts.bypassCache ? `${p}${p.includes('?') ? '&' : '?'}_b=${n++}` : p);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req: { path: string }) => {
          req.path = bust(paths[i++ % paths.length]!);
          return req;
        },
        onResponse: (_status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
          answers++;
          if (headers['x-cache'] === 'HIT') hits++;
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, hitRatio: answers ? (100 * hits) / answers : 0 };
}

/** Replaces (or appends) one section of docs/benchmarks.md between its markers. */
export function writeSection(name: string, markdown: string) {
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\nFigures measured on the development machine (2 cores, 24 GiB). Each section is rewritten by its `npm run bench:*` command.\n';
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  doc = a >= 0 && b > a ? doc.slice(0, a) + block + doc.slice(b + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
