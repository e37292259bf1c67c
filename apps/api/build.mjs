// The API's production build: `src/server.ts` and the embedded database's child
// (`src/db/pglite-server.ts`) bundled into plain JavaScript in `dist/`, so a process starts without
// compiling TypeScript (a restarted process behind nginx serves within a second or two instead of
// ~7 s; docs/benchmarks.md, "API process start"). `npm start` and `npm run prod` build it when it
// is missing or older than its sources (scripts/lib.mjs); `npm run dev` and the tests run the
// TypeScript itself.
//
// The project's own packages (@parde/*, TypeScript sources) are bundled in; everything from
// node_modules stays an import, resolved beside the build as it is from the sources. Each bundled
// file keeps its own `import.meta.url` (the source file's address, relative to the build), so the
// paths it derives from it (the repository root, the migrations, the seed files) are the same as
// when the TypeScript runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
// Built into a directory of its own, then swapped in: two builds at once (two `npm run prod` on a
// fresh clone) never leave a half-written one, and a running process keeps the files it started from.
const tmp = `${outdir}.tmp-${process.pid}`;

/** `import.meta.url` in a bundled source file → that source file's address, found from the build's. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const rel = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

/** Only the project's own sources are bundled; packages from node_modules are imported at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@parde/') ? undefined : { path: args.path, external: true }));
  },
};

fs.rmSync(tmp, { recursive: true, force: true });
const started = Date.now();
try {
  await build({
    entryPoints: { server: path.join(here, 'src/server.ts'), 'pglite-server': path.join(here, 'src/db/pglite-server.ts') },
    outdir: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // For stack traces that name the TypeScript files and lines: NODE_OPTIONS=--enable-source-maps
    // (not on by default: parsing the map costs a tenth of the start).
    sourcesContent: false,
    // The build tells the embedded database's client to start the built child, not the TypeScript one.
    define: { __PARDE_BUILD__: 'true' },
    logLevel: 'warning',
    plugins: [externalPackages, ownImportMetaUrl],
  });
} catch (err) {
  fs.rmSync(tmp, { recursive: true, force: true });
  throw err;
}
fs.writeFileSync(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
fs.rmSync(outdir, { recursive: true, force: true });
try {
  fs.renameSync(tmp, outdir);
} catch (err) {
  // Another build finished first and its (identical) output is in place.
  if (!fs.existsSync(path.join(outdir, 'server.js'))) throw err;
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`• API built into apps/api/dist (${Date.now() - started} ms)`);
