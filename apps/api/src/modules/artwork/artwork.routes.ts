import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FALLBACK_SVG, personSvg, posterSvg } from './artwork';

const ONE_DAY = 'public, max-age=86400, stale-while-revalidate=604800';

/** Posters, backdrops, screenshots and portraits drawn on request; unknown ids get the fallback. */
export const artworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = app.deps.database.pool;
  const svg = (reply: FastifyReply, body: string) =>
    reply.type('image/svg+xml; charset=utf-8').header('cache-control', ONE_DAY).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(body);

  const titleParams = z.object({ id: z.coerce.number().int().positive(), kind: z.enum(['poster', 'backdrop']) });
  app.get('/api/artwork/titles/:id/:kind.svg', { schema: { hide: true, params: titleParams } }, async (request, reply) => {
    const { rows } = await pool.query<{ imdb_id: string; title_fa: string | null; title_en: string; year: number | null }>(
      'SELECT imdb_id, title_fa, title_en, year FROM titles WHERE id = $1',
      [request.params.id],
    );
    const t = rows[0];
    if (!t) return svg(reply.status(404), FALLBACK_SVG);
    return svg(reply, posterSvg({ seed: t.imdb_id, titleFa: t.title_fa, titleEn: t.title_en, year: t.year, wide: request.params.kind === 'backdrop' }));
  });

  const shotParams = z.object({ id: z.coerce.number().int().positive(), n: z.coerce.number().int().min(1).max(20) });
  app.get('/api/artwork/titles/:id/screenshots/:n.svg', { schema: { hide: true, params: shotParams } }, async (request, reply) => {
    const { rows } = await pool.query<{ imdb_id: string; title_en: string }>('SELECT imdb_id, title_en FROM titles WHERE id = $1', [request.params.id]);
    const t = rows[0];
    if (!t) return svg(reply.status(404), FALLBACK_SVG);
    return svg(reply, posterSvg({ seed: `${t.imdb_id}#${request.params.n}`, titleFa: null, titleEn: '', year: null, wide: true }));
  });

  app.get('/api/artwork/people/:id.svg', { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request, reply) => {
    const { rows } = await pool.query<{ imdb_id: string; name_fa: string | null; name_en: string }>('SELECT imdb_id, name_fa, name_en FROM people WHERE id = $1', [
      request.params.id,
    ]);
    const p = rows[0];
    if (!p) return svg(reply.status(404), FALLBACK_SVG);
    return svg(reply, personSvg({ seed: p.imdb_id, nameFa: p.name_fa, nameEn: p.name_en }));
  });

  app.get('/api/artwork/fallback.svg', { schema: { hide: true } }, async (_request, reply) => svg(reply, FALLBACK_SVG));
};
