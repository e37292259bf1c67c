// After `vite build`: writes .br and .gz beside every text asset so the server sends them
// precompressed (no compression work per request, best ratios).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
let count = 0;
for (const file of fs.readdirSync(dist, { recursive: true })) {
  const full = path.join(dist, String(file));
  if (!TEXT.test(full) || !fs.statSync(full).isFile()) continue;
  const body = fs.readFileSync(full);
  if (body.length < 1024) continue;
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in apps/web/dist`);
