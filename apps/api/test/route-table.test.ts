/**
 * The web app calls the API by the contract's route table (packages/contract/src/routes.ts,
 * docs/decisions/0031): its paths and answer types come from there. This file ties the table to
 * the routes the app really registers, so a route renamed, moved to another method or given another
 * parameter name fails here, and a new route is either in the table or named below as one the web
 * app's client does not call. The app is built as for the OpenAPI document: every route, no database.
 */
import { apiRoutes } from '@parde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildAppWithoutDatabase } from '../src/openapi-doc';

/** Documented routes the web app's client does not call, each with why. */
const NOT_CALLED_BY_THE_WEB_CLIENT: Record<string, string> = {
  'GET /healthz': 'the load balancer and the process supervisor ask it',
  'GET /readyz': 'the load balancer and the process supervisor ask it',
  'GET /api/payments/{id}/callback': 'the payment gateway sends the browser there, as a page',
  'POST /api/admin/uploads': 'the resumable upload client (tus) speaks its own protocol to it',
  'PATCH /api/admin/uploads/{id}': 'the resumable upload client (tus) speaks its own protocol to it',
  'DELETE /api/admin/uploads/{id}': 'the resumable upload client (tus) speaks its own protocol to it',
  'GET /api/admin/imports/{id}': 'the imports screen reads the list; one import is there for scripts',
  'GET /api/admin/people/{id}': 'the people editor works from the list; one person is there for scripts',
};

/** `/api/titles/{id}` as Fastify names it: `/api/titles/:id`. */
const fastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
const split = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
};

let app: App;
let documented: string[];

beforeAll(async () => {
  app = await buildAppWithoutDatabase();
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe("the web app's route table and the API's routes", () => {
  it('every entry of the table is a route the app registers, with that method and path', () => {
    const keys = Object.keys(apiRoutes);
    expect(keys.length).toBeGreaterThan(100);
    const missing = keys.filter((key) => {
      const { method, path } = split(key);
      return !app.hasRoute({ method: method as 'GET', url: fastifyPath(path) });
    });
    expect(missing).toEqual([]);
  });

  it('every entry is documented under the same method, path and parameter names', () => {
    expect(Object.keys(apiRoutes).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('every documented route is in the table or named as one the web client does not call', () => {
    const unlisted = documented.filter((key) => !(key in apiRoutes) && !(key in NOT_CALLED_BY_THE_WEB_CLIENT));
    expect(unlisted).toEqual([]);
  });

  it('the routes named as not called are real routes, and none of them is in the table', () => {
    for (const key of Object.keys(NOT_CALLED_BY_THE_WEB_CLIENT)) {
      const { method, path } = split(key);
      expect({ key, registered: app.hasRoute({ method: method as 'GET', url: fastifyPath(path) }), inTable: key in apiRoutes }).toEqual({ key, registered: true, inTable: false });
    }
  });

  it('tells a renamed path, another method or another parameter name from the real route', () => {
    // What the checks above rely on: a near miss is not a route.
    expect(app.hasRoute({ method: 'GET', url: '/api/titles/:id' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/api/title/:id' })).toBe(false);
    expect(app.hasRoute({ method: 'POST', url: '/api/titles/:id' })).toBe(false);
    expect(documented).toContain('GET /api/titles/{id}');
    expect(documented).not.toContain('GET /api/titles/{slug}');
  });
});
