import {
  adminDiscount,
  adminDiscountInput,
  adminDiscountQuery,
  adminDiscountUpdate,
  adminGift,
  adminGiftIssueInput,
  adminGiftQuery,
  adminPayment,
  adminPaymentDetail,
  adminPaymentQuery,
  adminPlan,
  adminPlanInput,
  adminPlanUpdate,
  adminReasonInput,
  adminRefundInput,
  adminRefundResult,
  idParam,
  paginated,
  single,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../admin/audit';
import { adminErrors, adminSchema as schema, conflictError as conflict, notFoundError as notFound } from '../admin/admin.routes';
import { createDiscount, listDiscounts, updateDiscount } from './discounts.admin';
import { disableGift, issueGift, listGifts } from './gifts.admin';
import { idempotencyHeaders, requestKey } from './money.shared';
import { listPayments, paymentDetail, paymentsCsv, refundPayment } from './payments.admin';
import { createPlan, deletePlan, listPlans, updatePlan } from './plans.admin';


/** Today in Tehran, for the export's file name. */
const tehranToday = () => new Date(Date.now() + 3.5 * 3_600_000).toISOString().slice(0, 10);

/**
 * The money area of the panel: plans, discount codes, gift codes and payments (admins only, the
 * default under /api/admin). Every change is one transaction with its audit entry.
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // The public list of plans is kept for a few seconds with the public answers: a change shows at once here.
  const forgetPublicPlans = () => app.catalogue.responses.clear();

  // ── Plans ──
  app.get(
    '/api/admin/plans',
    { schema: { ...schema, summary: 'Every plan, on sale or not, with its payment counts', response: { 200: z.object({ data: z.array(adminPlan) }), ...adminErrors } } },
    async () => ({ data: await listPlans(db) }),
  );

  app.post(
    '/api/admin/plans',
    { schema: { ...schema, summary: 'Creates a plan', body: adminPlanInput, response: { 201: single(adminPlan), ...adminErrors } } },
    async (request, reply) => {
      const plan = await createPlan(db, actorOf(request), request.body);
      forgetPublicPlans();
      return reply.code(201).send({ data: plan });
    },
  );

  app.patch(
    '/api/admin/plans/:id',
    {
      schema: {
        ...schema,
        summary: 'Edits a plan (name, days, prices, features, order); `is_active: false` takes it off sale',
        params: idParam,
        body: adminPlanUpdate,
        response: { 200: single(adminPlan), ...adminErrors, ...notFound },
      },
    },
    async (request) => {
      const plan = await updatePlan(db, actorOf(request), request.params.id, request.body);
      forgetPublicPlans();
      return { data: plan };
    },
  );

  app.delete(
    '/api/admin/plans/:id',
    {
      schema: {
        ...schema,
        summary: 'Deletes a plan nobody paid for; a plan with payments is only deactivated (409)',
        params: idParam,
        response: { 204: z.null(), ...adminErrors, ...notFound, ...conflict },
      },
    },
    async (request, reply) => {
      await deletePlan(db, actorOf(request), request.params.id);
      forgetPublicPlans();
      return reply.code(204).send(null);
    },
  );

  // ── Discount codes ──
  app.get(
    '/api/admin/discounts',
    { schema: { ...schema, summary: 'Discount codes with their use', querystring: adminDiscountQuery, response: { 200: paginated(adminDiscount), ...adminErrors } } },
    async (request) => listDiscounts(db, request.query),
  );

  app.post(
    '/api/admin/discounts',
    { schema: { ...schema, summary: 'Creates a discount code (percent or fixed Toman, expiry, uses)', body: adminDiscountInput, response: { 201: single(adminDiscount), ...adminErrors } } },
    async (request, reply) => reply.code(201).send({ data: await createDiscount(db, actorOf(request), request.body) }),
  );

  app.patch(
    '/api/admin/discounts/:id',
    {
      schema: {
        ...schema,
        summary: "Edits a discount code's terms; `is_active: false` deactivates it",
        params: idParam,
        body: adminDiscountUpdate,
        response: { 200: single(adminDiscount), ...adminErrors, ...notFound },
      },
    },
    async (request) => ({ data: await updateDiscount(db, actorOf(request), request.params.id, request.body) }),
  );

  // ── Gift codes ──
  app.get(
    '/api/admin/gifts',
    { schema: { ...schema, summary: 'Gift codes, bought and issued, with who redeemed them', querystring: adminGiftQuery, response: { 200: paginated(adminGift), ...adminErrors } } },
    async (request) => listGifts(db, request.query),
  );

  app.post(
    '/api/admin/gifts',
    {
      schema: {
        ...schema,
        summary: "Issues a gift code by hand with a reason (a plan's days or a number of days); idempotent by `Idempotency-Key` or `request_id`",
        headers: idempotencyHeaders,
        body: adminGiftIssueInput,
        response: { 200: single(adminGift), 201: single(adminGift), ...adminErrors, ...conflict },
      },
    },
    async (request, reply) => {
      const { gift, replayed } = await issueGift(db, actorOf(request), request.body, requestKey(request.headers, request.body.request_id));
      return reply.code(replayed ? 200 : 201).send({ data: gift });
    },
  );

  app.post(
    '/api/admin/gifts/:id/disable',
    {
      schema: {
        ...schema,
        summary: 'Withdraws a gift code nobody redeemed yet',
        params: idParam,
        body: adminReasonInput,
        response: { 200: single(adminGift), ...adminErrors, ...notFound, ...conflict },
      },
    },
    async (request) => ({ data: await disableGift(db, actorOf(request), request.params.id, request.body.reason) }),
  );

  // ── Payments ──
  app.get(
    '/api/admin/payments',
    {
      schema: {
        ...schema,
        summary: 'Payments, newest first, filtered by state, kind, member, Tehran days and gateway',
        querystring: adminPaymentQuery,
        response: { 200: paginated(adminPayment), ...adminErrors },
      },
    },
    async (request) => listPayments(db, request.query),
  );

  app.get(
    '/api/admin/payments.csv',
    {
      schema: {
        ...schema,
        summary: 'The payments of a filter as CSV (UTF-8 with BOM; Jalali and ISO dates; Toman), streamed',
        querystring: adminPaymentQuery.omit({ page: true, per_page: true }),
        produces: ['text/csv'],
        response: { 200: z.string().meta({ description: 'text/csv; charset=utf-8, with a BOM' }), ...adminErrors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="parde-payments-${tehranToday()}.csv"`)
        // A stream is sent as it is read: the serializer never sees it.
        .send(paymentsCsv(db, request.query) as unknown as string),
  );

  app.get(
    '/api/admin/payments/:id',
    { schema: { ...schema, summary: 'A payment with its state history and what it bought', params: idParam, response: { 200: single(adminPaymentDetail), ...adminErrors, ...notFound } } },
    async (request) => ({ data: await paymentDetail(db, request.params.id) }),
  );

  app.post(
    '/api/admin/payments/:id/refund',
    {
      schema: {
        ...schema,
        summary: 'Marks a paid payment refunded and ends the days it bought (a second time: 409)',
        params: idParam,
        body: adminRefundInput,
        response: { 200: single(adminRefundResult), ...adminErrors, ...notFound, ...conflict },
      },
    },
    async (request) => ({ data: await refundPayment(db, actorOf(request), request.params.id, request.body.reason) }),
  );
};
