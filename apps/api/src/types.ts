import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Catalogue } from './lib/catalogue-version';

/** What every module may use; built once in server.ts (or by a test) and handed to buildApp. */
export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** This app's view of the catalogue version, and the caches it keeps under it (lib/catalogue-version.ts). */
    catalogue: Catalogue;
  }
}
