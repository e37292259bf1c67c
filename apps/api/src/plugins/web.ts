import fs from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@parde/contract';
import { tehranJalaliYear } from '@parde/persian';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors/app-error';
import { assetOrigin } from '../lib/urls';
import { injectPreview, previewFor, robotsTxt, sitemapCollections, sitemapIndex, sitemapTitles } from '../modules/previews/previews';
import { keepingGeneration, onCatalogueChange } from '../lib/catalogue-version';
import { Lru } from '../lib/lru';
import { compressHtml, inProcessApi, loadRenderer, loadScreenCode, spliceRendered, type RenderedPage } from './server-render';
import { registerWebFiles } from './web-files';
import { resolveMember } from './auth';

function runtimeConfig(config: Config, request: FastifyRequest): RuntimeConfig {
  return {
    apiBase: config.PUBLIC_API_URL ?? `${request.protocol}://${request.host}`,
    analytics: { url: config.ANALYTICS_URL ?? null, siteId: config.ANALYTICS_SITE_ID ?? null },
    social: { telegram: config.SOCIAL_TELEGRAM ?? null, instagram: config.SOCIAL_INSTAGRAM ?? null, x: config.SOCIAL_X ?? null },
    supportEmail: config.SUPPORT_EMAIL ?? null,
    jalaliYear: tehranJalaliYear(),
  };
}

/** The member's session cookie (spec §9). */
const TOKEN_COOKIE = 'token';

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/');

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * `index.html` for any client route so deep links work. API paths never fall through to HTML.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  app.get('/runtime-config.js', { schema: { hide: true } }, async (request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return `window.__PARDE__=${JSON.stringify(runtimeConfig(config, request))};\n`;
  });

  const indexFile = path.join(config.WEB_DIST, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const pool = () => app.deps.database.pool;
  const renderedPages = new Lru<RenderedPage>(500, config.RESPONSE_CACHE_MS);
  const forget = onCatalogueChange(() => renderedPages.clear());
  app.addHook('onClose', async () => {
    forget();
  });
  const renderer = hasWeb
    ? await loadRenderer(config).catch((err: unknown) => {
        app.log.error({ err }, 'the web server renderer failed to load; pages are served unrendered');
        return null;
      })
    : null;
  const screenCode = renderer ? loadScreenCode(config.WEB_DIST) : {};

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(assetOrigin(request))),
  );
  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => xml(reply, await sitemapIndex(pool(), assetOrigin(request))));
  app.get('/sitemaps/collections.xml', { schema: { hide: true } }, async (request, reply) => xml(reply, await sitemapCollections(pool(), assetOrigin(request))));
  app.get<{ Params: { page: string } }>('/sitemaps/titles-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const page = Number(request.params.page);
    const body = Number.isInteger(page) && page >= 1 && page <= 100_000 ? await sitemapTitles(pool(), assetOrigin(request), page) : null;
    if (!body) throw new AppError('NOT_FOUND', 404);
    return xml(reply, body);
  });
  // Hashed assets cached for a year, everything else revalidated; each answered from memory.
  if (hasWeb) registerWebFiles(app, config.WEB_DIST);

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="fa" dir="rtl"><meta charset="utf-8"><title>پرده</title><p>نسخهٔ ساخته‌شدهٔ وب‌سایت پیدا نشد. فرمان <code>npm run build</code> را اجرا کنید.</p></html>');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const origin = assetOrigin(request);
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // A malformed escape: serve the app, which shows its not-found page.
    }
    // A kids profile's session (decision 21): a grown-up title's page is not found, here too.
    const kids = request.cookies[TOKEN_COOKIE] ? (await resolveMember(app.deps.database.db, request))?.kids === true : false;
    const preview = await previewFor(pool(), decoded, origin, kids).catch((err) => {
      request.log.warn({ err }, 'link preview failed');
      return null;
    });
    const kidsTitle = kids ? /^\/titles\/(\d{1,9})(?:\/|$)/.exec(decoded)?.[1] : undefined;
    if (kidsTitle && !(await previewFor(pool(), `/titles/${kidsTitle}`, origin, true))) reply.status(404);
    // A wrong or missing slug is answered with a permanent redirect to the one true address.
    if (preview && decoded !== preview.canonicalPath) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(encodeURI(preview.canonicalPath) + query, 301);
    }
    let page: RenderedPage = { html: preview ? injectPreview(indexHtml, preview, origin) : indexHtml };
    // Visitors get the screen already drawn; a member's page (their session lives in the browser)
    // is drawn by the app, as before. A visitor's page is the same for every visitor, so it is
    // kept as long as the API keeps its answers (RESPONSE_CACHE_MS).
    if (renderer && request.method === 'GET' && !request.cookies[TOKEN_COOKIE]) {
      const key = `${request.protocol}|${request.host}|${request.url}`;
      const cached = renderedPages.get(key);
      if (cached) page = cached;
      else {
        const generation = keepingGeneration();
        try {
          const rendered = await renderer.render(request.url, inProcessApi(app, request), runtimeConfig(config, request));
          const html = rendered && spliceRendered(page.html, rendered, screenCode);
          if (html) {
            page = { html };
            if (generation === keepingGeneration()) renderedPages.set(key, page);
          }
        } catch (err) {
          request.log.warn({ err }, 'server render failed; serving the app shell');
        }
      }
    }
    const { body, encoding } = compressHtml(request, page);
    if (encoding) reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    reply.header('vary', [vary, 'Accept-Encoding', 'Cookie'].filter(Boolean).join(', '));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
  };

  // Unknown paths are rate-limited too: they are what scanners hammer.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('ROUTE_NOT_FOUND', 404);
    }
    // A missing file with an extension (a stale chunk, a typo'd image) is a real 404, not the app.
    const pathname = request.url.split('?')[0] ?? '';
    if (/\.[a-z0-9]{1,5}$/i.test(pathname) && !pathname.endsWith('.html')) {
      throw new AppError('NOT_FOUND', 404);
    }
    return sendIndex(request, reply);
  });
}
