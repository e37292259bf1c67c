/**
 * `npm run import -- --imdb DIR [--supplement FILE]`: loads IMDb dataset files into the catalogue
 * of the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openForCommand } from '../db/backup';
import { runMigrations } from '../db/migrate';
import { ImportFileError } from '../modules/importer/files/imdb-reader';
import { importCatalogue } from '../modules/importer/import-catalogue';

const { values } = parseArgs({
  options: { imdb: { type: 'string' }, supplement: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help || !values.imdb) {
  console.log('usage: npm run import -- --imdb DIR [--supplement FILE]\n  DIR holds title.basics.tsv[.gz], title.akas…, name.basics…');
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
// Beside a running site this goes through the site's own database (its socket), never its files.
const database = await openForCommand(config);
if (database.guest) console.error('the site is running: importing through its database; it serves the new catalogue within seconds');
try {
  await runMigrations(database);
  const report = await importCatalogue({
    database,
    imdbDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.imdb),
    supplementFile: values.supplement ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.supplement) : undefined,
    progress: true,
    log: (l) => console.error(l),
  });
  for (const i of report.issues) console.error(`${i.file}:${i.line}: ${i.message}`);
  for (const i of report.supplementIssues) console.error(`supplement: ${i}`);
  console.log(
    `imported in ${report.seconds.toFixed(1)} s: ${report.titles} titles, ${report.episodes} episodes, ${report.people} people, ` +
      `${report.credits} credits, ${report.collections} collections; ${report.issues.length} row issues`,
  );
} catch (err) {
  if (err instanceof ImportFileError) {
    console.error(`import failed, nothing was written: ${err.message}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await database.close();
}
