// `npm test`: lint, typecheck, unit + API + web tests (vitest), then browser tests against the
// built server. Ends with one plain summary line: "Tests: N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, mustRun, root, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

async function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('• نصب Chromium از بسته‌های دبیان (apt-get install chromium) …');
    await run('apt-get', ['update', '-qq']);
    await mustRun('apt-get', ['install', '-y', '-qq', 'chromium']);
    return;
  }
  console.error('Browser tests need Debian\'s Chromium at /usr/bin/chromium. Install it with:\n  sudo apt-get install -y chromium');
  process.exit(1);
}

/** The media package's tests package real video: Debian's ffmpeg, installed like Chromium. */
async function ensureFfmpeg() {
  if (fs.existsSync('/usr/bin/ffmpeg') && fs.existsSync('/usr/bin/ffprobe')) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('• نصب ffmpeg از بسته‌های دبیان (apt-get install ffmpeg) …');
    await run('apt-get', ['update', '-qq']);
    await mustRun('apt-get', ['install', '-y', '-qq', 'ffmpeg']);
    return;
  }
  console.error("The media tests need Debian's ffmpeg at /usr/bin/ffmpeg. Install it with:\n  sudo apt-get install -y ffmpeg");
  process.exit(1);
}

function totals(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

await ensureInstalled();
// `--api-only`: the API integration tests alone (CI runs them again on PostgreSQL this way).
const apiOnly = process.argv.includes('--api-only');
if (!apiOnly) {
  await mustRun('npm', ['run', 'lint']);
  await mustRun('npm', ['run', 'typecheck']);
}

// The media tests (API and unit) package real video.
await ensureFfmpeg();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-test-'));
const unitReport = path.join(tmp, 'vitest.json');
const unitCode = await run('npx', ['vitest', 'run', ...(apiOnly ? ['--project', 'api'] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);

let e2eCode = 0;
const e2eReport = path.join(tmp, 'e2e.json');
if (unitCode === 0 && !apiOnly && !process.argv.includes('--no-e2e')) {
  await ensureChromium();
  await ensureWebBuilt();
  e2eCode = await run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eReport}`], {
    cwd: root,
  });
}

const all = [unitReport, e2eReport].filter((f) => fs.existsSync(f)).map(totals);
const sum = all.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`\nTests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
process.exit(unitCode || e2eCode ? 1 : 0);
