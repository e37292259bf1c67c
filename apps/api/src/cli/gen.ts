/**
 * Writes a synthetic catalogue in IMDb's file format:
 *   npm run gen -- --scale imdb | --titles N [--out DIR] [--seed S] [--gzip] [--next-day DIR] [--threads 1|2]
 *   npm run gen -- --shape classic --titles N [--people M] [--out DIR] [--seed S] [--gzip]
 *
 * By default the catalogue has IMDb's shape and proportions: --scale imdb is its real size
 * (12,265,715 titles), and --titles N scales every file by N / 12,265,715. --next-day DIR
 * writes the same catalogue as it is one day later, into DIR instead of --out. --shape classic
 * is the earlier generator: N top-level titles, each series with up to 7 episodes, 2 people
 * per title, and the planted real titles.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createProgressReporter } from '../lib/progress';
import { generateSynthetic } from '../modules/importer/files/synthetic';
import { generateImdbShaped, IMDB_SIZE } from '../modules/importer/files/synthetic-imdb';

const usage = [
  'usage: npm run gen -- (--scale imdb | --titles N) [--out DIR] [--seed S] [--gzip] [--next-day DIR] [--threads 1|2]',
  '       npm run gen -- --shape classic --titles N [--people M] [--out DIR] [--seed S] [--gzip]',
].join('\n');

function positiveInt(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new Error(`--${name} is required\n${usage}`);
  }
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"\n${usage}`);
  return Number(value);
}

const n = (x: number) => x.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
/** Peak resident memory of the process, worker thread included. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function main() {
  const { values } = parseArgs({
    options: {
      titles: { type: 'string' },
      scale: { type: 'string' },
      shape: { type: 'string', default: 'imdb' },
      people: { type: 'string' },
      out: { type: 'string', default: 'data/synthetic' },
      seed: { type: 'string' },
      gzip: { type: 'boolean', default: false },
      'next-day': { type: 'string' },
      threads: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.shape !== 'imdb' && values.shape !== 'classic') throw new Error(`--shape is imdb or classic, got "${values.shape}"\n${usage}`);
  if (values.scale !== undefined && values.scale !== 'imdb') throw new Error(`--scale takes only "imdb", got "${values.scale}"\n${usage}`);
  if (values.scale !== undefined && values.titles !== undefined) throw new Error(`--scale imdb and --titles exclude each other\n${usage}`);
  if (values.shape === 'classic' && (values.scale !== undefined || values['next-day'] !== undefined)) {
    throw new Error(`--scale and --next-day need the imdb shape\n${usage}`);
  }
  if (values.shape === 'imdb' && values.people !== undefined) throw new Error(`--people is for --shape classic: the imdb shape has IMDb's ratio\n${usage}`);
  const threads = values.threads === undefined ? undefined : positiveInt('threads', values.threads);
  if (threads !== undefined && threads !== 1 && threads !== 2) throw new Error(`--threads is 1 or 2\n${usage}`);
  const parallel = threads === undefined ? undefined : threads === 2;
  const seed = positiveInt('seed', values.seed, 1);
  // `npm run gen -w apps/api` runs in apps/api; INIT_CWD is where the operator typed the command.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const bar = createProgressReporter();
  const onProgress = (p: { titles: number; totalTitles: number }) =>
    bar.update({ stage: 'titles', fraction: p.totalTitles > 0 ? p.titles / p.totalTitles : 0, count: { value: p.titles, unit: 'titles' } });

  if (values.shape === 'classic') {
    const titles = positiveInt('titles', values.titles);
    const people = positiveInt('people', values.people, titles * 2);
    const outDir = path.resolve(cwd, values.out);
    const stats = await generateSynthetic({ titles, people, outDir, seed, gzip: values.gzip, parallel, onProgress });
    bar.done();
    const seconds = stats.elapsedMs / 1000;
    const totalRows = Object.values(stats.rows).reduce((a, b) => a + b, 0);
    console.log(`wrote ${outDir}${stats.parallel ? ' (2 threads)' : ''}`);
    for (const [kind, rows] of Object.entries(stats.rows)) console.log(`  ${kind.padEnd(17)} ${n(rows).padStart(12)} rows`);
    console.log(
      `${n(stats.titles)} titles (${n(stats.series)} series, ${n(stats.episodes)} episodes), ${n(stats.people)} people, ` +
        `${mb(stats.bytes)} in ${seconds.toFixed(2)} s: ` +
        `${n(Math.round(stats.titles / seconds))} titles/s, ${n(Math.round(totalRows / seconds))} rows/s, peak RSS ${mb(peakRss())}`,
    );
    return;
  }

  const titles = values.scale === 'imdb' ? IMDB_SIZE.titles : positiveInt('titles', values.titles);
  const nextDay = values['next-day'] !== undefined;
  const outDir = path.resolve(cwd, values['next-day'] ?? values.out);
  const stats = await generateImdbShaped({ titles, outDir, seed, gzip: values.gzip, parallel, nextDay, onProgress });
  bar.done();
  const seconds = stats.elapsedMs / 1000;
  const totalRows = Object.values(stats.rows).reduce((a, b) => a + b, 0);
  console.log(`wrote ${outDir}${nextDay ? ' (the next day)' : ''}${stats.parallel ? ' (2 threads)' : ''}`);
  for (const [kind, rows] of Object.entries(stats.rows)) {
    console.log(`  ${kind.padEnd(17)} ${n(rows).padStart(12)} rows  ${n(stats.broken[kind as keyof typeof stats.broken]).padStart(6)} broken`);
  }
  console.log(
    `${n(stats.titles)} titles (${n(stats.series)} series, ${n(stats.episodes)} episodes), ${n(stats.people)} people, ` +
      `${mb(stats.bytes)} in ${seconds.toFixed(2)} s: ${n(Math.round(totalRows / seconds))} rows/s, ` +
      `${mb(stats.bytes / seconds)}/s, peak RSS ${mb(peakRss())}`,
  );
  if (stats.changes) {
    const c = stats.changes;
    console.log(
      `the next day: ${n(c.titlesAdded)} titles and ${n(c.peopleAdded)} people added, ${n(c.titlesChanged)} titles and ` +
        `${n(c.peopleChanged)} people changed, ${n(c.titlesRemoved)} titles removed, votes moved on ${n(c.ratingsMoved)} titles, ` +
        `${n(c.ratingsAdded)} rated for the first time`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
