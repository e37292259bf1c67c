import {
  adminRequestAnswer,
  adminRequestDeclineInput,
  adminRequestFulfilInput,
  adminRequestGroup,
  adminRequestReopened,
  adminRequestReopenInput,
  adminRequestsQuery,
  adminTitlePick,
  adminTitlePickerQuery,
  errorResponse,
  idParam,
  paginated,
  single,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageUrls } from '../../lib/urls';
import { actorOf } from '../admin/audit';
import { adminErrors, adminSecurity, adminTags, editorOnly } from '../admin/admin.routes';
import { answerGroup, listRequestGroups, reopenGroup } from './requests';
import { pickTitles } from './titles';

/** Members' requests, grouped by the title asked for; an editor answers a whole group at once. */
export const adminRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;

  app.get(
    '/api/admin/requests',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Members’ requests grouped by title (same IMDb id, or same title and year), most asked first; answered ones by status',
        querystring: adminRequestsQuery,
        response: { 200: paginated(adminRequestGroup), ...adminErrors },
      },
    },
    async (request) => listRequestGroups(database, request.query, imageUrls(request)),
  );

  app.post(
    '/api/admin/requests/:id/fulfil',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Fulfils every pending request in the group of this request with a catalogue title: each member is notified and finds it in their watchlist',
        params: idParam,
        body: adminRequestFulfilInput,
        response: { 200: single(adminRequestAnswer), 404: errorResponse, 409: errorResponse, ...adminErrors },
      },
    },
    async (request) => ({
      data: await answerGroup(database, actorOf(request), request.params.id, { status: 'fulfilled', titleId: request.body.title_id, response: request.body.response || null }),
    }),
  );

  app.post(
    '/api/admin/requests/:id/decline',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Declines every pending request in the group of this request; each member hears the reason',
        params: idParam,
        body: adminRequestDeclineInput,
        response: { 200: single(adminRequestAnswer), 404: errorResponse, 409: errorResponse, ...adminErrors },
      },
    },
    async (request) => ({ data: await answerGroup(database, actorOf(request), request.params.id, { status: 'rejected', response: request.body.reason }) }),
  );

  app.post(
    '/api/admin/requests/:id/reopen',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary:
          'Takes back the answer of this request’s group (a wrong title, a mistaken decline): the requests return to the queue to be answered again, the title the answer put in watchlists leaves them, each member hears why',
        params: idParam,
        body: adminRequestReopenInput,
        response: { 200: single(adminRequestReopened), 404: errorResponse, 409: errorResponse, ...adminErrors },
      },
    },
    async (request) => ({ data: await reopenGroup(database, actorOf(request), request.params.id, request.body.reason) }),
  );

  app.get(
    '/api/admin/title-picker',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Catalogue titles by name (any language, typos forgiven) or IMDb id / link, for picking one',
        querystring: adminTitlePickerQuery,
        response: { 200: z.object({ data: z.array(adminTitlePick) }), ...adminErrors },
      },
    },
    async (request) => ({ data: await pickTitles(database, request.query.q, imageUrls(request)) }),
  );
};
