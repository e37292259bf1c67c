import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify, notifyNewEpisode, notifyTitleReleased, releaseComingSoonTitle } from '../src/modules/notifications/notifications.service';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';

let ctx: MemberTestContext;
const ids = new Map<string, number>();
const id = (imdb: string) => ids.get(imdb)!;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles');
  for (const r of rows) ids.set(r.imdb_id, r.id);
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
const call = (method: 'GET' | 'POST', url: string, who: TestMember, payload?: object) => ctx.app.inject({ method, url, headers: who.headers, payload });
const list = async (who: TestMember, query = '') => (await call('GET', `/api/user/notifications${query}`, who)).json();
const newNotifications = async (who: TestMember) => (await call('GET', '/api/user', who)).json().data.newNotifications;

describe('notifications', () => {
  it('lists newest first with a read flag; POST marks them all read and clears newNotifications', async () => {
    const m = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    expect((await list(m)).data).toEqual([]);
    expect(await newNotifications(m)).toBe(false);

    const { db } = ctx.database;
    await notify(db, m.id, { kind: 'premium_expiring', until: new Date('2026-12-01T10:00:00Z') });
    await notify(db, m.id, { kind: 'gift_received', giftId: 7, from: 'سینا', planName: 'سه‌ماهه' });
    await notify(db, m.id, { kind: 'request_answered', requestId: 99, requestTitle: 'Heat', status: 'rejected', response: 'نسخهٔ باکیفیتی پیدا نشد.', title: null });

    const page = await list(m);
    expect(page.meta).toEqual({ currentPage: 1, lastPage: 1, perPage: 24, total: 3 });
    expect(page.data.map((n: { kind: string }) => n.kind)).toEqual(['request_answered', 'gift_received', 'premium_expiring']);
    for (const n of page.data) {
      expect(n.title).toMatch(persian);
      expect(n.body).toMatch(persian);
      expect(n.read).toBe(false);
      expect(n.createdAt).toMatch(/Z$/);
    }
    expect(page.data[0].body).toContain('نسخهٔ باکیفیتی پیدا نشد.');
    expect(page.data[1]).toMatchObject({ body: 'سینا اشتراک «سه‌ماهه» را به شما هدیه داد.', link: '/user/dashboard' });
    expect(page.data[2].link).toBe('/premium/plans');
    expect(await newNotifications(m)).toBe(true);
    expect((await call('GET', '/api/user', m)).json().data.unreadNotifications).toBe(3);

    // Another member sees none of them, and marking theirs read changes nothing here.
    expect((await list(other)).meta.total).toBe(0);
    expect((await call('POST', '/api/user/notifications', other)).json()).toEqual({ data: { marked: 0 } });
    expect(await newNotifications(m)).toBe(true);

    const read = await call('POST', '/api/user/notifications', m);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { marked: 3 } });
    expect(await newNotifications(m)).toBe(false);
    expect((await list(m)).data.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await call('POST', '/api/user/notifications', m)).json()).toEqual({ data: { marked: 0 } });
  });

  it('pages', async () => {
    const m = await registerMember(ctx.app);
    for (let i = 1; i <= 5; i++) await notify(ctx.database.db, m.id, { kind: 'gift_received', giftId: 1000 + i, from: null, planName: `طرح ${i}` });
    const p2 = await list(m, '?per_page=2&page=2');
    expect(p2.meta).toEqual({ currentPage: 2, lastPage: 3, perPage: 2, total: 5 });
    expect(p2.data.map((n: { body: string }) => n.body)).toEqual(['یکی از دوستانتان اشتراک «طرح 3» را به شما هدیه داد.', 'یکی از دوستانتان اشتراک «طرح 2» را به شما هدیه داد.']);
  });

  it('reports one event to a member once', async () => {
    const m = await registerMember(ctx.app);
    const event = { kind: 'gift_received' as const, giftId: 5, from: null, planName: 'یک‌ماهه' };
    expect(await notify(ctx.database.db, m.id, event)).toBe(true);
    expect(await notify(ctx.database.db, m.id, event)).toBe(false);
    expect((await list(m)).meta.total).toBe(1);
  });
});

describe('producers', () => {
  it('releasing a coming-soon title tells those who watchlisted it, once', async () => {
    const waiting = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const bystander = await registerMember(ctx.app);
    const dune = id('tt0000015');
    for (const m of waiting) expect((await call('POST', `/api/user/watchlist/${dune}`, m)).json().data.inWatchlist).toBe(true);
    await call('POST', `/api/user/watchlist/${id('tt0000001')}`, bystander);

    expect(await releaseComingSoonTitle(ctx.database.db, dune)).toEqual({ released: true, notified: 2 });
    const { rows } = await ctx.database.pool.query('SELECT coming_soon FROM titles WHERE id = $1', [dune]);
    expect(rows[0].coming_soon).toBe(false);
    for (const m of waiting) {
      const [n] = (await list(m)).data;
      expect(n).toMatchObject({ kind: 'title_released', title: '«تلماسه: بخش سوم» منتشر شد', link: expect.stringMatching(new RegExp(`^/titles/${dune}/`)), read: false });
      expect(await newNotifications(m)).toBe(true);
    }
    expect((await list(bystander)).meta.total).toBe(0);

    // Released already: nothing changes, nobody hears twice (also when the importer reports it again).
    expect(await releaseComingSoonTitle(ctx.database.db, dune)).toEqual({ released: false, notified: 0 });
    expect(await notifyTitleReleased(ctx.database.db, dune)).toBe(0);
    expect((await list(waiting[0]!)).meta.total).toBe(1);
  });

  it('a new episode reaches those who watchlisted the series', async () => {
    const fan = await registerMember(ctx.app);
    const other = await registerMember(ctx.app);
    const series = id('tt0000007');
    await call('POST', `/api/user/watchlist/${series}`, fan);
    const { rows } = await ctx.database.pool.query<{ id: number; season_number: number; episode_number: number }>(
      'SELECT id, season_number, episode_number FROM episodes WHERE title_id = $1 ORDER BY season_number DESC, episode_number DESC LIMIT 1',
      [series],
    );
    const ep = rows[0]!;
    expect(await notifyNewEpisode(ctx.database.db, ep.id)).toBe(1);
    expect(await notifyNewEpisode(ctx.database.db, ep.id)).toBe(0);
    const [n] = (await list(fan)).data;
    expect(n.kind).toBe('new_episode');
    expect(n.body).toContain(`قسمت ${String(ep.episode_number).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)}`);
    expect((await list(other)).meta.total).toBe(0);
    expect(await notifyNewEpisode(ctx.database.db, 999999)).toBe(0);
  });
});
