import path from 'node:path';
import { importCatalogue, type ImportReport } from '../../src/modules/importer/import-catalogue';
import type { Database } from '../../src/db/client';

export const fixtureDir = path.join(__dirname, '..', 'fixtures', 'catalogue');

/** Loads the small fixture catalogue (IMDb layout + supplement) through the real importer. */
export function loadFixtureCatalogue(database: Database): Promise<ImportReport> {
  return importCatalogue({ database, imdbDir: fixtureDir, supplementFile: path.join(fixtureDir, 'supplement.json') });
}
