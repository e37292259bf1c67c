import { errorResponse, pageQuery, paginated, payment, paymentIdParam, paymentResult, single, validationErrorResponse } from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../plugins/auth';

const tags = ['payments'];
const security = [{ bearer: [] }];
const member = { auth: 'member' } as const;

/** What gateways add to the callback address (Zarinpal's names); anything else is ignored. */
const callbackQuery = z.object({
  Authority: z.string().max(200).optional().catch(undefined),
  Status: z.string().max(20).optional().catch(undefined),
});

/** Payment history with receipts, one payment's outcome, and the gateways' return address. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/payments',
    { config: member, schema: { tags, security, summary: 'Payment history with receipts, newest first', querystring: pageQuery, response: { 200: paginated(payment), 401: errorResponse, 422: validationErrorResponse } } },
    async (request) => app.payments.history(requireMember(request).userId, request.query.page, request.query.per_page),
  );

  app.get(
    '/api/user/payments/:id',
    {
      config: member,
      schema: {
        tags,
        security,
        summary: "A payment's outcome for the result page: success with the new end date, or failure with the reason and a retry",
        params: paymentIdParam,
        response: { 200: single(paymentResult), 401: errorResponse, 404: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request) => ({ data: await app.payments.result(requireMember(request).userId, request.params.id) }),
  );

  app.get(
    '/api/payments/:id/callback',
    {
      schema: {
        tags,
        summary: "The gateway's return address: verifies the payment (once) and sends the browser to the web app's result page",
        params: paymentIdParam,
        querystring: callbackQuery,
        response: { 303: z.null().describe('To `{SITE_URL}/premium/result?payment={id}`'), 422: validationErrorResponse },
      },
    },
    async (request, reply) => {
      let url = app.payments.resultUrl(request.params.id);
      try {
        url = await app.payments.callback(request.params.id, request.query);
      } catch (err) {
        // The payer still lands on the result page; an unfinished verification is retried by the jobs.
        request.log.error({ err, paymentId: request.params.id }, 'payment callback failed');
      }
      return reply.header('cache-control', 'no-store').redirect(url, 303);
    },
  );
};
