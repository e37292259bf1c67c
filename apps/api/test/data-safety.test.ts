import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveOwner } from '../src/db/owner';
import { createTestDatabase } from './helpers/database';
import { get, registerOverHttp } from './helpers/http-member';
import { command, eventually, seedMigratedDataDir, startSite, startSiteExpectingExit, type Site } from './helpers/site';

/**
 * The README's commands run beside a live site, as real processes: on the embedded database
 * they go through the site's own database child; on PostgreSQL through the server. Either way
 * the running site serves what they changed within seconds, and nothing is ever lost.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const fixtures = path.join(__dirname, 'fixtures');
const catalogue = path.join(fixtures, 'catalogue');
const newFilms = path.join(fixtures, 'new-films');

let dataDir: string;
let env: Record<string, string> = {};
let dropDb: (() => Promise<void>) | undefined;
let site: Site;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-safety-'));
  if (onPostgres) {
    const db = await createTestDatabase();
    env = { DATABASE_URL: db.url };
    dropDb = () => db.drop();
  }
  seedMigratedDataDir(dataDir);
  site = await startSite(dataDir, env);
  const base = command('import', ['--imdb', catalogue, '--supplement', path.join(catalogue, 'supplement.json')], dataDir, env);
  expect((await base.done).code, base.output()).toBe(0);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const titlesTotal = async () => (await get(`${site.url}/api/titles?per_page=1`)).body.meta as { total: number };
const searchIds = async (q: string) => ((await get(`${site.url}/api/titles/search?q=${encodeURIComponent(q)}`)).body.data as { id: number }[]).map((d) => d.id);

describe('an import beside the running site', () => {
  it('goes through the site, and the site serves the new catalogue within 5 s: search, title pages, lists', async () => {
    const ownerBefore = onPostgres ? null : liveOwner(path.join(dataDir, 'pglite'));
    // What the site has answered (and keeps for a while) before the import.
    const { total: before } = await titlesTotal();
    expect(await searchIds('wallace gromit')).toEqual([]);
    const list = await get(`${site.url}/api/titles?q=${encodeURIComponent('deadpool and wolverine')}`);
    expect(list.body.data).toEqual([]);

    const run = command('import', ['--imdb', newFilms], dataDir, env);
    const { code, output } = await run.done;
    expect(code, output).toBe(0);
    if (!onPostgres) {
      expect(output).toContain('importing through its database');
      // The command never opened the files: the owner is the same database child, still alive.
      expect(liveOwner(path.join(dataDir, 'pglite'))).toEqual(ownerBefore);
    }

    const { ms } = await eventually(async () => {
      const [found] = await searchIds('wallace gromit');
      if (!found) throw new Error('not found yet');
      const page = await get(`${site.url}/api/titles/${found}`);
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ titleEn: 'Wallace & Gromit: The Curse of the Were-Rabbit' });
      expect((await titlesTotal()).total).toBe(before + 8);
      const dub = await get(`${site.url}/api/titles?q=${encodeURIComponent('deadpool and wolverine')}`);
      expect((dub.body.data as { titleEn: string }[])[0]?.titleEn).toBe('Deadpool & Wolverine');
    }, 5_000);
    expect(ms).toBeLessThanOrEqual(5_000);
  }, 60_000);

  it('puts two imports at once in line, and both complete', async () => {
    const { total: before } = await titlesTotal();
    const [a, b] = [command('import', ['--imdb', newFilms], dataDir, env), command('import', ['--imdb', catalogue], dataDir, env)];
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.code, ra.output).toBe(0);
    expect(rb.code, rb.output).toBe(0);
    // Both are re-imports of what is there: updated in place, never duplicated.
    await eventually(async () => expect((await titlesTotal()).total).toBe(before));
  }, 60_000);

  it('leaves the catalogue as it was when it fails part-way', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-broken-import-'));
    fs.copyFileSync(path.join(newFilms, 'title.basics.tsv'), path.join(broken, 'title.basics.tsv'));
    // A ratings file that is not gzip at all, read after the titles were staged.
    fs.writeFileSync(path.join(broken, 'title.ratings.tsv.gz'), zlib.gzipSync('tconst\taverageRating\tnumVotes\n').subarray(0, 12));
    fs.writeFileSync(path.join(broken, 'title.basics.tsv'), fs.readFileSync(path.join(newFilms, 'title.basics.tsv'), 'utf8').replace('Deadpool & Wolverine', 'Renamed By A Failed Import'));
    const { total: before } = await titlesTotal();
    const { code, output } = await command('import', ['--imdb', broken], dataDir, env).done;
    expect(code, output).not.toBe(0);
    expect(await searchIds('renamed by a failed import')).toEqual([]);
    expect((await titlesTotal()).total).toBe(before);
    fs.rmSync(broken, { recursive: true, force: true });
  }, 60_000);
});

describe.skipIf(onPostgres)('one site per data directory', () => {
  it('refuses a second `npm start` on the same files at once, and the first goes on serving', async () => {
    const { code, output } = await startSiteExpectingExit(dataDir);
    expect(code).toBe(1);
    expect(output).toContain('in use by a running site');
    expect(output).toContain('هم‌زمان فقط یک پردازه');
    expect(output).not.toMatch(/Aborted|could not read blocks/);
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
    expect((await searchIds('spider man')).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('backups beside the running site', () => {
  it('db:backup while serving; db:restore refused while it runs, then brings the backup back', async () => {
    const kept = await registerOverHttp(site.url, dataDir);
    const backup = command('db-backup', [], dataDir, env);
    const { code, output } = await backup.done;
    expect(code, output).toBe(0);
    const file = /backup written: (\S+)/.exec(output)?.[1];
    expect(file && fs.statSync(file).size).toBeGreaterThan(1000);
    expect(path.dirname(file!)).toBe(path.join(dataDir, 'backups'));
    const later = await registerOverHttp(site.url, dataDir);

    if (!onPostgres) {
      const refused = await command('db-restore', ['--yes', file!], dataDir, env).done;
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Stop the site');
    }
    await site.stop();
    const restored = await command('db-restore', ['--yes', file!], dataDir, env).done;
    expect(restored.code, restored.output).toBe(0);
    site = await startSite(dataDir, env);
    // The member from before the backup is there, signed in as before; the later one is not.
    expect((await get(`${site.url}/api/user/watchlist`, kept.headers)).status).toBe(200);
    expect((await get(`${site.url}/api/user/watchlist`, later.headers)).status).toBe(401);
  }, 120_000);

  it('asks before a restore replaces everything, and changes nothing without a yes', async () => {
    const { code, output } = await command('db-restore', [path.join(dataDir, 'backups', 'missing.tar.gz')], dataDir, env).done;
    expect(code).toBe(2);
    expect(output).toContain('no such backup');
    const some = fs.readdirSync(path.join(dataDir, 'backups'))[0]!;
    const unconfirmed = await command('db-restore', [path.join(dataDir, 'backups', some)], dataDir, env).done;
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.output).toContain('--yes');
  }, 60_000);
});
