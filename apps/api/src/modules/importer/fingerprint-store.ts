import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FingerprintSummary } from './files/imdb-groups';
import type { ImdbKind } from './files/imdb-rows';

/*
 * The fingerprint sets of the last imports, under DATA_DIR/imdb-state/<token>/: one `.fp` file
 * per dataset file and a manifest naming them with their sha256. The database records which set
 * matches its catalogue (`catalogue_fingerprints`: the token and the manifest's sha256), in the
 * import's own transaction. A set is written under a temporary name and renamed before that
 * commit; the sets the database does not name are removed after it. So a failed import leaves
 * the previous set in force, and a restored backup or another database names a set that is not
 * here (or another one) and gets a full import.
 */

export interface FingerprintRecord {
  token: string;
  manifestSha256: string;
}

export interface ManifestEntry extends FingerprintSummary {
  file: string;
}

export interface Manifest {
  version: 1;
  token: string;
  files: Partial<Record<ImdbKind, ManifestEntry>>;
}

/** Why the last set cannot be used: a code the panel names in Persian, and the details. */
export type FullReasonCode = 'first' | 'missing' | 'mismatch' | 'files' | 'order' | 'damaged' | 'needs-full' | 'forced';

export type LoadedSet = { ok: true; manifest: Manifest; dir: string } | { ok: false; code: FullReasonCode; detail: string };

const MANIFEST = 'manifest.json';
/** A set under its temporary name this long is a killed import's. */
const STALE_MS = 24 * 3600 * 1000;
const TOKEN = /^[0-9a-f]{32}$/;

export class FingerprintStore {
  constructor(readonly dir: string) {}

  /** The set the database names, if it is here and intact. */
  load(record: FingerprintRecord | null): LoadedSet {
    if (!record) return { ok: false, code: 'first', detail: 'this database records no fingerprints of an earlier import' };
    if (!TOKEN.test(record.token)) return { ok: false, code: 'mismatch', detail: `the recorded set ${record.token} is not one of ours` };
    const dir = path.join(this.dir, record.token);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(dir, MANIFEST));
    } catch {
      return { ok: false, code: 'missing', detail: `the fingerprints the database names (${record.token}) are not in ${this.dir}: another machine's, or removed` };
    }
    if (sha256(bytes) !== record.manifestSha256) return { ok: false, code: 'mismatch', detail: `the fingerprints in ${this.dir} are not the ones the database names` };
    let manifest: Manifest;
    try {
      manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    } catch {
      return { ok: false, code: 'damaged', detail: `${MANIFEST} is not JSON` };
    }
    if (manifest.version !== 1 || manifest.token !== record.token) return { ok: false, code: 'mismatch', detail: `${MANIFEST} belongs to another set` };
    return { ok: true, manifest, dir };
  }

  /** A new set, written under a temporary name until `seal()`. */
  begin(): PendingSet {
    fs.mkdirSync(this.dir, { recursive: true });
    return new PendingSet(this.dir, crypto.randomBytes(16).toString('hex'));
  }

  /**
   * After the commit that recorded `token`: every other set goes, and what a killed import left
   * half-written. A set still being written is spared: another process's import (the site's and
   * a command's share DATA_DIR) may be waiting for the import lock with it.
   */
  keepOnly(token: string): void {
    const stale = Date.now() - STALE_MS;
    for (const name of safeReaddir(this.dir)) {
      if (name === token) continue;
      const file = path.join(this.dir, name);
      if (name.endsWith('.tmp') && (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) > stale) continue;
      fs.rmSync(file, { recursive: true, force: true });
    }
  }
}

export class PendingSet {
  readonly tmpDir: string;
  private readonly files: Partial<Record<ImdbKind, ManifestEntry>> = {};

  constructor(
    private readonly root: string,
    readonly token: string,
  ) {
    this.tmpDir = path.join(root, `${token}.tmp`);
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  fileFor(kind: ImdbKind): string {
    return path.join(this.tmpDir, `${kind}.fp`);
  }

  add(kind: ImdbKind, summary: FingerprintSummary): void {
    this.files[kind] = { ...summary, file: `${kind}.fp` };
  }

  /** Writes the manifest and gives the set its final name; the manifest's sha256 for the database. */
  seal(): FingerprintRecord {
    const manifest: Manifest = { version: 1, token: this.token, files: this.files };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    const file = path.join(this.tmpDir, MANIFEST);
    const fd = fs.openSync(file, 'w');
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(this.tmpDir, path.join(this.root, this.token));
    syncDir(this.root);
    return { token: this.token, manifestSha256: sha256(bytes) };
  }

  /** The import failed: nothing of this set stays. */
  discard(): void {
    fs.rmSync(this.tmpDir, { recursive: true, force: true });
    fs.rmSync(path.join(this.root, this.token), { recursive: true, force: true });
  }
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The rename is durable before the database records the set. */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not every file system syncs a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
