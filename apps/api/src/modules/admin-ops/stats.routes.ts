import { adminStats, adminStatsQuery, single } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../plugins/auth';
import { adminErrors, adminSecurity, adminTags, editorOnly } from '../admin/admin.routes';
import { dashboardStats } from './stats';

/** The dashboard: editors see everything but money, which is null for them. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stats',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Per-day sign-ups, premium members, plays, searches and revenue (admins only) with zeros filled, searches that found nothing, open requests and reports',
        querystring: adminStatsQuery,
        response: { 200: single(adminStats), ...adminErrors },
      },
    },
    async (request) => ({ data: await dashboardStats(app.deps.database, request.query.days, requireStaff(request).role === 'admin') }),
  );
};
