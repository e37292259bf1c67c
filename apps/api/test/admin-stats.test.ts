import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tehranDay } from '../src/modules/daily-counts/daily-counts';
import { csrf } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { seedPlans, type SeededPlans } from './helpers/premium';
import { registerCast } from './helpers/staff';

/** The dashboard's numbers, each made to happen first through the real routes or rows. */
let ctx: MemberTestContext;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
let plans: SeededPlans;
let freeTitle: number;

const DAY = 86_400_000;
const dayAgo = (n: number) => tehranDay(Date.now() - n * DAY);

type Day = { day: string; signups: number; premium: number; plays: number; searches: number; revenue: number | null; paid: number | null; refunded: number | null };
type Stats = {
  from: string;
  to: string;
  days: Day[];
  totals: Record<string, number | null>;
  premiumNow: number;
  misses: { query: string; count: number; lastDay: string }[];
  openRequests: { requests: number; groups: number };
  reportedComments: number;
};

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
  await loadFixtureCatalogue(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number }>(`UPDATE titles SET is_free = true, coming_soon = false WHERE imdb_id = 'tt0000004' RETURNING id`);
  freeTitle = rows[0]!.id;
  // A playable asset for the title (the files themselves are not needed to sign its addresses).
  await ctx.database.pool.query(
    `INSERT INTO media_assets (key, title_id, duration_sec, renditions, audio, subtitles)
     VALUES ('tt0000004', $1, 60, '[{"height":360,"label":"360p","bandwidth":800000}]', '[{"id":"orig","label":"اصلی","language":"fa","studio":null,"default":true}]', '[]')`,
    [freeTitle],
  );
  cast = await registerCast(ctx.app, ctx.database);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const stats = async (who: TestMember, days = 7) => {
  const res = await ctx.app.inject({ url: `/api/admin/stats?days=${days}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Stats;
};
const dayOf = (s: Stats, day: string) => s.days.find((d) => d.day === day)!;

describe('who may see the dashboard', () => {
  it('answers a visitor 401 and a member 403; editors see it without money, admins with it', async () => {
    const { cookie, header } = await csrf(ctx.app);
    expect((await ctx.app.inject({ url: '/api/admin/stats', headers: { cookie, ...header } })).statusCode).toBe(401);
    const member = await ctx.app.inject({ url: '/api/admin/stats', headers: cast.member.headers });
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('STAFF_ONLY');
    const editor = await stats(cast.editor);
    expect(editor.totals).toMatchObject({ revenue: null, paid: null, refunded: null });
    for (const d of editor.days) expect([d.revenue, d.paid, d.refunded]).toEqual([null, null, null]);
    const admin = await stats(cast.admin);
    expect(typeof admin.totals.revenue).toBe('number');
    for (const d of admin.days) expect(typeof d.revenue).toBe('number');
  });

  it('refuses a bad period with a Persian message', async () => {
    for (const days of ['0', '366', 'month']) {
      const res = await ctx.app.inject({ url: `/api/admin/stats?days=${days}`, headers: cast.admin.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.days[0]).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('the numbers', () => {
  it('has every day of the period in Tehran’s calendar, oldest first, zeros where nothing happened', async () => {
    const s = await stats(cast.admin, 30);
    expect(s.days).toHaveLength(30);
    expect(s.to).toBe(tehranDay());
    expect(s.from).toBe(dayAgo(29));
    expect(s.days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => dayAgo(29 - i)));
    const quiet = dayOf(s, dayAgo(20));
    expect(quiet).toEqual({ day: dayAgo(20), signups: 0, premium: 0, plays: 0, searches: 0, revenue: 0, paid: 0, refunded: 0 });
  });

  it('counts plays and searches from their routes, and the normalised searches that found nothing', async () => {
    const before = dayOf(await stats(cast.editor), tehranDay());
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ url: `/api/titles/${freeTitle}/play` })).statusCode).toBe(200);
    // A refused play is not a play.
    expect((await ctx.app.inject({ url: '/api/titles/99999999/play' })).statusCode).toBe(404);
    for (const q of ['spider', 'spider', 'Joker']) {
      const res = await ctx.app.inject({ url: `/api/titles/search?q=${q}` });
      expect(res.json().data.length).toBeGreaterThan(0);
    }
    // The same missing title typed three ways; the second is served by the response cache.
    for (const q of ['Qwzxv Film', 'qwzxv   film', 'QWZXV FILM', 'Qwzxv Film']) {
      const res = await ctx.app.inject({ url: `/api/titles/search?q=${encodeURIComponent(q)}` });
      expect(res.json().data).toEqual([]);
    }
    // Too short: refused, not a search.
    expect((await ctx.app.inject({ url: '/api/titles/search?q=a' })).statusCode).toBe(422);

    const s = await stats(cast.editor);
    const today = dayOf(s, tehranDay());
    expect(today.plays - before.plays).toBe(3);
    expect(today.searches - before.searches).toBe(7);
    expect(s.misses).toEqual([{ query: 'qwzxv film', count: 4, lastDay: tehranDay() }]);
  });

  it('places earlier counts on their days and leaves out misses older than the period', async () => {
    await ctx.database.pool.query(
      `INSERT INTO daily_counts (day, metric, count) VALUES ($1, 'plays', 11), ($1, 'searches', 40), ($2, 'plays', 99)
       ON CONFLICT (day, metric) DO UPDATE SET count = daily_counts.count + EXCLUDED.count`,
      [dayAgo(3), dayAgo(10)],
    );
    await ctx.database.pool.query(`INSERT INTO search_misses (day, query, count) VALUES ($1, 'old miss', 50), ($2, 'recent miss', 2)`, [dayAgo(10), dayAgo(2)]);
    const s = await stats(cast.editor, 7);
    expect(dayOf(s, dayAgo(3))).toMatchObject({ plays: 11, searches: 40 });
    expect(s.days.some((d) => d.day === dayAgo(10))).toBe(false);
    expect(s.misses.map((m) => m.query)).toEqual(['qwzxv film', 'recent miss']);
    expect(s.misses[1]).toEqual({ query: 'recent miss', count: 2, lastDay: dayAgo(2) });
    const longer = await stats(cast.editor, 14);
    expect(longer.misses[0]).toEqual({ query: 'old miss', count: 50, lastDay: dayAgo(10) });
    expect(longer.totals.plays).toBe(s.totals.plays! + 99);
  });

  it('counts confirmed sign-ups per day', async () => {
    const before = await stats(cast.editor);
    const fresh = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const older = await registerMember(ctx.app);
    await ctx.database.pool.query(`UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1`, [older.id]);
    const s = await stats(cast.editor);
    expect(dayOf(s, tehranDay()).signups - dayOf(before, tehranDay()).signups).toBe(fresh.length);
    expect(dayOf(s, dayAgo(2)).signups - dayOf(before, dayAgo(2)).signups).toBe(1);
    expect(s.totals.signups! - before.totals.signups!).toBe(3);
  });

  it('counts premium members now and at the end of each day, without revoked periods', async () => {
    const [a, b, c] = [await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app)];
    const period = (who: TestMember, from: string, to: string, revoked = false) =>
      ctx.database.pool.query(
        `INSERT INTO premium_periods (user_id, plan_name, kind, days, starts_at, ends_at, revoked_at) VALUES ($1, 'ماهانه', 'grant', 30, now() + $2::interval, now() + $3::interval, CASE WHEN $4 THEN now() END)`,
        [who.id, from, to, revoked],
      );
    await period(a, '-4 days', '20 days');
    // Two periods of one member count once.
    await period(a, '20 days', '50 days');
    await period(b, '-6 days', '-1 day -12 hours');
    await period(c, '-2 days', '20 days', true);
    const s = await stats(cast.editor);
    expect(s.premiumNow).toBe(1);
    expect(dayOf(s, tehranDay()).premium).toBe(1);
    expect(dayOf(s, dayAgo(3)).premium).toBe(2);
    expect(dayOf(s, dayAgo(5)).premium).toBe(1);
  });

  it('adds revenue per day for admins: paid that day minus refunded that day', async () => {
    const payer = await registerMember(ctx.app);
    const pay = (amount: number, paidAgo: string, refundedAgo: string | null, status = 'paid') =>
      ctx.database.pool.query(
        `INSERT INTO payments (user_id, plan_id, kind, plan_name, days, base_amount, amount, gateway, status, paid_at, refunded_at)
         VALUES ($1, $2, 'join', 'ماهانه', 30, $3, $3, 'sandbox', $4, now() + $5::interval, now() + $6::interval)`,
        [payer.id, plans.monthly.id, amount, status, paidAgo, refundedAgo],
      );
    const before = await stats(cast.admin);
    await pay(120_000, '0 minutes', null);
    await pay(50_000, '-2 days', '0 minutes');
    await pay(70_000, '-2 days', null);
    // Never paid: no revenue.
    await pay(999_000, '0 minutes', null, 'failed');
    const s = await stats(cast.admin);
    const diff = (day: string, k: 'paid' | 'refunded' | 'revenue') => dayOf(s, day)[k]! - dayOf(before, day)[k]!;
    expect([diff(tehranDay(), 'paid'), diff(tehranDay(), 'refunded'), diff(tehranDay(), 'revenue')]).toEqual([120_000, 50_000, 70_000]);
    expect([diff(dayAgo(2), 'paid'), diff(dayAgo(2), 'refunded'), diff(dayAgo(2), 'revenue')]).toEqual([120_000, 0, 120_000]);
    expect(s.totals.revenue! - before.totals.revenue!).toBe(190_000);
    const editor = await stats(cast.editor);
    expect(dayOf(editor, tehranDay()).revenue).toBeNull();
  });

  it('counts open requests (and their groups) and reported comments waiting', async () => {
    const [a, b, c] = [await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app)];
    const before = await stats(cast.editor);
    for (const who of [a, b]) await ctx.app.inject({ method: 'POST', url: '/api/user/request', headers: who.headers, payload: { title: 'Heat', imdb: 'tt0113277' } });
    await ctx.app.inject({ method: 'POST', url: '/api/user/request', headers: c.headers, payload: { title: 'Ronin' } });
    const comment = (await ctx.app.inject({ method: 'POST', url: '/api/user/comment', headers: a.headers, payload: { title_id: freeTitle, body: 'دیدگاهی برای گزارش' } })).json().data;
    await ctx.app.inject({ method: 'POST', url: `/api/user/comments/${comment.id}/report`, headers: b.headers, payload: { reason: 'بی‌ادبی' } });
    await ctx.app.inject({ method: 'POST', url: `/api/user/comments/${comment.id}/report`, headers: c.headers, payload: { reason: 'هرزنامه' } });
    let s = await stats(cast.editor);
    expect(s.openRequests).toEqual({ requests: before.openRequests.requests + 3, groups: before.openRequests.groups + 2 });
    expect(s.reportedComments).toBe(before.reportedComments + 1);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/comments/${comment.id}/hide`, headers: cast.editor.headers, payload: { reason: 'توهین به دیگران' } });
    s = await stats(cast.editor);
    expect(s.reportedComments).toBe(before.reportedComments);
  });
});
