import {
  adminNotificationInput,
  adminNotificationPreview,
  adminNotificationPreviewInput,
  adminNotificationSent,
  adminRecipient,
  adminRecipientQuery,
  errorResponse,
  single,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../admin/audit';
import { adminErrors, adminSchema as schema } from '../admin/admin.routes';
import { findRecipients, previewNotification, sendNotification } from './notifications';

/** Announcements to members (admins only: every route here keeps the admin default). */
export const adminNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.post(
    '/api/admin/notifications',
    {
      schema: {
        ...schema,
        summary: 'Sends an announcement to all members, premium members or one member; once per idempotency key',
        body: adminNotificationInput,
        response: { 200: single(adminNotificationSent), 201: single(adminNotificationSent), 409: errorResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      const sent = await sendNotification(db, actorOf(request), request.body);
      return reply.status(sent.replayed ? 200 : 201).send({ data: sent });
    },
  );

  app.post(
    '/api/admin/notifications/preview',
    {
      schema: {
        ...schema,
        summary: 'How the announcement will look in a member’s list, and how many members will get it',
        body: adminNotificationPreviewInput,
        response: { 200: single(adminNotificationPreview), ...adminErrors },
      },
    },
    async (request) => ({ data: await previewNotification(db, request.body) }),
  );

  app.get(
    '/api/admin/notifications/members',
    {
      schema: {
        ...schema,
        summary: 'Members by email (or name) for choosing one recipient',
        querystring: adminRecipientQuery,
        response: { 200: z.object({ data: z.array(adminRecipient) }), ...adminErrors },
      },
    },
    async (request) => ({ data: await findRecipients(db, request.query.q) }),
  );
};
