// `npm run bench:web`: builds the site, serves it with the demo catalogue, and reports for every
// public route the gzip size of the JavaScript a first visit loads (in Chromium) and Lighthouse 12
// (mobile preset, Debian Chromium, median of BENCH_WEB_RUNS runs, 3 by default): performance,
// accessibility, best practices, SEO, layout shift, largest paint, blocking time. Results go to
// docs/benchmarks.md.
// Lighthouse runs through `npx lighthouse@12`, outside the workspaces (it would hoist zod 3).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { mustRun, root, writeBenchmarkSection } from './lib.mjs';

const exec = promisify(execFile);
const RUNS = Number(process.env.BENCH_WEB_RUNS || 3);
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});

await mustRun('npm', ['run', 'build', '-w', 'apps/web']);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

try {
  const json = async (p) => (await fetch(`${base}${p}`)).json();
  const title = (await json('/api/titles?per_page=1')).data[0];
  const collection = (await json('/api/collections')).data[0];
  const plan = (await json('/api/plans')).data[0];
  const person = /href="(\/people\/[^"]+)"/.exec(await (await fetch(`${base}${title.path}`)).text())?.[1];
  /** Every public route of the issue, with ids from the demo catalogue. */
  const routes = [
    ['`/`', '/'],
    ['`/tv`', '/tv'],
    ['`/?is_dubbed=1`', '/?is_dubbed=1'],
    ['`categories`', '/categories'],
    ['`collections`', '/collections'],
    ['a collection', `/collections/${collection.id}/${collection.slug}`],
    ['`comingsoon`', '/comingsoon'],
    ['a title', title.path],
    ["a title's files", `/titles/${title.id}/files`],
    ['a person', person],
    ['`premium/plans`', '/premium/plans'],
    ['a plan', `/premium/plans/${plan.id}`],
    ['`contact`', '/contact'],
    ['`auth/login`', '/auth/login'],
    ['`auth/register`', '/auth/register'],
    ['`auth/forgot-password`', '/auth/forgot-password'],
  ];

  // What a first visit to each route loads, measured in a real browser: scripts (gzip, as the
  // build's `.gz` files are served) in a fresh context each.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });
  async function firstVisitJs(p) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const assets = new Set();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(base)) assets.add(new URL(res.url()).pathname);
    });
    await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
    await context.close();
    let js = 0;
    for (const a of assets) {
      const file = path.join(root, 'apps/web/dist', a);
      if (fs.existsSync(file)) js += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    }
    return js;
  }
  const jsOf = new Map();
  for (const [, p] of routes) jsOf.set(p, await firstVisitJs(p));
  await browser.close();

  async function lighthouse(url) {
    const scores = [];
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART, "run Lighthouse again"): such a
    // run is repeated, up to three times, rather than ending the benchmark.
    async function once() {
      for (let attempt = 1; ; attempt++) {
        try {
          const { stdout } = await exec(
            'npx',
            ['-y', 'lighthouse@12', url, '--quiet', '--output=json', '--output-path=stdout', '--chrome-path=/usr/bin/chromium', `--chrome-flags=${CHROME_FLAGS}`, '--only-categories=performance,accessibility,best-practices,seo'],
            { cwd: os.tmpdir(), maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
          );
          const r = JSON.parse(stdout);
          if (r.categories.performance.score === null || r.audits['cumulative-layout-shift'].numericValue === undefined) throw new Error('Lighthouse returned no performance figures');
          return r;
        } catch (err) {
          if (attempt >= 3) throw err;
          console.warn(`Lighthouse run failed (${String(err.message ?? err).split('\n')[0].slice(0, 120)}); running it again`);
        }
      }
    }
    for (let i = 0; i < RUNS; i++) {
      const r = await once();
      scores.push({
        performance: r.categories.performance.score * 100,
        accessibility: r.categories.accessibility.score * 100,
        bestPractices: r.categories['best-practices'].score * 100,
        seo: r.categories.seo.score * 100,
        cls: r.audits['cumulative-layout-shift'].numericValue,
        lcp: r.audits['largest-contentful-paint'].numericValue,
        tbt: r.audits['total-blocking-time'].numericValue,
      });
    }
    const median = (k) => scores.map((s) => s[k]).sort((a, b) => a - b)[Math.floor(scores.length / 2)];
    return { performance: median('performance'), accessibility: median('accessibility'), bestPractices: median('bestPractices'), seo: median('seo'), cls: median('cls'), lcp: median('lcp'), tbt: median('tbt') };
  }
  const results = [];
  for (const [name, p] of routes) {
    console.log(`Lighthouse: ${p}`);
    results.push([name, p, await lighthouse(`${base}${p}`)]);
  }
  const row = (name, p, r) =>
    `| ${name} | ${r.performance.toFixed(0)} | ${r.accessibility.toFixed(0)} | ${r.bestPractices.toFixed(0)} | ${r.seo.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.lcp / 1000).toFixed(2)} s | ${r.tbt.toFixed(0)} ms | ${(jsOf.get(p) / 1024).toFixed(1)} kB |`;
  const md = [
    `## Web (\`npm run bench:web\`), ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Lighthouse 12, mobile preset, Debian Chromium, median of ${RUNS} runs per route; a first visit's JavaScript is what Chromium loads on a fresh visit (gzip; target ≤ 150 kB). Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end.`,
    '',
    '| page | performance | accessibility | best practices | SEO | layout shift | largest paint | blocking time | first visit JS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(([name, p, r]) => row(name, p, r)),
  ].join('\n');
  console.log(`\n${md}\n`);
  writeBenchmarkSection('web', md);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
