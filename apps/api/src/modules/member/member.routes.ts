import {
  errorResponse,
  historyItem,
  historyVisitInput,
  historyVisitResponse,
  likeToggleResponse,
  memberIdParam,
  memberTitleCard,
  memberTitleState,
  noContent,
  pageQuery,
  paginated,
  ratingInput,
  ratingResponse,
  titleIdParam,
  validationErrorResponse,
  watchlistToggleResponse,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUrls } from '../../lib/urls';
import { requireMember } from '../../plugins/auth';
import { MemberService } from './member.service';

const tags = ['member'];
const security = [{ bearer: [] }];
const errors = { 401: errorResponse, 404: errorResponse, 422: validationErrorResponse };
const config = { auth: 'member' } as const;

/** The signed-in member's watchlist, history, likes, ratings and per-title state (`/api/user/*`). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = new MemberService(app.deps.database);

  app.post(
    '/api/user/watchlist/:id',
    { config, schema: { tags, security, summary: 'Adds the title to the watchlist, or removes it (toggle)', params: memberIdParam, response: { 200: watchlistToggleResponse, ...errors } } },
    async (request) => ({ data: await members.toggleWatchlist(requireMember(request), request.params.id) }),
  );

  app.get(
    '/api/user/watchlist',
    { config, schema: { tags, security, summary: "The watchlist, newest first, with the member's own rating of each title", querystring: pageQuery, response: { 200: paginated(memberTitleCard), ...errors } } },
    async (request) => members.watchlist(requireMember(request), request.query.page, request.query.per_page, imageUrls(request)),
  );

  app.get(
    '/api/user/history',
    {
      config,
      schema: { tags, security, summary: "Titles visited or watched, latest first, with the episode and position reached and the member's own rating", querystring: pageQuery, response: { 200: paginated(historyItem), ...errors } },
    },
    async (request) => members.history(requireMember(request), request.query.page, request.query.per_page, imageUrls(request)),
  );

  app.post(
    '/api/user/history/:titleId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Records a visit to a title (or an episode), optionally with the playback position',
        params: titleIdParam,
        body: historyVisitInput,
        response: { 200: historyVisitResponse, ...errors },
      },
    },
    async (request) => ({ data: await members.recordVisit(requireMember(request), request.params.titleId, request.body ?? {}) }),
  );

  app.delete(
    '/api/user/history/:titleId',
    { config, schema: { tags, security, summary: 'Forgets one title of the history', params: titleIdParam, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      await members.clearHistory(requireMember(request), request.params.titleId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/user/history',
    { config, schema: { tags, security, summary: 'Clears the whole history', response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      await members.clearHistory(requireMember(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/like/:id',
    { config, schema: { tags, security, summary: 'Likes the title, or takes the like back (toggle)', params: memberIdParam, response: { 200: likeToggleResponse, ...errors } } },
    async (request) => ({ data: await members.toggleLike(requireMember(request), request.params.id) }),
  );

  app.post(
    '/api/user/rating/:id',
    {
      config,
      schema: { tags, security, summary: "The member's own 1–10 rating of the title; null or 0 removes it", params: memberIdParam, body: ratingInput, response: { 200: ratingResponse, ...errors } },
    },
    async (request) => ({ data: await members.rate(requireMember(request), request.params.id, request.body.rating) }),
  );

  app.get(
    '/api/user/titles/:id/state',
    { config, schema: { tags, security, summary: 'What the member did with one title: watchlist, like, rating', params: memberIdParam, response: { 200: memberTitleState, ...errors } } },
    async (request) => ({ data: await members.titleState(requireMember(request), request.params.id) }),
  );
};
