import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './server';
import { uniqueEmail } from './members';

const run = promisify(execFile);

/**
 * `npm run admin:create` against the running test server's data directory, the way an operator
 * runs it beside the live site. Answers the one-time sign-in link it printed.
 */
export async function createOperator(role: 'admin' | 'editor', opts: { email?: string; name?: string } = {}): Promise<{ email: string; link: string }> {
  const email = opts.email ?? uniqueEmail(role);
  const { stdout } = await run('npm', ['run', '--silent', 'admin:create', '--', '--email', email, '--role', role, ...(opts.name ? ['--name', opts.name] : [])], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: inject('dataDir'), SITE_URL: inject('baseUrl'), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  const link = /https?:\/\/\S+\/auth\/login\?\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`admin:create printed no sign-in link:\n${stdout}`);
  return { email, link };
}

/** Opens the printed link in the browser: it signs in and lands on the panel. */
export async function openOperatorLink(context: BrowserContext, link: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForURL('**/admin', { timeout: 20_000 });
  await page.getByTestId('admin-layout').waitFor();
  return page;
}
