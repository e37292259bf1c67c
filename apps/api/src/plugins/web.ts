import fs from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@parde/contract';
import { tehranJalaliYear } from '@parde/persian';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors/app-error';
import { assetOrigin } from '../lib/urls';
import { PreviewsService, robotsTxt, Sitemap, writeHead, type PageAnswer } from '../modules/previews/index';
import { Lru } from '../lib/lru';
import { compressHtml, inProcessApi, loadRenderer, loadScreenCode, spliceRendered, type RenderedPage } from './server-render';
import { registerWebFiles } from './web-files';

function runtimeConfig(config: Config, request: FastifyRequest): RuntimeConfig {
  return {
    apiBase: config.PUBLIC_API_URL ?? `${request.protocol}://${request.host}`,
    analytics: { url: config.ANALYTICS_URL ?? null, siteId: config.ANALYTICS_SITE_ID ?? null },
    social: { telegram: config.SOCIAL_TELEGRAM ?? null, instagram: config.SOCIAL_INSTAGRAM ?? null, x: config.SOCIAL_X ?? null },
    supportEmail: config.SUPPORT_EMAIL ?? null,
    jalaliYear: tehranJalaliYear(),
  };
}

/** The site's own origin, as the browser asked for it: pages' addresses point here (pictures may be on the API's). */
const siteOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The member's session cookie (spec §9). */
const TOKEN_COOKIE = 'token';

const NOT_FOUND: PageAnswer = { status: 404, preview: null, structuredData: [] };

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/sanctum/');

/** The operators' panel, an app of its own (apps/web: admin.html; docs/decisions/0032). */
const isPanelPath = (pathname: string) => /^\/admin(?:\/|$)/i.test(pathname);

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
  // The panel's page, the same for every address of it and every operator: never drawn by the
  // server (its screens need a session), so it is sent as built, its compressed forms kept.
  const panelFile = path.join(config.WEB_DIST, 'admin.html');
  const panelPage: RenderedPage | null = hasWeb && fs.existsSync(panelFile) ? { html: fs.readFileSync(panelFile, 'utf8') } : null;
  const pool = () => app.deps.database.pool;
  const pages = new PreviewsService(pool());
  const sitemap = new Sitemap(pool());
  const renderedPages = new Lru<RenderedPage>(500, config.RESPONSE_CACHE_MS);
  // What an address is (its status, preview and structured data) is kept as long as its page.
  const answers = new Lru<PageAnswer>(5_000, config.RESPONSE_CACHE_MS);
  const forget = app.catalogue.onChange(() => {
    renderedPages.clear();
    answers.clear();
    sitemap.forget();
  });
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
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(siteOrigin(request))),
  );
  const xml = (reply: FastifyReply, body: string | null) => {
    if (body === null) throw new AppError('NOT_FOUND', 404);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  };
  const sitemapPage = (raw: string) => {
    const page = Number(raw);
    return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : null;
  };
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => xml(reply, await sitemap.index(siteOrigin(request))));
  app.get('/sitemaps/collections.xml', { schema: { hide: true } }, async (request, reply) => xml(reply, await sitemap.collections(siteOrigin(request))));
  app.get<{ Params: { page: string } }>('/sitemaps/titles-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const page = sitemapPage(request.params.page);
    return xml(reply, page === null ? null : await sitemap.titles(siteOrigin(request), page));
  });
  app.get<{ Params: { page: string } }>('/sitemaps/people-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const page = sitemapPage(request.params.page);
    return xml(reply, page === null ? null : await sitemap.people(siteOrigin(request), page));
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
    const origins = { site: siteOrigin(request), assets: assetOrigin(request) };
    let decoded: string | null = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      decoded = null; // a malformed escape names no page
    }
    // A kids profile's session (decision 21): a grown-up title's page is not found, here too.
    const kids = request.cookies[TOKEN_COOKIE] ? (await app.memberOf(request))?.kids === true : false;
    const answerKey = `${origins.site}|${origins.assets}|${kids}|${decoded}`;
    let answer = answers.get(answerKey);
    if (!answer) {
      const generation = app.catalogue.generation();
      try {
        answer = decoded === null ? NOT_FOUND : await pages.answer(decoded, origins, kids);
        if (generation === app.catalogue.generation()) answers.set(answerKey, answer);
      } catch (err) {
        // The page is served as the app alone; the app asks the API itself.
        request.log.warn({ err }, 'what the page is could not be looked up');
        answer = { status: 200, preview: null, structuredData: [] };
      }
    }
    // A wrong or missing slug is answered with a permanent redirect to the one true address.
    if (answer.status === 301) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(encodeURI(answer.location) + query, 301);
    }
    // A page that is not there says so (404, or 410 for a title deleted from the catalogue), so
    // crawlers drop it; the app still starts on it and shows its not-found screen.
    reply.status(answer.status);
    if (answer.status !== 200) reply.header('x-robots-tag', 'noindex');
    let page: RenderedPage = { html: writeHead(indexHtml, answer, origins.site) };
    // Visitors get the screen already drawn; a member's page (their session lives in the browser)
    // is drawn by the app, as before. A visitor's page is the same for every visitor, so it is
    // kept as long as the API keeps its answers (RESPONSE_CACHE_MS).
    if (renderer && request.method === 'GET' && !request.cookies[TOKEN_COOKIE]) {
      const key = `${request.protocol}|${request.host}|${request.url}`;
      const cached = renderedPages.get(key);
      if (cached) page = cached;
      else {
        const generation = app.catalogue.generation();
        try {
          const status = answer.status;
          const rendered = await renderer.render(request.url, inProcessApi(app, request), runtimeConfig(config, request), { status, message: answer.message });
          // A renderer that cannot draw the not-found screen (an older build) draws nothing here.
          const html = rendered && (status === 200 || rendered.status === status) && spliceRendered(page.html, rendered, screenCode);
          if (html) {
            page = { html };
            if (generation === app.catalogue.generation()) renderedPages.set(key, page);
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

  /**
   * `/admin` and any address under it: the panel's page, which shows its own not-found screen for
   * an address that is none of its screens. Not for search engines, whatever the address.
   */
  const sendPanel = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    const { body, encoding } = compressHtml(request, page);
    if (encoding) reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    reply.header('vary', [vary, 'Accept-Encoding'].filter(Boolean).join(', '));
    return reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(body);
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
    // A build without the panel's page (an older one) has the panel in the site's app.
    if (panelPage && isPanelPath(pathname)) return sendPanel(request, reply, panelPage);
    return sendIndex(request, reply);
  });
}
