// `npm test`: lint, typecheck, unit + API + web tests (vitest), and the browser tests against the
// built server. Ends with one plain summary line: "Tests: N passed, N failed".
//
// What waits on what (docs/decisions/0029-*.md, 0038-*.md, 0040-*.md):
// - the Debian packages the tests need (one apt-get), the web build and the API's build start at
//   once; the tests start as soon as they are done (the browser tests need the built site and the
//   API tests the built API, none of them the type check's verdict);
// - lint and the type check run beside the tests from the start, at the lowest processor priority:
//   they take the time the tests leave idle (processes starting, waits on the database). Either
//   failing fails `npm test`; its output is printed as soon as it ends;
// - the browser test files are split between PARDE_E2E_SHARDS vitest runs (default 2), each with
//   its own server, browser and data directory, files one at a time within each.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureApiBuilt, ensureDebianPackages, ensureInstalled, ensureWebBuilt, root, run } from './lib.mjs';

const chromium = { pkg: 'chromium', files: ['/usr/bin/chromium'], why: 'The browser tests' };
// The media package's and the API's media tests package real video.
const ffmpeg = { pkg: 'ffmpeg', files: ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'], why: 'The media tests' };

function totals(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/**
 * The failed tests of a report, a line each ("✗ file › test: first line of the error"), and files
 * that failed outside any test (a hook, an import): what a reader of only the output's end needs.
 */
function failures(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    const lines = [];
    for (const f of r.testResults ?? []) {
      const name = path.relative(root, f.name);
      const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) lines.push(`✗ ${name} › ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
      if (f.status === 'failed' && failed.length === 0) lines.push(`✗ ${name}: ${String(f.message ?? '').split('\n')[0].slice(0, 300)}`);
    }
    return lines;
  } catch {
    return [`✗ ${path.basename(file)}: no report was written (the run stopped before its end)`];
  }
}

function summary(reports) {
  const present = reports.filter((f) => fs.existsSync(f));
  const all = present.map(totals);
  const sum = all.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }), { passed: 0, failed: 0, skipped: 0 });
  const failed = reports.flatMap((f) => (fs.existsSync(f) ? failures(f) : [`✗ ${path.basename(f)}: no report was written (the run stopped before its end)`]));
  if (failed.length) console.log(`\nFailed:\n${failed.join('\n')}`);
  console.log(`\nTests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
}

/**
 * Each browser test file's share of the run, only to split the files evenly between the shards:
 * seconds it took in a run of 2026-11-27 (one file at a time, load ≈25 on the 2-core machine), or
 * for the files that run did not reach, an estimate from their length. A file not listed counts
 * as the median.
 */
const e2eWeights = {
  'admin-flows.test.ts': 290,
  'account.test.ts': 222,
  'premium.test.ts': 170,
  'search.test.ts': 137,
  'profiles.test.ts': 128,
  'readme-flow.test.ts': 120,
  'screens-lists.test.ts': 118,
  'screens-title.test.ts': 99,
  'server-render.test.ts': 97,
  'player-start.test.ts': 82,
  'routing.test.ts': 73,
  'comments.test.ts': 65,
  'member-inp.test.ts': 50,
  'player.test.ts': 48,
  'first-visit-js.test.ts': 40,
  'rating.test.ts': 40,
  'screens-contact.test.ts': 40,
  'admin-shell.test.ts': 35,
  'login-rate-limit.test.ts': 35,
  'member.test.ts': 30,
  'files-page.test.ts': 25,
  'notifications-dot.test.ts': 25,
  'trailer.test.ts': 25,
  'a11y.test.ts': 20,
  'analytics.test.ts': 20,
  'pwa.test.ts': 20,
  'shell-desktop.test.ts': 15,
  'shell-mobile.test.ts': 15,
};

/** The spec files split into `n` groups of about equal weight: the heaviest first, each to the lightest group. */
function e2eShards(n) {
  const files = fs.readdirSync(path.join(root, 'e2e/specs')).filter((f) => f.endsWith('.test.ts')).sort();
  const known = Object.values(e2eWeights).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (f) => e2eWeights[f] ?? median;
  const groups = Array.from({ length: Math.max(1, Math.min(n, files.length)) }, () => ({ weight: 0, files: [] }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.weight += weight(f);
    lightest.files.push(f);
  }
  return groups.map((g) => g.files);
}

/** Like run(), with the output kept and printed whole at the end (runs side by side stay readable). */
function runQuiet(title, cmd, args) {
  console.log(`• ${title} …`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      console.log(`\n${status === 0 ? '✓' : '✗'} ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      process.stdout.write(Buffer.concat(out));
      resolve(status);
    });
  });
}

// Every embedded database the tests start (the browser tests' servers' too) runs its WebAssembly
// without the optimiser: it lives for a file or a shard, too short to win back what optimising
// costs (decision 43).
process.env.PARDE_PGLITE_LIFTOFF ??= '1';

const startedAt = Date.now();
/** Seconds since `npm test` started, for the lines that mark its phases (where CI's time goes). */
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s after the start`;

await ensureInstalled();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-test-'));
const unitReport = path.join(tmp, 'vitest.json');
const vitestArgs = (report) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

// `--api-only`: the API integration tests alone (CI runs them again on PostgreSQL this way).
if (process.argv.includes('--api-only')) {
  await Promise.all([ensureDebianPackages([ffmpeg]), ensureApiBuilt()]);
  const code = await run('npx', [...vitestArgs(unitReport), '--project', 'api', '--project', 'api-serial']);
  console.log(`\n• the API tests ended, ${elapsed()}`);
  summary([unitReport]);
  process.exit(code ? 1 : 0);
}

const withE2e = !process.argv.includes('--no-e2e');
// Side by side: apt mostly waits on the network and the disk; the builds are what the tests need.
const packages = ensureDebianPackages(withE2e ? [ffmpeg, chromium] : [ffmpeg]);
// The API's build: the process tests and the browser tests start the built server, and every
// API test file's embedded database child is the built one.
const built = Promise.all([withE2e ? ensureWebBuilt() : Promise.resolve(), ensureApiBuilt()]);
// Lint and the type check, niced to the lowest priority (where `nice` is there): the tests keep
// the processor whenever they want it, and what they leave idle finishes the checks.
const nice = fs.existsSync('/usr/bin/nice') ? (cmd, args) => ['/usr/bin/nice', ['-n', '19', cmd, ...args]] : (cmd, args) => [cmd, args];
const checks = Promise.all([runQuiet('npm run lint', ...nice('npm', ['run', '--silent', 'lint'])), runQuiet('npm run typecheck', ...nice('npm', ['run', '--silent', 'typecheck']))]).then(
  ([lint, types]) => {
    const failed = [lint && 'npm run lint', types && 'npm run typecheck'].filter(Boolean);
    console.log(failed.length ? `\n✗ ${failed.join(', ')} failed, ${elapsed()}` : `\n• lint and the type check passed, ${elapsed()}`);
    return failed;
  },
);
await Promise.all([packages, built]);
console.log(`\n• the packages and the builds are done, ${elapsed()}`);

// CI (.ci/run) starts the API tests on PostgreSQL now, beside these: told through this file.
if (process.env.PARDE_TESTS_READY_FILE) fs.writeFileSync(process.env.PARDE_TESTS_READY_FILE, '0');

const unit = run('npx', vitestArgs(unitReport));
const e2eReports = [];
const e2e = withE2e
  ? Promise.all(
      e2eShards(Number(process.env.PARDE_E2E_SHARDS) || 2).map((files, i) => {
        const report = path.join(tmp, `e2e-${i + 1}.json`);
        e2eReports.push(report);
        const title = `browser tests ${i + 1} (${files.length} files: ${files.map((f) => f.replace('.test.ts', '')).join(', ')})`;
        return runQuiet(title, 'npx', [...vitestArgs(report), '--config', 'e2e/vitest.config.ts', ...files.map((f) => `specs/${f}`)]);
      }),
    )
  : Promise.resolve([]);
const [unitCode, e2eCodes] = await Promise.all([
  unit.then((code) => (console.log(`\n• the vitest runs ended, ${elapsed()}`), code)),
  e2e.then((codes) => (withE2e && console.log(`\n• the browser tests ended, ${elapsed()}`), codes)),
]);

const checksFailed = await checks;
summary([unitReport, ...e2eReports]);
// Last, where a reader of the output's end sees it: the checks' own output is further up.
if (checksFailed.length) console.error(`✗ ${checksFailed.join(', ')} failed (its output is above)`);
process.exit(unitCode || checksFailed.length || e2eCodes.some(Boolean) ? 1 : 0);
