import path from 'node:path';
import { makeTestVideo } from '@parde/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from './helpers/http-member';
import { command, crashSite, eventually, siteFixture, startSite, type Site } from './helpers/site';

/**
 * `npm run media:ingest` beside a running site, and the whole site killed (SIGKILL) while its
 * worker packages the video: the next start hands the job back to the queue and finishes it.
 */
const catalogue = path.join(__dirname, 'fixtures', 'catalogue');

let fixture: Awaited<ReturnType<typeof siteFixture>>;
let site: Site;
const inspect: typeof fixture.inspect = (fn) => fixture.inspect(fn);

beforeAll(async () => {
  fixture = await siteFixture('parde-media-restart-');
  site = await startSite(fixture.dataDir, fixture.env);
  const base = await command('import', ['--imdb', catalogue, '--supplement', path.join(catalogue, 'supplement.json')], fixture.dataDir, fixture.env).done;
  expect(base.code, base.output).toBe(0);
  // Long enough to be caught in the middle: half a minute of moving pattern at 720p.
  await makeTestVideo({ out: path.join(fixture.dataDir, 'in', 'long.mp4'), seconds: 30, width: 1280, height: 720, frameRate: 24 });
}, 300_000);

afterAll(async () => {
  if (site?.child.exitCode === null) await site.stop();
  await fixture?.dispose();
});

describe('an ingest cut by a crash of the whole site', () => {
  it('is taken up again by the next start and completes', async () => {
    const run = command('media-ingest', ['--title', 'tt0000014', '--no-wait', path.join(fixture.dataDir, 'in', 'long.mp4')], fixture.dataDir, fixture.env);
    const queued = await run.done;
    expect(queued.code, queued.output).toBe(0);
    expect(queued.output).toMatch(/running site('s worker)? packages it/);
    const id = Number(/ingest (\d+) queued/.exec(queued.output)![1]);

    // Under way, with progress, in the site's worker.
    await eventually(async () => {
      const r = await inspect(async (db) => (await db.pool.query<{ status: string; progress: number }>('SELECT status, progress FROM media_ingests WHERE id = $1', [id])).rows[0]!);
      expect(r.status).toBe('running');
      expect(r.progress).toBeGreaterThan(0);
    }, 60_000, 200);

    await crashSite(site, fixture.dataDir);

    site = await startSite(fixture.dataDir, fixture.env);
    const { value } = await eventually(
      async () => {
        const r = await inspect(async (db) => (await db.pool.query<{ status: string; progress: number; attempts: number }>('SELECT status, progress, attempts FROM media_ingests WHERE id = $1', [id])).rows[0]!);
        if (r.status !== 'done') throw new Error(`${r.status} ${r.progress}%`);
        return r;
      },
      300_000,
      500,
    );
    expect(value.progress).toBe(100);
    expect(value.attempts).toBe(2);
    const title = ((await get(`${site.url}/api/titles/imdb/tt0000014`)).body.data as { id: number }).id;
    const listed = ((await get(`${site.url}/api/titles?playable=1&per_page=50`)).body.data as { id: number }[]).map((t) => t.id);
    expect(listed).toContain(title);
  }, 480_000);
});
