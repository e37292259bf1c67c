/**
 * One owner per embedded data directory.
 *
 * PGlite is a whole PostgreSQL inside one process, with no shared memory between processes: a
 * second process that opens the same directory writes pages the first one holds in memory, and
 * both corrupt the files for good (seen: "could not read blocks …", then `Aborted()` at every
 * start). So whichever process opens the directory first writes `DATA_DIR/pglite.lock`, created
 * exclusively, naming itself (pid and the kernel's start time of that pid, so a reused pid is not
 * mistaken for the owner) and, once it serves, the loopback port of its wire-protocol socket and
 * of its control endpoint. Everyone else reads that file: a live owner is used through its socket,
 * a dead one's lock is taken over.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface OwnerInfo {
  pid: number;
  /** The kernel's start time of `pid` (Linux: /proc/PID/stat field 22), when known. */
  started: string | null;
  /** What holds it: the site's database child, or a command that opened the files itself. */
  role: 'server' | 'command';
  /** The process the owner serves (the site's server): gone means the owner is shutting down. */
  parent?: number | null;
  /** The wire-protocol socket on 127.0.0.1, once the database is open. */
  port: number | null;
  /** The owner's control endpoint (backups) on 127.0.0.1, with the token it expects. */
  control: { port: number; token: string } | null;
  since: string;
}

/** The lock file of an embedded data directory (`DATA_DIR/pglite` → `DATA_DIR/pglite.lock`). */
export const lockFileOf = (pgliteDir: string) => `${path.resolve(pgliteDir)}.lock`;

/** The kernel's start time of a process, or null where /proc is not there. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The kernel's state letter of a process (R, S, D, Z …), or null where /proc is not there. */
function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

function isAlive(pid: number, started: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A killed process not yet reaped by its parent (a zombie) holds nothing any more.
  const state = processState(pid);
  if (state === 'Z' || state === 'X') return false;
  if (started === null) return true;
  const now = processStartTime(pid);
  return now === null || now === started;
}

function readInfo(file: string): OwnerInfo | null | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const info = JSON.parse(text) as OwnerInfo;
    return typeof info.pid === 'number' ? info : 'unreadable';
  } catch {
    // Written by a process killed between open and write: nobody can own through it.
    return 'unreadable';
  }
}

/** The live owner of a data directory, or null when nobody (alive) holds it. */
export function liveOwner(pgliteDir: string): OwnerInfo | null {
  const info = readInfo(lockFileOf(pgliteDir));
  if (!info || info === 'unreadable') return null;
  return isAlive(info.pid, info.started) ? info : null;
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: OwnerInfo,
  ) {
    super(
      `The embedded database ${dir} is in use by ${owner.role === 'server' ? 'a running site' : 'a running command'} (pid ${owner.pid}). ` +
        `Only one process may open it. Stop that one first, or use commands that go through it (npm run import, npm run db:backup).\n` +
        `پایگاه داده‌ی ${dir} در دست ${owner.role === 'server' ? 'سایتی در حال اجرا' : 'فرمانی در حال اجرا'} است (شناسه‌ی ${owner.pid}); ` +
        `هم‌زمان فقط یک پردازه می‌تواند آن را باز کند.`,
    );
  }
}

export interface Lock {
  readonly file: string;
  /** Rewrites what the lock says (the port once the database serves); only while it is ours. */
  update(patch: Partial<Pick<OwnerInfo, 'port' | 'control'>>): void;
  /** Removes the lock if it is still ours. */
  release(): void;
}

function writeAtomically(file: string, data: string): void {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/**
 * Takes the data directory for this process, or throws {@link DatabaseInUseError}.
 *
 * The lock is created with O_EXCL. A lock whose owner is dead (a crash, SIGKILL) is taken over;
 * two processes finding the same dead lock at once are put in line by a second, short-lived
 * exclusive file, so exactly one of them replaces it and the other then finds a live owner.
 */
export function acquireLock(pgliteDir: string, role: OwnerInfo['role'], opts: { parent?: number; waitForOrphanMs?: number } = {}): Lock {
  const file = lockFileOf(pgliteDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const info: OwnerInfo = { pid: process.pid, started: processStartTime(process.pid), role, parent: opts.parent ?? null, port: null, control: null, since: new Date().toISOString() };
  const waitUntil = Date.now() + (opts.waitForOrphanMs ?? 0);
  const mine = () => {
    const now = readInfo(file);
    return now !== null && now !== 'unreadable' && now.pid === info.pid && now.started === info.started;
  };
  const lock: Lock = {
    file,
    update(patch) {
      if (!mine()) throw new Error(`lost the lock on ${pgliteDir}`);
      Object.assign(info, patch);
      writeAtomically(file, JSON.stringify(info));
    },
    release() {
      if (mine()) fs.rmSync(file, { force: true });
    },
  };

  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      try {
        fs.writeSync(fd, JSON.stringify(info));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return lock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = readInfo(file);
    if (held && held !== 'unreadable' && isAlive(held.pid, held.started)) {
      // An owner whose site is gone is closing the files (a restart in watch mode): wait for it.
      if (held.parent && !isAlive(held.parent, null) && Date.now() < waitUntil) {
        sleepSync(100);
        attempt--;
        continue;
      }
      throw new DatabaseInUseError(pgliteDir, held);
    }
    takeOverStale(file);
  }
  throw new Error(`could not take the lock ${file}`);
}

function takeOverStale(file: string): void {
  const gate = `${file}.takeover`;
  let fd: number;
  try {
    fd = fs.openSync(gate, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Someone else is taking it over. A gate left by a process that died in these few lines is
    // old; remove it so the next attempt can pass.
    try {
      if (Date.now() - fs.statSync(gate).mtimeMs > 5_000) fs.rmSync(gate, { force: true });
    } catch {
      /* gone meanwhile */
    }
    sleepSync(50);
    return;
  }
  try {
    // Looked at again behind the gate: another process may have replaced the dead lock since.
    const now = readInfo(file);
    if (now === null) return;
    // An unreadable lock may be one being written this instant (open, then write): only an old one is dead.
    const dead = now === 'unreadable' ? Date.now() - fs.statSync(file).mtimeMs > 2_000 : !isAlive(now.pid, now.started);
    if (dead) fs.rmSync(file, { force: true });
    else if (now === 'unreadable') sleepSync(50);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(gate, { force: true });
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
