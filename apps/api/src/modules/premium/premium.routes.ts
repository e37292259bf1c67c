import {
  errorResponse,
  gift,
  giftPurchaseInput,
  giftRedeemInput,
  giftRedeemResult,
  joinPlanInput,
  pageQuery,
  paginated,
  paymentRedirect,
  planIdParam,
  planResponse,
  plansResponse,
  premiumStatus as premiumStatusSchema,
  single,
  validationErrorResponse,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { assetOrigin } from '../../lib/urls';
import { requireMember, type AuthMember } from '../../plugins/auth';
import { limitBy, MINUTE, passwordTriesKey } from '../auth/rate-limits';
import { PasswordHasher } from '../auth/passwords';
import { ProfilesService } from '../profiles/profiles.service';
import { listGifts, redeemGift } from './gifts';
import { premiumStatus } from './periods';
import { PlansRepository, toPlan } from './plans';

const tags = ['premium'];
const security = [{ bearer: [] }];
const member = { auth: 'member' } as const;
const buyErrors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: validationErrorResponse, 423: errorResponse, 429: errorResponse, 503: errorResponse };

/** Plans, buying them (join, reserve, gift), the member's subscription and gift codes. */
export const premiumRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const plans = new PlansRepository();
  const profiles = new ProfilesService(app.deps.database, new PasswordHasher(app.deps.config.PASSWORD_HASH_COST));

  /**
   * Paying (decision 21): never from a kids profile; from the main profile as before; from any
   * other profile with the account's password or the main profile's PIN.
   */
  // The account's password typed to pay from another profile: guessed no faster than through the profile routes.
  const passwordTries = limitBy(app, 'pay-password', 20, 15 * MINUTE, passwordTriesKey);
  const payer = async (m: AuthMember, proof: { password?: string; main_pin?: string }) => {
    if (m.kids) throw new AppError('KIDS_PROFILE', 403);
    if (!m.mainProfile) await profiles.proveHolder(m, proof);
    return { userId: m.userId, email: m.email, profileName: m.profileName };
  };

  app.get(
    '/api/plans',
    { config: { publicCache: true }, schema: { tags, summary: 'The plans on sale, cheapest period first', response: { 200: plansResponse } } },
    async () => ({ data: (await plans.listActive(db)).map(toPlan) }),
  );

  app.get(
    '/api/plans/:id',
    { config: { publicCache: true }, schema: { tags, summary: 'One plan on sale', params: planIdParam, response: { 200: planResponse, 404: errorResponse, 422: validationErrorResponse } } },
    async (request) => {
      const plan = await plans.activeById(db, request.params.id);
      if (!plan) throw new AppError('PLAN_NOT_FOUND', 404);
      return { data: toPlan(plan) };
    },
  );

  app.get(
    '/api/user/premium',
    {
      config: member,
      schema: { tags, security, summary: 'The subscription: active until, days left, reserved plans queued after it', response: { 200: single(premiumStatusSchema), 401: errorResponse } },
    },
    async (request) => ({ data: await premiumStatus(db, requireMember(request).userId, new Date()) }),
  );

  const purchases = [
    ['/api/user/join2', 'join', 'Buys a plan: a pending payment and the gateway page to pay it (days stack on what is left)'],
    ['/api/user/reserve2', 'reserve', 'Buys a plan that starts when the current subscription ends (like join without one)'],
  ] as const;
  for (const [path, kind, summary] of purchases) {
    app.post(path, { config: member, preHandler: passwordTries, schema: { tags, security, summary, body: joinPlanInput, response: { 200: paymentRedirect, ...buyErrors } } }, async (request) => {
      return app.payments.start(await payer(requireMember(request), request.body), kind, request.body, assetOrigin(request));
    });
  }

  app.post(
    '/api/user/gift',
    {
      config: member,
      preHandler: passwordTries,
      schema: { tags, security, summary: 'Buys a plan as a gift code, optionally mailed to a recipient with a message', body: giftPurchaseInput, response: { 200: paymentRedirect, ...buyErrors } },
    },
    async (request) => {
      return app.payments.start(await payer(requireMember(request), request.body), 'gift', request.body, assetOrigin(request));
    },
  );

  app.post(
    '/api/user/gift/redeem',
    {
      config: member,
      schema: {
        tags,
        security,
        summary: 'Redeems a gift code (once): its days are added like a join',
        body: giftRedeemInput,
        response: { 200: single(giftRedeemResult), 401: errorResponse, 404: errorResponse, 409: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request) => ({ data: await redeemGift(db, requireMember(request).userId, request.body.code) }),
  );

  app.get(
    '/api/user/gifts',
    { config: member, schema: { tags, security, summary: 'Gifts the member bought, with whether each was redeemed', querystring: pageQuery, response: { 200: paginated(gift), 401: errorResponse, 422: validationErrorResponse } } },
    async (request) => listGifts(db, requireMember(request).userId, request.query.page, request.query.per_page),
  );
};
