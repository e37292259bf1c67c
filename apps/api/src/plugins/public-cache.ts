import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { keepingGeneration, onCatalogueChange } from '../lib/catalogue-version';
import { Lru } from '../lib/lru';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public catalogue read: cacheable for a minute, with an ETag and 304s. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
    /** The catalogue keepers' generation when this request began (see lib/catalogue-version). */
    cacheGeneration?: number;
  }
}

interface Cached {
  payload: string;
  etag: string;
  contentType: string;
}

let responses = new Lru<Cached>(1, 1);
/** Forgets every cached response. */
export const clearResponseCache = () => responses.clear();
// A catalogue change (an import, an operator's edit, here or in another process) is seen at once.
onCatalogueChange(clearResponseCache);

const respond = (etag: string, inm: string | undefined) => Boolean(inm && inm.split(',').some((t) => t.trim() === etag));

/**
 * Public catalogue reads are the same for everyone: a shared cache may keep them a minute, a
 * client that already has the body gets a 304, and this process keeps the serialized answer for
 * a few seconds (micro-caching), so a popular title page costs one set of queries per interval
 * instead of one per visitor. Several processes each keep their own; the TTL bounds staleness.
 */
export function registerPublicCache(app: FastifyInstance, ttlMs: number, maxEntries = 5000) {
  responses = new Lru<Cached>(maxEntries, ttlMs);
  const key = (host: string, url: string) => `${host}|${url}`;

  app.addHook('onRequest', async (request, reply) => {
    if (ttlMs <= 0 || !request.routeOptions.config.publicCache || request.method !== 'GET') return;
    request.cacheGeneration = keepingGeneration();
    const hit = responses.get(key(request.host, request.url));
    if (!hit) return;
    request.servedFromCache = true;
    // As shared caches say it: operators (and the benchmark) see how often the answer was kept.
    reply.header('x-cache', 'HIT').header('etag', hit.etag).header('cache-control', 'public, max-age=60').header('vary', 'Origin, Accept-Encoding').type(hit.contentType);
    if (respond(hit.etag, request.headers['if-none-match'])) return reply.code(304).send('');
    return reply.send(hit.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.servedFromCache || !request.routeOptions.config.publicCache || reply.statusCode !== 200) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (typeof payload !== 'string') return payload;
    const etag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'public, max-age=60');
    reply.header('vary', 'Origin, Accept-Encoding');
    // An answer computed while the catalogue changed may be of the old one: send it, don't keep it.
    if (ttlMs > 0 && request.method === 'GET' && request.cacheGeneration === keepingGeneration()) {
      responses.set(key(request.host, request.url), { payload, etag, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') });
    }
    if (respond(etag, request.headers['if-none-match'])) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
