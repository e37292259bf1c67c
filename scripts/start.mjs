// `npm start`: install what is missing, build the web app and the API if stale, then run the server, which
// migrates the database and loads the demo catalogue into an empty one.
import { spawn } from 'node:child_process';
import { ensureApiBuilt, ensureInstalled, ensureWebBuilt, embeddedOwner, root } from './lib.mjs';

// A site already running on the same embedded database: stop before building anything. (The
// server checks again, under the lock itself; this only saves the wait.)
const owner = embeddedOwner();
if (owner) {
  console.error(`The embedded database ${owner.dir} is already in use by a running ${owner.role === 'command' ? 'command' : 'site'} (pid ${owner.pid}); nothing was started.`);
  console.error(`پایگاه داده‌ی ${owner.dir} در دست پردازه‌ی دیگری است (شناسه‌ی ${owner.pid})؛ چیزی اجرا نشد.`);
  process.exit(1);
}
await ensureInstalled();
await ensureWebBuilt();
// The same built JavaScript production runs (docs/decisions/0027-built-api-and-taking-processes-back.md):
// a site started again after a crash is up sooner, and nothing is compiled at start.
const serverArgs = await ensureApiBuilt();

const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
