import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';

let ctx: MemberTestContext;
let a: TestMember;
let b: TestMember;
const ids = new Map<string, number>();
const id = (imdb: string) => ids.get(imdb)!;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number; imdb_id: string }>('SELECT id, imdb_id FROM titles');
  for (const r of rows) ids.set(r.imdb_id, r.id);
  a = await registerMember(ctx.app, { name: 'آیدا' });
  b = await registerMember(ctx.app, { name: 'بهرام' });
});
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestMember, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers ?? {}, payload });
const comment = async (who: TestMember, payload: object) => {
  const res = await call('POST', '/api/user/comment', who, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; parentId: number | null; body: string; likes: number };
};
const top = async (titleId: number, query = '') => {
  const res = await call('GET', `/api/titles/${titleId}/topcomments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('posting', () => {
  it('stores the body exactly as written (plain text, never HTML) and answers 201 with the comment', async () => {
    const body = '<script>alert("x")</script> & <b>پایان</b> را لو نده!';
    const res = await call('POST', '/api/user/comment', a, { title_id: id('tt0000001'), body, spoiler: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      titleId: id('tt0000001'),
      parentId: null,
      body,
      spoiler: true,
      likes: 0,
      author: { id: a.id, name: 'آیدا' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      editedAt: null,
    });
    const listed = (await top(id('tt0000001'))).data.find((c: { id: number }) => c.id === res.json().data.id);
    expect(listed.body).toBe(body);
  });

  it('drops NUL characters instead of failing', async () => {
    const c = await comment(a, { title_id: id('tt0000002'), body: 'سلام\u0000 دنیا' });
    expect(c.body).toBe('سلام دنیا');
  });

  it('refuses empty bodies, unknown titles and bad parents with Persian messages', async () => {
    const empty = await call('POST', '/api/user/comment', a, { title_id: id('tt0000001'), body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body[0]).toMatch(persian);
    expect((await call('POST', '/api/user/comment', a, { title_id: 999999, body: 'دیدگاه' })).statusCode).toBe(404);
    const orphan = await call('POST', '/api/user/comment', a, { title_id: id('tt0000001'), body: 'پاسخ', parent_id: 999999 });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().errors.parent_id[0]).toMatch(persian);
    const elsewhere = await comment(a, { title_id: id('tt0000003'), body: 'جای دیگر' });
    const mismatch = await call('POST', '/api/user/comment', a, { title_id: id('tt0000001'), body: 'پاسخ', parent_id: elsewhere.id });
    expect(mismatch.statusCode).toBe(422);
    expect((await call('POST', '/api/user/comment', undefined, { title_id: id('tt0000001'), body: 'بی‌نام' })).statusCode).toBe(419);
  });

  it('needs the CSRF token when authenticated by the token cookie', async () => {
    const payload = { title_id: id('tt0000001'), body: 'با کوکی' };
    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/user/comment', cookies: { token: a.token }, payload });
    expect(noToken.statusCode).toBe(419);
    const { cookie, header } = await csrf(ctx.app);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/user/comment', headers: { cookie: `${cookie}; token=${a.token}`, ...header }, payload });
    expect(ok.statusCode).toBe(201);
  });
});

describe('top comments', () => {
  it('lists most liked first, with replies oldest first, authors, spoiler flags, ISO dates and pages (public)', async () => {
    const t = id('tt0000004');
    const first = await comment(a, { title_id: t, body: 'اولین دیدگاه' });
    const second = await comment(b, { title_id: t, body: 'دومین دیدگاه', spoiler: true });
    const third = await comment(a, { title_id: t, body: 'سومین دیدگاه' });
    const r1 = await comment(b, { title_id: t, body: 'پاسخ اول', parent_id: second.id });
    // A reply to a reply joins the thread of the top comment.
    const r2 = await comment(a, { title_id: t, body: 'پاسخ به پاسخ', parent_id: r1.id });
    expect(r2.parentId).toBe(second.id);
    await call('POST', `/api/user/comments/${second.id}/like`, a);
    await call('POST', `/api/user/comments/${second.id}/like`, b);
    await call('POST', `/api/user/comments/${first.id}/like`, b);

    const res = await call('GET', `/api/titles/${t}/topcomments`);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json();
    expect(body.meta).toEqual({ currentPage: 1, lastPage: 1, perPage: 10, total: 3 });
    expect(body.data.map((c: { id: number }) => c.id)).toEqual([second.id, first.id, third.id]);
    expect(body.data[0]).toMatchObject({ spoiler: true, likes: 2, author: { name: 'بهرام' }, replyCount: 2 });
    expect(body.data[0].replies.map((r: { id: number; parentId: number }) => [r.id, r.parentId])).toEqual([
      [r1.id, second.id],
      [r2.id, second.id],
    ]);
    expect(body.data[1].replies).toEqual([]);
    expect(new Date(body.data[0].createdAt).toISOString()).toBe(body.data[0].createdAt);

    const page2 = await top(t, '?per_page=2&page=2');
    expect(page2.data.map((c: { id: number }) => c.id)).toEqual([third.id]);
    expect(page2.meta).toMatchObject({ currentPage: 2, lastPage: 2, total: 3 });
  });

  it('answers an unknown title with 404 and bad paging with 422', async () => {
    expect((await call('GET', '/api/titles/999999/topcomments')).statusCode).toBe(404);
    expect((await call('GET', `/api/titles/${id('tt0000001')}/topcomments?per_page=500`)).statusCode).toBe(422);
  });
});

describe('editing and deleting', () => {
  it("lets the author edit the text (marked edited) or the spoiler flag, and nobody else's", async () => {
    const c = await comment(a, { title_id: id('tt0000005'), body: 'متن نخست' });
    const flag = await call('PATCH', `/api/user/comments/${c.id}`, a, { spoiler: true });
    expect(flag.statusCode).toBe(200);
    expect(flag.json().data).toMatchObject({ spoiler: true, editedAt: null, body: 'متن نخست' });
    const edited = await call('PATCH', `/api/user/comments/${c.id}`, a, { body: 'متن تازه' });
    expect(edited.json().data).toMatchObject({ body: 'متن تازه', editedAt: expect.stringMatching(/Z$/) });

    const theirs = await call('PATCH', `/api/user/comments/${c.id}`, b, { body: 'دست‌کاری' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(persian) });
    expect((await call('PATCH', `/api/user/comments/${c.id}`, a, {})).statusCode).toBe(422);
    expect((await call('PATCH', '/api/user/comments/999999', a, { body: 'هیچ' })).statusCode).toBe(404);
    const unchanged = (await top(id('tt0000005'))).data.find((x: { id: number }) => x.id === c.id);
    expect(unchanged.body).toBe('متن تازه');
  });

  it('lets the author delete a comment with its replies, and nobody else', async () => {
    const c = await comment(a, { title_id: id('tt0000006'), body: 'پاک‌شدنی' });
    await comment(b, { title_id: id('tt0000006'), body: 'پاسخ', parent_id: c.id });
    expect((await call('DELETE', `/api/user/comments/${c.id}`, b)).statusCode).toBe(403);
    const del = await call('DELETE', `/api/user/comments/${c.id}`, a);
    expect(del.statusCode).toBe(204);
    expect((await top(id('tt0000006'))).meta.total).toBe(0);
    const { rows } = await ctx.database.pool.query('SELECT count(*)::int AS n FROM comments WHERE title_id = $1', [id('tt0000006')]);
    expect(rows[0].n).toBe(0);
    expect((await call('DELETE', `/api/user/comments/${c.id}`, a)).statusCode).toBe(404);
  });
});

describe('comment likes', () => {
  it('toggles and counts', async () => {
    const c = await comment(a, { title_id: id('tt0000011'), body: 'پسندیدنی' });
    expect((await call('POST', `/api/user/comments/${c.id}/like`, b)).json()).toEqual({ data: { liked: true, likes: 1 } });
    expect((await call('POST', `/api/user/comments/${c.id}/like`, a)).json()).toEqual({ data: { liked: true, likes: 2 } });
    expect((await call('GET', `/api/user/titles/${id('tt0000011')}/comment-likes`, b)).json()).toEqual({ data: [c.id] });
    expect((await call('POST', `/api/user/comments/${c.id}/like`, b)).json()).toEqual({ data: { liked: false, likes: 1 } });
    expect((await call('GET', `/api/user/titles/${id('tt0000011')}/comment-likes`, b)).json()).toEqual({ data: [] });
    expect((await call('POST', '/api/user/comments/999999/like', a)).statusCode).toBe(404);
  });

  it('keeps the counter equal to the likes after parallel toggles', async () => {
    const c = await comment(a, { title_id: id('tt0000012'), body: 'پرطرفدار' });
    const others = await Promise.all(Array.from({ length: 3 }, () => registerMember(ctx.app)));
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => call('POST', `/api/user/comments/${c.id}/like`, a)),
      ...Array.from({ length: 21 }, () => call('POST', `/api/user/comments/${c.id}/like`, b)),
      ...others.map((o) => call('POST', `/api/user/comments/${c.id}/like`, o)),
    ]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const { rows } = await ctx.database.pool.query(
      `SELECT (SELECT likes FROM comments WHERE id = $1) AS counter, (SELECT count(*)::int FROM comment_likes WHERE comment_id = $1) AS actual`,
      [c.id],
    );
    expect(rows[0]).toEqual({ counter: 4, actual: 4 });
    expect((await top(id('tt0000012'))).data[0].likes).toBe(4);
  });
});

describe('reports', () => {
  it('takes one report per member, not of their own comment', async () => {
    const c = await comment(a, { title_id: id('tt0000013'), body: 'بحث‌برانگیز' });
    const first = await call('POST', `/api/user/comments/${c.id}/report`, b, { reason: 'توهین' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ data: { reported: true } });
    const again = await call('POST', `/api/user/comments/${c.id}/report`, b);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REPORTED', message: expect.stringMatching(persian) });
    expect((await call('POST', `/api/user/comments/${c.id}/report`, a)).statusCode).toBe(403);
    const third = await registerMember(ctx.app);
    expect((await call('POST', `/api/user/comments/${c.id}/report`, third)).statusCode).toBe(201);
    expect((await call('POST', '/api/user/comments/999999/report', b)).statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query('SELECT user_id, reason FROM comment_reports WHERE comment_id = $1 ORDER BY created_at', [c.id]);
    expect(rows).toEqual([
      { user_id: b.id, reason: 'توهین' },
      { user_id: third.id, reason: null },
    ]);
  });
});
