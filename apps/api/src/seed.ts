import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { paths, type Config } from './config';
import type { Database } from './db/client';
import { importCatalogue } from './modules/importer/import-catalogue';

export interface SeedContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}

export const demoCatalogue = {
  imdbDir: path.join(paths.repoRoot, 'apps/api/seed/imdb'),
  supplementFile: path.join(paths.repoRoot, 'apps/api/seed/supplement.json'),
};

/**
 * Loads the demo catalogue through the operators' importer when the catalogue is empty. An
 * advisory lock keeps two processes starting together from loading it twice.
 */
export async function seedIfEmpty({ database, log }: SeedContext, source = demoCatalogue): Promise<boolean> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM titles');
    if (rows[0]!.n > 0) return false;
    log.info('loading the demo catalogue …');
    const report = await importCatalogue({ database, client, ...source });
    log.info(
      { titles: report.titles, episodes: report.episodes, people: report.people, collections: report.collections, seconds: report.seconds },
      'demo catalogue loaded',
    );
    for (const issue of [...report.issues.map((i) => `${i.file}:${i.line}: ${i.message}`), ...report.supplementIssues].slice(0, 20)) {
      log.warn(issue);
    }
    return true;
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}
