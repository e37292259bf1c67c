import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

export interface CsrfOptions {
  secret: string;
  cookieDomain?: string;
  secureCookies: boolean;
  /** Paths that outside parties call without our cookie (payment gateways' callbacks). */
  exempt?: (request: FastifyRequest) => boolean;
}

function sign(secret: string, nonce: string) {
  return crypto.createHmac('sha256', secret).update(nonce).digest('base64url');
}

function isValid(secret: string, token: string): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * Double-submit CSRF protection, as Laravel Sanctum does it for SPAs.
 *
 * `GET /sanctum/csrf-cookie` sets a signed, script-readable `XSRF-TOKEN` cookie; a state-changing
 * request that is not authenticated by an `Authorization` header (so it could ride on cookies a
 * browser attaches by itself) must echo that cookie in `X-XSRF-TOKEN`. A bearer header cannot be
 * forged cross-site, so requests carrying one need no token. The signature stops a sibling
 * subdomain from planting a cookie of its own choosing.
 */
export const csrfPlugin = fp<CsrfOptions>(async (app: FastifyInstance, opts) => {
  app.get(
    '/sanctum/csrf-cookie',
    { schema: { hide: false, tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie' } },
    async (_request, reply) => {
      const nonce = crypto.randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, `${nonce}.${sign(opts.secret, nonce)}`, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: opts.secureCookies,
        domain: opts.cookieDomain,
        maxAge: 60 * 60 * 2,
      });
      reply.header('cache-control', 'no-store');
      return reply.status(204).send();
    },
  );

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/sanctum/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (opts.exempt?.(request)) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const headerValue = Array.isArray(header) ? header[0] : header;
    if (!cookie || !headerValue || cookie !== headerValue || !isValid(opts.secret, cookie)) {
      throw new AppError('CSRF_MISMATCH', 419);
    }
  });
});
