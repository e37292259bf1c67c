import { contentRequest, contentRequestInput, errorResponse, pageQuery, paginated, single, validationErrorResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUrls } from '../../lib/urls';
import { requireMember } from '../../plugins/auth';
import { RequestsService } from './requests.service';

const tags = ['requests'];
const security = [{ bearer: [] }];
const config = { auth: 'member' } as const;

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new RequestsService(app.deps.database);

  app.post(
    '/api/user/request',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Asks for a film or series the catalogue lacks',
        body: contentRequestInput,
        response: { 201: single(contentRequest), 401: errorResponse, 409: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.create(requireMember(request).userId, request.body, imageUrls(request)) }),
  );

  app.get(
    '/api/user/requests',
    {
      config,
      schema: { tags, security, summary: "The member's requests, newest first, with their status", querystring: pageQuery, response: { 200: paginated(contentRequest), 401: errorResponse, 422: validationErrorResponse } },
    },
    async (request) => service.list(requireMember(request).userId, request.query.page, request.query.per_page, imageUrls(request)),
  );
};
