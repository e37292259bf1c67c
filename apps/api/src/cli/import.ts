/**
 * `npm run import -- --imdb DIR [--supplement FILE] [--full]`: loads IMDb dataset files into the
 * catalogue of the configured database (DATABASE_URL, or the embedded one under DATA_DIR). After
 * the first import, the next day's files are compared with the last ones (fingerprints under
 * DATA_DIR/imdb-state) and only what changed is applied; `--full` reads everything anyway.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openForCommand } from '../db/backup';
import { runMigrations } from '../db/migrate';
import { ImportFileError } from '../modules/importer/files/imdb-reader';
import { importCatalogue, importSummary, imdbStateDir } from '../modules/importer/import-catalogue';

const { values } = parseArgs({
  options: { imdb: { type: 'string' }, supplement: { type: 'string' }, full: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help || !values.imdb) {
  console.log(
    'usage: npm run import -- --imdb DIR [--supplement FILE] [--full]\n  DIR holds title.basics.tsv[.gz], title.akas…, name.basics…\n' +
      '  after the first import only what changed is applied; --full reads every row',
  );
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
    stateDir: imdbStateDir(config.DATA_DIR),
    full: values.full,
  });
  for (const i of report.issues) console.error(`${i.file}:${i.line}: ${i.message}`);
  for (const i of report.supplementIssues) console.error(`supplement: ${i}`);
  for (const line of importSummary(report)) console.log(line);
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
