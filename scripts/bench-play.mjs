// `npm run bench:play`: the player in Debian's headless Chromium against the local server and its
// demo media. For each network (unthrottled loopback, and Chrome's Fast 4G: 9 Mb/s down, 60 ms
// round trip) and each of several fresh browser contexts (cold caches): the press of «تماشا» on
// the title page → the first frame presented (once the page has settled, and pressed the moment
// the page is live), the watch screen's own play button → the first frame, and a seek → the first
// frame presented at the new time. Also the watch screen's JavaScript (gzip) and the media route's
// throughput beside a static file of the same size. Results go to docs/benchmarks.md, the earlier
// runs' figures kept below the new ones.
/* global document, window, requestAnimationFrame */ // page.evaluate bodies run in the browser
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import zlib from 'node:zlib';
import { mustRun, root, writeBenchmarkSection } from './lib.mjs';

const RUNS = Number(process.env.BENCH_PLAY_RUNS || 5);
// The browser's own autoplay policy: playback after a press must be allowed by the press itself.
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const FAST_4G = { offline: false, latency: 60, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 };
// The free demo title: anyone may play it, so no sign-in sits in the measured path.
const TITLE = 'tt0038650';

/**
 * The figures of the runs before this one, kept under the new ones: the last section's own
 * table, headed with its date, then the earlier runs it kept.
 */
function earlierRuns(today) {
  const file = path.join(root, 'docs/benchmarks.md');
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const section = /<!-- bench:play:begin -->\n([\s\S]*?)\n<!-- bench:play:end -->/.exec(doc)?.[1];
  if (!section) return '';
  const [current, kept = ''] = section.split('\n### Earlier runs\n');
  const date = /^## Playback .*?, (\d{4}-\d{2}-\d{2})/m.exec(current)?.[1];
  const table = current.split('\n').filter((l) => l.startsWith('|')).join('\n');
  if (!date || !table || date === today) return kept ? `### Earlier runs\n${kept}` : '';
  return `### Earlier runs\n\n#### ${date}\n\n${table}\n${kept}`;
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

await mustRun('npm', ['run', 'build', '-w', 'apps/web']);

// A static file of exactly a segment's size, served by the same server from the web build.
const segment = path.join(root, 'apps/api/seed/media', TITLE, 'v720', '00000.ts');
const staticCopy = path.join(root, 'apps/web/dist/assets/bench-static-copy.bin');
fs.copyFileSync(segment, staticCopy);

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-bench-play-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', MEDIA_WORKER: 'false' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs) => Math.max(...xs);

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 900) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const title = (await (await fetch(`${base}/api/titles/imdb/${TITLE}`)).json()).data;
  const info = (await (await fetch(`${base}/api/titles/${title.id}/play`)).json()).data;

  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS.split(' ') });

  async function coldPage(network) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    return { context, page };
  }

  /**
   * The title page's «تماشا» → the first frame presented while playing, with no other press.
   * `settled`: pressed once the page is quiet (its code fetched on idle, as for anyone who reads
   * the page for a moment); otherwise pressed the moment the app is live (the mouse moving onto
   * the button is the only warning).
   */
  async function fromTitle(network, settled) {
    const { context, page } = await coldPage(network);
    await page.goto(`${base}${title.path}`, { waitUntil: settled ? 'networkidle' : 'load' });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      document.querySelector('[data-testid="watch-button"]').addEventListener('click', () => (window.pressedAt = performance.now()), { capture: true });
      window.firstFrame = new Promise((resolve) => {
        const look = () => {
          const v = document.querySelector('[data-testid="player-video"]');
          if (!v) return requestAnimationFrame(look);
          const frame = () => v.requestVideoFrameCallback((now) => (v.paused ? frame() : resolve(now)));
          frame();
        };
        look();
      });
    });
    await page.getByTestId('watch-button').click();
    const start = await page.evaluate(async () => (await window.firstFrame) - window.pressedAt);
    await page.waitForFunction(() => document.querySelector('video').currentTime > 1, null, { timeout: 30_000 });
    await context.close();
    return { start };
  }

  async function once(network) {
    const { context, page } = await coldPage(network);
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(new URL(res.url()).pathname, true);
    });
    await page.goto(`${base}/watch/${TITLE}/${title.id}`, { waitUntil: 'load' });
    await page.getByTestId('play-toggle').waitFor();
    // Pressed as soon as the button shows: hls.js has had no time to buffer ahead (the cold path).
    const start = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const v = document.querySelector('video');
          const t0 = performance.now();
          v.requestVideoFrameCallback((now) => resolve(now - t0));
          document.querySelector('[data-testid="play-toggle"]').click();
        }),
    );
    await page.waitForFunction(() => document.querySelector('video').currentTime > 1, null, { timeout: 30_000 });
    const seek = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const v = document.querySelector('video');
          const target = v.duration * 0.6;
          const t0 = performance.now();
          const wait = () =>
            v.requestVideoFrameCallback((now, meta) => {
              if (meta.mediaTime >= target - 0.5) resolve(now - t0);
              else wait();
            });
          v.currentTime = target;
          wait();
        }),
    );
    await context.close();
    return { start, seek, scripts: [...scripts.keys()] };
  }

  const results = {};
  const pressed = {};
  let watchScripts = [];
  for (const [name, network] of [
    ['unthrottled (loopback)', null],
    ['Fast 4G (9 Mb/s, 60 ms)', FAST_4G],
  ]) {
    const runs = [];
    const settled = [];
    const early = [];
    for (let i = 0; i < RUNS; i++) {
      settled.push((await fromTitle(network, true)).start);
      early.push((await fromTitle(network, false)).start);
      runs.push(await once(network));
    }
    results[name] = runs;
    pressed[name] = { settled, early };
    watchScripts = runs[0].scripts;
    console.log(name, 'title page, settled', settled.map((ms) => `${ms.toFixed(0)} ms`).join(', '));
    console.log(name, 'title page, at once', early.map((ms) => `${ms.toFixed(0)} ms`).join(', '));
    console.log(name, 'watch screen', runs.map((r) => `${r.start.toFixed(0)}/${r.seek.toFixed(0)} ms`).join(', '));
  }
  await browser.close();

  // What the watch screen adds to what the shell loads: its own chunks (the player, hls.js).
  const gz = (p) => zlib.gzipSync(fs.readFileSync(path.join(root, 'apps/web/dist', p)), { level: 9 }).length;
  const dist = fs.readdirSync(path.join(root, 'apps/web/dist/assets'));
  const own = dist.filter((f) => /^(watch|hls)-.*\.js$/.test(f));
  const ownJs = own.reduce((n, f) => n + gz(`assets/${f}`), 0);
  const allJs = watchScripts.filter((p) => p.endsWith('.js')).reduce((n, p) => n + (fs.existsSync(path.join(root, 'apps/web/dist', p)) ? gz(p) : 0), 0);

  // Throughput: the same bytes through the media route (signed, from disk) and as a static file.
  const autocannon = (await import('autocannon')).default;
  const segUrl = `${info.masterUrl.replace('master.m3u8', 'v720/00000.ts').replace(/^https?:\/\/[^/]+/, base)}`;
  const measure = (url) =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections: 10, duration: 5 }, (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, mbps: (r.throughput.average * 8) / 1e6, p99: r.latency.p99, errors: r.errors + r.non2xx }))),
    );
  const media = await measure(segUrl);
  const plain = await measure(`${base}/assets/bench-static-copy.bin`);
  const size = fs.statSync(segment).size;

  const ms = (x) => `${x.toFixed(0)} ms`;
  const row = (name) => {
    const r = results[name];
    const p = pressed[name];
    return `| ${name} | ${ms(median(p.settled))} | ${ms(max(p.settled))} | ${ms(median(p.early))} | ${ms(max(p.early))} | ${ms(median(r.map((x) => x.start)))} | ${ms(max(r.map((x) => x.start)))} | ${ms(median(r.map((x) => x.seek)))} | ${ms(max(r.map((x) => x.seek)))} |`;
  };
  const today = new Date().toISOString().slice(0, 10);
  const md = [
    `## Playback (\`npm run bench:play\`), ${today}`,
    '',
    `Debian Chromium (headless, its own autoplay policy) against the local server, the free demo title (${info.qualities.map((q) => q.label).join(', ')}; HLS, 6 s segments). ${RUNS} runs per network and measure, each in a fresh browser context with the cache disabled (cold), the network throttled from the first request. Every figure runs to the first frame presented while playing (\`requestVideoFrameCallback\`), with no second press:`,
    '',
    "- **title page, settled**: the press of «تماشا» on the title page once the page is quiet (the player's code was fetched when the page went idle, as for anyone who reads it for a moment). Targets ≤ 1 s on loopback, ≤ 1.5 s on Fast 4G.",
    "- **title page, at once**: the same press the moment the app is live; only the mouse reaching the button warned the page.",
    "- **watch screen**: the player's own play button, pressed as soon as it shows (an address opened from outside); **seek**: the time set to 60 % of the video → the first frame there.",
    '',
    '| network | title page, settled: median | worst | title page, at once: median | worst | watch screen: median | worst | seek: median | worst |',
    '|---|---|---|---|---|---|---|---|---|',
    row('unthrottled (loopback)'),
    row('Fast 4G (9 Mb/s, 60 ms)'),
    '',
    `The watch screen's own JavaScript (the player and hls.js, loaded only there): **${(ownJs / 1024).toFixed(1)} kB** gzip; everything the page ran, shell included: ${(allJs / 1024).toFixed(1)} kB.`,
    '',
    `Throughput of one ${(size / 1024).toFixed(0)} kB segment, 10 connections for 5 s: through the media route (signature checked, file sent from disk with ranges) **${media.rps.toFixed(0)} req/s (${media.mbps.toFixed(0)} Mb/s, p99 ${media.p99} ms)**, beside the same bytes as a static file of the build (served from memory) ${plain.rps.toFixed(0)} req/s (${plain.mbps.toFixed(0)} Mb/s, p99 ${plain.p99} ms); errors ${media.errors + plain.errors}. In production nginx serves the media bytes itself (secure_link), so the route's figure is the embedded site's.`,
  ].join('\n');
  const all = `${md}\n\n${earlierRuns(today)}`.trimEnd();
  console.log(`\n${all}\n`);
  writeBenchmarkSection('play', all);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(staticCopy, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
