/**
 * `npm run bench:index` (DATABASE_URL set): what the search index costs one API process, built
 * from the database (what every process did before decision 34, and what the first process of a
 * machine still does once per catalogue change) against read from its file (every other process,
 * every restart). Each measure runs in a fresh process; memory is taken after full collections.
 *
 *   npm run bench:index -- [--dir DIR] [--runs N]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeBenchmarkSection } from '../../../scripts/lib.mjs';
import { openDatabase } from '../src/db/client';
import { readIndexFile, writeIndexFile } from '../src/modules/search/index-file';
import { indexFromSections, indexSections, loadSearchIndex, type LoadedIndex } from '../src/modules/search/memory-index';

const { values } = parseArgs({
  options: {
    mode: { type: 'string' },
    dir: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
});

interface Measure {
  ms: number;
  rssMb: number;
  heapMb: number;
  arrayBuffersMb: number;
  fileBytes?: number;
  writeMs?: number;
  /** Bytes of the file's sections by part: the dictionary, its trigrams, titles, people. */
  parts?: Record<string, number>;
  counts: { words: number; titles: number; people: number };
}

const mb = (n: number) => Math.round(n / 1e5) / 10;

function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage();
}

const counts = (index: LoadedIndex) => ({ words: index.dictionary.size, titles: index.docs.titles.size, people: index.docs.people.size });

/** One measure, in this (fresh) process. */
async function child(mode: string, dir: string): Promise<Measure> {
  const file = path.join(dir, 'bench.idx');
  if (mode === 'build') {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 2 });
    const before = memory();
    const started = Date.now();
    const index = await loadSearchIndex(database.pool);
    // Built here for the file; before, the first typo query of each process built the same lists.
    index.dictionary.trigrams();
    const ms = Date.now() - started;
    const after = memory();
    const writeStarted = Date.now();
    const sections = indexSections(index);
    const parts: Record<string, number> = {};
    for (const [name, section] of Object.entries(sections)) parts[name.split('.')[0]!] = (parts[name.split('.')[0]!] ?? 0) + section.byteLength;
    const fileBytes = await writeIndexFile(file, { key: index.key ?? 'v0', version: index.version, sections });
    fs.writeFileSync(`${file}.key`, index.key ?? 'v0');
    const writeMs = Date.now() - writeStarted;
    await database.close();
    return { ms, rssMb: mb(after.rss - before.rss), heapMb: mb(after.heapUsed - before.heapUsed), arrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers), fileBytes, writeMs, parts, counts: counts(index) };
  }
  const before = memory();
  const started = Date.now();
  const index = indexFromSections(await readIndexFile(file, fs.readFileSync(`${file}.key`, 'utf8')));
  const ms = Date.now() - started;
  const after = memory();
  return { ms, rssMb: mb(after.rss - before.rss), heapMb: mb(after.heapUsed - before.heapUsed), arrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers), counts: counts(index) };
}

function run(mode: string, dir: string): Measure {
  const out = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--mode', mode, '--dir', dir], { encoding: 'utf8', env: process.env, maxBuffer: 1 << 24 });
  if (out.status !== 0) throw new Error(`${mode} failed:\n${out.stdout}\n${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as Measure;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (values.mode) {
    console.log(JSON.stringify(await child(values.mode, values.dir!)));
    return;
  }
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the catalogue to measure (PostgreSQL)');
  const dir = values.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parde-bench-index-'));
  const runs = Number(values.runs);
  const builds = Array.from({ length: runs }, () => run('build', dir));
  const reads = Array.from({ length: runs }, () => run('read', dir));
  const row = (name: string, ms: Measure[]) =>
    `| ${name} | ${median(ms.map((m) => m.ms)).toLocaleString('en-US')} ms | ${median(ms.map((m) => m.rssMb))} MB | ${median(ms.map((m) => m.heapMb))} MB | ${median(ms.map((m) => m.arrayBuffersMb))} MB |`;
  const { counts: c, fileBytes, writeMs, parts } = builds[0]!;
  const per = { dict: c.words, trigrams: c.words, titles: c.titles, people: c.people } as Record<string, number>;
  const lines = [
    `### The last run, ${new Date().toISOString().slice(0, 10)}, median of ${runs} fresh processes each`,
    '',
    `${c.titles.toLocaleString('en-US')} titles, ${c.people.toLocaleString('en-US')} people, ${c.words.toLocaleString('en-US')} words; file ${mb(fileBytes!)} MB, written in ${writeMs} ms.`,
    Object.entries(parts!).map(([part, bytes]) => `${part} ${mb(bytes)} MB (${(bytes / Math.max(1, per[part] ?? 1)).toFixed(1)} bytes each)`).join(', '),
    '',
    '| load | time (median) | RSS added | JS heap added | typed arrays added |',
    '|---|---|---|---|---|',
    row('built from the database', builds),
    row('read from its file', reads),
  ];
  console.log(lines.join('\n'));
  // The curated figures of decision 34 stay; the last run goes below them, in its own markers.
  writeBenchmarkSection('index-run', lines.join('\n'));
  console.log('\nwritten to docs/benchmarks.md');
  if (!values.dir) fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
