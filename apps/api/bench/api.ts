/**
 * `npm run bench:api`: a synthetic catalogue (1,000,000 titles and 2,000,000 people by default)
 * loaded through the real importer into PostgreSQL, then the real server measured: search latency
 * and recall@3 on planted titles, and requests/s under autocannon; the same on the embedded
 * database at 100,000 titles. Results go to docs/benchmarks.md.
 *
 *   npm run bench:api -- [--titles N] [--embedded-titles N] [--seconds S] [--skip-embedded]
 *   npm run bench:api -- --scale imdb [--imdb-dir DIR] [--seconds S]
 *
 * `--scale imdb`: the catalogue at IMDb's whole size and shape (`npm run gen -- --scale imdb`,
 * written into DIR when it holds no files yet) imported into PostgreSQL once, then the built
 * server as production runs it: its start-up (building the search index, then reading its file),
 * its memory, and every measure of the issue at 10 connections, each with distinct inputs so no
 * answer comes from the micro-cache. Its figures go in a section of their own, beside the 1M ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { importCatalogue } from '../src/modules/importer/import-catalogue';
import { plantedTitles } from '../src/modules/importer/files/planted-titles';
import { generateSynthetic } from '../src/modules/importer/files/synthetic';
import { queryVariants } from '../src/modules/search/query-variants';
import { fmt, latencies, load, repoRoot, startServer, writeSection } from './bench-lib';
import { measureAtImdbScale } from './api-imdb';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '1000000' },
    'embedded-titles': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    'skip-embedded': { type: 'boolean', default: false },
    scale: { type: 'string' },
    'imdb-dir': { type: 'string' },
    pg: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const seconds = Number(values.seconds);

async function synthetic(titles: number) {
  const dir = path.join(repoRoot, 'data', 'bench', `synthetic-${titles}`);
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    const t0 = Date.now();
    await generateSynthetic({ titles, people: titles * 2, outDir: dir, seed: 42 });
    fs.writeFileSync(path.join(dir, '.complete'), '');
    console.log(`generated ${titles} titles in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return dir;
}

interface Query {
  path: string;
  expect?: string;
  kind: string;
}

function variants(): { title: Query[]; people: string[] } {
  const qs: Query[] = queryVariants(plantedTitles).map((v) => ({ path: `/api/titles/search?q=${encodeURIComponent(v.q)}`, expect: v.tconst, kind: v.kind }));
  const people = ['nolan', 'christopher', 'tom hanks', 'فرهادی', 'کریستوفر', 'scor', 'پاچینو', 'meryl', 'اسپیلبرگ', 'denzel'].map(
    (q) => `/api/people/search?q=${encodeURIComponent(q)}`,
  );
  return { title: qs, people };
}

/** Our ids of the planted titles, to check the answers against. */
async function plantedIds(pool: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles WHERE imdb_id = ANY($1)', [plantedTitles.map((t) => t.tconst)]);
  return new Map(rows.map((r) => [r.imdb_id, r.id]));
}

async function measure(label: string, url: string, ids: Map<string, number>, workload: DetailWorkload) {
  const { title, people } = variants();

  // Warm the database's own caches once, as a running site is warm.
  for (const q of title) await fetch(`${url}${q.path}&_b=warm`);
  let hits = 0;
  const misses: string[] = [];
  const byKind = new Map<string, { n: number; hit: number }>();
  const lat = await latencies<{ data: { id: number }[] }>(
    url,
    title.map((q) => q.path),
    (p, body) => {
      const q = title.find((x) => x.path === p)!;
      const ok = body.data.slice(0, 3).some((d) => d.id === ids.get(q.expect!));
      const k = byKind.get(q.kind) ?? { n: 0, hit: 0 };
      byKind.set(q.kind, k);
      k.n++;
      if (ok) {
        k.hit++;
        hits++;
      } else misses.push(decodeURIComponent(p.split('q=')[1]!));
    },
  );
  const recall = (100 * hits) / title.length;
  const peopleLat = await latencies(url, people);
  const detailPaths = [...ids.values()].map((id) => `/api/titles/${id}`);
  const detailLat = await latencies(url, detailPaths);
  const { spread, skewed, popularCount } = workload;

  const titlePaths = title.map((q) => q.path);
  const health = await load(url, ['/healthz'], 10, seconds);
  const s10 = await load(url, titlePaths, 10, seconds, { bypassCache: true });
  const s100 = await load(url, titlePaths, 100, seconds, { bypassCache: true });
  const s10c = await load(url, titlePaths, 10, seconds);
  const p10 = await load(url, people, 10, seconds, { bypassCache: true });
  const dw10 = await load(url, detailPaths, 10, seconds);
  const d10 = await load(url, spread, 10, seconds, { bypassCache: true });
  // A running site is warm: one pass of visitors before the measured one.
  await load(url, skewed, 10, seconds);
  const d10c = await load(url, skewed, 10, seconds);
  const d100 = await load(url, skewed, 100, seconds);

  const kinds = [...byKind.entries()].map(([k, v]) => `${k} ${v.hit}/${v.n}`).join(', ');
  console.log(`\n${label}: recall@3 ${fmt(recall)}% (${kinds}); misses: ${misses.slice(0, 10).join(' | ')}`);
  return [
    `### ${label}`,
    '',
    `| measure | result |`,
    `|---|---|`,
    `| title search, one user typing (${lat.n} queries, HTTP) | p50 ${fmt(lat.p50)} ms, p99 ${fmt(lat.p99)} ms |`,
    `| title search recall@3 on planted titles | **${fmt(recall)}%** (${kinds}) |`,
    `| people search, one user | p50 ${fmt(peopleLat.p50)} ms, p99 ${fmt(peopleLat.p99)} ms |`,
    `| title detail, one user | p50 ${fmt(detailLat.p50)} ms, p99 ${fmt(detailLat.p99)} ms |`,
    `| \`/healthz\` ceiling, 10 connections | ${fmt(health.rps, 0)} req/s |`,
    `| title search, 10 connections, every answer computed | ${fmt(s10.rps, 0)} req/s, p99 ${s10.p99} ms (${s10.errors} errors) |`,
    `| title search, 100 connections, every answer computed | ${fmt(s100.rps, 0)} req/s, p99 ${s100.p99} ms (${s100.errors} errors) |`,
    `| title search, 10 connections, micro-cache on (the query set repeats) | ${fmt(s10c.rps, 0)} req/s, p99 ${s10c.p99} ms |`,
    `| people search, 10 connections, every answer computed | ${fmt(p10.rps, 0)} req/s, p99 ${p10.p99} ms |`,
    `| title detail, 10 connections, the planted well-known titles, micro-cache on | ${fmt(dw10.rps, 0)} req/s (**${fmt((100 * dw10.rps) / health.rps, 0)}% of the ceiling**), p99 ${dw10.p99} ms |`,
    `| title detail, 10 connections, each title's first read (${spread.length.toLocaleString('en')} distinct titles across the catalogue) | ${fmt(d10.rps, 0)} req/s (${fmt((100 * d10.rps) / health.rps, 0)}% of the ceiling), p99 ${d10.p99} ms |`,
    `| title detail, 10 connections, as visitors ask (Zipf over the ${popularCount.toLocaleString('en')} most-voted titles), micro-cache on | ${fmt(d10c.rps, 0)} req/s (${fmt((100 * d10c.rps) / health.rps, 0)}% of the ceiling), p99 ${d10c.p99} ms, ${fmt(d10c.hitRatio, 0)}% from the micro-cache |`,
    `| title detail, 100 connections, as visitors ask, micro-cache on | ${fmt(d100.rps, 0)} req/s (${fmt((100 * d100.rps) / health.rps, 0)}% of the ceiling), p99 ${d100.p99} ms |`,
    '',
    misses.length ? `Missed (not in the top 3): ${misses.slice(0, 15).map((m) => `\`${m}\``).join(', ')}${misses.length > 15 ? ' …' : ''}` : 'No misses.',
  ].join('\n');
}

interface DetailWorkload {
  spread: string[];
  skewed: string[];
  popularCount: number;
}

/** A deterministic generator, so every run asks for the same titles in the same order. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Title pages as the catalogue's readers ask for them. `spread`: 30,000 distinct titles drawn
 * evenly from the whole catalogue, each read for the first time (cold rows included). `skewed`: 50,000 requests over
 * the most-voted titles with Zipf's law (the k-th most popular asked ∝ 1/k), as page views of a
 * catalogue fall — what the micro-cache meets in production.
 */
async function detailWorkload(pool: pg.Pool): Promise<DetailWorkload> {
  const rnd = mulberry32(7);
    const all = (await pool.query<{ id: number }>('SELECT id FROM titles ORDER BY id')).rows.map((r) => r.id);
    // Distinct titles, more than 10 seconds of requests can reach: each one is a first read.
    const spreadCount = Math.min(30_000, all.length);
    const spread = Array.from({ length: spreadCount }, (_, k) => `/api/titles/${all[Math.floor(((k + rnd()) * all.length) / spreadCount)]}`);
    const popular = (await pool.query<{ id: number }>('SELECT id FROM titles ORDER BY votes DESC, id LIMIT 100000')).rows.map((r) => r.id);
    const cumulative: number[] = [];
    let sum = 0;
    for (let k = 1; k <= popular.length; k++) cumulative.push((sum += 1 / k));
    const pick = () => {
      const x = rnd() * sum;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cumulative[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return popular[lo]!;
    };
    const skewed = Array.from({ length: 50_000 }, () => `/api/titles/${pick()}`);
    return { spread, skewed, popularCount: popular.length };
}

async function onPostgres(titles: number) {
  const dir = await synthetic(titles);
  const admin = new pg.Client({ connectionString: values.pg });
  await admin.connect();
  const dbName = `parde_bench_${titles}`;
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  const url = new URL(values.pg!);
  url.pathname = `/${dbName}`;
  let importSeconds: number | undefined;
  if (exists.rowCount === 0 || process.env.BENCH_REIMPORT) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
    const database = await openDatabase({ databaseUrl: url.toString() });
    await runMigrations(database);
    const report = await importCatalogue({ database, imdbDir: dir, progress: true, log: (l) => console.error(l) });
    importSeconds = report.seconds;
    console.log(`imported ${report.titles} titles, ${report.people} people in ${fmt(report.seconds)} s`);
    await database.close();
  }
  await admin.end();
  const server = await startServer({ DATABASE_URL: url.toString(), DATABASE_POOL_MAX: '20' });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    const counts = await pool.query<{ t: number; p: number }>('SELECT (SELECT count(*) FROM titles)::int t, (SELECT count(*) FROM people)::int p');
    const settings = await pool.query<{ sb: string; jit: string }>(`SELECT current_setting('shared_buffers') sb, current_setting('jit') jit`);
    const md = await measure(`PostgreSQL 15 (shared_buffers ${settings.rows[0]!.sb}, jit ${settings.rows[0]!.jit}), ${counts.rows[0]!.t.toLocaleString('en')} titles, ${counts.rows[0]!.p.toLocaleString('en')} people`, server.url, await plantedIds(pool), await detailWorkload(pool));
    return md + (importSeconds ? `\n\nImport of the synthetic IMDb files: ${fmt(importSeconds, 0)} s.` : '');
  } finally {
    await pool.end();
    await server.stop();
  }
}

async function onEmbedded(titles: number) {
  const dir = await synthetic(titles);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-bench-pglite-'));
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
  await runMigrations(database);
  const report = await importCatalogue({ database, imdbDir: dir, progress: true, log: (l) => console.error(l) });
  const ids = await plantedIds(database.pool);
  const workload = await detailWorkload(database.pool);
  await database.close();
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    return (await measure(`Embedded PGlite (default \`npm start\`), ${report.titles.toLocaleString('en')} titles`, server.url, ids, workload)) + `\n\nImport: ${fmt(report.seconds, 0)} s.`;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.scale !== undefined) {
  if (values.scale !== 'imdb') throw new Error(`--scale takes imdb (IMDb's whole size), not ${values.scale}`);
  writeSection('bench:api-imdb', await measureAtImdbScale({ pg: values.pg!, dir: values['imdb-dir'], seconds }));
  console.log('\nwritten to docs/benchmarks.md');
  process.exit(0);
}

const sections = [`## API (\`npm run bench:api\`), ${new Date().toISOString().slice(0, 10)}`, ''];
sections.push(
  'Query set: for each of the planted well-known titles, the full English and Persian names, prefixes while typing, the Persian name typed on an Arabic keyboard, with ZWNJ as a space or left out, with the year in Persian digits, and with two letters swapped. Latency is one request at a time over HTTP (what one typing user sees); throughput is autocannon with rotating queries.',
  '',
);
sections.push(await onPostgres(Number(values.titles)));
if (!values['skip-embedded']) sections.push('', await onEmbedded(Number(values['embedded-titles'])));
writeSection('bench:api', sections.join('\n'));
console.log('\nwritten to docs/benchmarks.md');
process.exit(0);
