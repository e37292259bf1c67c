// `npm start`: install what is missing, build the web app if stale, then run the server, which
// migrates the database and loads the demo catalogue into an empty one.
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './lib.mjs';

await ensureInstalled();
await ensureWebBuilt();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
