import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';
import { AuthRepository } from '../modules/auth/auth.repository';
import { hashToken } from '../modules/auth/tokens';

export type Role = 'member' | 'editor' | 'admin';

export interface AuthMember {
  userId: number;
  tokenId: number;
  name: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'member': a valid bearer token is required (401 otherwise); 'optional': used when valid;
     * 'editor' / 'admin': an operator of at least that role (a visitor 401, anyone else 403).
     */
    auth?: 'member' | 'optional' | 'editor' | 'admin';
  }
  interface FastifyRequest {
    member: AuthMember | null;
  }
}

/** The signed-in member's own things: every path under it needs a member, whatever a route declares. */
const isMemberPath = (url: string) => url === '/api/user' || url.startsWith('/api/user/');
/** The admin panel's API: an admin's unless a route opens it to editors, so none can be forgotten. */
const isAdminPath = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');

const rank: Record<Role, number> = { member: 0, editor: 1, admin: 2 };

/** Writing `last_used_at` on every request would turn each read into a write; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

/** The token a request carries: the `Authorization: Bearer` header, or else the web app's `token` cookie. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  // A cookie rides along on cross-site requests by itself: writes authenticated this way pass the
  // CSRF check first (plugins/csrf.ts), because they carry no Authorization header.
  return request.cookies.token;
}

/**
 * Bearer-token authentication (Sanctum-like). Tokens are random and stored as SHA-256 hashes with
 * an expiry; revoked or expired tokens answer 401. Member answers are never cached by anyone.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.deps.database;
  const repo = new AuthRepository();

  app.decorateRequest('member', null);

  app.addHook('onRoute', (route) => {
    if (isMemberPath(route.url) && !route.config?.auth) route.config = { ...route.config, auth: 'member' };
    if (isAdminPath(route.url)) {
      if (route.config?.auth !== 'editor') route.config = { ...route.config, auth: 'admin' };
      // The OpenAPI document says who may call it (`x-role`), so the role matrix is read from it.
      if (route.schema) (route.schema as Record<string, unknown>)['x-role'] = route.config.auth;
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const mode = request.routeOptions.config.auth;
    if (!mode) return;
    reply.header('cache-control', 'private, no-store');
    const token = tokenOf(request);
    if (token && token.length <= 200) {
      const owner = await repo.tokenOwner(db, hashToken(token));
      if (owner) {
        if (Date.now() - owner.lastUsedAt.getTime() > TOUCH_AFTER_MS) await repo.touchToken(db, owner.tokenId);
        request.member = { userId: owner.userId, tokenId: owner.tokenId, name: owner.name, email: owner.email, role: owner.role as Role };
      }
    }
    if (!request.member && mode !== 'optional') throw new AppError('UNAUTHENTICATED', 401);
    if (request.member && (mode === 'editor' || mode === 'admin') && rank[request.member.role] < rank[mode]) {
      throw new AppError(request.member.role === 'editor' ? 'ADMIN_ONLY' : 'STAFF_ONLY', 403);
    }
  });
});

/** The member of a route declared with `auth: 'member'` (the hook has already refused everyone else). */
export function requireMember(request: FastifyRequest): AuthMember {
  if (!request.member) throw new AppError('UNAUTHENTICATED', 401);
  return request.member;
}

/** The operator of a route declared with `auth: 'editor'` or `'admin'` (the hook has checked the role). */
export function requireStaff(request: FastifyRequest): AuthMember {
  const member = requireMember(request);
  if (member.role === 'member') throw new AppError('STAFF_ONLY', 403);
  return member;
}
