import {
  adminGrantInput,
  adminGrantResult,
  adminMember,
  adminMemberDetail,
  adminMemberQuery,
  adminMemberReasonInput,
  adminRoleInput,
  adminSignOutResult,
  idParam,
  paginated,
  single,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../plugins/auth';
import { adminErrors, adminSchema as schema, conflictError as conflict, notFoundError as notFound } from '../admin/admin.routes';
import { actorOf } from '../admin/audit';
import { idempotencyHeaders, requestKey } from '../admin-money/money.shared';
import { changeRole, disableMember, enableMember, grantPremium, listMembers, memberDetail, signOutEverywhere } from './members.admin';


/**
 * The members area of the panel (admins only, the default under /api/admin): finding members,
 * one member's whole picture, and changes to an account, each with its audit entry.
 */
export const adminMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/admin/members',
    {
      schema: {
        ...schema,
        summary: 'Members, newest first: search by name, email or id; filter by premium now, disabled and role',
        querystring: adminMemberQuery,
        response: { 200: paginated(adminMember), ...adminErrors },
      },
    },
    async (request) => listMembers(db, request.query),
  );

  app.get(
    '/api/admin/members/:id',
    {
      schema: {
        ...schema,
        summary: "A member with their subscription's periods, payments and activity",
        params: idParam,
        response: { 200: single(adminMemberDetail), ...adminErrors, ...notFound },
      },
    },
    async (request) => ({ data: await memberDetail(db, request.params.id) }),
  );

  app.post(
    '/api/admin/members/:id/premium',
    {
      schema: {
        ...schema,
        summary: 'Grants or extends premium by hand with a reason (like a join); idempotent by `Idempotency-Key` or `request_id`',
        params: idParam,
        headers: idempotencyHeaders,
        body: adminGrantInput,
        response: { 200: single(adminGrantResult), 201: single(adminGrantResult), ...adminErrors, ...notFound, ...conflict },
      },
    },
    async (request, reply) => {
      const result = await grantPremium(db, actorOf(request), request.params.id, request.body, requestKey(request.headers, request.body.request_id));
      return reply.code(result.replayed ? 200 : 201).send({ data: result });
    },
  );

  app.post(
    '/api/admin/members/:id/disable',
    {
      schema: {
        ...schema,
        summary: 'Disables an account with a reason: its sessions end and it cannot sign in',
        params: idParam,
        body: adminMemberReasonInput,
        response: { 200: single(adminMember), ...adminErrors, ...notFound, ...conflict },
      },
    },
    async (request) => ({ data: await disableMember(db, actorOf(request), request.params.id, request.body.reason) }),
  );

  app.post(
    '/api/admin/members/:id/enable',
    {
      schema: { ...schema, summary: 'Enables a disabled account again, with a reason', params: idParam, body: adminMemberReasonInput, response: { 200: single(adminMember), ...adminErrors, ...notFound } },
    },
    async (request) => ({ data: await enableMember(db, actorOf(request), request.params.id, request.body.reason) }),
  );

  app.post(
    '/api/admin/members/:id/sign-out',
    { schema: { ...schema, summary: 'Signs the member out on every device', params: idParam, response: { 200: single(adminSignOutResult), ...adminErrors, ...notFound } } },
    async (request) => ({ data: await signOutEverywhere(db, actorOf(request), request.params.id, requireStaff(request).tokenId) }),
  );

  app.put(
    '/api/admin/members/:id/role',
    {
      schema: {
        ...schema,
        summary: "Changes an account's role (member, editor, admin); not one's own, never the last admin",
        params: idParam,
        body: adminRoleInput,
        response: { 200: single(adminMember), ...adminErrors, ...notFound, ...conflict },
      },
    },
    async (request) => ({ data: await changeRole(db, actorOf(request), request.params.id, request.body.role) }),
  );
};
