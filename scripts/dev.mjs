// `npm run dev`: the Vite dev server with hot reload (http://localhost:5173) and the API in watch mode (:8000).
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './lib.mjs';

await ensureInstalled();
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
