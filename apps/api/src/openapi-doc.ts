import { buildApp, type App } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';

/**
 * The app with every route registered, as production builds it, on no database: enough to read
 * the routes and their schemas (the OpenAPI document, the web app's route table). Building the app
 * opens nothing, so a database handle that is never used will do; the caller closes the app.
 */
export async function buildAppWithoutDatabase(): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', APP_SECRET: 'openapi-generation-only' });
  // Routes may keep a reference to the pool while registering; any use of it fails loudly.
  const refuse = (): never => {
    throw new Error('reading the routes must not touch the database');
  };
  const unused = { pool: new Proxy({}, { get: () => refuse }), db: new Proxy({}, { get: () => refuse }) } as unknown as Database;
  const app = await buildApp({ config, database: unused }, { logger: false });
  await app.ready();
  return app;
}

/** The OpenAPI document as the routes declare it. */
export async function generateOpenApi(): Promise<string> {
  const app = await buildAppWithoutDatabase();
  const doc = app.swagger();
  await app.close();
  return `${JSON.stringify(doc, null, 2)}\n`;
}
