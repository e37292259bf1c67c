import { errorResponse, memberIdParam, titleAccessResponse, validationErrorResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { canWatch } from './entitlements.service';

export const entitlementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/titles/:id/access',
    {
      // Signed in or not: the answer is this visitor's own, so it is never cached publicly.
      config: { auth: 'optional' },
      schema: {
        tags: ['premium'],
        security: [{ bearer: [] }, {}],
        summary: 'Whether this visitor may watch the full title and its episodes (trailers are always free)',
        params: memberIdParam,
        response: { 200: titleAccessResponse, 404: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request) => {
      const access = await canWatch(db, request.member?.userId ?? null, request.params.id, new Date(), request.member?.kids === true);
      if (!access) throw AppError.notFound('فیلم یا سریالی با این نشانی پیدا نشد.');
      return { data: access };
    },
  );
};
