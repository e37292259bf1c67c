import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { CatalogueTooLargeError } from '../src/modules/importer/catalogue-size';
import { importFromCommand } from '../src/modules/importer/command-import';
import { countDataRows } from '../src/modules/importer/files/imdb-reader';
import { generateImdbShaped } from '../src/modules/importer/files/synthetic-imdb';
import { failAbandonedCommandImports, runImportJob } from '../src/modules/importer/import-job';
import { fixtureDir } from './helpers/catalogue';
import { createMemberTestApp, type MemberTestContext, type TestMember } from './helpers/members';
import { registerStaff } from './helpers/staff';

/*
 * The embedded database's limit (decision 35), said before an import reads anything, and imports
 * run from the command line recorded for the panel like its own.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-limit-'));
let ctx: MemberTestContext;
let editor: TestMember;

/** The limit as an operator sets it: IMPORT_EMBEDDED_MAX_TITLES, through the configuration's checks. */
const limitOf = (value: string) => loadConfig({ ...process.env, IMPORT_EMBEDDED_MAX_TITLES: value }).IMPORT_EMBEDDED_MAX_TITLES;

/** The fixture (17 rows in title.basics) with `extra` more films: title.basics rows = 17 + extra. */
function fixtureWith(name: string, extra: number): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (const f of fs.readdirSync(fixtureDir)) if (f !== 'supplement.json') fs.copyFileSync(path.join(fixtureDir, f), path.join(dir, f));
  const films = Array.from({ length: extra }, (_, i) => `tt99900${String(i).padStart(2, '0')}\tmovie\tExtra Film ${i}\tExtra Film ${i}\t0\t2020\t\\N\t90\tDrama\n`);
  fs.appendFileSync(path.join(dir, 'title.basics.tsv'), films.join(''));
  return dir;
}

async function catalogue() {
  const { rows } = await ctx.database.pool.query(`
    SELECT (SELECT count(*) FROM titles)::int AS titles, (SELECT count(*) FROM episodes)::int AS episodes,
           (SELECT count(*) FROM people)::int AS people, (SELECT count(*) FROM credits)::int AS credits,
           (SELECT token FROM catalogue_fingerprints) AS fingerprints`);
  return rows[0];
}

const importRow = async (id: number) => (await ctx.database.pool.query(`SELECT * FROM catalogue_imports WHERE id = $1`, [id])).rows[0];
const lastImportId = async () => (await ctx.database.pool.query<{ id: number }>(`SELECT max(id)::int AS id FROM catalogue_imports`)).rows[0]!.id;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  editor = await registerStaff(ctx.app, ctx.database, 'editor');
  // Day one within the limit: 17 rows, limit 20.
  await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: fixtureWith('day1', 0), embeddedMaxTitles: limitOf('20') });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the limit as configured', () => {
  it('is a whole number of titles, a million by default', () => {
    expect(loadConfig({}).IMPORT_EMBEDDED_MAX_TITLES).toBe(1_000_000);
    expect(() => limitOf('0')).toThrow(ConfigError);
    expect(() => limitOf('many')).toThrow(ConfigError);
  });

  it('counts title.basics rows exactly up to the limit, and estimates past it from the bytes read, gzip or not', async () => {
    const lines = ['tconst\ttitleType'];
    for (let i = 0; i < 200_000; i++) lines.push(`tt${String(i).padStart(7, '0')}\tmovie`);
    const plain = path.join(tmp, 'big.tsv');
    fs.writeFileSync(plain, `${lines.join('\n')}\n`);
    const gz = path.join(tmp, 'big.tsv.gz');
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(plain)));
    expect(await countDataRows(plain, 300_000)).toEqual({ rows: 200_000, exact: true });
    expect(await countDataRows(gz, 300_000)).toEqual({ rows: 200_000, exact: true });
    for (const file of [plain, gz]) {
      const past = await countDataRows(file, 20_000);
      expect(past.exact).toBe(false);
      expect(past.rows).toBeGreaterThan(150_000);
      expect(past.rows).toBeLessThan(260_000);
    }
  });
});

describe.skipIf(onPostgres)('on the embedded database', () => {
  it('refuses an import past the limit before writing a row, says the size, the limit and what to do, and records the refusal', async () => {
    const before = await catalogue();
    const dir = fixtureWith('big', 10); // 27 rows
    const err = await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: dir, embeddedMaxTitles: limitOf('20') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueTooLargeError);
    const refused = err as CatalogueTooLargeError;
    expect(refused).toMatchObject({ found: 27, exact: true, limit: 20 });
    expect(refused.message).toContain('27 titles');
    expect(refused.message).toContain('limit of 20');
    expect(refused.message).toContain('npm run db:export -- --to postgres://');
    expect(refused.message).toContain('DATABASE_URL');
    expect(await catalogue()).toEqual(before);
    const row = await importRow(await lastImportId());
    expect(row).toMatchObject({ source: 'command', status: 'failed', mode: null });
    expect(row.error).toContain('۲۷ عنوان');
    expect(row.error).toContain('سقف ۲۰ عنوان');
    expect(row.error).toContain('PostgreSQL');
    expect(row.error).toContain('npm run db:export');
  });

  it('refuses the panel’s import job too, in Persian, and does not try it again', async () => {
    const before = await catalogue();
    const dir = fixtureWith('panel-big', 10);
    const uploads = path.join(ctx.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    const files = ['title.basics', 'title.ratings'].map((kind, i) => {
      const uploadId = `limit${i}`;
      fs.copyFileSync(path.join(dir, `${kind}.tsv`), path.join(uploads, uploadId));
      return { uploadId, kind, fileName: `${kind}.tsv`, size: fs.statSync(path.join(uploads, uploadId)).size };
    });
    const { rows } = await ctx.database.pool.query<{ id: number }>(`INSERT INTO catalogue_imports (files, bytes_total) VALUES ($1, 0) RETURNING id`, [JSON.stringify(files)]);
    const id = rows[0]!.id;
    // Resolves: a refusal is not worth another try.
    await runImportJob({ database: ctx.database, dataDir: ctx.dataDir, worker: 'test:1:', log: () => {}, embeddedMaxTitles: limitOf('20') }, id);
    const row = await importRow(id);
    expect(row).toMatchObject({ source: 'panel', status: 'failed' });
    expect(row.error).toContain('پایگاه دادهٔ درونی');
    expect(row.error).toContain('۲۷');
    expect(await catalogue()).toEqual(before);
  });

  it('goes past the limit with --force, saying so', async () => {
    const told: CatalogueTooLargeError[] = [];
    const { report } = await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: path.join(tmp, 'big'), embeddedMaxTitles: limitOf('20'), forcePastLimit: (p) => told.push(p) });
    expect(told).toHaveLength(1);
    expect(told[0]!.size).toBe("27 titles, past the embedded database's limit of 20");
    expect(report.titles).toBe(12 + 10);
    expect(await importRow(await lastImportId())).toMatchObject({ source: 'command', status: 'done' });
  });

  it('lets a daily import of a catalogue within the limit through, gzip files and all', async () => {
    const day1 = path.join(tmp, 'synthetic-1');
    const day2 = path.join(tmp, 'synthetic-2');
    await generateImdbShaped({ titles: 300, outDir: day1, seed: 3, gzip: true, parallel: false });
    await generateImdbShaped({ titles: 300, outDir: day2, seed: 3, gzip: true, parallel: false, nextDay: true });
    const rows = (await countDataRows(path.join(day2, 'title.basics.tsv.gz'), Infinity)).rows;
    const limit = limitOf(String(rows + 40));
    await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: day1, embeddedMaxTitles: limit });
    const held = (await ctx.database.pool.query<{ n: number }>(`SELECT ((SELECT count(*) FROM titles) + (SELECT count(*) FROM episodes))::int AS n`)).rows[0]!.n;
    expect(held).toBeLessThanOrEqual(limit);
    const { report } = await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: day2, embeddedMaxTitles: limit });
    expect(report.fullReason).toBeNull();
    expect(report.mode).toBe('daily');
  }, 60_000);
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('has no limit: the same import goes through', async () => {
    const { report } = await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: fixtureWith('big', 10), embeddedMaxTitles: limitOf('20') });
    expect(report.titles).toBe(12 + 10);
  });
});

describe('imports run from the command line, in the panel', () => {
  it('are listed like the panel’s own, marked as the command’s, with their report and host and no uploaded files', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/imports?per_page=100', headers: editor.headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    const commands = list.filter((i) => i.source === 'command');
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const i of commands) expect(i).toMatchObject({ host: os.hostname(), files: [], createdBy: null, attempts: 1 });
    const first = commands.at(-1)!;
    expect(first).toMatchObject({ status: 'done', phase: 'done', percent: 100, mode: 'full', fullReason: 'first', error: null, counts: { titles: 12, episodes: 3 } });
    expect(first.rowsRead).toBeGreaterThan(17);
    expect(first.bytesRead).toBe(first.bytesTotal);
    expect(first.seconds).toBeGreaterThan(0);
    if (!onPostgres) {
      expect(commands.map((i) => i.status)).toContain('failed');
      expect(commands[0]).toMatchObject({ status: 'done', mode: 'daily', changes: expect.any(Object) });
    }
    // The panel's own import keeps its mark.
    if (!onPostgres) expect(list.find((i) => i.source === 'panel')).toMatchObject({ status: 'failed', files: expect.any(Array) });
  });

  it('a failed command run leaves a failed row with its Persian reason, and the catalogue as it was', async () => {
    const before = await catalogue();
    const dir = fixtureWith('broken', 0);
    fs.writeFileSync(path.join(dir, 'title.ratings.tsv'), 'not\tthe\tcolumns\n');
    const err = await importFromCommand({ database: ctx.database, dataDir: ctx.dataDir, imdbDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(await catalogue()).toEqual(before);
    const row = await importRow(await lastImportId());
    expect(row).toMatchObject({ source: 'command', status: 'failed' });
    expect(row.error).toMatch(/^ورود از IMDb انجام نشد و چیزی در کاتالوگ تغییر نکرد/);
    expect(row.error).not.toContain(dir);
  });

  it('a command that died is shown failed, not running for ever', async () => {
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO catalogue_imports (source, status, worker, files, started_at) VALUES ('command', 'running', $1, '[]', now()) RETURNING id`,
      [`${os.hostname()}:2147483646:`],
    );
    await failAbandonedCommandImports(ctx.database);
    const row = await importRow(rows[0]!.id);
    expect(row.status).toBe('failed');
    expect(row.error).toContain('چیزی در کاتالوگ تغییر نکرد');
  });
});
