import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command, eventually, siteFixture, startSite, type Site } from './helpers/site';

/**
 * The API processes of one machine share the search index through a file per catalogue version
 * (decision 34): built once, by the first process that needs it, and read by the others and by
 * every restart; a catalogue change makes a new file, and the old one is removed, never read.
 *
 * Real processes on one data directory, as `npm run prod` runs them. Two at once need PostgreSQL
 * (the embedded database has one owner); on the embedded one a restart reads the file instead.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const newFilms = path.join(__dirname, 'fixtures', 'new-films');
const queries = ['inception', 'تلقین', 'the dar', 'شوالیه تا', 'spider man', 'interstelar', 'بریکينگ', 'christopher', 'نولان', 'wallace gromit'];

let fixture: Awaited<ReturnType<typeof siteFixture>> | undefined;
const running = new Set<Site>();
afterAll(async () => {
  // Every group left is killed by helpers/site.ts as the file ends, on any path; these go gently first.
  for (const site of running) await site.stop();
  await fixture?.dispose();
});

interface IndexLog {
  msg: string;
  key?: string;
}

/** What a process logged about its search index (pino's JSON lines). */
function indexLog(site: Site): IndexLog[] {
  return site
    .output()
    .split('\n')
    .filter((line) => line.includes('"search index'))
    .map((line) => JSON.parse(line) as IndexLog);
}
const builds = (sites: Site[]) => sites.flatMap(indexLog).filter((l) => l.msg.startsWith('search index built'));
const reads = (sites: Site[]) => sites.flatMap(indexLog).filter((l) => l.msg === 'search index read from its file');

async function answers(site: Site): Promise<string[][]> {
  const out: string[][] = [];
  for (const q of queries) {
    for (const route of ['titles', 'people']) {
      const res = await fetch(`${site.url}/api/${route}/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      out.push(((await res.json()) as { data: { id: number }[] }).data.map((r) => String(r.id)));
    }
  }
  return out;
}

async function start(env: Record<string, string>): Promise<Site> {
  const site = await startSite(fixture!.dataDir, env, 60_000);
  running.add(site);
  return site;
}

async function stop(site: Site): Promise<void> {
  expect(await site.stop(), site.output()).toBe(0);
  running.delete(site);
}

/** The catalogue version a key names (`v<version>-<built>`). */
const versionOf = (key: string | undefined) => Number(/^v(\d+)-/.exec(key ?? '')?.[1] ?? NaN);

async function importNewFilms(env: Record<string, string>): Promise<void> {
  const { code, output } = await command('import', ['--imdb', newFilms], fixture!.dataDir, env).done;
  expect(code, output).toBe(0);
}

describe('the search index shared by the processes of a machine', () => {
  it('is built once into one file, read by the others and by a restart, and made anew (the old file gone) when the catalogue changes', async () => {
    fixture = await siteFixture('parde-index-');
    const indexDir = path.join(fixture.dataDir, 'search-index');
    const files = () => fs.readdirSync(indexDir).sort();
    const env = { ...fixture.env, LOG_LEVEL: 'info', CATALOGUE_CHECK_MS: '300' };

    // The first start loads the demo catalogue; on PostgreSQL a second process starts beside it.
    const first = onPostgres ? await Promise.all([start({ ...env, SEED_DEMO: 'true' }), start({ ...env, SEED_DEMO: 'true' })]) : [await start({ ...env, SEED_DEMO: 'true' })];
    expect(builds(first)).toHaveLength(1);
    expect(reads(first)).toHaveLength(first.length - 1);
    const [file] = files();
    expect(files()).toEqual([file]);
    expect(file).toMatch(/^search-\d+-v\d+-\d+\.idx$/);
    const before = await answers(first[0]!);
    expect(before.flat().length).toBeGreaterThan(10);
    for (const site of first.slice(1)) expect(await answers(site)).toEqual(before);
    for (const site of first) await stop(site);

    // A restart with nothing changed reads the file: no build.
    const restarted = await start(env);
    expect(builds([restarted])).toEqual([]);
    expect(reads([restarted]).map((l) => l.key)).toEqual([builds(first)[0]!.key]);
    expect(await answers(restarted)).toEqual(before);
    await stop(restarted);

    // The catalogue changes while no process runs: the next start builds a new file, never reads the old.
    await importNewFilms(fixture.env);
    const oldKey = builds(first)[0]!.key;
    const second = onPostgres ? await Promise.all([start(env), start(env)]) : [await start(env)];
    expect(builds(second)).toHaveLength(1);
    const newKey = builds(second)[0]!.key;
    expect(newKey).not.toBe(oldKey);
    expect(reads(second).map((l) => l.key)).toEqual(second.slice(1).map(() => newKey));
    expect(files()).toHaveLength(1);
    expect(files()[0]).not.toBe(file);
    const after = await answers(second[0]!);
    expect(after).not.toEqual(before);
    for (const site of second.slice(1)) expect(await answers(site)).toEqual(after);

    // And while they run: every process follows the change, one of them builds, the old file goes.
    await importNewFilms(fixture.env);
    const latest = await eventually(async () => {
      // Each version after the import's is built by one process and read by the others; the newest
      // is the one file left. (On PostgreSQL under CI's load the import has once moved the version
      // twice, two rebuilds 5 s apart — cause not found yet: the closing note of 2026-11-28. Each
      // version is still built once and never read older.)
      const built = builds(second).map((l) => l.key!);
      expect(new Set(built).size).toBe(built.length);
      const key = built.reduce((a, b) => (versionOf(b) > versionOf(a) ? b : a));
      expect(versionOf(key)).toBeGreaterThan(versionOf(newKey));
      const keys = reads(second).map((l) => l.key);
      expect(keys.filter((k) => k === key)).toHaveLength(second.length - 1);
      expect(keys.filter((k) => k === newKey)).toHaveLength(second.length - 1);
      // No process read an older file than the one it had.
      expect(keys.filter((k) => versionOf(k) < versionOf(newKey))).toEqual([]);
      expect(files()).toEqual([expect.stringContaining(`-${key}.idx`)]);
      return key;
    }, 30_000);
    expect(latest.value).not.toBe(newKey);
    expect(reads(second).filter((l) => l.key === oldKey)).toEqual([]);
    for (const site of second.slice(1)) expect(await answers(site)).toEqual(await answers(second[0]!));
    for (const site of second) await stop(site);
  }, 240_000);
});
