import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';

/**
 * The OpenAPI document as the routes declare it. Building the app opens nothing, so a database
 * handle that is never used is enough to read the routes' schemas.
 */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', APP_SECRET: 'openapi-generation-only' });
  // Routes may keep a reference to the pool while registering; any use of it fails loudly.
  const refuse = (): never => {
    throw new Error('generating the OpenAPI document must not touch the database');
  };
  const unused = { pool: new Proxy({}, { get: () => refuse }), db: new Proxy({}, { get: () => refuse }) } as unknown as Database;
  const app = await buildApp({ config, database: unused }, { logger: false });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return `${JSON.stringify(doc, null, 2)}\n`;
}
