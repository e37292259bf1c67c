// `npm run bench:web`: builds the site, serves it with the demo catalogue, and reports the gzip
// size of the JavaScript and CSS a first visit to `/` loads, and Lighthouse 12 (mobile preset,
// Debian Chromium, median of 5 runs) for `/` and a title page. Results go to docs/benchmarks.md.
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
const RUNS = Number(process.env.BENCH_WEB_RUNS || 5);
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
  // What a first visit to `/` loads, measured in a real browser.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const assets = new Set();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if ((type === 'script' || type === 'stylesheet' || type === 'font') && res.url().startsWith(base)) assets.add(new URL(res.url()).pathname);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const titlePath = await page.evaluate(async () => {
    const r = await fetch('/api/titles?per_page=1').then((x) => x.json());
    return r.data[0].path;
  });
  await browser.close();
  // The page itself: since the server renders `/`, its markup, inline styles and data are here.
  const html = zlib.gzipSync(Buffer.from(await (await fetch(`${base}/`)).text()), { level: 9 }).length;
  let js = 0;
  let css = 0;
  let fonts = 0;
  let scripts = 0;
  for (const a of assets) {
    const file = path.join(root, 'apps/web/dist', a);
    if (!fs.existsSync(file)) continue;
    // Fonts are sent as they are (WOFF2 is compressed already); scripts and styles gzipped.
    if (a.endsWith('.woff2')) {
      fonts += fs.statSync(file).size;
      continue;
    }
    const gz = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    if (a.endsWith('.css')) css += gz;
    else {
      js += gz;
      scripts++;
    }
  }

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
  const home = await lighthouse(`${base}/`);
  const title = await lighthouse(`${base}${titlePath}`);
  const row = (name, r) =>
    `| ${name} | ${r.performance.toFixed(0)} | ${r.accessibility.toFixed(0)} | ${r.bestPractices.toFixed(0)} | ${r.seo.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.lcp / 1000).toFixed(2)} s | ${r.tbt.toFixed(0)} ms |`;
  const md = [
    `## Web (\`npm run bench:web\`), ${new Date().toISOString().slice(0, 10)}`,
    '',
    `First visit to \`/\`: **${(js / 1024).toFixed(1)} kB** of JavaScript in ${scripts} files and **${(css / 1024).toFixed(1)} kB** of CSS (gzip; target ≤ 150 kB of JavaScript), **${(fonts / 1024).toFixed(1)} kB** of fonts, and the page itself, with the server-rendered screen, its styles and data, **${(html / 1024).toFixed(1)} kB**.`,
    '',
    `Lighthouse 12, mobile preset, Debian Chromium, median of ${RUNS} runs:`,
    '',
    '| page | performance | accessibility | best practices | SEO | layout shift | largest paint | blocking time |',
    '|---|---|---|---|---|---|---|---|',
    row('`/`', home),
    row(`title page (\`${titlePath}\`)`, title),
  ].join('\n');
  console.log(`\n${md}\n`);
  writeBenchmarkSection('web', md);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
