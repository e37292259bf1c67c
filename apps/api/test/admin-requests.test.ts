import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { auditOf, registerCast } from './helpers/staff';
import { commandActor } from '../src/modules/admin/audit';
import { answerGroup } from '../src/modules/admin-ops/requests';

let ctx: MemberTestContext;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
const ids = new Map<string, number>();
const id = (imdb: string) => ids.get(imdb)!;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles');
  for (const r of rows) ids.set(r.imdb_id, r.id);
  cast = await registerCast(ctx.app, ctx.database);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
type Method = 'GET' | 'POST';
const call = (method: Method, url: string, who: TestMember, payload?: object) => ctx.app.inject({ method, url, headers: who.headers, payload });
const ask = async (who: TestMember, payload: object) => {
  const res = await call('POST', '/api/user/request', who, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: number };
};
const notificationsOf = async (who: TestMember) => (await call('GET', '/api/user/notifications', who)).json().data as { kind: string; title: string; body: string; link: string }[];
const watchlistOf = async (who: TestMember) => ((await call('GET', '/api/user/watchlist?per_page=100', who)).json().data as { id: number }[]).map((t) => t.id);
const statusOf = async (requestId: number) => (await ctx.database.pool.query('SELECT status, title_id, response FROM content_requests WHERE id = $1', [requestId])).rows[0];
let hiddenSerial = 0;
/** A title made in the panel and not yet published: visitors and members get a 404 for it. */
const hiddenTitle = async () => {
  hiddenSerial++;
  const imdb = `tt99${String(hiddenSerial).padStart(6, '0')}`;
  const { rows } = await ctx.database.pool.query<{ id: number }>(
    `INSERT INTO titles (imdb_id, type, imdb_type, title_en, title_fa, slug, published) VALUES ($1, 'movie', 'movie', $2, 'عنوان پنهان', $3, false) RETURNING id`,
    [imdb, `Hidden ${hiddenSerial}`, `hidden-${hiddenSerial}`],
  );
  return { id: rows[0]!.id, imdb };
};

describe('who may use the request queue', () => {
  it('answers a visitor 401, a member 403 and lets editors and admins in, on every endpoint', async () => {
    const m = await registerMember(ctx.app);
    const seedFor = async () => (await ask(m, { title: `Role check ${Math.random()}` })).id;
    const endpoints: { method: Method; url: () => Promise<string> | string; payload?: () => object }[] = [
      { method: 'GET', url: () => '/api/admin/requests' },
      { method: 'GET', url: () => '/api/admin/title-picker?q=joker' },
      { method: 'POST', url: async () => `/api/admin/requests/${await seedFor()}/fulfil`, payload: () => ({ title_id: id('tt0000005') }) },
      { method: 'POST', url: async () => `/api/admin/requests/${await seedFor()}/decline`, payload: () => ({ reason: 'این عنوان در ایران پخش نمی‌شود.' }) },
      {
        method: 'POST',
        url: async () => {
          const rid = await seedFor();
          await answerGroup(ctx.database, commandActor, rid, { status: 'rejected', response: 'پیش‌تر رد شد.' });
          return `/api/admin/requests/${rid}/reopen`;
        },
        payload: () => ({ reason: 'پاسخ اشتباه بود.' }),
      },
    ];
    for (const e of endpoints) {
      const { cookie, header } = await csrf(ctx.app);
      const visitor = await ctx.app.inject({ method: e.method, url: await e.url(), headers: { cookie, ...header }, payload: e.payload?.() });
      expect(visitor.statusCode, `${e.method} visitor`).toBe(401);
      const member = await call(e.method, await e.url(), cast.member, e.payload?.());
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('STAFF_ONLY');
      for (const who of [cast.editor, cast.admin]) {
        const res = await call(e.method, await e.url(), who, e.payload?.());
        expect(res.statusCode, `${e.method} ${res.body}`).toBe(200);
      }
    }
  });
});

describe('the grouped queue', () => {
  it('groups the same IMDb id, and the same title and year without one, most asked first, with notes and the earliest date', async () => {
    const [a, b, c, d, e] = [await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app)];
    const first = await ask(a, { title: 'Hereditary', imdb: 'tt7784604', note: 'لطفاً با زیرنویس' });
    await ask(b, { title: 'hereditary (2018)', imdb: 'https://www.imdb.com/title/tt7784604/', note: 'دوبله هم باشد' });
    await ask(c, { title: 'موروثی', imdb: 'tt7784604' });
    // Same title and year, typed differently (Arabic yeh and kaf, spaces, punctuation): one group.
    await ask(d, { title: 'فیلم  نایاب!', year: 1999 });
    await ask(e, { title: 'فيلم نایاب', year: 1999 });
    // Same words, another year: another group.
    await ask(e, { title: 'فیلم نایاب', year: 2001 });

    const res = await call('GET', '/api/admin/requests?q=' + encodeURIComponent('نایاب'), cast.editor);
    expect(res.statusCode).toBe(200);
    const nayab = res.json().data as { members: number; year: number }[];
    expect(nayab.map((g) => [g.year, g.members])).toEqual([
      [1999, 2],
      [2001, 1],
    ]);

    const all = (await call('GET', '/api/admin/requests?per_page=100', cast.editor)).json();
    const heredity = all.data.find((g: { imdbId: string | null }) => g.imdbId === 'tt7784604');
    expect(heredity).toMatchObject({ id: first.id, key: 'imdb:tt7784604', title: 'Hereditary', members: 3, requests: 3, status: 'pending', catalogueTitle: null });
    expect(heredity.notes.map((n: { note: string }) => n.note)).toEqual(['لطفاً با زیرنویس', 'دوبله هم باشد']);
    expect(new Date(heredity.firstAt).getTime()).toBeLessThanOrEqual(new Date(heredity.lastAt).getTime());
    // Most asked first.
    const counts = all.data.map((g: { members: number }) => g.members);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
    expect(all.data[0].members).toBeGreaterThanOrEqual(3);
  });

  it('offers the catalogue title when a pending request names an IMDb id the site has', async () => {
    const m = await registerMember(ctx.app);
    await ask(m, { title: 'Breaking Bad', imdb: 'tt0000007' });
    const all = (await call('GET', '/api/admin/requests?q=breaking', cast.editor)).json();
    expect(all.data[0].catalogueTitle).toMatchObject({ id: id('tt0000007'), imdbId: 'tt0000007', titleEn: 'Breaking Bad' });
  });

  it('refuses a bad filter with Persian messages', async () => {
    const res = await call('GET', '/api/admin/requests?status=lost&per_page=1000', cast.editor);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['per_page', 'status']);
    expect(res.json().errors.status[0]).toMatch(persian);
  });
});

describe('answering a group', () => {
  it('fulfils every pending request of the group: each member is notified once and finds the title in the watchlist', async () => {
    const members = [await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app)];
    const requests = [];
    for (const m of members) requests.push(await ask(m, { title: 'The Dark Knight', imdb: 'tt0000003', note: 'زود' }));
    // The same member asking twice without an IMDb id is another group; one with an id is this one.
    const other = await registerMember(ctx.app);
    const unrelated = await ask(other, { title: 'Something else' });
    const darkKnight = id('tt0000003');

    const res = await call('POST', `/api/admin/requests/${requests[1]!.id}/fulfil`, cast.editor, { title_id: darkKnight, response: 'با کیفیت ۱۰۸۰' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'fulfilled', requests: 3, members: 3, titleId: darkKnight });

    for (const [i, m] of members.entries()) {
      expect(await statusOf(requests[i]!.id)).toEqual({ status: 'fulfilled', title_id: darkKnight, response: 'با کیفیت ۱۰۸۰' });
      const notes = await notificationsOf(m);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ kind: 'request_answered', title: 'درخواست شما انجام شد', link: `/titles/${darkKnight}/the-dark-knight` });
      expect(notes[0]!.body).toContain('با کیفیت ۱۰۸۰');
      expect(await watchlistOf(m)).toContain(darkKnight);
      // The notification dot.
      expect((await call('GET', '/api/user', m)).json().data.newNotifications).toBe(true);
      const audit = await auditOf(ctx.database, 'request', requests[i]!.id);
      expect(audit).toEqual([expect.objectContaining({ action: 'request.fulfil', actor_id: cast.editor.id, before: { status: 'pending' } })]);
      expect(audit[0]!.after).toMatchObject({ status: 'fulfilled', titleId: darkKnight, groupSize: 3 });
    }
    expect((await statusOf(unrelated.id)).status).toBe('pending');
    expect(await notificationsOf(other)).toEqual([]);

    // Answered: a second answer is refused, and nobody hears twice.
    const again = await call('POST', `/api/admin/requests/${requests[0]!.id}/fulfil`, cast.admin, { title_id: darkKnight });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(persian);
    expect(await notificationsOf(members[0]!)).toHaveLength(1);

    const fulfilled = (await call('GET', '/api/admin/requests?status=fulfilled&q=dark', cast.editor)).json();
    expect(fulfilled.data[0]).toMatchObject({ status: 'fulfilled', statusLabel: 'انجام شد', members: 3, response: 'با کیفیت ۱۰۸۰', catalogueTitle: { id: darkKnight } });
    expect(fulfilled.data[0].answeredAt).toBeTruthy();
  });

  it('lets only one of two operators answering together answer the group', async () => {
    const [a, b] = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const r1 = await ask(a, { title: 'Joker', imdb: 'tt0000005' });
    const r2 = await ask(b, { title: 'Joker', imdb: 'tt0000005' });
    // Through different requests of the group: they queue, neither deadlocks.
    const [x, y] = await Promise.all([
      call('POST', `/api/admin/requests/${r1.id}/fulfil`, cast.editor, { title_id: id('tt0000005') }),
      call('POST', `/api/admin/requests/${r2.id}/decline`, cast.admin, { reason: 'پیش‌تر اضافه شده است.' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await notificationsOf(a)).length).toBe(1);
    expect((await notificationsOf(b)).length).toBe(1);
  });

  it('declines a group with a Persian reason every member hears', async () => {
    const [a, b] = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const r1 = await ask(a, { title: 'فیلم ممنوع', year: 2020 });
    const r2 = await ask(b, { title: 'فیلم ممنوع', year: 2020 });
    const reason = 'حق پخش این فیلم در دسترس نیست.';
    const res = await call('POST', `/api/admin/requests/${r2.id}/decline`, cast.editor, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'rejected', requests: 2, members: 2, titleId: null });
    for (const [m, r] of [
      [a, r1],
      [b, r2],
    ] as const) {
      expect(await statusOf(r.id)).toEqual({ status: 'rejected', title_id: null, response: reason });
      const [note] = await notificationsOf(m);
      expect(note).toMatchObject({ kind: 'request_answered', title: 'پاسخ درخواست شما' });
      expect(note!.body).toContain(reason);
      expect(await auditOf(ctx.database, 'request', r.id)).toEqual([expect.objectContaining({ action: 'request.decline', actor_id: cast.editor.id })]);
      expect(await watchlistOf(m)).toEqual([]);
    }
  });

  it('refuses bad answers with Persian field messages and changes nothing', async () => {
    const m = await registerMember(ctx.app);
    const r = await ask(m, { title: 'Spider-Man', imdb: 'tt0000001' });
    const short = await call('POST', `/api/admin/requests/${r.id}/decline`, cast.editor, { reason: 'نه' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.reason[0]).toMatch(persian);
    const noTitle = await call('POST', `/api/admin/requests/${r.id}/fulfil`, cast.editor, { title_id: 99_999_999 });
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors.title_id[0]).toMatch(persian);
    const missing = await call('POST', `/api/admin/requests/${r.id}/fulfil`, cast.editor, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.title_id[0]).toMatch(persian);
    const unknown = await call('POST', '/api/admin/requests/99999999/decline', cast.editor, { reason: 'دلیلی کافی' });
    expect(unknown.statusCode).toBe(404);
    expect((await statusOf(r.id)).status).toBe('pending');
    expect(await auditOf(ctx.database, 'request', r.id)).toEqual([]);
    expect(await notificationsOf(m)).toEqual([]);
  });
});

describe('a title members cannot see yet', () => {
  it('refuses to fulfil with an unpublished title (Persian 422 on title_id): no watchlist entry, no notice, no audit; published, it goes', async () => {
    const hidden = await hiddenTitle();
    const [a, b] = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const r1 = await ask(a, { title: 'Hidden one', imdb: hidden.imdb });
    const r2 = await ask(b, { title: 'Hidden one', imdb: hidden.imdb });
    const res = await call('POST', `/api/admin/requests/${r1.id}/fulfil`, cast.editor, { title_id: hidden.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title_id[0]).toMatch(persian);
    expect(res.json().errors.title_id[0]).toContain('منتشر نشده');
    for (const [m, r] of [
      [a, r1],
      [b, r2],
    ] as const) {
      expect((await statusOf(r.id)).status).toBe('pending');
      expect(await notificationsOf(m)).toEqual([]);
      expect(await watchlistOf(m)).toEqual([]);
      expect(await auditOf(ctx.database, 'request', r.id)).toEqual([]);
    }
    // The member's link would be a 404 while hidden: that is why it is refused.
    expect((await call('GET', `/api/titles/${hidden.id}`, a)).statusCode).toBe(404);

    await ctx.database.pool.query('UPDATE titles SET published = true WHERE id = $1', [hidden.id]);
    const after = await call('POST', `/api/admin/requests/${r1.id}/fulfil`, cast.editor, { title_id: hidden.id });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ requests: 2, members: 2 });
    expect(await watchlistOf(a)).toEqual([hidden.id]);
    expect((await notificationsOf(b))[0]!.link).toBe(`/titles/${hidden.id}/hidden-${hiddenSerial}`);
  });
});

describe('correcting an answer', () => {
  it('reopens a group fulfilled with the wrong title: back in the queue, the wrong title leaves the watchlists it was put in, each member told; answered again, they hear the new answer', async () => {
    const [a, b] = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const wrong = id('tt0000004');
    const right = id('tt0000014');
    // b had the wrong title in their watchlist already: a correction must not take it away.
    expect((await call('POST', `/api/user/watchlist/${wrong}`, b)).json().data.inWatchlist).toBe(true);
    const r1 = await ask(a, { title: 'The Right One', imdb: 'tt0000014', note: 'با زیرنویس' });
    const r2 = await ask(b, { title: 'The Right One', imdb: 'tt0000014' });
    expect((await call('POST', `/api/admin/requests/${r1.id}/fulfil`, cast.editor, { title_id: wrong, response: 'اضافه شد' })).statusCode).toBe(200);
    expect(await watchlistOf(a)).toContain(wrong);

    const reason = 'عنوان نادرستی برای این درخواست انتخاب شده بود.';
    const res = await call('POST', `/api/admin/requests/${r2.id}/reopen`, cast.editor, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'pending', previous: 'fulfilled', requests: 2, members: 2, watchlistRemoved: 1 });
    for (const r of [r1, r2]) expect(await statusOf(r.id)).toEqual({ status: 'pending', title_id: null, response: null });
    expect(await watchlistOf(a)).not.toContain(wrong);
    expect(await watchlistOf(b)).toContain(wrong);
    for (const m of [a, b]) {
      const [latest, first] = await notificationsOf(m);
      expect(first).toMatchObject({ kind: 'request_answered' });
      expect(latest).toMatchObject({ kind: 'request_reopened', title: 'پاسخ درخواست شما اصلاح می‌شود', link: '/user/dashboard' });
      expect(latest!.body).toContain(reason);
      expect(latest!.body).toContain('«The Right One»');
    }
    expect((await notificationsOf(a))[0]!.body).toContain('برداشته شد');
    expect((await notificationsOf(b))[0]!.body).not.toContain('برداشته شد');
    const audit = await auditOf(ctx.database, 'request', r1.id);
    expect(audit.map((e) => e.action)).toEqual(['request.fulfil', 'request.reopen']);
    expect(audit[1]).toMatchObject({ actor_id: cast.editor.id, before: { status: 'fulfilled', titleId: wrong, response: 'اضافه شد' } });
    expect(audit[1]!.after).toMatchObject({ status: 'pending', reason, watchlistRemoved: true });
    // In the queue again, with its notes; gone from the answered list.
    const pending = (await call('GET', '/api/admin/requests?q=tt0000014', cast.editor)).json().data;
    expect(pending[0]).toMatchObject({ id: r1.id, status: 'pending', members: 2, response: null, answeredAt: null });
    expect(pending[0].notes.map((n: { note: string }) => n.note)).toEqual(['با زیرنویس']);
    expect((await call('GET', '/api/admin/requests?status=fulfilled&q=tt0000014', cast.editor)).json().data).toEqual([]);
    // The member's own list says it is being looked at again.
    expect((await call('GET', '/api/user/requests', a)).json().data[0]).toMatchObject({ id: r1.id, status: 'pending', catalogueTitle: null });

    // Answered again with the right title: a new notification, the right title in the watchlist.
    expect((await call('POST', `/api/admin/requests/${r1.id}/fulfil`, cast.editor, { title_id: right })).statusCode).toBe(200);
    for (const m of [a, b]) {
      const notes = await notificationsOf(m);
      expect(notes).toHaveLength(3);
      expect(notes[0]).toMatchObject({ kind: 'request_answered', title: 'درخواست شما انجام شد', link: expect.stringMatching(new RegExp(`^/titles/${right}/`)) });
      expect(await watchlistOf(m)).toContain(right);
    }
  });

  it('reopens a mistaken decline; a member who asked again meanwhile keeps one request, with their note', async () => {
    const [a, b] = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const r1 = await ask(a, { title: 'Declined by mistake', imdb: 'tt0000002' });
    const r2 = await ask(b, { title: 'Declined by mistake', imdb: 'tt0000002' });
    expect((await call('POST', `/api/admin/requests/${r1.id}/decline`, cast.editor, { reason: 'در دسترس نیست.' })).statusCode).toBe(200);
    const again = await ask(a, { title: 'Declined by mistake', imdb: 'tt0000002', note: 'لطفاً دوباره بررسی کنید' });

    const res = await call('POST', `/api/admin/requests/${r1.id}/reopen`, cast.admin, { reason: 'این عنوان را اشتباهی رد کرده بودیم.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'pending', previous: 'rejected', requests: 2, members: 2, watchlistRemoved: 0 });
    const mine = (await call('GET', '/api/user/requests', a)).json().data as { id: number; status: string; note: string | null }[];
    expect(mine.filter((r) => r.status === 'pending').map((r) => [r.id, r.note])).toEqual([[r1.id, 'لطفاً دوباره بررسی کنید']]);
    expect(mine.some((r) => r.id === again.id)).toBe(false);
    expect((await statusOf(r2.id)).status).toBe('pending');
    const [note] = await notificationsOf(b);
    expect(note).toMatchObject({ kind: 'request_reopened' });
    expect(note!.body).toContain('این عنوان را اشتباهی رد کرده بودیم.');
    expect((await auditOf(ctx.database, 'request', r1.id)).at(-1)!.after).toMatchObject({ mergedRequestIds: [again.id] });
    // The queue counts each member once.
    const group = (await call('GET', '/api/admin/requests?q=tt0000002', cast.editor)).json().data[0];
    expect(group).toMatchObject({ members: 2, requests: 2 });
  });

  it('refuses to reopen what is not answered, twice at once, unknown requests and a short reason, changing nothing', async () => {
    const [a] = [await registerMember(ctx.app)];
    const r = await ask(a, { title: 'Reopen twice', year: 2011 });
    const pending = await call('POST', `/api/admin/requests/${r.id}/reopen`, cast.editor, { reason: 'دلیل کافی' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'REQUEST_NOT_ANSWERED', message: expect.stringMatching(persian) });
    await call('POST', `/api/admin/requests/${r.id}/decline`, cast.editor, { reason: 'در دسترس نیست.' });
    const short = await call('POST', `/api/admin/requests/${r.id}/reopen`, cast.editor, { reason: 'نه' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.reason[0]).toMatch(persian);
    expect((await call('POST', '/api/admin/requests/99999999/reopen', cast.editor, { reason: 'دلیل کافی' })).statusCode).toBe(404);
    expect((await statusOf(r.id)).status).toBe('rejected');

    const both = await Promise.all([
      call('POST', `/api/admin/requests/${r.id}/reopen`, cast.editor, { reason: 'اشتباه شد' }),
      call('POST', `/api/admin/requests/${r.id}/reopen`, cast.admin, { reason: 'اشتباه شد' }),
    ]);
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect((await notificationsOf(a)).filter((n) => n.kind === 'request_reopened')).toHaveLength(1);
    expect((await auditOf(ctx.database, 'request', r.id)).map((e) => e.action)).toEqual(['request.decline', 'request.reopen']);
  });
});

describe('the title picker', () => {
  it('finds titles by name, by Persian-insensitive typing and by IMDb id or link', async () => {
    const byName = (await call('GET', '/api/admin/title-picker?q=dark knight', cast.editor)).json().data;
    expect(byName[0]).toMatchObject({ id: id('tt0000003'), titleEn: 'The Dark Knight', imdbId: 'tt0000003', published: true });
    const byId = (await call('GET', '/api/admin/title-picker?q=tt0000004', cast.editor)).json().data;
    expect(byId.map((t: { id: number }) => t.id)).toEqual([id('tt0000004')]);
    const byLink = (await call('GET', `/api/admin/title-picker?q=${encodeURIComponent('https://www.imdb.com/title/tt0000007/')}`, cast.editor)).json().data;
    expect(byLink.map((t: { id: number }) => t.id)).toEqual([id('tt0000007')]);
    expect((await call('GET', '/api/admin/title-picker?q=', cast.editor)).statusCode).toBe(422);
  });
});
