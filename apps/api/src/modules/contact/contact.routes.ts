import { contactInput, contactResponse, errorResponse, validationErrorResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MINUTE } from '../auth/rate-limits';
import { ContactService } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const service = new ContactService(app.deps.database.db, app.mailer, config, app.log);

  app.post(
    '/api/contact',
    {
      // Visitors and members alike; a member's message is linked to their account.
      config: { auth: 'optional', rateLimit: { max: config.CONTACT_RATE_LIMIT, timeWindow: 10 * MINUTE } },
      schema: {
        tags: ['contact'],
        summary: 'Sends a message to support (stored, then mailed to SUPPORT_EMAIL)',
        body: contactInput,
        response: { 201: contactResponse, 422: validationErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.send(request.body, { userId: request.member?.userId ?? null, ip: request.ip }) }),
  );
};
