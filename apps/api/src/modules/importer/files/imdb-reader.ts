import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { DiffImpossible } from './imdb-groups';
import { IMDB_COLUMNS, IMDB_PARSERS, NULL, RowError, type ImdbKind, type RowByKind } from './imdb-rows';

/** Something that makes a whole file unusable: it is not read at all, or not to the end. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
  ) {
    super(line === undefined ? `${file}: ${message}` : `${file}:${line}: ${message}`);
    this.name = 'ImportFileError';
  }
}

/** One skipped line; the rest of the file still loads. */
export interface RowIssue {
  file: string;
  /** 1-based; the header is line 1. */
  line: number;
  message: string;
}

export interface ReadOptions {
  /** Rows per yielded batch; default 5000. */
  batchSize?: number;
  onIssue?: (issue: RowIssue) => void;
  /** Throttled to ~10 calls a second, plus one at the end. `bytesRead` counts file bytes, compressed or not. */
  onProgress?: (p: { file: string; bytesRead: number; totalBytes: number; rows: number }) => void;
  signal?: AbortSignal;
  /** Read-chunk size; tests make it tiny to push lines across chunk boundaries. */
  highWaterMark?: number;
  /**
   * Sees every line after the header, as raw bytes, and decides which go on to be parsed
   * (imdb-groups.ts: fingerprints, and a daily import's changed groups only).
   */
  gate?: LineGate;
}

/** What `readImdbFile` hands the lines after the header to (see GroupDiffer). */
export interface LineGate {
  /** A run of complete lines from line `first`; calls `parse` with the runs to parse; answers the lines taken. */
  lines(block: Buffer, first: number, parse: (run: Buffer, first: number) => void): number;
  /** The header's column names, before any line. */
  header?(names: string[]): void;
  /** The end of the file: the last group. */
  end(parse: (run: Buffer, first: number) => void): unknown;
}

/** `<dir>/<kind>.tsv`, else `<dir>/<kind>.tsv.gz`, else null. */
export function findImdbFile(dir: string, kind: ImdbKind): string | null {
  for (const name of [`${kind}.tsv`, `${kind}.tsv.gz`]) {
    const file = path.join(dir, name);
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  }
  return null;
}

const DEFAULT_BATCH = 5000;
const CHUNK = 64 * 1024;
const PROGRESS_INTERVAL_MS = 100;
/** IMDb lines are well under 10 kB; a "line" this long means a binary or wrong file, and holding it would break constant memory. */
const MAX_LINE_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * Streams an IMDb TSV file (plain or gzip) and yields parsed rows in batches, in file order.
 * Memory stays constant whatever the file size: one read chunk, one partial line, one batch.
 * Bad lines are reported through `onIssue` and skipped; problems with the file itself
 * (missing, wrong header, corrupt gzip) throw `ImportFileError`.
 */
export async function* readImdbFile<K extends ImdbKind>(
  file: string,
  kind: K,
  opts: ReadOptions = {},
): AsyncGenerator<RowByKind[K][]> {
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
  const { onIssue, onProgress, signal, gate } = opts;
  signal?.throwIfAborted();

  const totalBytes = await fileSize(file);
  const gzipped = await isGzip(file);
  if (file.endsWith('.gz') && !gzipped) throw new ImportFileError('named .gz but is not gzip-compressed', file);

  // 64 kB chunks measured fastest: a bigger chunk decodes to one big string that every row's
  // fields then point into, which keeps it alive and costs more in garbage collection.
  const source = fs.createReadStream(file, { highWaterMark: opts.highWaterMark ?? CHUNK });
  const chunkSize = Math.max(64, opts.highWaterMark ?? CHUNK); // zlib's floor is 64 bytes
  const stream = gzipped ? pipeline(source, zlib.createGunzip({ chunkSize }), () => {}) : source;

  const columns = IMDB_COLUMNS[kind];
  const parse = IMDB_PARSERS[kind];
  // Fatal so a broken byte is an error we can report, not a silent U+FFFD in a title.
  // ignoreBOM keeps a BOM in the text: each decode() call would otherwise eat one at the start
  // of any line, and only the header's is ours to strip.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  let lineNo = 0;
  let rows = 0;
  let batch: RowByKind[K][] = [];
  /** Header field count, and where each of our columns sits in a line; null until the header is read. */
  let width = 0;
  let order: number[] | null = null;
  /** True when the file's columns are exactly ours, in order: fields can go to the parser as they are. */
  let identity = false;

  let lastProgress = 0;
  const progress = (force: boolean) => {
    if (!onProgress) return;
    const now = performance.now();
    if (!force && now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    onProgress({ file, bytesRead: source.bytesRead, totalBytes, rows });
  };

  const issue = (line: number, message: string) => onIssue?.({ file, line, message });

  const readHeader = (text: string) => {
    const names = stripCr(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\t');
    const missing = columns.filter((c) => !names.includes(c));
    if (missing.length > 0) {
      throw new ImportFileError(
        `header is missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (found: ${names.join(', ')})`,
        file,
        1,
      );
    }
    width = names.length;
    gate?.header?.(names);
    order = columns.map((c) => names.indexOf(c));
    identity = width === columns.length && order.every((index, i) => index === i);
  };

  /** Handles one decoded line (without its \n); returns nothing, pushes into `batch`. */
  const handleLine = (raw: string, no: number) => {
    if (order === null) {
      readHeader(raw);
      return;
    }
    const line = stripCr(raw);
    // Blank lines carry nothing (a trailing one is common after hand edits); not worth a report.
    if (line === '') return;
    const fields = line.split('\t');
    if (fields.length !== width) {
      issue(no, `expected ${width} fields, got ${fields.length}`);
      return;
    }
    try {
      batch.push(parse(identity ? fields : order.map((i) => fields[i] ?? NULL)));
      rows++;
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      issue(no, err.message);
    }
  };

  /**
   * Decodes a run of complete lines, the first being line `first`. The fast path decodes the
   * whole run at once, which gives exactly what decoding line by line would, since a UTF-8
   * sequence never contains 0x0A; only when that fails do we fall back to line by line to pin
   * the error to its lines.
   */
  const parseRun = (bytes: Buffer, first: number): number => {
    let no = first - 1;
    let text: string | null = null;
    try {
      text = decoder.decode(bytes);
    } catch {
      text = null;
    }
    if (text !== null) {
      let start = 0;
      for (;;) {
        const end = text.indexOf('\n', start);
        if (end === -1) break;
        handleLine(text.slice(start, end), ++no);
        start = end + 1;
      }
      return no;
    }
    let start = 0;
    for (;;) {
      const end = bytes.indexOf(NEWLINE, start);
      if (end === -1) break;
      no++;
      let decoded: string | null;
      try {
        decoded = decoder.decode(bytes.subarray(start, end));
      } catch {
        decoded = null;
      }
      if (decoded !== null) handleLine(decoded, no);
      else if (order === null) throw new ImportFileError('invalid UTF-8 encoding in the header', file, no);
      else issue(no, 'invalid UTF-8 encoding');
      start = end + 1;
    }
    return no;
  };

  /** A run of complete lines: the header to the reader, the rest through the gate when there is one. */
  const handleBlock = (bytes: Buffer) => {
    if (!gate) {
      lineNo = parseRun(bytes, lineNo + 1);
      return;
    }
    if (order === null) {
      const nl = bytes.indexOf(NEWLINE);
      lineNo++;
      parseRun(bytes.subarray(0, nl + 1), lineNo);
      bytes = bytes.subarray(nl + 1);
      if (bytes.length === 0) return;
    }
    lineNo += gate.lines(bytes, lineNo + 1, parseRun);
  };

  /** Bytes after the last newline seen so far: the start of a line that continues in the next chunk. */
  let tail: Buffer | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      const lastNl = chunk.lastIndexOf(NEWLINE);
      if (lastNl === -1) {
        tail = tail ? Buffer.concat([tail, chunk]) : chunk;
        if (tail.length > MAX_LINE_BYTES) {
          throw new ImportFileError(`line longer than ${MAX_LINE_BYTES} bytes; is this a TSV file?`, file, lineNo + 1);
        }
        continue;
      }
      const head = chunk.subarray(0, lastNl + 1);
      handleBlock(tail ? Buffer.concat([tail, head]) : head);
      tail = lastNl + 1 < chunk.length ? chunk.subarray(lastNl + 1) : null;

      while (batch.length >= batchSize) {
        const out = batch.length === batchSize ? batch : batch.slice(0, batchSize);
        batch = batch.length === batchSize ? [] : batch.slice(batchSize);
        progress(false);
        yield out;
        signal?.throwIfAborted();
      }
      progress(false);
    }
  } catch (err) {
    if (err instanceof ImportFileError || err instanceof DiffImpossible || (signal?.aborted && err === signal.reason)) throw err;
    // Stream errors: truncated or corrupt gzip, unreadable file.
    const message = err instanceof Error ? err.message : String(err);
    throw new ImportFileError(gzipped ? `cannot decompress: ${message}` : `cannot read: ${message}`, file, lineNo + 1);
  } finally {
    source.destroy();
    if (stream !== source) stream.destroy();
  }

  // The last line may lack its newline.
  if (tail && tail.length > 0) handleBlock(Buffer.concat([tail, Buffer.of(NEWLINE)]));
  if (order === null) throw new ImportFileError('file is empty: no header line', file);
  gate?.end(parseRun);

  while (batch.length > 0) {
    const out = batch.slice(0, batchSize);
    batch = batch.slice(batchSize);
    yield out;
  }
  progress(true);
}

function stripCr(line: string): string {
  return line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}

async function fileSize(file: string): Promise<number> {
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) throw new ImportFileError('not a regular file', file);
    return stat.size;
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new ImportFileError(code === 'ENOENT' ? 'file not found' : `cannot open: ${String(err)}`, file);
  }
}

/** By content, not name: gzip's magic bytes 1f 8b. */
async function isGzip(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r').catch((err: unknown) => {
    throw new ImportFileError(`cannot open: ${String(err)}`, file);
  });
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * The data rows of a dataset file (its lines after the header), counted as bytes go by, never
 * decoded: exact up to `stopAfter`, then estimated from the share of the file read so far (of a
 * gzip file, its compressed bytes), so sizing a file far past a limit costs no more than sizing
 * one at it. Used to refuse an import before anything is read into the database.
 */
export async function countDataRows(file: string, stopAfter: number): Promise<{ rows: number; exact: boolean }> {
  const totalBytes = await fileSize(file);
  const gzipped = await isGzip(file);
  if (file.endsWith('.gz') && !gzipped) throw new ImportFileError('named .gz but is not gzip-compressed', file);
  const source = fs.createReadStream(file, { highWaterMark: CHUNK });
  const gunzip = gzipped ? zlib.createGunzip({ chunkSize: CHUNK }) : null;
  const stream = gunzip ? pipeline(source, gunzip, () => {}) : source;
  let lines = 0;
  let consumed = 0;
  let endsWithNewline = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (chunk.length > 0) endsWithNewline = chunk[chunk.length - 1] === 10;
      consumed += chunk.length;
      // The share of the file behind the lines counted: of a gzip file, the compressed bytes the
      // decompressor took (the read stream reads ahead of both).
      const share = (gunzip ? gunzip.bytesWritten : consumed) / Math.max(1, totalBytes);
      if (lines - 1 > stopAfter && share < 1) return { rows: Math.round((lines - 1) / Math.max(share, 1e-9)), exact: false };
    }
  } catch (err) {
    throw new ImportFileError(gzipped ? `cannot decompress: ${(err as Error).message}` : `cannot read: ${(err as Error).message}`, file);
  } finally {
    source.destroy();
  }
  return { rows: Math.max(0, lines + (endsWithNewline ? 0 : 1) - 1), exact: true };
}
