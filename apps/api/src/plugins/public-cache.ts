import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public catalogue read: cacheable for five seconds, with an ETag and 304s. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
    /** The catalogue keepers' generation when this request began (see lib/catalogue-version.ts). */
    cacheGeneration?: number;
  }
}

/**
 * Who a public answer may be kept for. A kids profile's answers are filtered (decision 21): they
 * are kept under their own key and never by a browser or a shared cache; grown-up answers carry
 * `Vary` on the headers a signed-in client sends, so no cache hands them to a kids session.
 */
const VARY = 'Origin, Accept-Encoding, Authorization, X-Profile';
const KIDS_CACHE_CONTROL = 'private, no-store';
/**
 * What a browser or a shared cache may keep of a visitor's answer. Five seconds, the time within
 * which every process serves a catalogue change: a minute let a browser show a search's old (empty)
 * answer for a minute after an import or an operator's edit. A re-read after that is a 304 when
 * nothing changed, and this process keeps the answer itself (RESPONSE_CACHE_MS).
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=5';

const respond = (etag: string, inm: string | undefined) => Boolean(inm && inm.split(',').some((t) => t.trim() === etag));

/**
 * Public catalogue reads are the same for everyone: a shared cache may keep them five seconds, a
 * client that already has the body gets a 304, and this process keeps the serialized answer for
 * a few seconds (micro-caching), so a popular title page costs one set of queries per interval
 * instead of one per visitor. Several processes each keep their own; the TTL bounds staleness.
 */
export function registerPublicCache(app: FastifyInstance, ttlMs: number) {
  // Kept with the catalogue (app.catalogue): a catalogue change, here or in another process, empties it.
  const { catalogue } = app;
  const responses = catalogue.responses;
  const key = (request: FastifyRequest) => `${request.member?.kids ? 'kids|' : ''}${request.host}|${request.url}`;

  app.addHook('onRequest', async (request, reply) => {
    if (ttlMs <= 0 || !request.routeOptions.config.publicCache || request.method !== 'GET') return;
    request.cacheGeneration = catalogue.generation();
    const hit = responses.get(key(request));
    if (!hit) return;
    request.servedFromCache = true;
    // As shared caches say it: operators (and the benchmark) see how often the answer was kept.
    reply
      .header('x-cache', 'HIT')
      .header('etag', hit.etag)
      .header('cache-control', request.member?.kids ? KIDS_CACHE_CONTROL : PUBLIC_CACHE_CONTROL)
      .header('vary', VARY)
      .type(hit.contentType);
    if (respond(hit.etag, request.headers['if-none-match'])) return reply.code(304).send('');
    return reply.send(hit.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.servedFromCache || !request.routeOptions.config.publicCache || reply.statusCode !== 200) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (typeof payload !== 'string') return payload;
    const etag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    reply.header('cache-control', request.member?.kids ? KIDS_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    reply.header('vary', VARY);
    // An answer computed while the catalogue changed may be of the old one: send it, don't keep it.
    if (ttlMs > 0 && request.method === 'GET' && request.cacheGeneration === catalogue.generation()) {
      // Weighed as V8 may hold the string: two bytes a character (Persian text is not one-byte).
      responses.set(key(request), { payload, etag, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') }, payload.length * 2);
    }
    if (respond(etag, request.headers['if-none-match'])) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
