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

/**
 * Whose count the account's password takes when typed on a signed-in device (managing profiles,
 * leaving a kids profile, paying from another profile): the account's, except on a device in a
 * kids profile, which counts its own (decision 26) so a child's guesses never lock the parent out
 * on their devices. A kids session cannot make another without the password, so its own count
 * still stops the guessing. Undefined (not counted) when the body carries no password.
 */
export function passwordTriesKey(request: FastifyRequest): string | undefined {
  const body = request.body as { password?: unknown } | null | undefined;
  const member = request.member;
  if (!member || !body || typeof body.password !== 'string' || body.password === '') return undefined;
  return member.kids ? `kids-session:${member.tokenId}` : String(member.userId);
}
