import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The search index as one file: a small JSON header naming each section (a flat typed array),
 * then the sections' bytes, each 8-byte aligned, then an end mark. A process reads each section
 * straight into a typed array of its own (no parsing, no per-word objects), so loading costs about
 * what reading the bytes costs.
 *
 *   "PARDEIDX" | u32 header length | header JSON | padding | sections … | "PARDEEND"
 *
 * Little-endian, as every machine we run on: a file never leaves the machine that wrote it.
 */

export type Section = Uint8Array | Uint16Array | Int32Array;

/** Bumped when the layout or a section's meaning changes: a file of another format is never read. */
export const INDEX_FILE_FORMAT = 1;

const MAGIC = Buffer.from('PARDEIDX');
const END = Buffer.from('PARDEEND');
/** One read or write call moves at most this much (the kernel's and Node's limits are near 2 GiB). */
const CHUNK = 256 * 1024 * 1024;

const TYPES = {
  u8: Uint8Array,
  u16: Uint16Array,
  i32: Int32Array,
} as const;
type TypeName = keyof typeof TYPES;

function typeOf(section: Section): TypeName {
  if (section instanceof Uint8Array) return 'u8';
  if (section instanceof Uint16Array) return 'u16';
  return 'i32';
}

interface Header {
  format: number;
  key: string;
  version: number;
  size: number;
  sections: { name: string; type: TypeName; length: number; offset: number }[];
}

export interface IndexFileContents {
  /** What the file was built for (the catalogue's version and when it was built). */
  key: string;
  /** The catalogue version. */
  version: number;
  sections: Record<string, Section>;
}

/** The file is not a whole index file of this format for the expected key: it is never used. */
export class IndexFileError extends Error {}

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const bytesOf = (s: Section) => Buffer.from(s.buffer, s.byteOffset, s.byteLength);

async function writeAll(fh: fs.FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await fh.write(bytes, done, Math.min(CHUNK, bytes.length - done), position + done);
    done += bytesWritten;
  }
}

async function readAll(fh: fs.FileHandle, into: Buffer, position: number): Promise<void> {
  for (let done = 0; done < into.length; ) {
    const { bytesRead } = await fh.read(into, done, Math.min(CHUNK, into.length - done), position + done);
    if (bytesRead === 0) throw new IndexFileError('the index file ends early');
    done += bytesRead;
  }
}

/**
 * Writes the file whole or not at all: into a temporary file beside it, flushed to disk, then
 * renamed over `file` — a reader sees either no file or a complete one, never a part.
 * Returns its size in bytes.
 */
export async function writeIndexFile(file: string, contents: IndexFileContents): Promise<number> {
  const names = Object.keys(contents.sections);
  // The header's length depends on the offsets it lists: lay out with room for the largest.
  let headerBytes = 0;
  let header: Header;
  for (;;) {
    let at = align8(MAGIC.length + 4 + headerBytes);
    const sections = names.map((name) => {
      const s = contents.sections[name]!;
      const entry = { name, type: typeOf(s), length: s.length, offset: at };
      at = align8(at + s.byteLength);
      return entry;
    });
    header = { format: INDEX_FILE_FORMAT, key: contents.key, version: contents.version, size: at + END.length, sections };
    const needed = Buffer.byteLength(JSON.stringify(header));
    if (needed <= headerBytes) break;
    headerBytes = needed + 64;
  }
  const json = Buffer.alloc(headerBytes, ' ');
  json.write(JSON.stringify(header));
  const lead = Buffer.alloc(align8(MAGIC.length + 4 + headerBytes));
  MAGIC.copy(lead, 0);
  lead.writeUInt32LE(headerBytes, MAGIC.length);
  json.copy(lead, MAGIC.length + 4);

  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  const fh = await fs.open(tmp, 'wx');
  try {
    await writeAll(fh, lead, 0);
    for (const { name, offset } of header.sections) await writeAll(fh, bytesOf(contents.sections[name]!), offset);
    await writeAll(fh, END, header.size - END.length);
    await fh.sync();
    await fh.close();
    await fs.rename(tmp, file);
  } catch (err) {
    await fh.close().catch(() => undefined);
    await fs.rm(tmp, { force: true });
    throw err;
  }
  // The rename itself survives a power cut only once the directory is flushed too.
  const dir = await fs.open(path.dirname(file), 'r');
  await dir.sync().finally(() => dir.close());
  return header.size;
}

/**
 * Reads a file written by {@link writeIndexFile} for `key`. Each section gets memory of its own
 * (aligned for its type, and freed with the index that holds it). A file that is cut short, of
 * another format or for another key throws {@link IndexFileError}; a missing one throws ENOENT.
 */
export async function readIndexFile(file: string, key: string): Promise<IndexFileContents & { size: number }> {
  const fh = await fs.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const lead = Buffer.alloc(MAGIC.length + 4);
    if (size < lead.length + END.length) throw new IndexFileError('the index file is too short');
    await readAll(fh, lead, 0);
    if (!lead.subarray(0, MAGIC.length).equals(MAGIC)) throw new IndexFileError('not an index file');
    const json = Buffer.alloc(lead.readUInt32LE(MAGIC.length));
    if (lead.length + json.length > size) throw new IndexFileError('the index file is too short');
    await readAll(fh, json, lead.length);
    let header: Header;
    try {
      header = JSON.parse(json.toString('utf8')) as Header;
    } catch {
      throw new IndexFileError('the index file has a damaged header');
    }
    if (header.format !== INDEX_FILE_FORMAT) throw new IndexFileError(`index file format ${header.format}, expected ${INDEX_FILE_FORMAT}`);
    if (header.key !== key) throw new IndexFileError(`the index file was built for ${header.key}, not ${key}`);
    if (header.size !== size) throw new IndexFileError(`the index file has ${size} bytes, its header says ${header.size}`);
    const end = Buffer.alloc(END.length);
    await readAll(fh, end, size - END.length);
    if (!end.equals(END)) throw new IndexFileError('the index file has no end mark');

    const sections: Record<string, Section> = {};
    for (const { name, type, length, offset } of header.sections) {
      const Type = TYPES[type];
      if (!Type || offset % 8 !== 0 || offset + length * Type.BYTES_PER_ELEMENT > size - END.length) throw new IndexFileError(`the index file's section ${name} is out of bounds`);
      // Memory of its own (not zeroed: every byte is read into it), so the typed array's view is aligned.
      const bytes = Buffer.allocUnsafeSlow(length * Type.BYTES_PER_ELEMENT);
      await readAll(fh, bytes, offset);
      sections[name] = new Type(bytes.buffer, bytes.byteOffset, length);
    }
    return { key: header.key, version: header.version, sections, size };
  } finally {
    await fh.close();
  }
}
