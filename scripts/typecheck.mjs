// `npm run typecheck`: every workspace's own `typecheck` (TypeScript's native compiler,
// `typescript-native/bin/tsc --noEmit -p .`, with the workspace's own compiler options; decision
// 36), run side by side instead of one after another. Each check's output is printed whole when
// it ends, under its workspace's name; any failure fails the run.
//
// TYPECHECK_JOBS sets how many run at once (default: as many as there are cores, at least two;
// the checks wait on the disk as well as the processor).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const workspaces = pkg.workspaces.filter((ws) => {
  const own = JSON.parse(fs.readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  return Boolean(own.scripts?.typecheck);
});
// The longest first (measured: the web app's and the API's take most of the time), so the
// short ones fill in beside them.
const longest = ['apps/web', 'apps/api'];
const queue = [...longest.filter((ws) => workspaces.includes(ws)), ...workspaces.filter((ws) => !longest.includes(ws))];
const jobs = Math.max(1, Number(process.env.TYPECHECK_JOBS) || Math.max(2, os.availableParallelism()));

function check(ws) {
  const started = Date.now();
  return new Promise((resolve) => {
    // The workspace's own script, as `npm run typecheck -w <ws>` runs it.
    const child = spawn('npm', ['run', '--silent', 'typecheck', '-w', ws], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${status === 0 ? '✓' : '✗'} typecheck ${ws} (${secs} s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(status);
    });
  });
}

let failed = 0;
const next = async () => {
  for (let ws = queue.shift(); ws; ws = queue.shift()) if ((await check(ws)) !== 0) failed++;
};
await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, next));
if (failed) {
  console.error(`\n✗ typecheck: ${failed} workspace(s) failed`);
  process.exit(1);
}
