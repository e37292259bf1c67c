/**
 * `npm run import -- --imdb DIR [--supplement FILE] [--full] [--force]`: loads IMDb dataset files
 * into the catalogue of the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR). After the first import, the next day's files are compared with the last ones
 * (fingerprints under DATA_DIR/imdb-state) and only what changed is applied; `--full` reads
 * everything anyway. On the embedded database an import past IMPORT_EMBEDDED_MAX_TITLES is refused
 * before it reads anything, unless `--force` (decision 35). Each run is recorded for the panel.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openForCommand } from '../db/backup';
import { runMigrations } from '../db/migrate';
import { CatalogueTooLargeError } from '../modules/importer/catalogue-size';
import { importFromCommand } from '../modules/importer/command-import';
import { ImportFileError } from '../modules/importer/files/imdb-reader';
import { importSummary } from '../modules/importer/import-catalogue';

const { values } = parseArgs({
  options: { imdb: { type: 'string' }, supplement: { type: 'string' }, full: { type: 'boolean' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help || !values.imdb) {
  console.log(
    'usage: npm run import -- --imdb DIR [--supplement FILE] [--full] [--force]\n  DIR holds title.basics.tsv[.gz], title.akas…, name.basics…\n' +
      '  after the first import only what changed is applied; --full reads every row\n' +
      '  --force imports past the embedded database\'s limit of titles (IMPORT_EMBEDDED_MAX_TITLES); PostgreSQL has none',
  );
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
// Beside a running site this goes through the site's own database (its socket), never its files.
const database = await openForCommand(config);
if (database.guest) console.error('the site is running: importing through its database; it serves the new catalogue within seconds');
try {
  await runMigrations(database);
  const { report } = await importFromCommand({
    database,
    dataDir: config.DATA_DIR,
    imdbDir: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.imdb),
    supplementFile: values.supplement ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.supplement) : undefined,
    progress: true,
    log: (l) => console.error(l),
    full: values.full,
    embeddedMaxTitles: config.IMPORT_EMBEDDED_MAX_TITLES,
    forcePastLimit: values.force
      ? (past) => console.error(`--force: importing ${past.size}; search and pages will be slow. PostgreSQL (\`npm run db:export -- --to postgres://…\`) is the way to a catalogue this large`)
      : undefined,
  });
  for (const i of report.issues) console.error(`${i.file}:${i.line}: ${i.message}`);
  for (const i of report.supplementIssues) console.error(`supplement: ${i}`);
  for (const line of importSummary(report)) console.log(line);
} catch (err) {
  if (err instanceof CatalogueTooLargeError) {
    console.error(`import refused, nothing was written: ${err.message}\nPast the limit anyway (slow): add --force.\n${err.persian}`);
    process.exitCode = 1;
  } else if (err instanceof ImportFileError) {
    console.error(`import failed, nothing was written: ${err.message}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await database.close();
}
