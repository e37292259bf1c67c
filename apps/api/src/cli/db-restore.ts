/**
 * `npm run db:restore -- FILE [--yes]`: brings a backup back, replacing the whole database.
 * Embedded: the site must be stopped; the backup is checked before it replaces anything, and the
 * replaced directory is kept beside it. PostgreSQL: `pg_restore --clean` in one transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreEmbedded, restorePostgres } from '../db/backup';
import { DatabaseInUseError } from '../db/owner';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || positionals.length !== 1) {
  console.log('usage: npm run db:restore -- FILE [--yes]\n  replaces the database with the backup FILE (stop the site first)');
  process.exit(values.help ? 0 : 2);
}
const config = loadConfig();
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
if (!fs.existsSync(file)) {
  console.error(`no such backup: ${file}\nفایل پشتیبان پیدا نشد.`);
  process.exit(2);
}
const target = config.DATABASE_URL ? new URL(config.DATABASE_URL).pathname.slice(1) || 'the PostgreSQL database' : path.join(config.DATA_DIR, 'pglite');

if (!values.yes) {
  if (!process.stdin.isTTY) {
    console.error('restoring replaces the whole database: run it in a terminal to confirm, or add --yes');
    process.exit(2);
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(`This replaces everything in ${target} with ${file}.\nهمه‌ی داده‌های کنونی با این پشتیبان جایگزین می‌شود. Type "yes" to go on: `);
  rl.close();
  if (!['yes', 'بله'].includes(answer.trim().toLowerCase())) {
    console.log('nothing was changed');
    process.exit(1);
  }
}

try {
  if (config.DATABASE_URL) {
    await restorePostgres(config.DATABASE_URL, file);
    console.log(`restored ${target} from ${file}`);
  } else {
    const { replaced } = await restoreEmbedded(target, file);
    console.log(`restored ${target} from ${file}${replaced ? `; the replaced files are kept in ${replaced}` : ''}`);
  }
  console.log('بازگردانی انجام شد.');
} catch (err) {
  if (err instanceof DatabaseInUseError) console.error(`${err.message}\nStop the site (or the command) first, then restore.`);
  else console.error(`restore failed, nothing was changed: ${(err as Error).message}`);
  process.exitCode = 1;
}
