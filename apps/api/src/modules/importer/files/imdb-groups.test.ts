import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareKeys, DiffImpossible, GroupDiffer, groupHash, keyText, type FingerprintSummary, type KeyChange } from './imdb-groups';
import { readImdbFile, type RowIssue } from './imdb-reader';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-imdb-groups-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const AKAS_HEADER = 'titleId\tordering\ttitle\tregion\tlanguage\ttypes\tattributes\tisOriginalTitle';
const aka = (n: number, ord: number, title: string) => `${keyText('tt', n)}\t${ord}\t${title}\tIR\tfa\t\\N\t\\N\t0`;

function write(name: string, lines: string[]): string {
  const file = path.join(tmp, name);
  const bytes = Buffer.from(`${[AKAS_HEADER, ...lines].join('\n')}\n`);
  fs.writeFileSync(file, name.endsWith('.gz') ? zlib.gzipSync(bytes) : bytes);
  return file;
}

interface Run {
  summary: FingerprintSummary | null;
  /** Parsed rows as `key:ordering`. */
  parsed: string[];
  changes: [string, KeyChange][];
  counts: GroupDiffer['counts'];
  issues: RowIssue[];
  differ: GroupDiffer;
  /** Where its fingerprints were written. */
  out: string;
}

let runs = 0;
async function run(file: string, opts: { old?: FingerprintSummary & { file: string }; want?: number[]; only?: number[]; highWaterMark?: number } = {}): Promise<Run> {
  const out = path.join(tmp, `run-${++runs}.fp`);
  const differ = new GroupDiffer({
    out,
    keyColumn: 'titleId',
    parseAll: !opts.old,
    want: opts.want ? new Set(opts.want) : undefined,
    only: opts.only ? new Set(opts.only) : undefined,
    old: opts.old ? { file: opts.old.file, sha256: opts.old.sha256, order: opts.old.order, prefix: opts.old.prefix } : undefined,
  });
  const parsed: string[] = [];
  const changes: [string, KeyChange][] = [];
  const issues: RowIssue[] = [];
  const drain = () => {
    const d = differ.drain();
    d.keys.forEach((k, i) => changes.push([keyText('tt', k), d.changes[i]!]));
  };
  let summary: FingerprintSummary | null = null;
  try {
    for await (const batch of readImdbFile(file, 'title.akas', { gate: differ, batchSize: 2, highWaterMark: opts.highWaterMark, onIssue: (i) => issues.push(i) })) {
      for (const r of batch) parsed.push(`${r.titleId}:${r.ordering}`);
      drain();
    }
  } catch (err) {
    differ.abandon();
    throw err;
  }
  summary = differ.summary;
  drain();
  return { summary: summary ? { ...summary } : null, parsed, changes, counts: { ...differ.counts }, issues, differ, out };
}

const withFile = (r: Run) => ({ ...r.summary!, file: r.out });

const DAY1 = [aka(1, 1, 'یک'), aka(1, 2, 'یک ۲'), aka(2, 1, 'دو'), aka(3, 1, 'سه'), aka(3, 2, 'سه ۲'), aka(5, 1, 'پنج')];

describe('GroupDiffer', () => {
  it('a first read parses every line and keeps one entry per key', async () => {
    const r = await run(write('a1.tsv', DAY1));
    expect(r.parsed).toHaveLength(6);
    expect(r.summary).toMatchObject({ entries: 4, order: 'numeric', prefix: 'tt' });
    expect(r.counts).toEqual({ added: 4, changed: 0, removed: 0, unchanged: 0 });
    expect(r.changes).toEqual([]);
  });

  it('the same file the next day: nothing changed, nothing parsed', async () => {
    const day1 = await run(write('b1.tsv', DAY1));
    const r = await run(write('b2.tsv', DAY1), { old: withFile(day1) });
    expect(r.parsed).toEqual([]);
    expect(r.counts).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 4 });
    expect(r.summary!.sha256).toBe(day1.summary!.sha256);
  });

  it('finds added, changed and removed groups and parses only the lines of the first two, with their line numbers', async () => {
    const day1 = await run(write('c1.tsv', DAY1));
    const day2 = [aka(1, 1, 'یک'), aka(1, 2, 'یک ۲'), aka(3, 1, 'سه'), aka(3, 2, 'سه دیگر'), aka(4, 1, 'چهار'), aka(5, 1, 'پنج'), aka(6, 1, 'شش'), aka(6, 2, 'شش ۲')];
    const file = write('c2.tsv', day2);
    for (const highWaterMark of [undefined, 7]) {
      const r = await run(file, { old: withFile(day1), highWaterMark });
      expect(r.counts).toEqual({ added: 2, changed: 1, removed: 1, unchanged: 2 });
      expect(r.parsed).toEqual(['tt0000003:1', 'tt0000003:2', 'tt0000004:1', 'tt0000006:1', 'tt0000006:2']);
      expect(new Map(r.changes)).toEqual(
        new Map([
          ['tt0000002', 'r'],
          ['tt0000003', 'c'],
          ['tt0000004', 'a'],
          ['tt0000006', 'a'],
        ]),
      );
    }
    // Line numbers stay the file's own: a broken row in a changed group is reported where it is.
    const broken = [...day2];
    broken[3] = `${keyText('tt', 3)}\tx\tسه دیگر\tIR\tfa\t\\N\t\\N\t0`;
    const r = await run(write('c3.tsv', broken), { old: withFile(day1) });
    expect(r.issues.map((i) => i.line)).toEqual([5]);
  });

  it('a row without a key belongs to the group before it', async () => {
    const day1 = await run(write('d1.tsv', DAY1));
    const day2 = [...DAY1];
    day2.splice(3, 0, '\\N\t9\tبی‌کلید\tIR\tfa\t\\N\t\\N\t0');
    const r = await run(write('d2.tsv', day2), { old: withFile(day1) });
    expect(r.changes).toEqual([['tt0000002', 'c']]);
    expect(r.issues).toHaveLength(1);
  });

  it('hands on unchanged groups that are wanted, marked as such', async () => {
    const day1 = await run(write('e1.tsv', DAY1));
    const r = await run(write('e2.tsv', DAY1), { old: withFile(day1), want: [2, 5] });
    expect(r.parsed).toEqual(['tt0000002:1', 'tt0000005:1']);
    expect(r.changes).toEqual([
      ['tt0000002', 'w'],
      ['tt0000005', 'w'],
    ]);
  });

  it('a first read with `only` parses the groups of those keys alone, and fingerprints every group the same', async () => {
    const whole = await run(write('o1.tsv', DAY1));
    for (const highWaterMark of [undefined, 7]) {
      const r = await run(write('o2.tsv', DAY1), { only: [1, 5], highWaterMark });
      expect(r.parsed).toEqual(['tt0000001:1', 'tt0000001:2', 'tt0000005:1']);
      expect(r.counts).toEqual(whole.counts);
      expect(r.summary!.sha256).toBe(whole.summary!.sha256);
    }
    // A broken row is reported, with its own line number, in a group that is parsed (and in the
    // lines before the first key); one in a group left unread is not.
    const broken = ['\\N\t9\tبی‌کلید\tIR\tfa\t\\N\t\\N\t0', ...DAY1];
    broken[2] = `${keyText('tt', 1)}\tx\tیک ۲\tIR\tfa\t\\N\t\\N\t0`;
    broken[4] = `${keyText('tt', 3)}\tx\tسه\tIR\tfa\t\\N\t\\N\t0`;
    const r = await run(write('o3.tsv', broken), { only: [1] });
    expect(r.issues.map((i) => i.line)).toEqual([2, 4]);
    expect(r.parsed).toEqual(['tt0000001:1']);
  });

  it('refuses an out-of-order file when comparing, and keeps no fingerprints of one on a first read', async () => {
    const day1 = await run(write('f1.tsv', DAY1));
    const shuffled = [aka(1, 1, 'یک'), aka(3, 1, 'سه'), aka(2, 1, 'دو')];
    const err = await run(write('f2.tsv', shuffled), { old: withFile(day1) }).catch((e) => e);
    expect(err).toBeInstanceOf(DiffImpossible);
    expect(err.message).toMatch(/out of order at line 4: tt0000002 after tt0000003/);
    const first = await run(write('f3.tsv', shuffled));
    expect(first.summary).toBeNull();
    expect(first.differ.unusable).toMatch(/out of order/);
    expect(first.parsed).toHaveLength(3);
    // A key that comes back after another is out of order too.
    const again = await run(write('f4.tsv', [aka(1, 1, 'a'), aka(2, 1, 'b'), aka(1, 2, 'c')]));
    expect(again.summary).toBeNull();
  });

  it('takes text order (tt10000000 before tt9999999) and compares in it', async () => {
    const lines = [aka(1, 1, 'a'), aka(10_000_000, 1, 'b'), aka(9_999_999, 1, 'c')];
    const day1 = await run(write('g1.tsv', lines));
    expect(day1.summary?.order).toBe('text');
    const r = await run(write('g2.tsv', [aka(1, 1, 'a'), aka(10_000_000, 1, 'b2'), aka(20_000_000, 1, 'd'), aka(9_999_999, 1, 'c')]), { old: withFile(day1) });
    expect(r.changes).toEqual([
      ['tt10000000', 'c'],
      ['tt20000000', 'a'],
    ]);
    expect(compareKeys('text', 10_000_000, 9_999_999)).toBeLessThan(0);
    expect(compareKeys('numeric', 10_000_000, 9_999_999)).toBeGreaterThan(0);
  });

  it('reads gzipped files to the same fingerprints', async () => {
    const plain = await run(write('h1.tsv', DAY1));
    const gz = await run(write('h1.tsv.gz', DAY1));
    expect(gz.summary!.sha256).toBe(plain.summary!.sha256);
  });

  it('refuses damaged fingerprints', async () => {
    const day1 = await run(write('i1.tsv', DAY1));
    const old = withFile(day1);
    const bytes = fs.readFileSync(old.file);
    bytes[bytes.length - 1]! ^= 1;
    fs.writeFileSync(old.file, bytes);
    const err = await run(write('i2.tsv', DAY1), { old }).catch((e) => e);
    expect(err).toBeInstanceOf(DiffImpossible);
    expect(err.message).toMatch(/damaged/);
  });

  it('refuses a file whose key is not its first column', async () => {
    const file = path.join(tmp, 'j1.tsv');
    fs.writeFileSync(file, `ordering\ttitleId\ttitle\tregion\tlanguage\ttypes\tattributes\tisOriginalTitle\n1\ttt0000001\ta\tIR\tfa\t\\N\t\\N\t0\n`);
    const r = await run(file);
    expect(r.summary).toBeNull();
    expect(r.parsed).toHaveLength(1);
  });

  it('hashes bytes, not their split into chunks', () => {
    const a = Buffer.from('tt0000001\t1\tabc\n');
    expect(groupHash(a)).toBe(groupHash(Buffer.from(a)));
    expect(groupHash(a)).not.toBe(groupHash(Buffer.from('tt0000001\t1\tabd\n')));
    expect(groupHash(Buffer.from('ab'))).not.toBe(groupHash(Buffer.from('ab\0')));
  });
});
