import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { INDEX_FILE_FORMAT, IndexFileError } from './index-file';

/**
 * The directory where the API processes of one machine share the search index: one file per
 * catalogue key (`search-<format>-v<version>-<built>.idx`), built by whichever process needs it
 * first while the others wait for it, and read by every process after.
 *
 * Building is claimed by a lock file created exclusively (`O_EXCL`), which its holder touches
 * every few seconds: a lock whose holder died (its process is gone, or it stopped touching it) is
 * taken over. At worst, two processes build the same file, each renaming a complete one in place.
 */

export interface IndexFilesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ObtainOptions<T> {
  /** The catalogue's key now; undefined when there is nothing worth sharing (no catalogue yet). */
  currentKey(): Promise<string | undefined>;
  /** Reads the file for `key`; throws ENOENT when it is not there, {@link IndexFileError} when damaged. */
  read(file: string, key: string): Promise<T>;
  /** Builds from the database; `key` is that of the snapshot it read (the catalogue may have moved on). */
  build(): Promise<{ value: T; key: string | undefined }>;
  /** Writes what {@link build} made to `file` (whole or not at all). */
  write(value: T, file: string, key: string): Promise<void>;
}

/** How often the holder of a lock touches it, and how old an untouched lock must be to be taken over. */
const HEARTBEAT_MS = 2_000;
const STALE_LOCK_MS = 60_000;
/** How often a process waiting for another's build looks again. */
const POLL_MS = 200;
/** Files of another format (another release of the site) are left this long: a rolling restart. */
const OTHER_FORMAT_KEPT_MS = 60 * 60_000;
/** A temporary file this old was left by a build that died mid-way. */
const TEMP_KEPT_MS = 60 * 60_000;

const NAME = /^search-(\d+)-v(\d+)-(\d+)\.idx$/;

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errno(err) === 'EPERM';
  }
}

export class IndexFiles {
  constructor(
    readonly dir: string,
    private readonly log?: IndexFilesLog,
  ) {}

  /** The file for a catalogue key (`v<version>-<built>`). */
  fileFor(key: string): string {
    return path.join(this.dir, `search-${INDEX_FILE_FORMAT}-${key}.idx`);
  }

  /**
   * The index for the catalogue as it is now: read from its file when one is there; otherwise
   * built here (and written for the others) or, when another process is building it, waited for.
   * The key is asked again on every turn, so a catalogue that moves on meanwhile is followed.
   */
  async obtain<T>(opts: ObtainOptions<T>): Promise<{ value: T; from: 'file' | 'database'; key?: string }> {
    await fs.mkdir(this.dir, { recursive: true });
    let waited = false;
    for (;;) {
      const key = await opts.currentKey();
      if (key === undefined) return { ...(await opts.build()), from: 'database' };
      const file = this.fileFor(key);
      const found = await this.tryRead(opts, file, key);
      if (found !== undefined) {
        await this.cleanUp(file);
        return { value: found, from: 'file', key };
      }
      const lock = await this.tryLock(file);
      if (lock) {
        try {
          // Another process may have finished the file between the look and the lock.
          const late = await this.tryRead(opts, file, key);
          if (late !== undefined) return { value: late, from: 'file', key };
          const built = await opts.build();
          if (built.key !== undefined) {
            const target = this.fileFor(built.key);
            try {
              await opts.write(built.value, target, built.key);
              await this.cleanUp(target);
            } catch (err) {
              // A full or read-only disk: this process still has what it built; the others build their own.
              this.log?.warn({ err, file: target }, 'search index: its file could not be written');
            }
          }
          return { ...built, from: 'database' };
        } finally {
          await lock.release();
        }
      }
      if (!waited) this.log?.info({ file }, 'search index: another process is building it, waiting');
      waited = true;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  private async tryRead<T>(opts: ObtainOptions<T>, file: string, key: string): Promise<T | undefined> {
    try {
      return await opts.read(file, key);
    } catch (err) {
      if (errno(err) === 'ENOENT') return undefined;
      if (err instanceof IndexFileError) {
        // Never used again: removed, and built anew by whoever takes the lock.
        this.log?.warn({ file, err: err.message }, 'search index file damaged; it is removed and built again');
        await fs.rm(file, { force: true });
        return undefined;
      }
      throw err;
    }
  }

  /** Takes the build lock of `file`, or undefined when a live process holds it. */
  private async tryLock(file: string): Promise<{ release(): Promise<void> } | undefined> {
    const lockFile = `${file}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fh = await fs.open(lockFile, 'wx');
        await fh.writeFile(JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() }));
        await fh.close();
        const beat = setInterval(() => {
          const now = new Date();
          fs.utimes(lockFile, now, now).catch(() => undefined);
        }, HEARTBEAT_MS);
        beat.unref();
        return {
          release: async () => {
            clearInterval(beat);
            await fs.rm(lockFile, { force: true });
          },
        };
      } catch (err) {
        if (errno(err) !== 'EEXIST') throw err;
      }
      if (!(await this.staleLock(lockFile))) return undefined;
      this.log?.warn({ lock: lockFile }, 'search index: a build lock was left by a process that is gone; taking it over');
      await fs.rm(lockFile, { force: true });
    }
    return undefined;
  }

  private async staleLock(lockFile: string): Promise<boolean> {
    try {
      const [stat, text] = await Promise.all([fs.stat(lockFile), fs.readFile(lockFile, 'utf8')]);
      const holder = JSON.parse(text || '{}') as { pid?: number; host?: string };
      // A process of this host is asked whether it lives: a build that holds the event loop for a
      // while (sorting millions of rows) misses heartbeats but is not dead. Elsewhere the heartbeat tells.
      if (holder.host === os.hostname() && typeof holder.pid === 'number') return !alive(holder.pid);
      return Date.now() - stat.mtimeMs > STALE_LOCK_MS;
    } catch (err) {
      // Gone meanwhile: free to take. Being written (empty or half its JSON): its holder is alive.
      return errno(err) === 'ENOENT';
    }
  }

  /**
   * Removes the files no process will read again: those of an older catalogue version, and those
   * written before `kept` (another catalogue: a database restored or replaced), keeping any
   * written after it (a newer version another process already moved to). Files of another
   * format stay an hour, for the processes of the other release during a rolling restart.
   */
  async cleanUp(kept: string): Promise<void> {
    try {
      const keptMatch = NAME.exec(path.basename(kept));
      const keptStat = await fs.stat(kept);
      const now = Date.now();
      for (const name of await fs.readdir(this.dir)) {
        const file = path.join(this.dir, name);
        if (file === kept) continue;
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat) continue;
        const m = NAME.exec(name);
        let remove = false;
        if (m && keptMatch) {
          if (Number(m[1]) !== INDEX_FILE_FORMAT) remove = now - stat.mtimeMs > OTHER_FORMAT_KEPT_MS;
          else remove = Number(m[2]) < Number(keptMatch[2]) || stat.mtimeMs < keptStat.mtimeMs;
        } else if (name.endsWith('.tmp')) {
          remove = now - stat.mtimeMs > TEMP_KEPT_MS;
        } else if (name.endsWith('.idx.lock')) {
          remove = await this.staleLock(file);
        }
        if (remove) {
          await fs.rm(file, { force: true });
          this.log?.info({ file: name }, 'search index: an old file removed');
        }
      }
    } catch (err) {
      this.log?.warn({ err }, 'search index: cleaning old files failed');
    }
  }
}
