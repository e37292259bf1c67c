import {
  audioChoiceInput,
  audioChoiceResponse,
  createProfileInput,
  deleteProfileInput,
  errorResponse,
  memberIdParam,
  noContent,
  playerPrefs,
  playerPrefsResponse,
  profileResponse,
  profilesResponse,
  profileValidationError,
  selectProfileInput,
  titleIdParam,
  updateProfileInput,
  validationErrorResponse,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../../plugins/auth';
import { limitBy, MINUTE, passwordTriesKey } from '../auth/rate-limits';
import { PasswordHasher } from '../auth/passwords';
import { ProfilesService } from './profiles.service';

const tags = ['profiles'];
const security = [{ bearer: [] }];
const config = { auth: 'member' } as const;
const manageErrors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: profileValidationError, 423: errorResponse, 429: errorResponse };

/** Household profiles (`/api/user/profiles`, decision 21) and each profile's player choices (`/api/user/profile/*`). */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = new ProfilesService(app.deps.database, new PasswordHasher(app.deps.config.PASSWORD_HASH_COST));
  /**
   * The account's password typed on a shared device (a child leaving a kids profile) is guessed no
   * faster than sign-in allows: a few tries per account in a quarter of an hour, and a device in a
   * kids profile counts its own instead (decision 26). PINs have their own lock.
   */
  const passwordTries = limitBy(app, 'profile-password', 20, 15 * MINUTE, passwordTriesKey);

  app.get(
    '/api/user/profiles',
    {
      // A tab that shows another profile reads here where its session stands: never a 409.
      config: { ...config, anyProfile: true },
      schema: { tags, security, summary: "The account's profiles, in order, and the one this session uses", response: { 200: profilesResponse, 401: errorResponse } },
    },
    async (request) => ({ data: await profiles.list(requireMember(request)) }),
  );

  app.post(
    '/api/user/profiles',
    {
      config,
      preHandler: passwordTries,
      schema: {
        tags,
        security,
        summary: "Adds a profile (at most five); needs the account's password or the main profile's PIN",
        body: createProfileInput,
        response: { 201: profileResponse, ...manageErrors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await profiles.create(requireMember(request), request.body) }),
  );

  app.patch(
    '/api/user/profiles/:id',
    {
      config,
      preHandler: passwordTries,
      schema: {
        tags,
        security,
        summary: "Changes a profile's name, avatar, kids setting or PIN (pin: null removes it); needs the password or the main PIN",
        params: memberIdParam,
        body: updateProfileInput,
        response: { 200: profileResponse, ...manageErrors },
      },
    },
    async (request) => ({ data: await profiles.update(requireMember(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/user/profiles/:id',
    {
      config,
      preHandler: passwordTries,
      schema: {
        tags,
        security,
        summary: 'Deletes a profile (not the main one) with its lists; needs the password or the main PIN',
        params: memberIdParam,
        body: deleteProfileInput.optional(),
        response: { 204: noContent, ...manageErrors },
      },
    },
    async (request, reply) => {
      await profiles.delete(requireMember(request), request.params.id, request.body ?? {});
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/profiles/:id/select',
    {
      config: { ...config, anyProfile: true },
      preHandler: passwordTries,
      schema: {
        tags,
        security,
        summary: "This session (device) uses the profile from now on; its PIN when it has one, and leaving a kids profile needs a grown-up's proof",
        params: memberIdParam,
        body: selectProfileInput,
        response: { 200: profileResponse, ...manageErrors },
      },
    },
    async (request) => ({ data: await profiles.select(requireMember(request), request.params.id, request.body) }),
  );

  app.get(
    '/api/user/profile/prefs',
    { config, schema: { tags, security, summary: "The player's choices of this session's profile", response: { 200: playerPrefsResponse, 401: errorResponse } } },
    async (request) => ({ data: await profiles.prefs(requireMember(request)) }),
  );

  app.put(
    '/api/user/profile/prefs',
    {
      config,
      schema: { tags, security, summary: "Keeps the player's choices for this session's profile", body: playerPrefs, response: { 200: playerPrefsResponse, 401: errorResponse, 409: errorResponse, 422: validationErrorResponse } },
    },
    async (request) => ({ data: await profiles.setPrefs(requireMember(request), request.body) }),
  );

  app.get(
    '/api/user/profile/audio/:titleId',
    { config, schema: { tags, security, summary: 'The audio edition this profile chose for a title or series', params: titleIdParam, response: { 200: audioChoiceResponse, 401: errorResponse, 422: validationErrorResponse } } },
    async (request) => ({ data: { edition: await profiles.audio(requireMember(request), request.params.titleId) } }),
  );

  app.put(
    '/api/user/profile/audio/:titleId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Keeps the audio edition this profile chose for a title or series',
        params: titleIdParam,
        body: audioChoiceInput,
        response: { 200: audioChoiceResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request) => ({ data: { edition: await profiles.setAudio(requireMember(request), request.params.titleId, request.body.edition) } }),
  );
};
