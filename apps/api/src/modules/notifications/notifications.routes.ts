import { errorResponse, notification, notificationsReadResponse, pageQuery, paginated, validationErrorResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../../plugins/auth';
import { listNotifications, markAllRead } from './notifications.service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const config = { auth: 'member' } as const;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/user/notifications',
    {
      config,
      schema: { tags, security, summary: "The member's notifications, newest first", querystring: pageQuery, response: { 200: paginated(notification), 401: errorResponse, 422: validationErrorResponse } },
    },
    async (request) => {
      const member = requireMember(request);
      return listNotifications(db, member.userId, member.profileId, request.query.page, request.query.per_page, member.kids);
    },
  );

  app.post(
    '/api/user/notifications',
    { config, schema: { tags, security, summary: 'Marks every notification read (newNotifications becomes false)', response: { 200: notificationsReadResponse, 401: errorResponse } } },
    async (request) => {
      const member = requireMember(request);
      return { data: { marked: await markAllRead(db, member.userId, member.profileId) } };
    },
  );
};
