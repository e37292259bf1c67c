import { AsyncLocalStorage } from 'node:async_hooks';
import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { provideServerRuntimeConfig } from './config/env';
import { paths } from './config/paths';
import { api, buildUrl, HttpError, type ApiResponse } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { serverStateTag, type RouteError } from './lib/ssr-state';
import { createRtlCache } from './theme/emotion-cache';

/**
 * The server-rendered first paint of the public catalogue screens (`/`, `/tv`, title, person,
 * collection pages…): the same React tree the browser hydrates, its critical CSS, and the
 * query cache the screen read, so the browser starts from exactly what the server showed.
 * The API server calls `render` for visitors without a session; data comes from the API
 * itself, in-process (`fetchApi`), so there is one source of truth.
 */

/** What the API server hands over: an in-process call to one of its own routes. */
export type FetchApi = (path: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}>;

export type Rendered = {
  /** The markup of `#root`. */
  html: string;
  /** Emotion's style tags for what the markup uses, for the page's head. */
  styles: string;
  /** The dehydrated query cache, as a `<script type="application/json">` for the body's end. */
  state: string;
  /** For the page's head: preloads of the first screen's images. */
  preloads: string;
  /** The route ids of the screens drawn (`routes/home`): the server has the page fetch their code. */
  screens: string[];
  /** The page's status: 200, or the 404 or 410 it was asked to draw the not-found screen for. */
  status: number;
};

/** What the server knows of the page before drawing it: that it is not there (404) or gone (410). */
export type RenderOptions = { status?: number; message?: string };

const MISSING: Record<number, string> = { 404: 'Not Found', 410: 'Gone' };

/** Public screens the server renders: the catalogue, the plans (their prices from the API), a
 * title's files, and the visitor's forms (sign-in, sign-up, forgotten password, contact), which
 * keep what was typed before the app took over and cannot be sent by the browser itself
 * (lib/server-drawn-form). Members' pages and players stay client-only. */
const RENDERED = [
  paths.home.path,
  paths.tv.path,
  paths.title.path,
  paths.titleFiles.path,
  paths.person.path,
  paths.collections.path,
  paths.collection.path,
  paths.comingSoon.path,
  paths.categories.path,
  paths.premium.plans.path,
  paths.premium.plan.path,
  paths.contact.path,
  paths.auth.login.path,
  paths.auth.register.path,
  paths.auth.forgotPassword.path,
];
const renderedRoutes = new Set(RENDERED.map((p) => p.replace(/^\//, '')));

export function isServerRendered(url: string): boolean {
  const matches = matchRoutes(routes, new URL(url, 'http://x').pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  if (!leaf) return false;
  return leaf.index === true || (leaf.path !== undefined && renderedRoutes.has(leaf.path.replace(/^\//, '')));
}

// Each render's queries call the API through that render's own `fetchApi`, and its footer shows
// the links of the configuration that page gets.
const current = new AsyncLocalStorage<{ fetchApi: FetchApi; runtimeConfig: unknown }>();
provideServerRuntimeConfig(() => current.getStore()?.runtimeConfig);
api.defaults.adapter = async (config) => {
  const fetchApi = current.getStore()?.fetchApi;
  if (!fetchApi) throw new HttpError('No API in this context', config);
  const headers: Record<string, string> = {};
  config.headers.forEach((value, key) => (headers[key] = value));
  const res = await fetchApi(buildUrl({ ...config, baseURL: '' }), { method: config.method.toUpperCase(), headers, body: config.data });
  const type = String(res.headers['content-type'] ?? '');
  let data: unknown = res.body;
  if (/json/i.test(type) && res.body !== '') data = JSON.parse(res.body);
  const response: ApiResponse = { data, status: res.status, headers: new Headers(), config };
  if (res.status < 200 || res.status >= 300) throw new HttpError(`Request failed with status code ${res.status}`, config, response);
  return response;
};

const handler = createStaticHandler(routes);

/**
 * Emotion's style tags for the page. Emotion itself sends only the classes the markup names;
 * the ones a component composes from (a Button's own class, merged into ButtonBase's) would then
 * be processed and inserted again by the browser while it hydrates. They are sent too, so the
 * browser's cache knows every style the first render needs.
 */
function styleTags(cache: EmotionCache, html: string): string {
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const chunks = extractCriticalToChunks(html);
  const sent = new Set(chunks.styles.flatMap((c) => c.ids));
  const composed = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && !sent.has(entry[0]) && cache.registered[`${cache.key}-${entry[0]}`] !== undefined,
  );
  if (composed.length > 0) chunks.styles.push({ key: cache.key, ids: composed.map(([id]) => id), css: composed.map(([, css]) => css).join('') });
  // A screen without MUI (the plain shell and lists, docs/decisions/0010) has no styles to send.
  chunks.styles = chunks.styles.filter((chunk) => chunk.css !== '');
  return constructStyleTagsFromChunks(chunks);
}

/** Rounds of render → fetch what the render asked for; a screen's later queries need earlier data. */
const MAX_ROUNDS = 3;

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return (enabled as (q: Query) => boolean)(query) !== false;
  return enabled !== false;
}

async function fetchAsked(client: QueryClient, tried: Set<string>): Promise<boolean> {
  const asked = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && !tried.has(q.queryHash) && isEnabled(q) && q.options.queryFn && q.meta?.serverRender !== false);
  for (const q of asked) tried.add(q.queryHash);
  await Promise.all(asked.map((q) => client.prefetchQuery({ ...q.options, queryKey: q.queryKey, retry: false })));
  return asked.length > 0;
}

/**
 * `runtimeConfig`: what `/runtime-config.js` gives the same page (`window.__PARDE__`).
 * `options.status` 404 or 410: the address names nothing (an unknown path, a missing or removed
 * title…): whatever screen the address would show, the page is the app's not-found screen (or
 * its removed one), drawn as the route error it is, inside the shell. The browser's router
 * starts from that same error (the state names it), so the app takes the page over as drawn
 * and the next link is an ordinary navigation.
 */
export async function render(url: string, fetchApi: FetchApi, runtimeConfig?: unknown, options: RenderOptions = {}): Promise<Rendered | null> {
  const status = options.status ?? 200;
  const missing = MISSING[status];
  if (status !== 200 && !missing) return null;
  if (!missing && !isServerRendered(url)) return null;
  return current.run({ fetchApi, runtimeConfig }, async () => {
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response) return null;
    let errors: Record<string, RouteError> | undefined;
    if (missing) {
      // The nearest error page above the screen: the one that shows errors inside the shell.
      const boundary = context.matches.findLast((m) => m.route.ErrorBoundary || m.route.errorElement);
      if (!boundary) return null;
      errors = { [boundary.route.id]: { status, statusText: missing, internal: false, data: options.message ? { message: options.message } : null } };
      context.errors = errors;
      context.statusCode = status;
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const client = createQueryClient();
    // A fresh style cache per pass: the page gets the styles of the markup it gets.
    let cache = createRtlCache();
    const renderPass = () => {
      cache = createRtlCache();
      createEmotionServer(cache); // switches the cache to collecting styles instead of inlining them
      return renderToString(
        <StrictMode>
          <AppProvider queryClient={client} emotionCache={cache}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </StrictMode>,
      );
    };

    // Render, fetch what the render asked for, again until it asks for nothing new.
    const tried = new Set<string>();
    let html = renderPass();
    for (let round = 1; round < MAX_ROUNDS && (await fetchAsked(client, tried)); round++) html = renderPass();
    // A failed query is left for the browser to try again, as it would without the server:
    // both then show its loading state first, so the markup matches.
    if (client.getQueryCache().getAll().some((q) => q.state.status !== 'success')) {
      client.removeQueries({ predicate: (q) => q.state.status !== 'success' });
      html = renderPass();
    }
    // React writes preloads for the first images ahead of the markup; they belong in the head.
    const preloads = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
    html = html.slice(preloads.length);
    const styles = styleTags(cache, html);
    const screens = context.matches.map((m) => m.route.id).filter((id) => id.startsWith('routes/'));
    const state = serverStateTag({ queries: dehydrate(client), screens, ...(errors ? { errors } : {}) });
    // No timers left behind: the server keeps nothing of a page once it is written.
    client.clear();
    return { html, styles, preloads, state, screens, status };
  });
}
