import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthRepository } from './health.repository';

const repo = new HealthRepository();

/**
 * Registered only with ENABLE_TEST_ROUTES: a slow database query and a slow request, so tests
 * can prove the server stays responsive and that shutdown lets in-flight requests finish; a
 * request that crashes its process.
 */
export const testRoutes: FastifyPluginAsyncZod = async (app) => {
  const ms = z.object({ ms: z.coerce.number().int().min(0).max(30_000) });
  app.get('/__test/slow-query', { schema: { hide: true, querystring: ms } }, async (request) => {
    await repo.sleep(app.deps.database.db, request.query.ms / 1000);
    return { done: true };
  });
  app.get('/__test/slow', { schema: { hide: true, querystring: ms } }, async (request) => {
    await new Promise((r) => setTimeout(r, request.query.ms));
    return { done: true };
  });
  app.get('/api/__test/boom', { schema: { hide: true } }, async () => {
    throw new Error('secret internal detail');
  });
  // A request that takes its process down with it (as the kernel's out-of-memory killer would):
  // what the proxy in front does with such a request (apps/api/test/prod-stack.test.ts).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/__test/crash',
    schema: { hide: true },
    handler: () => {
      process.kill(process.pid, 'SIGKILL');
      return new Promise<never>(() => {});
    },
  });
  // A request whose code throws where nothing catches it (a callback outside the handler's
  // promise): the process dies of it, and no other process may be handed the same request.
  app.get('/api/__test/throw', { schema: { hide: true } }, () => {
    setImmediate(() => {
      throw new Error('thrown where nothing catches it');
    });
    return new Promise<never>(() => {});
  });
  app.post('/api/__test/echo', { schema: { hide: true, body: z.object({ name: z.string().min(2), email: z.email() }) } }, async (request) => {
    return { data: request.body };
  });
};
