import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';

let ctx: MemberTestContext;
let a: TestMember;
let b: TestMember;
const ids = new Map<string, number>();
let series: { id: number; episodes: number[] };
const id = (imdb: string) => ids.get(imdb)!;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles ORDER BY id');
  for (const r of rows) ids.set(r.imdb_id, r.id);
  const eps = await ctx.database.pool.query<{ title_id: number; ids: number[] }>(
    `SELECT title_id, array_agg(id ORDER BY season_number, episode_number) AS ids FROM episodes GROUP BY title_id ORDER BY count(*) DESC LIMIT 1`,
  );
  series = { id: eps.rows[0]!.title_id, episodes: eps.rows[0]!.ids };
  a = await registerMember(ctx.app, { name: 'آرش' });
  b = await registerMember(ctx.app, { name: 'بردیا' });
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestMember, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });

describe('watchlist', () => {
  it('toggles a title in and out', async () => {
    const t = id('tt0000001');
    const on = await call('POST', `/api/user/watchlist/${t}`, a);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { inWatchlist: true } });
    expect((await call('POST', `/api/user/watchlist/${t}`, a)).json()).toEqual({ data: { inWatchlist: false } });
  });

  it('lists the cards of saved titles, newest first, in pages', async () => {
    const m = await registerMember(ctx.app);
    const saved = ['tt0000002', 'tt0000003', 'tt0000004'].map(id);
    for (const t of saved) await call('POST', `/api/user/watchlist/${t}`, m);
    const page1 = await call('GET', '/api/user/watchlist?per_page=2', m);
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['cache-control']).toBe('private, no-store');
    expect(page1.json().meta).toEqual({ currentPage: 1, lastPage: 2, perPage: 2, total: 3 });
    expect(page1.json().data.map((c: { id: number }) => c.id)).toEqual([saved[2], saved[1]]);
    // The catalogue's card plus the member's own rating (none yet); the public card has no such field.
    const catalogue = (await ctx.app.inject({ url: `/api/titles?per_page=100` })).json().data.find((c: { id: number }) => c.id === saved[2]);
    expect(catalogue).not.toHaveProperty('myRating');
    expect(page1.json().data[0]).toEqual({ ...catalogue, myRating: null });
    const page2 = await call('GET', '/api/user/watchlist?per_page=2&page=2', m);
    expect(page2.json().data.map((c: { id: number }) => c.id)).toEqual([saved[0]]);
  });

  it("is each member's own", async () => {
    const m1 = await registerMember(ctx.app);
    const m2 = await registerMember(ctx.app);
    await call('POST', `/api/user/watchlist/${id('tt0000005')}`, m1);
    expect((await call('GET', '/api/user/watchlist', m2)).json().meta.total).toBe(0);
    expect((await call('GET', '/api/user/watchlist', m1)).json().meta.total).toBe(1);
  });

  it('answers an unknown title with a Persian 404 and a bad id with a 422, never a 500', async () => {
    const missing = await call('POST', '/api/user/watchlist/999999', a);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: expect.stringMatching(persian) });
    expect((await call('POST', '/api/user/watchlist/abc', a)).statusCode).toBe(422);
    expect((await call('POST', '/api/user/watchlist/99999999999', a)).statusCode).toBe(422);
    expect((await call('GET', '/api/user/watchlist?per_page=1000', a)).statusCode).toBe(422);
  });

  it('ends consistent after 20 parallel toggles (even: out) and 21 (odd: in)', async () => {
    const m = await registerMember(ctx.app);
    const t = id('tt0000006');
    const flips = (n: number) => Promise.all(Array.from({ length: n }, () => call('POST', `/api/user/watchlist/${t}`, m)));
    const twenty = await flips(20);
    expect(twenty.every((r) => r.statusCode === 200)).toBe(true);
    expect(twenty.filter((r) => r.json().data.inWatchlist).length).toBe(10);
    const rows = async () => (await ctx.database.pool.query('SELECT count(*)::int AS n FROM watchlist_items WHERE user_id = $1 AND title_id = $2', [m.id, t])).rows[0].n;
    expect(await rows()).toBe(0);
    await flips(21);
    expect(await rows()).toBe(1);
  });
});

describe('history', () => {
  it('records a visit (no body needed) and a position, and lists titles latest first', async () => {
    const m = await registerMember(ctx.app);
    const movie = id('tt0000001');
    const visit = await ctx.app.inject({ method: 'POST', url: `/api/user/history/${movie}`, headers: m.headers });
    expect(visit.statusCode, visit.body).toBe(200);
    expect(visit.json().data).toMatchObject({ titleId: movie, episodeId: null, positionSec: 0 });

    const played = await call('POST', `/api/user/history/${movie}`, m, { position_sec: 1234 });
    expect(played.json().data.positionSec).toBe(1234);
    // A later visit without a position keeps the position reached.
    expect((await call('POST', `/api/user/history/${movie}`, m, {})).json().data.positionSec).toBe(1234);

    await call('POST', `/api/user/history/${id('tt0000002')}`, m);
    const list = (await call('GET', '/api/user/history', m)).json();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((h: { id: number }) => h.id)).toEqual([id('tt0000002'), movie]);
    expect(list.data[1]).toMatchObject({ id: movie, titleEn: expect.any(String), progress: { episode: null, positionSec: 1234, visitedAt: expect.stringMatching(/Z$/) } });
  });

  it('keeps the position in each episode and shows the latest episode of a series', async () => {
    const m = await registerMember(ctx.app);
    const [e1, e2] = series.episodes;
    await call('POST', `/api/user/history/${series.id}`, m, { episode_id: e1, position_sec: 600 });
    await call('POST', `/api/user/history/${series.id}`, m, { episode_id: e2, position_sec: 120 });
    let list = (await call('GET', '/api/user/history', m)).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0].progress).toMatchObject({ episode: { id: e2, seasonNumber: expect.any(Number), episodeNumber: expect.any(Number) }, positionSec: 120 });
    await call('POST', `/api/user/history/${series.id}`, m, { episode_id: e1 });
    list = (await call('GET', '/api/user/history', m)).json();
    expect(list.data[0].progress).toMatchObject({ episode: { id: e1 }, positionSec: 600 });
  });

  it('refuses an episode of another title, an unknown title and a negative position', async () => {
    const wrong = await call('POST', `/api/user/history/${id('tt0000001')}`, a, { episode_id: series.episodes[0] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.episode_id[0]).toMatch(persian);
    expect((await call('POST', '/api/user/history/999999', a, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/user/history/${id('tt0000001')}`, a, { position_sec: -1 })).statusCode).toBe(422);
  });

  it("clears one title or everything, only in the member's own history", async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    for (const t of ['tt0000001', 'tt0000002', 'tt0000003']) {
      await call('POST', `/api/user/history/${id(t)}`, m);
      await call('POST', `/api/user/history/${id(t)}`, other);
    }
    const one = await call('DELETE', `/api/user/history/${id('tt0000002')}`, m);
    expect(one.statusCode).toBe(204);
    expect(one.body).toBe('');
    expect((await call('GET', '/api/user/history', m)).json().data.map((h: { id: number }) => h.id).sort()).toEqual([id('tt0000001'), id('tt0000003')].sort());
    expect((await call('DELETE', '/api/user/history', m)).statusCode).toBe(204);
    expect((await call('GET', '/api/user/history', m)).json().meta.total).toBe(0);
    expect((await call('GET', '/api/user/history', other)).json().meta.total).toBe(3);
  });
});

describe('likes', () => {
  it('toggles and counts likes of everyone', async () => {
    const t = id('tt0000011');
    expect((await call('POST', `/api/user/like/${t}`, a)).json()).toEqual({ data: { liked: true, likes: 1 } });
    expect((await call('POST', `/api/user/like/${t}`, b)).json()).toEqual({ data: { liked: true, likes: 2 } });
    expect((await call('POST', `/api/user/like/${t}`, a)).json()).toEqual({ data: { liked: false, likes: 1 } });
    expect((await call('POST', '/api/user/like/999999', a)).statusCode).toBe(404);
  });

  it('keeps the count equal to the likes after parallel toggles by several members', async () => {
    const t = id('tt0000012');
    const members = await Promise.all(Array.from({ length: 4 }, () => registerMember(ctx.app)));
    // 20 toggles by the first (ends unliked), 21 by the second (liked), one by each of the others.
    const calls = [
      ...Array.from({ length: 20 }, () => members[0]!),
      ...Array.from({ length: 21 }, () => members[1]!),
      members[2]!,
      members[3]!,
    ].map((m) => call('POST', `/api/user/like/${t}`, m));
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const { rows } = await ctx.database.pool.query(
      `SELECT (SELECT likes FROM title_stats WHERE title_id = $1) AS counter, (SELECT count(*)::int FROM title_likes WHERE title_id = $1) AS actual`,
      [t],
    );
    expect(rows[0]).toEqual({ counter: 3, actual: 3 });
    const liked = await Promise.all(members.map(async (m) => (await call('GET', `/api/user/titles/${t}/state`, m)).json().data.liked));
    expect(liked).toEqual([false, true, true, true]);
  });
});

describe('ratings and state', () => {
  it('sets, changes and removes a 1–10 rating', async () => {
    const m = await registerMember(ctx.app);
    const t = id('tt0000014');
    expect((await call('POST', `/api/user/rating/${t}`, m, { rating: 8 })).json()).toEqual({ data: { rating: 8 } });
    expect((await call('POST', `/api/user/rating/${t}`, m, { rating: 10 })).json()).toEqual({ data: { rating: 10 } });
    expect((await call('GET', `/api/user/titles/${t}/state`, m)).json().data.rating).toBe(10);
    expect((await call('POST', `/api/user/rating/${t}`, m, { rating: 0 })).json()).toEqual({ data: { rating: null } });
    await call('POST', `/api/user/rating/${t}`, m, { rating: 3 });
    expect((await call('POST', `/api/user/rating/${t}`, m, { rating: null })).json()).toEqual({ data: { rating: null } });
    expect((await call('GET', `/api/user/titles/${t}/state`, m)).json().data.rating).toBeNull();
  });

  it('refuses ratings out of range or fractional, and unknown titles', async () => {
    for (const rating of [11, -1, 5.5, '7', true]) {
      const res = await call('POST', `/api/user/rating/${id('tt0000014')}`, a, { rating });
      expect(res.statusCode, String(rating)).toBe(422);
      expect(res.json().errors.rating[0]).toMatch(persian);
    }
    expect((await call('POST', `/api/user/rating/${id('tt0000014')}`, a, {})).statusCode).toBe(422);
    expect((await call('POST', '/api/user/rating/999999', a, { rating: 5 })).statusCode).toBe(404);
  });

  it("shows one member's state of a title, never another's", async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const t = id('tt0000013');
    await call('POST', `/api/user/watchlist/${t}`, m);
    await call('POST', `/api/user/like/${t}`, m);
    await call('POST', `/api/user/rating/${t}`, m, { rating: 7 });
    const mine = await call('GET', `/api/user/titles/${t}/state`, m);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ data: { inWatchlist: true, liked: true, likes: 1, rating: 7 } });
    expect((await call('GET', `/api/user/titles/${t}/state`, other)).json()).toEqual({ data: { inWatchlist: false, liked: false, likes: 1, rating: null } });
    expect((await call('GET', '/api/user/titles/999999/state', m)).statusCode).toBe(404);

    const user = (await call('GET', '/api/user', m)).json().data;
    expect(user.stats).toMatchObject({ watchlist: 1, likes: 1, ratings: 1 });
  });
});

describe("the member's own rating on their lists", () => {
  const myRatings = async (url: string, who: TestMember) =>
    new Map(((await call('GET', url, who)).json().data as { id: number; myRating: number | null }[]).map((c) => [c.id, c.myRating]));

  it('shows on the watchlist and the history, and is null once removed', async () => {
    const m = await registerMember(ctx.app);
    const [rated, unrated] = [id('tt0000007'), id('tt0000002')];
    for (const t of [rated, unrated]) {
      await call('POST', `/api/user/watchlist/${t}`, m);
      await call('POST', `/api/user/history/${t}`, m);
    }
    expect((await call('POST', `/api/user/rating/${rated}`, m, { rating: 8 })).statusCode).toBe(200);

    for (const url of ['/api/user/watchlist', '/api/user/history']) {
      const mine = await myRatings(url, m);
      expect(mine.get(rated), url).toBe(8);
      expect(mine.get(unrated), url).toBeNull();
    }
    const history = (await call('GET', '/api/user/history', m)).json().data;
    expect(history.find((h: { id: number }) => h.id === rated)).toMatchObject({ myRating: 8, progress: { positionSec: 0 } });

    await call('POST', `/api/user/rating/${rated}`, m, { rating: null });
    for (const url of ['/api/user/watchlist', '/api/user/history']) expect((await myRatings(url, m)).get(rated), url).toBeNull();
  });

  it("never shows another member's rating", async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const t = id('tt0000003');
    for (const who of [m, other]) {
      await call('POST', `/api/user/watchlist/${t}`, who);
      await call('POST', `/api/user/history/${t}`, who);
    }
    await call('POST', `/api/user/rating/${t}`, other, { rating: 3 });
    for (const url of ['/api/user/watchlist', '/api/user/history']) {
      expect((await myRatings(url, m)).get(t), url).toBeNull();
      expect((await myRatings(url, other)).get(t), url).toBe(3);
    }
    await call('POST', `/api/user/rating/${t}`, m, { rating: 9 });
    for (const url of ['/api/user/watchlist', '/api/user/history']) {
      expect((await myRatings(url, m)).get(t), url).toBe(9);
      expect((await myRatings(url, other)).get(t), url).toBe(3);
    }
    // Public cards stay the same for everyone.
    const card = (await ctx.app.inject({ url: '/api/titles?per_page=100' })).json().data.find((c: { id: number }) => c.id === t);
    expect(card).not.toHaveProperty('myRating');
  });

  it('refuses 11 and 1.5 with a Persian 422 and keeps the rating it had', async () => {
    const m = await registerMember(ctx.app);
    const t = id('tt0000004');
    await call('POST', `/api/user/watchlist/${t}`, m);
    await call('POST', `/api/user/rating/${t}`, m, { rating: 6 });
    for (const rating of [11, 1.5]) {
      const res = await call('POST', `/api/user/rating/${t}`, m, { rating });
      expect(res.statusCode, String(rating)).toBe(422);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.stringMatching(persian), errors: { rating: [expect.stringMatching(persian)] } });
    }
    expect((await myRatings('/api/user/watchlist', m)).get(t)).toBe(6);
  });
});
