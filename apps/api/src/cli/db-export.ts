/**
 * `npm run db:export -- [--to postgres://…] [FILE]`: the embedded database, for PostgreSQL — safe
 * while the site runs (it reads one snapshot through the site's database).
 *   --to URL   copies everything into that empty PostgreSQL database, in one transaction there;
 *   FILE       writes one SQL file instead (default DATA_DIR/backups/parde-export-<time>.sql),
 *              which `psql -v ON_ERROR_STOP=1 -f FILE` loads into an empty database.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { defaultBackupFile, openForCommand, pendingMigrations } from '../db/backup';
import { openDatabase } from '../db/client';
import { exportToFile, exportToPostgres } from '../db/export';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: npm run db:export -- [--to postgres://…] [FILE]');
  process.exit(0);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('this site already runs on PostgreSQL: back it up with npm run db:backup (pg_dump)');
  process.exit(2);
}
const source = await openForCommand(config);
let code = 0;
try {
  if ((await pendingMigrations(source)).pending.length > 0) throw new Error('the embedded database has migrations to apply: start the site once, then export');
  if (values.to) {
    const target = await openDatabase({ databaseUrl: values.to, poolMax: 2 });
    try {
      const r = await exportToPostgres(source, target);
      console.log(`exported ${r.rows} rows of ${r.tables} tables into ${new URL(values.to).pathname.slice(1)}; set DATABASE_URL to it and start the site`);
    } finally {
      await target.close();
    }
  } else {
    const file = positionals[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]) : defaultBackupFile(config.DATA_DIR, 'postgres', 'export').replace(/\.dump$/, '.sql');
    const r = await exportToFile(source, file);
    console.log(`exported ${r.rows} rows of ${r.tables} tables to ${file}\nload it into an empty database: psql -v ON_ERROR_STOP=1 -f ${file}`);
  }
} catch (err) {
  console.error(`export failed, nothing was written: ${(err as Error).message}`);
  code = 1;
} finally {
  await source.close();
}
process.exit(code);
