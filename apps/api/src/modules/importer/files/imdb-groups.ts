import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Fingerprints of IMDb's files, and the differ that compares a new file with them.
 *
 * IMDb republishes every file whole each day, sorted by its key (tconst, or nconst for
 * name.basics). A *group* is every line of one key: a title's akas, its principals, its one
 * basics row. A fingerprint file keeps one entry per group, the key and a 64-bit hash of the
 * group's raw bytes, in file order; tomorrow's file is read once, each group hashed as it goes
 * by, and merge-walked against yesterday's entries: a key only in the new file was added, one
 * only in the old was removed, one in both with another hash changed. Memory stays constant:
 * one read chunk, one group, one chunk of each fingerprint file.
 *
 * Lines are never decoded here: keys and hashes come from the bytes, and only the lines of
 * groups that changed go on to be decoded and parsed (`readImdbFile`'s gate).
 */

/** Why a day's files cannot be compared with the last ones; the import then reads them whole. */
export class DiffImpossible extends Error {
  constructor(
    readonly reason: string,
    /** `order`: a file cannot be compared (out of order, odd ids); `damaged`: the old fingerprints; `needs-full`: the catalogue needs rows of unchanged groups. */
    readonly code: 'order' | 'damaged' | 'needs-full' = 'order',
  ) {
    super(reason);
    this.name = 'DiffImpossible';
  }
}

/**
 * The two orders a file may be sorted in: by the key's number, or by its text (IMDb pads ids to
 * seven digits, so they agree until ids reach eight digits: tt9999999 sorts after tt10000000 as
 * text). A file is compared in the order its fingerprints were written in.
 */
export type KeyOrder = 'numeric' | 'text';

const NEWLINE = 0x0a;
const TAB = 0x09;
const NONE = -1;

/** IMDb's id text for a key: the prefix and at least seven digits. */
export function keyText(prefix: string, key: number): string {
  return prefix + (key < 10_000_000 ? String(key + 10_000_000).slice(1) : String(key));
}

/** Digits of a key as IMDb writes it (seven at least). */
function digits(key: number): number {
  let n = 7;
  for (let x = 10_000_000; key >= x && n < 16; x *= 10) n++;
  return n;
}

export function compareKeys(order: KeyOrder, a: number, b: number): number {
  if (order === 'numeric' || a === b) return a - b;
  const da = digits(a);
  const db = digits(b);
  if (da === db) return a - b;
  const sa = String(a).padStart(da, '0');
  const sb = String(b).padStart(db, '0');
  return sa < sb ? -1 : 1;
}

/**
 * The key of a line: two letters, then digits in IMDb's form (seven at least, no leading zero
 * beyond those), then a tab. NONE for a line without one (a broken row), which then belongs to
 * the group before it. `prefix` is set from the first keyed line.
 */
function lineKey(buf: Buffer, start: number, end: number): number {
  if (end - start < 10) return NONE;
  const a = buf[start]!;
  const b = buf[start + 1]!;
  if (a < 0x61 || a > 0x7a || b < 0x61 || b > 0x7a) return NONE;
  let key = 0;
  let i = start + 2;
  for (; i < end; i++) {
    const c = buf[i]!;
    if (c === TAB) break;
    if (c < 0x30 || c > 0x39 || i - start > 17) return NONE;
    key = key * 10 + (c - 0x30);
  }
  if (i >= end && buf[i] !== TAB) {
    // The key runs to the end of the line: a row of one field, broken.
    return NONE;
  }
  const n = i - start - 2;
  if (n < 7 || (n > 7 && buf[start + 2] === 0x30)) return NONE;
  return key;
}

function prefixOf(buf: Buffer, start: number): string {
  return String.fromCharCode(buf[start]!, buf[start + 1]!);
}

// A 64-bit hash as two 32-bit lanes: murmur3's block mixing on both, with different constants,
// four bytes at a time. Not for adversaries; for telling a changed group from an unchanged one
// (two different groups of one key collide with odds of 2^-64).
let hashHi = 0;
let hashLo = 0;

function hash64(buf: Buffer, start: number, end: number): void {
  let h1 = 0x9747b28c ^ (end - start);
  let h2 = 0x2d358dcc ^ Math.imul(end - start, 0x85ebca6b);
  let i = start;
  const last = end - 3;
  for (; i < last; i += 4) {
    const k = buf[i]! | (buf[i + 1]! << 8) | (buf[i + 2]! << 16) | (buf[i + 3]! << 24);
    let k1 = Math.imul(k, 0xcc9e2d51);
    k1 = Math.imul((k1 << 15) | (k1 >>> 17), 0x1b873593);
    h1 ^= k1;
    h1 = Math.imul((h1 << 13) | (h1 >>> 19), 5) + 0xe6546b64;
    let k2 = Math.imul(k, 0x239b961b);
    k2 = Math.imul((k2 << 16) | (k2 >>> 16), 0xab0e9789);
    h2 ^= k2;
    h2 = Math.imul((h2 << 17) | (h2 >>> 15), 5) + 0x38b34ae5;
  }
  let k = 0;
  for (let s = 0; i < end; i++, s += 8) k |= buf[i]! << s;
  if (k !== 0 || end > start) {
    h1 ^= Math.imul(k, 0xcc9e2d51);
    h2 ^= Math.imul(k, 0x239b961b);
  }
  h1 += h2;
  h2 += h1;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h1 += h2;
  h2 += h1;
  hashHi = h1 >>> 0;
  hashLo = h2 >>> 0;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The hash of some bytes as 16 hex digits (tests and tools). */
export function groupHash(bytes: Buffer): string {
  hash64(bytes, 0, bytes.length);
  return hashHi.toString(16).padStart(8, '0') + hashLo.toString(16).padStart(8, '0');
}

// ---------------------------------------------------------------------------------------------
// Fingerprint files: a header, then per group the key as a varint delta from the one before and
// the hash's eight bytes. ~9 bytes a group: ~600 MB for IMDb's whole set, read and written in
// 64 kB chunks.

const MAGIC = Buffer.from('PRDFP01\n');
const IO_CHUNK = 64 * 1024;

export interface FingerprintSummary {
  entries: number;
  /** sha256 of the file's bytes: the manifest checks each file with it. */
  sha256: string;
  order: KeyOrder;
  prefix: string;
}

class FingerprintWriter {
  private fd: number;
  private buf = Buffer.allocUnsafe(IO_CHUNK);
  private at = 0;
  private last = 0;
  private sha = crypto.createHash('sha256');
  entries = 0;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
    this.buf.set(MAGIC, 0);
    this.at = MAGIC.length;
  }

  add(key: number, hi: number, lo: number): void {
    if (this.at + 20 > this.buf.length) this.flush();
    let d = key - this.last;
    this.last = key;
    // The order may be text order, where a key can be smaller than the one before: zigzag.
    d = d < 0 ? -2 * d - 1 : 2 * d;
    while (d >= 0x80) {
      this.buf[this.at++] = (d % 0x80) | 0x80;
      d = Math.floor(d / 0x80);
    }
    this.buf[this.at++] = d;
    this.buf.writeUInt32LE(hi, this.at);
    this.buf.writeUInt32LE(lo, this.at + 4);
    this.at += 8;
    this.entries++;
  }

  private flush(): void {
    if (this.at === 0) return;
    const out = this.buf.subarray(0, this.at);
    this.sha.update(out);
    let off = 0;
    while (off < out.length) off += fs.writeSync(this.fd, out, off);
    this.at = 0;
  }

  /** Flushes, syncs and closes; the sha256 of what was written. */
  close(): string {
    this.flush();
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    return this.sha.digest('hex');
  }

  abandon(): void {
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}

/** Reads a fingerprint file front to back, checking its sha256 at the end. */
class FingerprintReader {
  private fd: number;
  private buf = Buffer.allocUnsafe(IO_CHUNK);
  private len = 0;
  private at = 0;
  private eof = false;
  private sha = crypto.createHash('sha256');
  private last = 0;
  key = NONE;
  hi = 0;
  lo = 0;
  done = false;

  constructor(
    readonly file: string,
    private readonly expected: string,
  ) {
    this.fd = fs.openSync(file, 'r');
    this.fill();
    if (this.len < MAGIC.length || !this.buf.subarray(0, MAGIC.length).equals(MAGIC)) {
      this.close();
      throw new DiffImpossible(`${path.basename(file)} is not a fingerprint file`, 'damaged');
    }
    this.at = MAGIC.length;
    this.next();
  }

  private fill(): void {
    const rest = this.len - this.at;
    if (rest > 0) this.buf.copy(this.buf, 0, this.at, this.len);
    this.len = rest;
    this.at = 0;
    while (!this.eof && this.len < this.buf.length) {
      const n = fs.readSync(this.fd, this.buf, this.len, this.buf.length - this.len, null);
      if (n === 0) this.eof = true;
      else {
        this.sha.update(this.buf.subarray(this.len, this.len + n));
        this.len += n;
      }
    }
  }

  /** Moves to the next entry; `done` at the end (after checking the file's hash). */
  next(): void {
    if (this.len - this.at < 20) this.fill();
    if (this.at >= this.len) {
      this.done = true;
      this.key = NONE;
      const got = this.sha.digest('hex');
      this.close();
      if (got !== this.expected) throw new DiffImpossible(`${path.basename(this.file)} does not match its manifest (damaged)`, 'damaged');
      return;
    }
    let d = 0;
    let mul = 1;
    for (;;) {
      const b = this.buf[this.at++];
      if (b === undefined) throw new DiffImpossible(`${path.basename(this.file)} ends inside an entry (damaged)`, 'damaged');
      d += (b & 0x7f) * mul;
      if (b < 0x80) break;
      mul *= 0x80;
    }
    if (this.at + 8 > this.len) throw new DiffImpossible(`${path.basename(this.file)} ends inside an entry (damaged)`, 'damaged');
    d = d % 2 === 1 ? -(d + 1) / 2 : d / 2;
    this.key = this.last + d;
    this.last = this.key;
    this.hi = this.buf.readUInt32LE(this.at);
    this.lo = this.buf.readUInt32LE(this.at + 4);
    this.at += 8;
  }

  close(): void {
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The differ.

/** What happened to a key: added, changed, removed, or unchanged but asked for (`want`). */
export type KeyChange = 'a' | 'c' | 'r' | 'w';

export interface GroupCounts {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

export interface GroupDifferOptions {
  /** Where the new fingerprints go (a temporary name; the caller renames the set). */
  out: string;
  /** Yesterday's fingerprints; without them every group is new and every line is parsed. */
  old?: { file: string; sha256: string; order: KeyOrder; prefix: string };
  /** Keys whose lines are wanted even when unchanged (people newly credited, …). */
  want?: ReadonlySet<number>;
  /** Unchanged groups are still parsed (a full import that writes fingerprints as it reads). */
  parseAll?: boolean;
  /**
   * Only groups of these keys are ever parsed (a full import's crew and principals of the titles
   * it keeps, its people who have a credit): the rest are hashed and fingerprinted from their
   * bytes, never decoded. Without it, every group `parseAll` or a change asks for.
   */
  only?: { has(key: number): boolean };
  /** The key's column, which must come first (tconst, titleId, nconst). */
  keyColumn: string;
}

type Parse = (run: Buffer, firstLine: number) => void;

/**
 * The gate `readImdbFile` passes a file's lines through (after its header): it groups lines by
 * key, hashes each group, writes the new fingerprints, compares with the old ones, and hands on
 * for parsing the groups that changed (or every group, with `parseAll`).
 *
 * Throws DiffImpossible when a diff is asked for and the file is out of order; without old
 * fingerprints, an out-of-order file only leaves `unusable` set (no fingerprints from it).
 */
export class GroupDiffer {
  readonly counts: GroupCounts = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  /** Keys that changed, since the last `drain()`. */
  private keys: number[] = [];
  private changes: KeyChange[] = [];
  /** Why this file's fingerprints cannot be kept (out of order, odd ids); null when they can. */
  unusable: string | null = null;
  prefix: string | null = null;
  /** The new fingerprints, once the file was read to its end (null when it cannot be kept). */
  summary: FingerprintSummary | null = null;

  private writer: FingerprintWriter | null;
  private old: FingerprintReader | null = null;
  private readonly diffing: boolean;
  /** The order the file is checked against; with no old fingerprints, found as it goes. */
  private numericOk = true;
  private textOk = true;
  private readonly fixedOrder: KeyOrder | null;

  // The group being read.
  private key = NONE;
  private prev = NONE;
  private firstLine = 0;
  private carry: Buffer[] = [];

  constructor(private readonly opts: GroupDifferOptions) {
    fs.mkdirSync(path.dirname(opts.out), { recursive: true });
    this.writer = new FingerprintWriter(opts.out);
    this.diffing = opts.old !== undefined;
    this.fixedOrder = opts.old?.order ?? null;
    if (opts.old) {
      try {
        this.old = new FingerprintReader(opts.old.file, opts.old.sha256);
      } catch (err) {
        this.writer.abandon();
        if (err instanceof DiffImpossible) throw err;
        throw new DiffImpossible(`cannot read ${path.basename(opts.old.file)}: ${(err as Error).message}`, 'damaged');
      }
      this.prefix = opts.old.prefix;
    }
  }

  header(names: string[]): void {
    if (names[0] !== this.opts.keyColumn) this.fail(`${this.opts.keyColumn} is not the first column`);
  }

  /**
   * Takes a run of complete lines (each ending in a newline), the first being line `first`;
   * calls `parse` with the runs of lines to parse. Returns the number of lines taken.
   */
  lines(block: Buffer, first: number, parse: Parse): number {
    // Every line parsed: the whole block at once, not group by group.
    const parseAll = this.opts.parseAll === true && !this.opts.only;
    if (parseAll) parse(block, first);
    // Keyless lines at the very start (broken rows) are a group of their own, starting here.
    if (this.key === NONE && this.prev === NONE && this.carry.length === 0) this.firstLine = first;
    let pos = 0;
    let lineNo = first;
    let groupStart = 0;
    const len = block.length;
    while (pos < len) {
      let nl = block.indexOf(NEWLINE, pos);
      if (nl === -1) nl = len - 1;
      const k = lineKey(block, pos, nl);
      if (k !== NONE && k !== this.key) {
        if (this.prefix === null) this.prefix = prefixOf(block, pos);
        else if (this.unusable === null && prefixOf(block, pos) !== this.prefix) this.fail(`ids of two kinds (${this.prefix}…, ${prefixOf(block, pos)}…)`);
        this.closeGroup(block, groupStart, pos, parseAll ? null : parse);
        this.openGroup(k, lineNo);
        groupStart = pos;
      }
      pos = nl + 1;
      lineNo++;
    }
    if (groupStart < len) this.carry.push(block.subarray(groupStart));
    return lineNo - first;
  }

  /** The last group, then every old key left (removed); the new fingerprints' summary. */
  end(parse: Parse): FingerprintSummary | null {
    const parseAll = this.opts.parseAll === true && !this.opts.only;
    this.closeGroup(Buffer.alloc(0), 0, 0, parseAll ? null : parse);
    if (this.old) {
      while (!this.old.done) {
        this.removed(this.old.key);
        this.old.next();
      }
    }
    const writer = this.writer;
    this.writer = null;
    if (!writer) return null;
    if (this.unusable !== null) {
      writer.abandon();
      fs.rmSync(writer.file, { force: true });
      return null;
    }
    const sha256 = writer.close();
    this.summary = { entries: writer.entries, sha256, order: this.fixedOrder ?? (this.numericOk ? 'numeric' : 'text'), prefix: this.prefix ?? '' };
    return this.summary;
  }

  /** Stops early (the import failed): nothing of the new fingerprints is kept. */
  abandon(): void {
    this.old?.close();
    if (this.writer) {
      this.writer.abandon();
      fs.rmSync(this.writer.file, { force: true });
      this.writer = null;
    }
  }

  /** The keys that changed since the last call, and how. */
  drain(): { keys: number[]; changes: KeyChange[] } {
    const out = { keys: this.keys, changes: this.changes };
    this.keys = [];
    this.changes = [];
    return out;
  }

  private fail(reason: string): void {
    if (this.diffing) throw new DiffImpossible(reason);
    this.unusable = reason;
  }

  private openGroup(k: number, lineNo: number): void {
    if (this.prev !== NONE && this.unusable === null) {
      if (this.fixedOrder) {
        if (compareKeys(this.fixedOrder, k, this.prev) <= 0) this.fail(`out of order at line ${lineNo}: ${keyText(this.prefix ?? '', k)} after ${keyText(this.prefix ?? '', this.prev)}`);
      } else {
        if (k <= this.prev) this.numericOk = false;
        if (compareKeys('text', k, this.prev) <= 0) this.textOk = false;
        if (!this.numericOk && !this.textOk) this.fail(`out of order at line ${lineNo}: ${keyText(this.prefix ?? '', k)} after ${keyText(this.prefix ?? '', this.prev)}`);
      }
    }
    this.key = k;
    this.firstLine = lineNo;
  }

  /** Ends the group whose last piece is block[start, end); `parse` null when all lines are parsed anyway. */
  private closeGroup(block: Buffer, start: number, end: number, parse: Parse | null): void {
    const k = this.key;
    let bytes: Buffer;
    if (this.carry.length > 0) {
      this.carry.push(block.subarray(start, end));
      bytes = Buffer.concat(this.carry);
      this.carry = [];
    } else bytes = block.subarray(start, end);
    if (k === NONE) {
      // Lines before the first key: broken rows, which a full read reports.
      if (parse && this.opts.parseAll) parse(bytes, this.firstLine);
      return;
    }
    this.key = NONE;
    this.prev = k;
    hash64(bytes, 0, bytes.length);
    const hi = hashHi;
    const lo = hashLo;
    if (this.unusable === null) this.writer?.add(k, hi, lo);

    let change: KeyChange | null = 'a';
    if (this.old) {
      const order = this.fixedOrder!;
      while (!this.old.done && compareKeys(order, this.old.key, k) < 0) {
        this.removed(this.old.key);
        this.old.next();
      }
      if (!this.old.done && this.old.key === k) {
        change = this.old.hi === hi && this.old.lo === lo ? null : 'c';
        this.old.next();
      }
    }
    if (change === 'a') this.counts.added++;
    else if (change === 'c') this.counts.changed++;
    else this.counts.unchanged++;
    if (change === null && this.opts.want?.has(k)) change = 'w';
    if (change !== null && (this.diffing || change === 'w')) {
      this.keys.push(k);
      this.changes.push(change);
    }
    if (!parse || (change === null && this.opts.parseAll !== true)) return;
    if (this.opts.only && !this.opts.only.has(k)) return;
    parse(bytes, this.firstLine);
  }

  private removed(k: number): void {
    this.counts.removed++;
    this.keys.push(k);
    this.changes.push('r');
  }
}
