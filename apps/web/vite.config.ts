import react from '@vitejs/plugin-react';
import { plainIcons } from './build/plain-icons';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, minify, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_DEV_ORIGIN = process.env.PARDE_API_ORIGIN ?? 'http://localhost:8000';

/** Chunks too large for the install-time precache; they are fetched (and cached) on use. */
const LARGE_LAZY_CHUNKS = ['**/player-*.js', '**/hls-*.js', '**/watch-*.js', '**/trailer-*.js'];

/** The fonts the first screen's text is set in, fetched with the page instead of after the CSS. */
const PRELOADED_FONTS = [/estedad-persian-[\w-]+\.woff2$/];

/**
 * Parts a screen loads on use that are drawn with MUI (the comment form and dialogs): their
 * import names only their own file, and the browser finds the MUI files they import when it
 * reads them. Listing those ~40 files for preloading cost every first visit of a title page
 * ~0.7 kB (gzip) for a form only members see.
 */
const LAZY_MUI_PARTS = /(^|\/)assets\/(comment-form|delete-comment-dialog|report-comment-dialog)-[\w-]+\.js$/;

/** The site's page, whose entry starts the app in stages (admin.html's starts the panel at once). */
const STAGED_PAGE = '/index.html';

/** The entry's dynamic imports that are not stages of its start (see src/main.ts). */
const LOADED_LATER = /\/src\/lib\/service-worker\.ts$/;

/**
 * A chunk and every chunk it imports statically, in the order they are reached, leaving out
 * (and adding to `seen`) the files already there.
 */
function withImports(bundle: Rolldown.OutputBundle, file: string, seen = new Set<string>()): string[] {
  const chunk = bundle[file];
  if (seen.has(file) || chunk?.type !== 'chunk') return [];
  seen.add(file);
  return [file, ...chunk.imports.flatMap((f) => withImports(bundle, f, seen))];
}

/**
 * The built page's head, for a first paint that waits for nothing but the HTML: the app's own
 * small stylesheet (the font faces) inlined instead of a render-blocking request, and the main
 * fonts preloaded.
 */
function firstPaintHead(): Plugin {
  return {
    name: 'parde-first-paint-head',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        let out = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
        // The entry starts the app in stages (src/main.ts), each a dynamic import: their files
        // are asked for with the entry's own, so no stage waits on the network. (The site's page
        // only: the panel's dynamic imports are its screens, each loaded when opened.)
        const entry = ctx.chunk ?? Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        if (entry?.type === 'chunk' && ctx.path === STAGED_PAGE) {
          const listed = new Set([entry.fileName, ...entry.imports]);
          const stages: string[] = [];
          for (const file of entry.dynamicImports) {
            const chunk = bundle[file];
            if (chunk?.type === 'chunk' && !LOADED_LATER.test(chunk.facadeModuleId ?? '')) stages.push(...withImports(bundle, file, listed));
          }
          const tags = stages.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
          if (tags) out = out.replace('</head>', `    ${tags}\n  </head>`);
        }
        const fonts = Object.keys(bundle).filter((f) => PRELOADED_FONTS.some((re) => re.test(f)));
        const links = fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`).join('\n    ');
        if (links) out = out.replace('<title>', `${links}\n    <title>`);
        return out;
      },
    },
  };
}

/**
 * The app's small modules that a first visit of a catalogue screen runs: its client, config,
 * stores, messages and the list's and card's parts. Left to themselves they became some twenty
 * chunks under 3 kB each, and each file asked for costs the browser and the server more than
 * its bytes (docs/decisions/0013); together they are one chunk, `base`, with the app's modules
 * they import (the router's table, the shell). None of them may import MUI: the e2e test of a
 * first visit's code would fail.
 */
const FIRST_VISIT_MODULES = new RegExp(
  [
    // Not `form-rules`: it checks member and admin forms with the contract's zod schemas, and zod
    // must stay out of a first visit. Nor `field-errors`, the reader of a 422: forms use it, and
    // no first visit of a catalogue page has one (docs/decisions/0030).
    String.raw`/src/lib/(?!ssr-state\.|service-worker\.|start-libs\.|form-rules\.|field-errors\.)[\w-]+\.tsx?$`,
    String.raw`/src/config/[\w-]+\.tsx?$`,
    String.raw`/src/theme/(emotion-context|labels)\.ts$`,
    String.raw`/src/app/(messages|provider|app)\.tsx?$`,
    String.raw`/src/components/(messages|format|use-document-title|plain-icon|empty-state|query-error|status-page|title-grid|title-card|art-image|rating-badges|server-drawn|title-row|title-row-section|section)\.tsx?$`,
    String.raw`/src/features/catalogue/(messages|api/keys|api/get-genres|api/get-countries)\.ts$`,
    String.raw`/packages/persian/src/(digits|messages)\.ts$`,
  ].join('|'),
);

/**
 * What only the paged lists use (the page links, the list's address filters): one chunk of
 * their own beside `base`, so a title, a person or a form does not load them on its first visit.
 */
const LIST_MODULES = /\/src\/(components\/list-pagination|features\/catalogue\/lib\/list-filters)\.tsx?$/;

/**
 * A screen module of the site's router (src/app/router.tsx: `screen('routes/home', …)`) or of the
 * panel's (src/admin/app/router.tsx: `admin/routes/titles`).
 */
const SCREEN_MODULE = /\/src\/((?:admin\/)?)app\/(routes\/[\w/-]+)\.tsx$/;

/**
 * `screen-code.json`: for each screen (its route id), the files of its code — its chunk and
 * the chunks that chunk imports. The server names them in a page it renders, so the screen's
 * code is fetched with the app's own instead of after it (apps/api: server-render.ts).
 */
function screenCode(): Plugin {
  return {
    name: 'parde-screen-code',
    apply: 'build',
    generateBundle(_options, bundle) {
      const code: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        const match = chunk.type === 'chunk' && chunk.isDynamicEntry ? SCREEN_MODULE.exec(chunk.facadeModuleId ?? '') : null;
        if (!match) continue;
        const screen = `${match[1]}${match[2]}`;
        code[screen] = withImports(bundle, chunk.fileName);
      }
      this.emitFile({ type: 'asset', fileName: 'screen-code.json', source: JSON.stringify(code) });
    },
  };
}

/** Addresses of the operators' panel, an app of its own (admin.html, docs/decisions/0032). */
const PANEL_ADDRESS = /^\/admin(?:\/[^.]*)?(?:[?#].*)?$/;

/**
 * The dev and preview servers answer the panel's addresses with admin.html, as the API server
 * does (apps/api: plugins/web.ts); every other address falls back to index.html as before.
 */
function panelPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && PANEL_ADDRESS.test(req.url)) req.url = '/admin.html';
    next();
  };
  return {
    name: 'parde-panel-page',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

const APP_START = new URL('./src/app-start.js', import.meta.url);

/**
 * `/app-start.js`, the classic script a server-rendered page loads first (decision 9): minified
 * into the build (it is part of every first visit), served as written by the dev server.
 */
function appStartScript(): Plugin {
  return {
    name: 'parde-app-start',
    configureServer(server) {
      server.middlewares.use('/app-start.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.end(fs.readFileSync(APP_START, 'utf8'));
      });
    },
    async generateBundle() {
      const { code, errors } = await minify('app-start.js', fs.readFileSync(APP_START, 'utf8'), { compress: true, mangle: true });
      if (errors.length) this.error(`app-start.js: ${errors.map((e) => e.message).join('; ')}`);
      this.emitFile({ type: 'asset', fileName: 'app-start.js', source: code });
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    plainIcons(),
    react(),
    firstPaintHead(),
    !isSsrBuild && panelPage(),
    !isSsrBuild && appStartScript(),
    !isSsrBuild && screenCode(),
    // The server bundle (src/entry-server.tsx, built into dist-ssr) has no service worker.
    !isSsrBuild &&
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'پرده — فیلم و سریال',
        short_name: 'پرده',
        description: 'کاتالوگ و تماشای فیلم و سریال',
        lang: 'fa',
        dir: 'rtl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#121212',
        theme_color: '#121212',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: LARGE_LAZY_CHUNKS,
        navigateFallback: '/index.html',
        // Server paths are never the SPA: the API, CSRF, the run-time config, health checks.
        // The panel is admin.html's, never the site's page (docs/decisions/0032).
        navigateFallbackDenylist: [/^\/admin(?:\/|$)/, /^\/api\//, /^\/sanctum\//, /^\/runtime-config\.js$/, /^\/healthz/, /^\/readyz/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Fresh when online, the last copy when offline.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/runtime-config.js',
            handler: 'NetworkFirst',
            options: { cacheName: 'runtime-config', networkTimeoutSeconds: 3 },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
            handler: 'CacheFirst',
            options: { cacheName: 'lazy-chunks', expiration: { maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/runtime-config.js': { target: API_DEV_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/runtime-config.js': { target: API_DEV_ORIGIN, changeOrigin: true },
    },
  },
  // One self-contained server bundle: the API server imports it without resolving the web
  // app's dependencies itself.
  ssr: { noExternal: true },
  // The server bundle renders what the browser bundle hydrates, whatever NODE_ENV the server
  // runs with (the e2e server runs with 'test'): same React build, same Emotion class names.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') } : undefined,
  build: {
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      resolveDependencies: (file: string, deps: string[]) => (LAZY_MUI_PARTS.test(file) ? deps.filter((d) => d === file) : deps),
    },
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          // Two apps: the site (index.html) and the operators' panel (admin.html), sharing only
          // the theme, the API client and the generic parts (docs/decisions/0032).
          input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), admin: fileURLToPath(new URL('./admin.html', import.meta.url)) },
          output: {
            codeSplitting: {
              // The loader's helpers in a chunk of their own, never in the entry: a chunk that
              // imports from the entry would fetch the entry's stylesheet again (it is inlined
              // into the page), restyling the whole page and re-adding its fonts.
              groups: [
                // (The module-preload polyfill too: both pages' entries use it, and alone it became a
                // chunk of its own that the site's page asked for besides.)
                { name: 'loader', test: /preload-helper|rolldown:runtime|modulepreload-polyfill/, priority: 100 },
                { name: 'react', test: /node_modules[\\/]react[\\/]/, priority: 90 },
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 80 },
                { name: 'libs', test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/, priority: 70 },
                { name: 'base', test: (id) => FIRST_VISIT_MODULES.test(id.replaceAll('\\', '/')), priority: 60 },
                { name: 'lists', test: (id) => LIST_MODULES.test(id.replaceAll('\\', '/')), priority: 55 },
              ],
            },
          },
        },
  },
}));
