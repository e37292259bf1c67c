import { healthResponse, readyResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthRepository } from './health.repository';

const repo = new HealthRepository();

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness touches nothing; readiness asks the database (and Redis when configured). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthResponse } }, logLevel: 'warn' },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      schema: { tags: ['system'], summary: 'Readiness: database and Redis reachable', response: { 200: readyResponse, 503: readyResponse } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const database = await withTimeout(repo.ping(app.deps.database.db), 2000)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
      const redis = !app.deps.redis
        ? ('disabled' as const)
        : await withTimeout(app.deps.redis.ping(), 2000)
            .then(() => 'ok' as const)
            .catch(() => 'down' as const);
      const draining = app.isDraining();
      const ok = database === 'ok' && redis !== 'down' && !draining;
      reply.header('cache-control', 'no-store');
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks: { database, redis }, ...(draining ? { draining } : {}) });
    },
  );
};
