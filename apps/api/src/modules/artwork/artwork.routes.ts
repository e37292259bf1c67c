import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Lru } from '../../lib/lru';
import { FALLBACK_SVG, personPng, posterPng } from './artwork';
import { personImdbId, publishedTitleImdbId } from './artwork.repository';

const ONE_DAY = 'public, max-age=86400, stale-while-revalidate=604800';

/** Drawn images kept in memory, the oldest dropped first: a page of posters is drawn once. */
const CACHE_LIMIT = 2000;

/** Posters, backdrops, screenshots and portraits drawn on request; unknown ids get the fallback. */
export const artworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const drawn = new Lru<Promise<Buffer>>(CACHE_LIMIT, Number.POSITIVE_INFINITY);
  function cached(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    let image = drawn.get(key);
    if (!image) {
      image = draw();
      drawn.set(key, image);
      image.catch(() => drawn.delete(key));
    }
    return image;
  }
  const png = async (reply: FastifyReply, image: Promise<Buffer>) => reply.type('image/png').header('cache-control', ONE_DAY).send(await image);
  const fallback = (reply: FastifyReply, status = 404) =>
    reply
      .status(status)
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', ONE_DAY)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(FALLBACK_SVG);

  const titleParams = z.object({ id: z.coerce.number().int().positive(), kind: z.enum(['poster', 'backdrop']) });
  app.get('/api/artwork/titles/:id/:kind.png', { schema: { hide: true, params: titleParams } }, async (request, reply) => {
    const { id, kind } = request.params;
    const imdbId = await publishedTitleImdbId(db, id);
    if (!imdbId) return fallback(reply);
    return png(reply, cached(`${kind}:${imdbId}`, () => posterPng({ seed: imdbId, wide: kind === 'backdrop' })));
  });

  const shotParams = z.object({ id: z.coerce.number().int().positive(), n: z.coerce.number().int().min(1).max(20) });
  app.get('/api/artwork/titles/:id/screenshots/:n.png', { schema: { hide: true, params: shotParams } }, async (request, reply) => {
    const imdbId = await publishedTitleImdbId(db, request.params.id);
    if (!imdbId) return fallback(reply);
    const seed = `${imdbId}#${request.params.n}`;
    return png(reply, cached(`shot:${seed}`, () => posterPng({ seed, wide: true })));
  });

  app.get('/api/artwork/people/:id.png', { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request, reply) => {
    const imdbId = await personImdbId(db, request.params.id);
    if (!imdbId) return fallback(reply);
    return png(reply, cached(`person:${imdbId}`, () => personPng({ seed: imdbId })));
  });

  // The addresses of the SVG artwork this site drew before keep working (pages and link
  // previews already out there name them).
  const moved = (reply: FastifyReply, to: string) => reply.header('cache-control', ONE_DAY).redirect(to, 301);
  app.get('/api/artwork/titles/:id/:kind.svg', { schema: { hide: true, params: titleParams } }, async (request, reply) =>
    moved(reply, `/api/artwork/titles/${request.params.id}/${request.params.kind}.png`),
  );
  app.get('/api/artwork/titles/:id/screenshots/:n.svg', { schema: { hide: true, params: shotParams } }, async (request, reply) =>
    moved(reply, `/api/artwork/titles/${request.params.id}/screenshots/${request.params.n}.png`),
  );
  app.get('/api/artwork/people/:id.svg', { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request, reply) =>
    moved(reply, `/api/artwork/people/${request.params.id}.png`),
  );

  app.get('/api/artwork/fallback.svg', { schema: { hide: true } }, async (_request, reply) => fallback(reply, 200));
};
