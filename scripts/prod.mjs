// `npm run prod`: Parde as it runs in production, on this machine: nginx in front of several API
// processes (PROD_PROCESSES, 2 by default; the built API, apps/api/dist, remade when older than
// its sources) on one PostgreSQL and one Redis, all on loopback. nginx
// serves the built web app's assets and the media bytes (checking the signed addresses itself)
// and proxies the rest with keep-alive. See docs/deploy.md.
//
//   DATABASE_URL  PostgreSQL (default postgres://postgres@127.0.0.1:5432/parde, created if missing)
//   REDIS_URL     Redis (default redis://127.0.0.1:6379)
//   PROD_PORT     where nginx listens (default 8080)
//   PROD_API_PORTS the API processes' ports, comma-separated (default: free ports the system gives);
//                 the ports in use are written to DATA_DIR/prod-ports.json
//   DATA_DIR      media, secrets and nginx's own files (default ./data)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureApiBuilt, ensureDebianPackage, ensureInstalled, ensureWebBuilt, root } from './lib.mjs';

const PORT = Number(process.env.PROD_PORT || 8080);
const PROCESSES = Math.max(1, Number(process.env.PROD_PROCESSES || 2));
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/parde';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const DATA_DIR = path.resolve(process.env.DATA_DIR || path.join(root, 'data'));
const NGINX = '/usr/sbin/nginx';

/** The secrets every process (and nginx) must share, made once and kept in DATA_DIR. */
function sharedSecrets() {
  const file = path.join(DATA_DIR, 'prod-secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const secrets = { APP_SECRET: crypto.randomBytes(32).toString('base64url'), MEDIA_SECRET: process.env.MEDIA_SECRET || crypto.randomBytes(32).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The database, created (UTF-8, C.UTF-8 so pg_trgm sees Persian letters) when it is not there yet. */
async function ensureDatabase() {
  const { default: pg } = await import('pg');
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`create the database ${name} yourself`);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
      console.log(`• created the database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

async function healthy(url, child, seconds = 120) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode}) before it served`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

await ensureInstalled();
await ensureWebBuilt();
// Built JavaScript: a process started again after a crash serves in a second or two, not after
// compiling the TypeScript again (docs/benchmarks.md, "API process start").
const serverArgs = await ensureApiBuilt();
await ensureDebianPackage('nginx', [NGINX], '`npm run prod`');
await ensureDatabase();
const secrets = sharedSecrets();

const children = [];
let stopping = false;
const stopAll = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill(c.nginx ? 'SIGQUIT' : 'SIGTERM');
  setTimeout(() => process.exit(code), 12_000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(0));

/** A port nobody listens on now (the system's choice), for an API process behind nginx. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const apiPorts = process.env.PROD_API_PORTS
  ? process.env.PROD_API_PORTS.split(',').map((p) => Number(p.trim()))
  : await Promise.all(Array.from({ length: PROCESSES }, freePort));
if (apiPorts.length !== PROCESSES || apiPorts.some((p) => !Number.isInteger(p) || p <= 0 || p === PORT)) {
  console.error(`PROD_API_PORTS must name ${PROCESSES} ports other than PROD_PORT (${PORT})`);
  process.exit(2);
}
const pids = {};
const writePorts = () => fs.writeFileSync(path.join(DATA_DIR, 'prod-ports.json'), JSON.stringify({ front: PORT, api: apiPorts, pids }));

/**
 * One API process, kept running as systemd's `Restart=always` would: a process that dies (a crash,
 * SIGKILL, out of memory) is started again after a second while nginx sends its requests to the
 * others. Five deaths within a minute mean something is wrong: the site stops and says so.
 */
function startApi(i, port, deaths = []) {
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'production',
      ...process.env,
      ...secrets,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL,
      REDIS_URL,
      DATA_DIR,
      TRUST_PROXY: 'true',
      // Stopped (a deploy, or this script ending): answer 5 s more with closing connections, longer
      // than nginx keeps an idle upstream connection (4 s), so nginx never writes into a closed one.
      SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS || '5000',
      SITE_URL: process.env.SITE_URL || `http://localhost:${PORT}`,
      // One process packages videos; every process serves.
      MEDIA_WORKER: i === 0 ? 'true' : 'false',
    },
  });
  children[i] = child;
  pids[port] = child.pid;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const now = Date.now();
    const recent = [...deaths.filter((t) => now - t < 60_000), now];
    if (recent.length >= 5) {
      console.error(`API process on :${port} exited ${recent.length} times within a minute (${signal ?? code}); stopping the site`);
      stopAll(1);
      return;
    }
    console.error(`API process on :${port} exited (${signal ?? code}); starting it again`);
    setTimeout(() => {
      if (stopping) return;
      startApi(i, port, recent);
      if (ready) writePorts();
    }, 1000);
  });
  return child;
}

let ready = false;
for (const [i, port] of apiPorts.entries()) {
  // The first one migrates and loads the demo catalogue; the others start on a ready database.
  await healthy(`http://127.0.0.1:${port}`, startApi(i, port));
}

const prefix = path.join(DATA_DIR, 'nginx');
for (const d of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) fs.mkdirSync(path.join(prefix, d), { recursive: true });
const conf = fs
  .readFileSync(path.join(root, 'deploy/nginx/parde.conf.template'), 'utf8')
  .replaceAll('{{PREFIX}}', prefix)
  .replaceAll('{{LISTEN}}', `127.0.0.1:${PORT}`)
  // Never marked down: nginx's fail_timeout kept a process that was back out of the rotation, and
  // when the other one died meanwhile there were "no live upstreams" although one was serving.
  .replaceAll('{{UPSTREAMS}}', apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n'))
  // Every process may be tried once: with two of three down, the third still answers.
  .replaceAll('{{TRIES}}', String(apiPorts.length))
  .replaceAll('{{WEB_DIST}}', path.join(root, 'apps/web/dist'))
  .replaceAll('{{MEDIA_DIR}}', path.join(DATA_DIR, 'media'))
  .replaceAll('{{SEED_MEDIA_DIR}}', path.join(root, 'apps/api/seed/media'))
  .replaceAll('{{MEDIA_SECRET}}', secrets.MEDIA_SECRET);
fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf, { mode: 0o600 });
// Written before nginx answers, so whoever sees the front up can read where the processes are.
writePorts();
ready = true;
const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
nginx.nginx = true;
nginx.on('exit', (code) => {
  if (!stopping) {
    console.error(`nginx exited (${code}); stopping the site`);
    stopAll(1);
  }
});
children.push(nginx);
await healthy(`http://127.0.0.1:${PORT}`, nginx, 20);
console.log(`پرده (production) آماده است: http://localhost:${PORT} — nginx → API ${apiPorts.map((p) => `:${p}`).join(', ')}`);
