import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

export type Role = 'member' | 'editor' | 'admin';

export interface AuthMember {
  userId: number;
  tokenId: number;
  name: string;
  email: string;
  role: Role;
  /** The profile this session uses (decision 21): per-profile lists are read and written for it. */
  profileId: number;
  /** A kids profile: the catalogue shows only titles rated for children, and no comments. */
  kids: boolean;
  /** The name comments and payments are signed with. */
  profileName: string;
  /** The account's main profile (its PIN proves the account holder). */
  mainProfile: boolean;
}

/**
 * What the plugin asks of the accounts behind tokens. The auth module answers (app.ts hands its
 * answer over), so this plugin knows no table and no module: every module that needs a member
 * sits above it.
 */
export interface SessionLookup {
  /** The member and profile behind a bearer token, or null (unknown, expired or revoked). */
  memberOfToken(token: string): Promise<AuthMember | null>;
}

export interface AuthPluginOptions {
  sessions: SessionLookup;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The member and profile behind the request's token, or null: for pages drawn outside the auth hook. */
    memberOf(request: FastifyRequest): Promise<AuthMember | null>;
  }
  interface FastifyContextConfig {
    /**
     * 'member': a valid bearer token is required (401 otherwise); 'optional': used when valid;
     * 'editor' / 'admin': an operator of at least that role (a visitor 401, anyone else 403).
     */
    auth?: 'member' | 'optional' | 'editor' | 'admin';
    /**
     * Answered whichever profile the client thinks it uses (the profile list and the picker): no
     * 409 PROFILE_CHANGED, so a stale tab can read where it stands and choose again.
     */
    anyProfile?: boolean;
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

/** The header the web app sends with the profile it shows (its `profile-storage`). */
const PROFILE_HEADER = 'x-profile';

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
export const authPlugin = fp(async (app: FastifyInstance, { sessions }: AuthPluginOptions) => {
  const resolve = async (request: FastifyRequest): Promise<AuthMember | null> => {
    const token = tokenOf(request);
    if (!token || token.length > 200) return null;
    return sessions.memberOfToken(token);
  };
  app.decorate('memberOf', resolve);
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
    const config = request.routeOptions.config;
    const mode = config.auth;
    if (!mode) {
      // A public catalogue read: a visitor (no token) costs nothing more; a signed-in session is
      // looked up so a kids profile gets its own, filtered answers (public-cache.ts keeps them apart).
      if (config.publicCache && tokenOf(request) !== undefined) {
        request.member = await resolve(request);
        checkProfileHeader(request, config.anyProfile);
      }
      return;
    }
    reply.header('cache-control', 'private, no-store');
    request.member = await resolve(request);
    if (!request.member && mode !== 'optional') throw new AppError('UNAUTHENTICATED', 401);
    if (request.member && (mode === 'editor' || mode === 'admin') && rank[request.member.role] < rank[mode]) {
      throw new AppError(request.member.role === 'editor' ? 'ADMIN_ONLY' : 'STAFF_ONLY', 403);
    }
    checkProfileHeader(request, config.anyProfile);
  });
});

/**
 * A tab that still shows another profile than its session uses (the profile was switched in
 * another tab) must not write into the wrong one: 409 PROFILE_CHANGED, and the app reads again.
 * Without the header (API clients) the session's profile is used.
 */
function checkProfileHeader(request: FastifyRequest, anyProfile: boolean | undefined) {
  const member = request.member;
  const header = request.headers[PROFILE_HEADER];
  if (!member || anyProfile || header === undefined || header === '') return;
  if (String(header).trim() !== String(member.profileId)) throw new AppError('PROFILE_CHANGED', 409);
}

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
