import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_DEV_ORIGIN = process.env.PARDE_API_ORIGIN ?? 'http://localhost:8000';

/** Chunks too large for the install-time precache; they are fetched (and cached) on use. */
const LARGE_LAZY_CHUNKS = ['**/player-*.js', '**/hls-*.js', '**/watch-*.js', '**/trailer-*.js'];

export default defineConfig({
  plugins: [
    react(),
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
        navigateFallbackDenylist: [/^\/api\//, /^\/sanctum\//, /^\/runtime-config\.js$/, /^\/healthz/, /^\/readyz/],
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
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
