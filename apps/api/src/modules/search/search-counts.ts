import { normalizeForSearch } from '@parde/persian';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dailyCounts } from '../daily-counts/daily-counts';

/** The search people type into (the header's box); its answers are counted for the dashboard. */
const SEARCH_ROUTE = '/api/titles/search';
/** What the route answers when nothing matched (the serialised body). */
const NOTHING = '{"data":[]}';

/**
 * Counts title searches per day, and the normalised queries that found nothing (what the
 * catalogue lacks). A hook rather than code in the route, so answers the response micro-cache
 * serves are counted too; it costs a map increment per search, the writes are batched.
 */
export const searchCountsPlugin = fp(async (app: FastifyInstance) => {
  const counts = dailyCounts(app.deps.database.db);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== SEARCH_ROUTE || request.method !== 'GET') return payload;
    const status = reply.statusCode;
    if (status !== 200 && status !== 304) return payload;
    counts.add('searches');
    if (payload === NOTHING) {
      const q = (request.query as { q?: unknown }).q;
      if (typeof q === 'string') counts.miss(normalizeForSearch(q).slice(0, 100));
    }
    return payload;
  });
});
