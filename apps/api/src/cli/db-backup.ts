/**
 * `npm run db:backup [-- FILE]`: a consistent backup of the configured database, safe while the
 * site runs. Embedded: a PGlite dump (`.tar.gz`) taken by the database's owner; PostgreSQL:
 * `pg_dump --format=custom`. By default into `DATA_DIR/backups/`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backup, defaultBackupFile, openForCommand } from '../db/backup';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: npm run db:backup [-- FILE]\n  writes DATA_DIR/backups/parde-<time>.tar.gz (embedded) or .dump (PostgreSQL) by default');
  process.exit(0);
}
const config = loadConfig();
const database = await openForCommand(config);
try {
  const file = positionals[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]) : defaultBackupFile(config.DATA_DIR, database.kind);
  const result = await backup(database, file);
  console.log(`backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB)${database.guest ? ', taken by the running site' : ''}`);
  console.log(`پشتیبان نوشته شد: ${result.file}`);
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
