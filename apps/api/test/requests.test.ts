import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandActor } from '../src/modules/admin/audit';
import { answerGroup } from '../src/modules/admin-ops/requests';
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
// Operators answer requests through the panel's service (one request is a group of one here).
const fulfilRequest = (requestId: number, a: { titleId: number; response?: string }) =>
  answerGroup(ctx.database, commandActor, requestId, { status: 'fulfilled', titleId: a.titleId, response: a.response ?? null });
const rejectRequest = (requestId: number, a: { response: string }) => answerGroup(ctx.database, commandActor, requestId, { status: 'rejected', response: a.response });
const call = (method: 'GET' | 'POST', url: string, who: TestMember, payload?: object) => ctx.app.inject({ method, url, headers: who.headers, payload });
const ask = async (who: TestMember, payload: object) => {
  const res = await call('POST', '/api/user/request', who, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};

describe('content requests', () => {
  it('takes a request with title, year, IMDb link and note, and lists it pending', async () => {
    const m = await registerMember(ctx.app);
    const res = await call('POST', '/api/user/request', m, { title: 'Heat', year: 1995, imdb: 'https://m.imdb.com/title/tt0113277/?ref_=nv_sr', note: 'با زیرنویس فارسی' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Heat',
      year: 1995,
      imdbId: 'tt0113277',
      imdbUrl: 'https://www.imdb.com/title/tt0113277/',
      note: 'با زیرنویس فارسی',
      status: 'pending',
      statusLabel: 'در حال بررسی',
      response: null,
      catalogueTitle: null,
      answeredAt: null,
    });
    const bare = await ask(m, { title: 'Ronin', imdb: 'tt0122690' });
    expect(bare).toMatchObject({ imdbId: 'tt0122690', year: null, note: null });
    await ask(m, { title: 'فیلمی بی‌نشانی' });

    const list = (await call('GET', '/api/user/requests', m)).json();
    expect(list.meta.total).toBe(3);
    expect(list.data.map((r: { title: string }) => r.title)).toEqual(['فیلمی بی‌نشانی', 'Ronin', 'Heat']);
  });

  it('refuses bad input with Persian messages per field', async () => {
    const m = await registerMember(ctx.app);
    const res = await call('POST', '/api/user/request', m, { title: 'x', year: 1700, imdb: 'https://example.com/title/tt0113277', note: 'n'.repeat(1001) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['imdb', 'note', 'title', 'year']);
    expect(res.json().errors.imdb[0]).toMatch(persian);
  });

  it('refuses the same IMDb title twice while the first request is pending', async () => {
    const m = await registerMember(ctx.app);
    await ask(m, { title: 'Heat', imdb: 'tt0113277' });
    const again = await call('POST', '/api/user/request', m, { title: 'Heat (1995)', imdb: 'https://www.imdb.com/title/tt0113277/' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_REQUEST', message: expect.stringMatching(persian) });
    // Someone else may ask for it too.
    await ask(await registerMember(ctx.app), { title: 'Heat', imdb: 'tt0113277' });
  });

  it("shows each member only their own requests", async () => {
    const m1 = await registerMember(ctx.app);
    const m2 = await registerMember(ctx.app);
    await ask(m1, { title: 'مال من' });
    expect((await call('GET', '/api/user/requests', m2)).json()).toEqual({ data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } });
  });

  it('fulfilling one marks it, adds the title to the watchlist and notifies the member, in one transaction', async () => {
    const m = await registerMember(ctx.app);
    const req = await ask(m, { title: 'Inception', imdb: 'tt1375666' });
    const inception = id('tt0000014');
    await fulfilRequest(req.id, { titleId: inception, response: 'با دوبله اضافه شد.' });

    const [listed] = (await call('GET', '/api/user/requests', m)).json().data;
    expect(listed).toMatchObject({ status: 'fulfilled', statusLabel: 'انجام شد', response: 'با دوبله اضافه شد.', catalogueTitle: { id: inception, path: expect.stringMatching(/^\/titles\//) } });
    expect(listed.answeredAt).toMatch(/Z$/);
    expect((await call('GET', `/api/user/titles/${inception}/state`, m)).json().data.inWatchlist).toBe(true);
    const [n] = (await call('GET', '/api/user/notifications', m)).json().data;
    expect(n).toMatchObject({ kind: 'request_answered', title: 'درخواست شما انجام شد', link: expect.stringMatching(new RegExp(`^/titles/${inception}/`)) });
    expect(n.body).toContain('«Inception»');
    expect((await call('GET', '/api/user', m)).json().data.newNotifications).toBe(true);

    await expect(fulfilRequest(req.id, { titleId: inception })).rejects.toMatchObject({ code: 'ALREADY_ANSWERED', statusCode: 409 });
  });

  it('leaves nothing half-done when fulfilling fails', async () => {
    const m = await registerMember(ctx.app);
    const req = await ask(m, { title: 'Missing' });
    await expect(fulfilRequest(req.id, { titleId: 999999 })).rejects.toMatchObject({ statusCode: 422 });
    await expect(fulfilRequest(999999, { titleId: id('tt0000001') })).rejects.toMatchObject({ statusCode: 404 });
    const [listed] = (await call('GET', '/api/user/requests', m)).json().data;
    expect(listed.status).toBe('pending');
    expect((await call('GET', '/api/user/notifications', m)).json().meta.total).toBe(0);
    expect((await call('GET', '/api/user/watchlist', m)).json().meta.total).toBe(0);
  });

  it('two operators answering at once: one wins, the member hears once', async () => {
    const m = await registerMember(ctx.app);
    const req = await ask(m, { title: 'Joker' });
    const results = await Promise.allSettled([
      fulfilRequest(req.id, { titleId: id('tt0000005') }),
      rejectRequest(req.id, { response: 'نه' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await call('GET', '/api/user/notifications', m)).json().meta.total).toBe(1);
  });

  it('rejecting one tells the member why', async () => {
    const m = await registerMember(ctx.app);
    const req = await ask(m, { title: 'Lost Film' });
    await rejectRequest(req.id, { response: 'نسخه‌ای از آن در دسترس نیست.' });
    const [listed] = (await call('GET', '/api/user/requests', m)).json().data;
    expect(listed).toMatchObject({ status: 'rejected', statusLabel: 'پذیرفته نشد', catalogueTitle: null });
    const [n] = (await call('GET', '/api/user/notifications', m)).json().data;
    expect(n.body).toContain('نسخه‌ای از آن در دسترس نیست.');
    expect(n.link).toBe('/user/dashboard');
  });
});
