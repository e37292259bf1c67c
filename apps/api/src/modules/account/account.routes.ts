import { errorResponse, userResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../../plugins/auth';
import { memberProfile } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/user',
    {
      // The app's sign-in check reads it on every start: answered whatever profile a stale tab names.
      config: { auth: 'member', anyProfile: true },
      schema: { tags: ['account'], summary: 'The signed-in member', security: [{ bearer: [] }], response: { 200: userResponse, 401: errorResponse } },
    },
    async (request) => {
      const member = requireMember(request);
      return { data: await memberProfile(db, member.userId, member.profileId) };
    },
  );
};
