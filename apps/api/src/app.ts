import crypto from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { usePersianErrors } from '@parde/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { frameworkErrors, registerErrorHandling } from './errors/error-handler';
import { Catalogue, replicaCaughtUp } from './lib/catalogue-version';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminCatalogueRoutes } from './modules/admin-catalogue/admin-catalogue.routes';
import { adminMediaRoutes } from './modules/admin-media/admin-media.routes';
import { adminMembersRoutes } from './modules/admin-members/admin-members.routes';
import { adminMoneyRoutes } from './modules/admin-money/admin-money.routes';
import { artworkRoutes } from './modules/artwork/artwork.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { Sessions } from './modules/auth/sessions';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { entitlementsRoutes } from './modules/entitlements/entitlements.routes';
import { SANDBOX_PAGE_PREFIX } from './modules/gateways/sandbox.gateway';
import { sandboxRoutes } from './modules/gateways/sandbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { testRoutes } from './modules/health/test.routes';
import { mailPlugin } from './modules/mail/mail.plugin';
import { mediaRoutes } from './modules/media/media.routes';
import { memberRoutes } from './modules/member/member.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { premiumRoutes } from './modules/premium/premium.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { reloadSearchIndexIfChanged, shareSearchIndex } from './modules/search/memory-index';
import { authPlugin } from './plugins/auth';
import { csrfPlugin } from './plugins/csrf';
import { registerOpenApi } from './plugins/openapi';
import { registerCrashedRequests, type CrashedRequests } from './plugins/crashed-requests';
import { registerPublicCache } from './plugins/public-cache';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import type { AppDeps } from './types';

usePersianErrors();

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Begins a graceful stop: every answer from now on closes its connection; `/readyz` says 503. */
    startDraining: () => void;
    isDraining: () => boolean;
    /** Resolves once no handler is running (or after `timeoutMs`): shutdown waits for it before the database goes. */
    whenIdle: (timeoutMs: number) => Promise<void>;
    /** Behind a proxy: marks the request that crashed this process, so no other process runs it (server.ts). */
    crashedRequests?: CrashedRequests;
  }
}

/**
 * Builds the whole application: external plugins first, then ours, then routes. Nothing here
 * listens or opens connections; the caller passes them in, so tests build the same app.
 */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}) {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Behind the proxy, which retries a request cut off by a dying process on the next one.
  if (config.TRUST_PROXY) app.decorate('crashedRequests', registerCrashedRequests(app, path.join(config.DATA_DIR, 'crashed-requests')));

  // During shutdown, answers close their connection so keep-alive clients don't hold the exit.
  // Draining starts it earlier (server.ts): the process still answers for a moment, each answer
  // closing its connection, so the proxy stops reusing them before the listener goes away; a
  // keep-alive connection closed under the proxy would fail a write it may not retry.
  let closing = false;
  app.decorate('startDraining', () => {
    closing = true;
  });
  app.decorate('isDraining', () => closing);
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Handlers still running: a request whose client (or the proxy) went away keeps running to its
  // end, so shutdown waits for these, not only for the connections, before closing the database.
  const running = new WeakSet<object>();
  let inFlight = 0;
  let onIdle: (() => void)[] = [];
  const finished = (request: object) => {
    if (!running.delete(request)) return;
    inFlight -= 1;
    if (inFlight === 0) {
      for (const resolve of onIdle) resolve();
      onIdle = [];
    }
  };
  app.addHook('onRequest', async (request) => {
    running.add(request);
    inFlight += 1;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    finished(request);
  });
  // A request ended without an answer being sent (a body that failed to arrive): not running either.
  app.addHook('onResponse', async (request) => finished(request));
  app.decorate('whenIdle', (timeoutMs: number) =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          timer.unref();
          onIdle.push(() => {
            clearTimeout(timer);
            resolve();
          });
        }),
  );

  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurity(app, config);
  await registerRateLimit(app, config, deps.redis);
  await registerOpenApi(app);
  await app.register(csrfPlugin, {
    secret: config.APP_SECRET ?? crypto.randomBytes(32).toString('hex'),
    cookieDomain: config.COOKIE_DOMAIN,
    secureCookies: config.NODE_ENV === 'production' && config.SITE_HOST !== 'localhost',
    // The sandbox gateway's test page posts its own plain forms, as a bank's page would.
    exempt: (request) => request.url.startsWith(SANDBOX_PAGE_PREFIX),
  });
  await app.register(mailPlugin);
  await app.register(authPlugin, { sessions: new Sessions(deps.database.db) });
  await app.register(paymentsPlugin);

  // The catalogue version and what this app keeps under it (lib/catalogue-version.ts). A change
  // made anywhere (an import beside the site, another process) is served within seconds; the
  // search index is reloaded first. A read replica: keepers forget again once it has the change.
  const { pool, readPool } = deps.database;
  // The processes of this machine build the search index once per catalogue change and share it.
  shareSearchIndex(pool, config.SEARCH_INDEX_DIR ?? path.join(config.DATA_DIR, 'search-index'), app.log);
  const catalogue = new Catalogue({
    versionMoved: () => reloadSearchIndexIfChanged(pool),
    intervalMs: config.CATALOGUE_CHECK_MS,
    onError: (err) => app.log.warn({ err }, 'catalogue version check failed'),
    responses: { ttlMs: config.RESPONSE_CACHE_MS, maxEntries: config.RESPONSE_CACHE_ENTRIES, maxBytes: config.RESPONSE_CACHE_MB * 1024 * 1024 },
    settle: readPool !== pool ? () => replicaCaughtUp(pool, readPool) : undefined,
  });
  app.decorate('catalogue', catalogue);
  // Polling starts when the app is ready (server.ts: after the migrations, before it listens), so a
  // fresh database is never asked for a table it does not have yet.
  app.addHook('onReady', async () => catalogue.start());
  app.addHook('onClose', async () => catalogue.stop());
  registerPublicCache(app, config.RESPONSE_CACHE_MS);
  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(artworkRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(memberRoutes);
  await app.register(profilesRoutes);
  await app.register(commentsRoutes);
  await app.register(notificationsRoutes);
  await app.register(requestsRoutes);
  await app.register(premiumRoutes);
  await app.register(paymentsRoutes);
  await app.register(entitlementsRoutes);
  await app.register(mediaRoutes);
  if (config.GATEWAY === 'sandbox') await app.register(sandboxRoutes);
  await app.register(contactRoutes);
  await app.register(adminRoutes);
  await app.register(adminCatalogueRoutes);
  await app.register(adminMediaRoutes);
  await app.register((await import('./modules/admin-ops/admin-ops.plugin')).adminOpsPlugin);
  await app.register(adminMembersRoutes);
  await app.register(adminMoneyRoutes);
  if (config.ENABLE_TEST_ROUTES) await app.register(testRoutes);

  await registerWeb(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
