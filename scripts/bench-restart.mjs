// `npm run bench:restart`: how long an API process takes from its start until it answers on its
// port, on a database that is already migrated and loaded (a process started again after a
// crash, as under `npm run prod`). The TypeScript run through tsx and the built JavaScript
// (apps/api/dist) are started in turns, side by side on the same database and the same machine.
// Writes the "API process start" section of docs/benchmarks.md.
//
//   DATABASE_URL    PostgreSQL (default postgres://postgres@127.0.0.1:5432/parde_bench_restart,
//                   created and loaded with the demo catalogue when missing)
//   ROUNDS          starts of each kind (default 7)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureApiBuilt, ensureInstalled, ensureWebBuilt, root, writeBenchmarkSection } from './lib.mjs';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/parde_bench_restart';
const ROUNDS = Math.max(1, Number(process.env.ROUNDS || 7));

await ensureInstalled();
await ensureWebBuilt();
const built = await ensureApiBuilt();
const kinds = [
  { name: 'TypeScript (`node --import tsx apps/api/src/server.ts`, before)', args: ['--import', 'tsx', 'apps/api/src/server.ts'] },
  { name: 'built JavaScript (`node apps/api/dist/server.js`, now)', args: built },
];

const { default: pg } = await import('pg');
{
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  }
  await admin.end();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-bench-restart-'));
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * The processor time a process has used so far (user + system, ms): on a shared machine the
 * wall-clock start stretches with everyone else's work, this does not.
 */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts one process; resolves with the ms until /healthz answered 200 and the processor ms it used until then; stops it. */
async function timeStart(args) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      MEDIA_WORKER: 'false',
      JOBS_INTERVAL_MS: '0',
      SHUTDOWN_DRAIN_MS: '0',
    },
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it served`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { ms: performance.now() - started, cpu: cpuMs(child.pid) };
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  // The first start migrates and loads the demo catalogue (not measured); one more of each warms
  // the disk cache and tsx's own cache, as on a machine that has run the site before.
  console.log('• preparing the database …');
  await timeStart(built);
  for (const kind of kinds) await timeStart(kind.args);
  const times = kinds.map(() => []);
  const cpu = kinds.map(() => []);
  const load = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, kind] of kinds.entries()) {
      load.push(os.loadavg()[0]);
      const { ms, cpu: used } = await timeStart(kind.args);
      times[i].push(ms);
      cpu[i].push(used);
      console.log(`  ${kind.name.split(' (')[0]}: ${Math.round(ms)} ms (processor ${used} ms)`);
    }
  }
  const stat = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
  };
  const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const rows = kinds.map((kind, i) => {
    const s = stat(times[i]);
    return `| ${kind.name} | ${fmt(s.median)} | ${fmt(s.min)} | ${fmt(s.max)} | ${fmt(stat(cpu[i]).median)} |`;
  });
  const [before, after] = kinds.map((_, i) => stat(times[i]).median);
  const [cpuBefore, cpuAfter] = kinds.map((_, i) => stat(cpu[i]).median);
  const md = [
    '## API process start',
    '',
    `\`npm run bench:restart\`, ${new Date().toISOString().slice(0, 10)}: a process started on a database that is already migrated and holds the demo catalogue (what a process restarted after a crash does under \`npm run prod\`), from its start until \`/healthz\` answers on its port; the two kinds started in turns, ${ROUNDS} times each, on ${os.cpus().length} cores (load average ${(load.reduce((a, b) => a + b, 0) / load.length).toFixed(1)} while measuring: the machine was shared).`,
    '',
    '| process | median | fastest | slowest | processor time (median) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `The built JavaScript starts in ${Math.round((after / before) * 100)} % of the time (${fmt(before)} → ${fmt(after)}) and uses ${Math.round((cpuAfter / cpuBefore) * 100)} % of the processor time (${fmt(cpuBefore)} → ${fmt(cpuAfter)}): nothing is compiled at start. The processor time (the server process's own; tsx's compiler runs in a process beside it and is not counted) is about what a start takes on an idle core; the wall-clock time here is stretched by the load of the shared machine. What is left is loading the packages from node_modules (not bundled: several read their own files beside them) and preparing the database (migrations checked, the search index loaded). A source map is written beside the build but not read at start (NODE_OPTIONS=--enable-source-maps when reading a stack trace): reading it cost about a tenth of the start.`,
  ].join('\n');
  writeBenchmarkSection('api-start', md);
  console.log(`\n${md}\n\n• written to docs/benchmarks.md`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
