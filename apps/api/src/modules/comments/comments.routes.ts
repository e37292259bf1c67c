import {
  comment,
  commentInput,
  commentLikesResponse,
  commentReportInput,
  commentReportResponse,
  commentUpdateInput,
  errorResponse,
  likeToggleResponse,
  memberIdParam,
  noContent,
  paginated,
  single,
  topComment,
  topCommentsQuery,
  validationErrorResponse,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { requireMember, type AuthMember } from '../../plugins/auth';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { CommentsService } from './comments.service';

const tags = ['comments'];
const security = [{ bearer: [] }];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: validationErrorResponse };
const config = { auth: 'member' } as const;

/** A kids profile neither reads nor writes comments (decision 21): 403 KIDS_NO_COMMENTS. */
function grownUp(request: Parameters<typeof requireMember>[0]): AuthMember {
  const member = requireMember(request);
  if (member.kids) throw new AppError('KIDS_NO_COMMENTS', 403);
  return member;
}

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CommentsService(app.deps.database.db, new CatalogueRepository(app.deps.database.pool));

  app.get(
    '/api/titles/:id/topcomments',
    {
      // A signed-in kids profile is told nothing: its list is empty.
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: "A title's comments, most liked first, each with its first replies (public; empty for a kids profile)",
        params: memberIdParam,
        querystring: topCommentsQuery,
        response: { 200: paginated(topComment), 404: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request, reply) => {
      // Public, but a member expects to see their comment at once: revalidate every time.
      reply.header('cache-control', 'no-cache');
      if (request.member?.kids) return { data: [], meta: { currentPage: request.query.page, lastPage: 1, perPage: request.query.per_page, total: 0 } };
      return service.top(request.params.id, request.query.page, request.query.per_page);
    },
  );

  app.post(
    '/api/user/comment',
    { config, schema: { tags, security, summary: 'Comments on a title, or replies (parent_id)', body: commentInput, response: { 201: single(comment), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(grownUp(request).userId, request.body, grownUp(request).profileName) }),
  );

  app.patch(
    '/api/user/comments/:id',
    { config, schema: { tags, security, summary: "Edits the member's own comment", params: memberIdParam, body: commentUpdateInput, response: { 200: single(comment), ...errors } } },
    async (request) => ({ data: await service.update(grownUp(request).userId, request.params.id, request.body) }),
  );

  app.delete(
    '/api/user/comments/:id',
    { config, schema: { tags, security, summary: "Deletes the member's own comment (and its replies)", params: memberIdParam, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      await service.remove(grownUp(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/comments/:id/like',
    { config, schema: { tags, security, summary: 'Likes a comment, or takes the like back (toggle)', params: memberIdParam, response: { 200: likeToggleResponse, ...errors } } },
    async (request) => ({ data: await service.toggleLike(grownUp(request).userId, request.params.id) }),
  );

  app.post(
    '/api/user/comments/:id/report',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Reports a comment to the operators (once per member)',
        params: memberIdParam,
        body: commentReportInput,
        response: { 201: commentReportResponse, 409: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.report(grownUp(request).userId, request.params.id, request.body.reason);
      return reply.status(201).send({ data: { reported: true as const } });
    },
  );

  app.get(
    '/api/user/titles/:id/comment-likes',
    { config, schema: { tags, security, summary: "Ids of the title's comments the member liked", params: memberIdParam, response: { 200: commentLikesResponse, ...errors } } },
    async (request) => ({ data: await service.likedIds(grownUp(request).userId, request.params.id) }),
  );
};
