import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The error the global handler turns into a Persian 429 that says when to try again. */
export function tooManyRequests(seconds: number) {
  return Object.assign(new Error('rate limited'), { statusCode: 429, retryAfterSeconds: Math.max(1, seconds) });
}

/**
 * A second limit on the same route, counted by something other than the IP (the email in the
 * body): runs as a preHandler, after validation, so it sees the normalized field. The route's own
 * `config.rateLimit` keeps counting by IP. Keys are hashed so Redis holds no addresses.
 */
export function limitBy(app: FastifyInstance, name: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string | undefined) {
  const digest = (v: string) => crypto.createHash('sha256').update(v).digest('base64url').slice(0, 22);
  const limiter = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${digest(key(request) ?? '')}` });
  return async (request: FastifyRequest) => {
    if (!key(request)) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
  };
}

export const MINUTE = 60_000;
