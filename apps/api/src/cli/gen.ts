/**
 * Writes a synthetic catalogue in IMDb's file format:
 *   npm run gen -- --titles N [--people M] [--out DIR] [--seed S] [--gzip]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createProgressReporter } from '../lib/progress';
import { generateSynthetic } from '../modules/importer/files/synthetic';

const usage = 'usage: npm run gen -- --titles N [--people M] [--out DIR] [--seed S] [--gzip]';

function positiveInt(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new Error(`--${name} is required\n${usage}`);
  }
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"\n${usage}`);
  return Number(value);
}

async function main() {
  const { values } = parseArgs({
    options: {
      titles: { type: 'string' },
      people: { type: 'string' },
      out: { type: 'string', default: 'data/synthetic' },
      seed: { type: 'string' },
      gzip: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const titles = positiveInt('titles', values.titles);
  const people = positiveInt('people', values.people, titles * 2);
  const seed = positiveInt('seed', values.seed, 1);
  // `npm run gen -w apps/api` runs in apps/api; INIT_CWD is where the operator typed the command.
  const outDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);

  const bar = createProgressReporter();
  const stats = await generateSynthetic({
    titles,
    people,
    outDir,
    seed,
    gzip: values.gzip,
    onProgress: (p) => bar.update({ stage: 'titles', fraction: p.totalTitles > 0 ? p.titles / p.totalTitles : 0, count: { value: p.titles, unit: 'titles' } }),
  });
  bar.done();

  const seconds = stats.elapsedMs / 1000;
  const totalRows = Object.values(stats.rows).reduce((a, b) => a + b, 0);
  const n = (x: number) => x.toLocaleString('en-US');
  console.log(`wrote ${outDir}${stats.parallel ? " (2 threads)" : ""}`);
  for (const [kind, rows] of Object.entries(stats.rows)) console.log(`  ${kind.padEnd(17)} ${n(rows).padStart(12)} rows`);
  console.log(
    `${n(stats.titles)} titles (${n(stats.series)} series, ${n(stats.episodes)} episodes), ${n(stats.people)} people, ` +
      `${(stats.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s: ` +
      `${n(Math.round(stats.titles / seconds))} titles/s, ${n(Math.round(totalRows / seconds))} rows/s`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
