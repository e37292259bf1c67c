import {
  authResponse,
  changePasswordInput,
  emailInput,
  errorResponse,
  loginInput,
  loginWithTokenInput,
  messageResponse,
  registerInput,
  registerResponse,
  resetPasswordInput,
  validationErrorResponse,
} from '@parde/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMember } from '../../plugins/auth';
import { AuthService } from './auth.service';
import { limitBy, MINUTE } from './rate-limits';

const tags = ['auth'];
const formErrors = { 422: validationErrorResponse, 429: errorResponse };
const bearer = [{ bearer: [] }];
const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;

/** The spec's auth calls (`/api/sanc/*`, `/api/forgot-password`, `/api/reset-password`) plus login links. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const auth = new AuthService(app.deps.database.db, app.mailer, config);
  // Each guessable form is limited per IP (the route's own limit) and per email (a second counter).
  const perIp = { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: MINUTE } };
  const perEmail = (name: string) => limitBy(app, name, config.AUTH_RATE_LIMIT, MINUTE, emailOf);

  app.post(
    '/api/sanc/register',
    {
      config: perIp,
      preHandler: perEmail('register'),
      schema: {
        tags,
        summary: 'Starts a sign-up: mails a confirmation link (new or unconfirmed address) or a notice to the owner (a member\'s address); the same 202 either way',
        body: registerInput,
        response: { 202: registerResponse, ...formErrors },
      },
    },
    async (request, reply) => reply.status(202).send(await auth.register(request.body)),
  );

  app.post(
    '/api/sanc/login',
    {
      config: perIp,
      preHandler: perEmail('login'),
      schema: {
        tags,
        summary: 'Signs in with email and password (remember: a longer-lived token); 403 EMAIL_NOT_VERIFIED, with the right password only, mails the confirmation link again',
        body: loginInput,
        response: { 200: authResponse, 403: errorResponse, ...formErrors },
      },
    },
    async (request) => auth.login(request.body),
  );

  app.post(
    '/api/sanc/login-link',
    {
      config: perIp,
      preHandler: perEmail('login-link'),
      schema: { tags, summary: 'Mails a one-time login link; the same answer whether or not the email has an account', body: emailInput, response: { 200: messageResponse, ...formErrors } },
    },
    async (request) => auth.sendLoginLink(request.body.email),
  );

  app.post(
    '/api/sanc/login-with-token',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Signs in with the token of a mailed link (login link or sign-up confirmation; single use) and marks the email verified',
        body: loginWithTokenInput,
        response: { 200: authResponse, ...formErrors },
      },
    },
    async (request) => auth.loginWithToken(request.body.token, request.body.remember ?? false),
  );

  app.post(
    '/api/forgot-password',
    {
      config: perIp,
      preHandler: perEmail('forgot-password'),
      schema: { tags, summary: 'Mails a password-reset link; the same answer whether or not the email has an account', body: emailInput, response: { 200: messageResponse, ...formErrors } },
    },
    async (request) => auth.forgotPassword(request.body.email),
  );

  app.post(
    '/api/reset-password',
    {
      config: perIp,
      schema: { tags, summary: 'Sets a new password with the token of a mailed link; signs out every device', body: resetPasswordInput, response: { 200: messageResponse, ...formErrors } },
    },
    async (request) => auth.resetPassword(request.body),
  );

  app.post(
    '/api/sanc/password',
    {
      config: { auth: 'member', ...perIp },
      schema: {
        tags,
        summary: 'Changes the password (current and new); signs out the other devices; not from a kids profile (403 KIDS_PROFILE)',
        security: bearer,
        body: changePasswordInput,
        response: { 200: messageResponse, 401: errorResponse, 403: errorResponse, ...formErrors },
      },
    },
    async (request) => auth.changePassword(requireMember(request), request.body),
  );

  app.post(
    '/api/sanc/logout',
    { config: { auth: 'member', anyProfile: true }, schema: { tags, summary: 'Revokes the token of this request', security: bearer, response: { 200: messageResponse, 401: errorResponse } } },
    async (request) => auth.logout(requireMember(request)),
  );
};
