import { adminComment, adminCommentHideInput, adminCommentsQuery, adminCommentUpdateInput, adminMute, adminMuteInput, errorResponse, idParam, paginated, single } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin/audit';
import { adminErrors, adminSchema as schema, editorOnly } from '../admin/admin.routes';
import { listComments, moderateComment, setMute, type Moderation } from './comments';

const errors = { 404: errorResponse, ...adminErrors };

/** Comment moderation: the reported queue, hide / delete / restore, the spoiler flag, muting a member. */
export const adminCommentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/admin/comments',
    {
      config: editorOnly,
      schema: {
        ...schema,
        summary: 'Comments for moderation: reported ones waiting first (with their reports), then the newest; filters and text search',
        querystring: adminCommentsQuery,
        response: { 200: paginated(adminComment), ...adminErrors },
      },
    },
    async (request) => listComments(db, request.query, actorOf(request)),
  );

  const action = (path: string, summary: string, moderation: (body: unknown) => Moderation, body?: typeof adminCommentHideInput) =>
    app.post(
      `/api/admin/comments/:id/${path}`,
      { config: editorOnly, schema: { ...schema, summary, params: idParam, ...(body ? { body } : {}), response: { 200: single(adminComment), ...errors } } },
      async (request) => ({ data: await moderateComment(db, actorOf(request), request.params.id, moderation(request.body)) }),
    );

  action('hide', 'Hides the comment (and its replies) from every public list, with a reason', (b) => ({ action: 'hide', reason: (b as { reason: string }).reason }), adminCommentHideInput);
  action('delete', 'Deletes the comment for members (kept for a restore); its replies go with it', () => ({ action: 'delete' }));
  action('restore', 'Shows a hidden or deleted comment again', () => ({ action: 'restore' }));
  action('review', 'Keeps the comment: its reports so far were looked at, it leaves the reported queue', () => ({ action: 'review' }));

  app.patch(
    '/api/admin/comments/:id',
    {
      config: editorOnly,
      schema: { ...schema, summary: 'Sets or clears the comment’s spoiler flag', params: idParam, body: adminCommentUpdateInput, response: { 200: single(adminComment), ...errors } },
    },
    async (request) => ({ data: await moderateComment(db, actorOf(request), request.params.id, { action: 'set_spoiler', spoiler: request.body.spoiler }) }),
  );

  app.put(
    '/api/admin/muted-members/:id',
    {
      config: editorOnly,
      schema: { ...schema, summary: 'Mutes a member for some days: no new comments or replies until then', params: idParam, body: adminMuteInput, response: { 200: single(adminMute), ...errors } },
    },
    async (request) => ({ data: await setMute(db, actorOf(request), request.params.id, { days: request.body.days, reason: request.body.reason }) }),
  );

  app.delete(
    '/api/admin/muted-members/:id',
    { config: editorOnly, schema: { ...schema, summary: 'Lets a muted member comment again', params: idParam, response: { 200: single(adminMute), ...errors } } },
    async (request) => ({ data: await setMute(db, actorOf(request), request.params.id, null) }),
  );
};
