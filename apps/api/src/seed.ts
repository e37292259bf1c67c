import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { paths, type Config } from './config';
import type { Database } from './db/client';
import { onConnection } from './db/executors';
import { importCatalogue } from './modules/importer/import-catalogue';
import { ImporterRepository } from './modules/importer/importer.repository';

const repo = new ImporterRepository();

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
  // The lock is the session's: the import runs on the same connection, which holds it throughout.
  const client = await database.pool.connect();
  const conn = onConnection(client);
  try {
    await repo.lockSeeding(conn);
    if ((await repo.countTitles(conn)) > 0) return false;
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
    await repo.unlockSeeding(conn).catch(() => {});
    client.release();
  }
}
