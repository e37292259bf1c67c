import { auditEntry, auditQuery, errorResponse, paginated, validationErrorResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './audit';

/** What every admin route declares: the tag, the bearer and who may call it. */
export const adminTags = ['admin'];
export const adminSecurity = [{ bearer: [] }];
export const editorOnly = { auth: 'editor' } as const;
export const adminOnly = { auth: 'admin' } as const;
/** The answers every admin route may give besides its own. */
export const adminErrors = { 401: errorResponse, 403: errorResponse, 422: validationErrorResponse } as const;
/** The tag and bearer of an admin route's schema, to spread into it. */
export const adminSchema = { tags: adminTags, security: adminSecurity };
/** Answers some admin routes add to `adminErrors`. */
export const notFoundError = { 404: errorResponse } as const;
export const conflictError = { 409: errorResponse } as const;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/admin/audit',
    {
      config: adminOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'The audit log: every change operators made, newest first, with filters',
        querystring: auditQuery,
        response: { 200: paginated(auditEntry), ...adminErrors },
      },
    },
    async (request) => listAudit(db, request.query),
  );
};
