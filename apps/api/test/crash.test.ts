import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSynthetic } from '../src/modules/importer/files/synthetic';
import { get, post, registerOverHttp, startHttpSignUp, type HttpMember } from './helpers/http-member';
import { command, crashSite, killGroup, siteFixture, startSite, type Site } from './helpers/site';

/**
 * The whole site killed with SIGKILL — the server and its database child at once — in the middle
 * of writes and in the middle of an import. The next start comes up by itself, and every write
 * that was answered with success is there.
 */
const catalogue = path.join(__dirname, 'fixtures', 'catalogue');

let fixture: Awaited<ReturnType<typeof siteFixture>>;
let site: Site;
const inspect: typeof fixture.inspect = (fn) => fixture.inspect(fn);

beforeAll(async () => {
  fixture = await siteFixture('parde-crash-');
  site = await startSite(fixture.dataDir, fixture.env);
  const base = await command('import', ['--imdb', catalogue, '--supplement', path.join(catalogue, 'supplement.json')], fixture.dataDir, fixture.env).done;
  expect(base.code, base.output).toBe(0);
}, 120_000);

afterAll(async () => {
  if (site?.child.exitCode === null) await site.stop();
  await fixture?.dispose();
});

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('SIGKILL of the whole site', () => {
  it('during a burst of sign-ups, watchlist toggles and payment callbacks loses nothing that was answered', async () => {
    const members: HttpMember[] = [];
    for (let i = 0; i < 3; i++) members.push(await registerOverHttp(site.url, fixture.dataDir));
    const titleIds = ((await get(`${site.url}/api/titles?per_page=6`)).body.data as { id: number }[]).map((t) => t.id);
    const plans = (await get(`${site.url}/api/plans`)).body.data as { id: number; days: number }[];
    const monthly = plans.find((p) => p.days === 30)!;

    let stop = false;
    const signedUp: string[] = [];
    /** member#title → the last state the site answered, and whether a toggle was still unanswered */
    const watch = new Map<string, { state: boolean | null; unanswered: boolean }>();
    const paid = new Map<number, number[]>();
    const unansweredCallbacks: string[] = [];

    const signUps = (async () => {
      while (!stop) {
        const r = await startHttpSignUp(site.url).catch(() => null);
        if (r?.status === 202) signedUp.push(r.email);
      }
    })();
    const toggles = members.flatMap((m, mi) =>
      titleIds.map(async (id) => {
        const key = `${mi}#${id}`;
        const entry = { state: null as boolean | null, unanswered: false };
        watch.set(key, entry);
        while (!stop) {
          entry.unanswered = true;
          const r = await post(`${site.url}/api/user/watchlist/${id}`, {}, m.headers).catch(() => null);
          if (!r || r.status !== 200) return;
          entry.unanswered = false;
          entry.state = (r.body.data as { inWatchlist: boolean }).inWatchlist;
        }
      }),
    );
    const payments = members.map(async (m, mi) => {
      paid.set(mi, []);
      while (!stop) {
        const bought = await post(`${site.url}/api/user/join2`, { plan_id: monthly.id }, m.headers).catch(() => null);
        if (!bought || bought.status !== 200) return;
        const page = pathOf(String(bought.body.url));
        const approved = await fetch(`${site.url}${page}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve' }).catch(() => null);
        if (!approved || approved.status !== 303) return;
        const callback = pathOf(approved.headers.get('location')!);
        const back = await fetch(`${site.url}${callback}`, { redirect: 'manual' }).catch(() => null);
        if (back?.status === 303) paid.get(mi)!.push(Number(bought.body.paymentId));
        else {
          unansweredCallbacks.push(callback);
          return;
        }
      }
    });

    // Let the writes run until each kind has been answered a few times (on a loaded machine that
    // takes longer than on an idle one), then kill everything at once, with requests in flight.
    const enough = () => signedUp.length > 3 && [...paid.values()].flat().length > 2;
    const runUntil = Date.now() + 60_000;
    await new Promise((r) => setTimeout(r, 2500));
    while (!enough() && Date.now() < runUntil) await new Promise((r) => setTimeout(r, 100));
    await crashSite(site, fixture.dataDir);
    stop = true;
    await Promise.all([signUps, ...toggles, ...payments]);
    console.log('crash burst', { signedUp: signedUp.length, payments: [...paid.values()].flat().length, cut: unansweredCallbacks.length, toggles: [...watch.values()].filter((w) => w.state !== null).length });
    expect(signedUp.length).toBeGreaterThan(3);
    expect([...paid.values()].flat().length).toBeGreaterThan(2);

    // The next start comes up by itself, on the same files.
    site = await startSite(fixture.dataDir, fixture.env);

    // Every answered sign-up is there.
    const emails = await inspect(async (db) => (await db.pool.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1)', [signedUp])).rows.map((r) => r.email));
    expect(new Set(emails)).toEqual(new Set(signedUp));

    // Every watchlist holds what its last answered toggle said (or the unanswered one's result).
    for (const [mi, m] of members.entries()) {
      const listed = new Set(((await get(`${site.url}/api/user/watchlist?per_page=50`, m.headers)).body.data as { id: number }[]).map((t) => t.id));
      for (const id of titleIds) {
        const { state, unanswered } = watch.get(`${mi}#${id}`)!;
        if (state === null) continue;
        if (unanswered) expect([state, !state]).toContain(listed.has(id));
        else expect(listed.has(id), `member ${mi}, title ${id}`).toBe(state);
      }
    }

    // Every answered payment is paid, and its days are on the member's premium.
    for (const [mi, m] of members.entries()) {
      for (const id of paid.get(mi)!) expect(((await get(`${site.url}/api/user/payments/${id}`, m.headers)).body.data as { status: string }).status).toBe('paid');
    }
    // A callback cut by the crash can be completed now, and is never applied twice.
    for (const callback of unansweredCallbacks) {
      const again = await fetch(`${site.url}${callback}`, { redirect: 'manual' });
      expect(again.status).toBe(303);
      const twice = await fetch(`${site.url}${callback}`, { redirect: 'manual' });
      expect(twice.status).toBe(303);
    }
    const periods = await inspect(async (db) =>
      (await db.pool.query<{ payment_id: number; n: number }>('SELECT payment_id, count(*)::int AS n FROM premium_periods WHERE payment_id IS NOT NULL GROUP BY payment_id')).rows,
    );
    expect(periods.every((p) => p.n === 1)).toBe(true);
    const paidIds = new Set(periods.map((p) => p.payment_id));
    for (const id of [...paid.values()].flat()) expect(paidIds.has(id)).toBe(true);
  }, 180_000);

  it('during an import: the catalogue is as it was, the site comes back, and the import run again completes', async () => {
    const synthetic = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-crash-import-'));
    await generateSynthetic({ titles: 20_000, people: 40_000, outDir: synthetic, seed: 7 });
    const count = () => inspect(async (db) => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM titles')).rows[0]!.n);
    const before = await count();

    const run = command('import', ['--imdb', synthetic], fixture.dataDir, fixture.env);
    await new Promise((r) => setTimeout(r, 2500));
    expect(run.child.exitCode, `the import finished before the crash:\n${run.output()}`).toBeNull();
    await crashSite(site, fixture.dataDir);
    killGroup(run.child);
    const cut = await run.done;
    expect(cut.code).not.toBe(0);

    site = await startSite(fixture.dataDir, fixture.env);
    expect(await count()).toBe(before);
    expect((await get(`${site.url}/api/titles/search?q=spider`)).status).toBe(200);

    const again = await command('import', ['--imdb', synthetic], fixture.dataDir, fixture.env).done;
    expect(again.code, again.output).toBe(0);
    expect(await count()).toBeGreaterThan(before + 15_000);
    fs.rmSync(synthetic, { recursive: true, force: true });
  }, 240_000);
});
