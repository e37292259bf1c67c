import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';

/**
 * A generous per-IP ceiling for every route; sensitive routes (login, register, …) set tighter
 * limits in their own `config.rateLimit`. With Redis the counters are shared by every API process.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    redis,
    nameSpace: config.RATE_LIMIT_NAMESPACE,
    skipOnError: true, // Redis down: serve rather than refuse everyone.
    // The API is what is limited; the web app's files and pages are not (in production nginx or a
    // CDN serves them, and many people behind one carrier address share an IP).
    allowList: (request) => !(request.url.startsWith('/api/') || request.url.startsWith('/sanctum/')),
    errorResponseBuilder: (_request, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number; retryAfterSeconds: number };
      err.statusCode = context.statusCode;
      err.retryAfterSeconds = Math.ceil(context.ttl / 1000);
      return err;
    },
  });
}
