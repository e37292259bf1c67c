/**
 * `npm run admin:create -- --email E [--name N] [--role admin|editor]`: makes an existing member an
 * operator, or creates the account (confirmed, with an unusable random password) and prints a
 * one-time sign-in link. It goes through the running site's database like every command, and the
 * change is in the audit log.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openForCommand } from '../db/backup';
import { runMigrations } from '../db/migrate';
import { createOperator } from '../modules/admin/operators';

const usage = 'usage: npm run admin:create -- --email EMAIL [--name NAME] [--role admin|editor]';
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const email = z.string().trim().toLowerCase().max(190).check(z.email()).safeParse(values.email);
const role = z.enum(['admin', 'editor']).safeParse(values.role);
if (!email.success || !role.success) {
  console.error(!email.success ? 'ایمیل معتبر نیست. / --email needs a valid address.' : 'نقش باید admin یا editor باشد. / --role is admin or editor.');
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openForCommand(config);
try {
  await runMigrations(database);
  const result = await createOperator(database.db, { email: email.data, name: values.name, role: role.data, siteUrl: config.SITE_URL, password: crypto.randomBytes(24).toString('base64url'), passwordHashCost: config.PASSWORD_HASH_COST });
  if (result.created) {
    console.log(`account created for ${email.data} as ${role.data}. One-time sign-in link (valid ${result.minutes} minutes):`);
    console.log(`حساب ${email.data} با نقش ${role.data === 'admin' ? 'مدیر کل' : 'ویراستار'} ساخته شد. پیوند یک‌بارمصرف ورود (${result.minutes} دقیقه):`);
    console.log(result.link);
  } else if (result.changed) {
    console.log(`${email.data} is now ${role.data}. / ${email.data} اکنون ${role.data === 'admin' ? 'مدیر کل' : 'ویراستار'} است.`);
  } else {
    console.log(`${email.data} was already ${role.data}; nothing changed. / تغییری لازم نبود.`);
  }
} catch (err) {
  console.error(`admin:create failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
