// `npm test`: lint, typecheck, unit + API + web tests (vitest), then browser tests against the
// built server. Ends with one plain summary line: "Tests: N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage, ensureInstalled, ensureWebBuilt, root, run } from './lib.mjs';

const ensureChromium = () => ensureDebianPackage('chromium', ['/usr/bin/chromium'], 'The browser tests');
// The media package's and the API's media tests package real video.
const ensureFfmpeg = () => ensureDebianPackage('ffmpeg', ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'], 'The media tests');

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
  // Side by side: neither needs the other, and each is mostly one busy core.
  const [lint, types] = await Promise.all([run('npm', ['run', 'lint']), run('npm', ['run', 'typecheck'])]);
  if (lint || types) {
    console.error(`\n✗ ${[lint && 'npm run lint', types && 'npm run typecheck'].filter(Boolean).join(', ')} failed`);
    process.exit(1);
  }
}

// The media tests (API and unit) package real video.
await ensureFfmpeg();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-test-'));
const unitReport = path.join(tmp, 'vitest.json');
const unitCode = await run('npx', ['vitest', 'run', ...(apiOnly ? ['--project', 'api', '--project', 'api-serial'] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);

// CI (.ci/run) starts the API tests on PostgreSQL beside the browser tests, once the unit and API
// tests have passed and the site is built: told through this file.
function unitDone() {
  if (process.env.PARDE_UNIT_DONE_FILE) fs.writeFileSync(process.env.PARDE_UNIT_DONE_FILE, String(unitCode));
}

let e2eCode = 0;
const e2eReport = path.join(tmp, 'e2e.json');
if (unitCode === 0 && !apiOnly && !process.argv.includes('--no-e2e')) {
  await ensureChromium();
  await ensureWebBuilt();
  unitDone();
  e2eCode = await run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eReport}`], {
    cwd: root,
  });
}

const all = [unitReport, e2eReport].filter((f) => fs.existsSync(f)).map(totals);
const sum = all.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`\nTests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
process.exit(unitCode || e2eCode ? 1 : 0);
