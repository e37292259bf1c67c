import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { registerMember, type Inbox, type TestMember } from './members';

export type Who = 'visitor' | 'member' | 'editor' | 'admin';

/** A member made an operator the way `npm run admin:create` does (straight in the database). */
export async function registerStaff(app: App, database: Database, role: 'editor' | 'admin', opts: { inbox?: Inbox; name?: string } = {}): Promise<TestMember> {
  const m = await registerMember(app, { name: opts.name ?? (role === 'admin' ? 'مدیر آزمایشی' : 'ویراستار آزمایشی'), inbox: opts.inbox });
  await database.pool.query('UPDATE users SET role = $1 WHERE id = $2', [role, m.id]);
  return m;
}

/** One of each: a member, an editor and an admin, for role matrices. */
export async function registerCast(app: App, database: Database) {
  const [member, editor, admin] = [await registerMember(app), await registerStaff(app, database, 'editor'), await registerStaff(app, database, 'admin')];
  return { member, editor, admin };
}

/** The audit entries of one record, oldest first. */
export async function auditOf(database: Database, entity: string, entityId: string | number) {
  const { rows } = await database.pool.query<{ action: string; actor_id: number | null; before: unknown; after: unknown }>(
    'SELECT action, actor_id, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, String(entityId)],
  );
  return rows;
}

type Cast = Awaited<ReturnType<typeof registerCast>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One admin-only endpoint called by each role: a visitor (with a CSRF token, so only the missing
 * sign-in refuses it) gets 401, a member 403 STAFF_ONLY, an editor 403 ADMIN_ONLY with a Persian
 * message. Returns the admin's answer for the caller to check.
 */
export async function expectAdminOnly(app: App, cast: Cast, visitor: { cookie: string; header: Record<string, string> }, method: Method, url: string, payload?: object) {
  const send = (headers: Record<string, string>) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect((await send({ cookie: visitor.cookie, ...visitor.header })).statusCode, `${method} ${url} visitor`).toBe(401);
  const member = await send(cast.member.headers);
  expect(member.statusCode, `${method} ${url} member`).toBe(403);
  expect(member.json().code).toBe('STAFF_ONLY');
  const editor = await send(cast.editor.headers);
  expect(editor.statusCode, `${method} ${url} editor`).toBe(403);
  expect(editor.json().code).toBe('ADMIN_ONLY');
  expect(editor.json().message).toMatch(/[\u0600-\u06FF]/);
  return send(cast.admin.headers);
}
