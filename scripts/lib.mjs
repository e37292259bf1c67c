// Helpers for the project's own scripts. Plain Node, no dependencies: they run before `npm install`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} (exit ${code})`);
    process.exit(code);
  }
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(p)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('• نصب وابستگی‌ها (npm ci) …');
  await mustRun('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app when its output is missing or older than any of its sources. */
export async function ensureWebBuilt() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src', 'packages/persian/src']
    .map((p) => newestMtime(path.join(root, p)));
  // The server renderer (dist-ssr) is built with the site; a build from before it had none.
  const ssr = path.join(root, 'apps/web/dist-ssr/entry-server.js');
  if (fs.existsSync(index) && fs.existsSync(ssr) && fs.statSync(index).mtimeMs >= Math.max(...sources)) return;
  console.log('• ساخت وب‌سایت (vite build) …');
  // Always the production build: a NODE_ENV=test (a test runner) would bundle React's development build.
  await mustRun('npm', ['run', 'build', '-w', 'apps/web'], { env: { ...process.env, NODE_ENV: 'production' } });
}

/**
 * Builds the API (apps/api/build.mjs → apps/api/dist) when its output is missing or older than any
 * of its sources: production runs the built JavaScript, so a restarted process does not compile
 * TypeScript before it serves. Returns the command line that runs the built server.
 */
/** The command line (after `node`, from the repository's root) that runs the built API server. */
export const API_SERVER_ARGS = ['apps/api/dist/server.js'];

export async function ensureApiBuilt() {
  const server = path.join(root, 'apps/api/dist/server.js');
  const sources = ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/contract/src', 'packages/persian/src', 'packages/media/src', 'package-lock.json']
    .map((p) => newestMtime(path.join(root, p)));
  if (!fs.existsSync(server) || !fs.existsSync(path.join(root, 'apps/api/dist/pglite-server.js')) || fs.statSync(server).mtimeMs < Math.max(...sources)) {
    console.log('• ساخت سرور (esbuild) …');
    await mustRun('npm', ['run', 'build', '-w', 'apps/api']);
  }
  // Without --enable-source-maps: parsing the source map at start costs ~10 % of the start; the
  // map is beside the build for reading a stack trace (NODE_OPTIONS=--enable-source-maps).
  return [...API_SERVER_ARGS];
}

/**
 * The live owner of the embedded database under DATA_DIR (a running site or command), if any:
 * the lock file the database child writes (apps/api/src/db/owner.ts), checked as it checks it.
 */
export function embeddedOwner() {
  if (process.env.DATABASE_URL) return null;
  const dir = path.resolve(process.env.DATA_DIR || path.join(root, 'data'), 'pglite');
  let info;
  try {
    info = JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'));
    process.kill(info.pid, 0);
  } catch {
    return null;
  }
  try {
    const stat = fs.readFileSync(`/proc/${info.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || (info.started && fields[19] !== info.started)) return null;
  } catch {
    /* no /proc: the pid alone */
  }
  return { ...info, dir };
}

/** Puts `md` between `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->` in docs/benchmarks.md. */
export function writeBenchmarkSection(name, md) {
  const file = path.join(root, 'docs/benchmarks.md');
  let doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${begin}\n${md}\n${end}`;
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  doc = a >= 0 && b > a ? doc.slice(0, a) + block + doc.slice(b + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, doc);
}

/**
 * A Debian package the project's scripts need (Chromium, ffmpeg, nginx): installed with apt when
 * running as root and `files` are missing, otherwise a plain message saying how, and exit 1.
 */
export function ensureDebianPackage(pkg, files, why) {
  return ensureDebianPackages([{ pkg, files, why }]);
}

/**
 * Several at once, `[{ pkg, files, why }]`: the missing ones in one `apt-get install` (apt takes
 * one install at a time, and one update serves them all).
 */
export async function ensureDebianPackages(wanted) {
  const missing = wanted.filter(({ files }) => !files.every((f) => fs.existsSync(f)));
  if (missing.length === 0) return;
  const names = missing.map(({ pkg }) => pkg);
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`• نصب ${names.join(' و ')} از بسته‌های دبیان (apt-get install ${names.join(' ')}) …`);
    await run('apt-get', ['update', '-qq']);
    // Waits for another apt (the lock) instead of failing at once.
    await run('apt-get', ['install', '-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', ...names]);
  }
  const still = missing.filter(({ files }) => !files.every((f) => fs.existsSync(f)));
  if (still.length === 0) return;
  for (const { pkg, files, why } of still) console.error(`${why} needs Debian's ${pkg} (${files[0]}). Install it with:\n  sudo apt-get install -y ${pkg}`);
  process.exit(1);
}
