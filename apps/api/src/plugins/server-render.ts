import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built into `dist-ssr/`): it
 * renders the public catalogue screens for visitors, reading data from this server's own API
 * in-process. Without the build, pages are the plain app shell, as before.
 */
type FetchApi = (path: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}>;
/** `status`: the page's answer; for 404 and 410 the renderer draws the app's not-found screen and says so. */
type Rendered = { html: string; styles: string; preloads: string; state: string; screens?: string[]; status?: number };
type RenderOptions = { status: number; message?: string };
type Renderer = { render(url: string, fetchApi: FetchApi, runtimeConfig: unknown, options?: RenderOptions): Promise<Rendered | null> };

export async function loadRenderer(config: Config): Promise<Renderer | null> {
  const entry = config.WEB_SSR_ENTRY ?? path.join(config.WEB_DIST, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const mod = (await import(pathToFileURL(entry).href)) as Partial<Renderer>;
  return typeof mod.render === 'function' ? (mod as Renderer) : null;
}

/** Each screen's code files (its route id → files under the build), written by the web build. */
export type ScreenCode = Record<string, string[]>;

export function loadScreenCode(webDist: string): ScreenCode {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, 'screen-code.json'), 'utf8')) as ScreenCode;
  } catch {
    return {}; // an older build: the screens' code is fetched when the app asks for it
  }
}

/** Headers that decide the answer's absolute URLs (the request's own origin) travel along. */
const PASSED_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'accept-language'];

/** Calls to this server's API made for `request`'s page: same origin, same client address. */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest): FetchApi {
  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') passed[name] = value;
  }
  return async (url, init) => {
    const res = await app.inject({
      method: init.method as 'GET',
      url,
      headers: { ...init.headers, ...passed },
      payload: init.body,
      remoteAddress: request.ip,
    });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  };
}

const ROOT = '<div id="root"></div>';

/** The app's module scripts and their preloads in the built page's head. */
const APP_CODE = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/**
 * The rendered screen put into the page: styles and preloads in the head, markup in `#root`.
 * The app's code is no longer needed to show the page, only to make it live: its tags wait,
 * inert, in `<template id="app-code">` until `/app-start.js` adds them once the first screen
 * has loaded (or the visitor taps or types first), so the screen's images and fonts are never
 * queued behind it. The drawn screen's own code is named there too, so it arrives with the
 * app's instead of being asked for once the app has started.
 */
export function spliceRendered(template: string, r: Rendered, screenCode: ScreenCode = {}): string | null {
  if (!template.includes(ROOT) || !template.includes('</head>')) return null;
  // The first screen's images are asked for first, ahead of the code and fonts.
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  const head = charset.test(template)
    ? template.replace(charset, (tag) => `${tag}${r.preloads}`).replace('</head>', () => `${r.styles}\n  </head>`)
    : template.replace('</head>', () => `${r.preloads}${r.styles}\n  </head>`);
  const code: string[] = [];
  const withoutCode = head.replace(APP_CODE, (tag) => {
    code.push(tag.trim());
    return '';
  });
  if (code.length) {
    const named = new Set(code.map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1]));
    for (const file of (r.screens ?? []).flatMap((screen) => screenCode[screen] ?? [])) {
      const href = `/${file}`;
      if (named.has(href) || !/^[\w./-]+\.js$/.test(file)) continue;
      named.add(href);
      code.push(`<link rel="modulepreload" crossorigin href="${href}">`);
    }
  }
  const starter = code.length ? `<template id="app-code">${code.join('')}</template><script defer src="/app-start.js"></script>` : '';
  return withoutCode.replace(ROOT, () => `<div id="root">${r.html}</div>${r.state}${starter}`);
}

/** A page and, once asked for, its compressed forms (kept with it when the page is cached). */
export type RenderedPage = { html: string; br?: Buffer; gzip?: Buffer };

/** A rendered page is large (markup and styles): compressed as the browser allows, quickly. */
export function compressHtml(request: FastifyRequest, page: RenderedPage): { body: Buffer | string; encoding?: string } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    page.br ??= zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body: page.br, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) {
    page.gzip ??= zlib.gzipSync(page.html, { level: 6 });
    return { body: page.gzip, encoding: 'gzip' };
  }
  return { body: page.html };
}
