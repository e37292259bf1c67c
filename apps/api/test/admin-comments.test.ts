import { formatJalali } from '@parde/persian';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { auditOf, registerCast } from './helpers/staff';

let ctx: MemberTestContext;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
let titleId: number;

beforeAll(async () => {
  ctx = await createMemberTestApp();
  await loadFixtureCatalogue(ctx.database);
  const { rows } = await ctx.database.pool.query<{ id: number }>(`SELECT id FROM titles WHERE imdb_id = 'tt0000004'`);
  titleId = rows[0]!.id;
  cast = await registerCast(ctx.app, ctx.database);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const persian = /[\u0600-\u06FF]/;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: TestMember, payload?: object) => ctx.app.inject({ method, url, headers: who?.headers ?? {}, payload });

async function comment(who: TestMember, body: string, extra: { parent_id?: number; spoiler?: boolean; title_id?: number } = {}) {
  const res = await call('POST', '/api/user/comment', who, { title_id: titleId, body, ...extra });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: number };
}

type Thread = { id: number; replies: { id: number }[]; replyCount: number };
/** Every public view of the title's comments: the threads, the total, and the replies with their counts. */
async function publicView(tid = titleId) {
  const res = await call('GET', `/api/titles/${tid}/topcomments?per_page=50`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: Thread[]; meta: { total: number } };
  return {
    top: body.data.map((t) => t.id),
    total: body.meta.total,
    replies: Object.fromEntries(body.data.map((t) => [t.id, { ids: t.replies.map((r) => r.id), count: t.replyCount }])),
    all: body.data.flatMap((t) => [t.id, ...t.replies.map((r) => r.id)]),
  };
}

const admin = (who: TestMember, method: Method, url: string, payload?: object) => call(method, url, who, payload);

describe('who may moderate', () => {
  it('answers a visitor 401, a member 403 and lets editors and admins in, on every endpoint', async () => {
    const author = await registerMember(ctx.app);
    const endpoints: { method: Method; url: (c: number) => string; payload?: object }[] = [
      { method: 'GET', url: () => '/api/admin/comments' },
      { method: 'POST', url: (c) => `/api/admin/comments/${c}/hide`, payload: { reason: 'توهین به دیگران' } },
      { method: 'POST', url: (c) => `/api/admin/comments/${c}/delete` },
      { method: 'POST', url: (c) => `/api/admin/comments/${c}/restore` },
      { method: 'POST', url: (c) => `/api/admin/comments/${c}/review` },
      { method: 'PATCH', url: (c) => `/api/admin/comments/${c}`, payload: { spoiler: true } },
      { method: 'PUT', url: () => `/api/admin/muted-members/${author.id}`, payload: { days: 1 } },
      { method: 'DELETE', url: () => `/api/admin/muted-members/${author.id}` },
    ];
    const c = await comment(author, 'دیدگاهی برای آزمودن نقش‌ها');
    for (const e of endpoints) {
      const { cookie, header } = await csrf(ctx.app);
      const visitor = await ctx.app.inject({ method: e.method, url: e.url(c.id), headers: { cookie, ...header }, payload: e.payload });
      expect(visitor.statusCode, `${e.method} ${e.url(c.id)}`).toBe(401);
      const member = await call(e.method, e.url(c.id), cast.member, e.payload);
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('STAFF_ONLY');
      for (const who of [cast.editor, cast.admin]) {
        const res = await call(e.method, e.url(c.id), who, e.payload);
        expect(res.statusCode, `${e.method} ${e.url(c.id)} ${res.body}`).toBe(200);
      }
    }
  });
});

describe("the authors' personal data", () => {
  it('sends an editor no email address of any author (list or moderation answer); an admin gets it', async () => {
    const a = await registerMember(ctx.app);
    const c = await comment(a, 'دیدگاهی برای آزمودن نشانی ایمیل نویسنده');
    const editorList = await admin(cast.editor, 'GET', `/api/admin/comments?member_id=${a.id}`);
    expect(editorList.statusCode).toBe(200);
    expect(editorList.json().data[0].author).toEqual({ id: a.id, name: a.name, mutedUntil: null });
    expect(editorList.body).not.toContain(a.email);
    const editorAction = await admin(cast.editor, 'PATCH', `/api/admin/comments/${c.id}`, { spoiler: true });
    expect(editorAction.statusCode).toBe(200);
    expect(editorAction.json().data.author).not.toHaveProperty('email');
    expect(editorAction.body).not.toContain(a.email);

    const adminList = (await admin(cast.admin, 'GET', `/api/admin/comments?member_id=${a.id}`)).json();
    expect(adminList.data[0].author).toEqual({ id: a.id, name: a.name, email: a.email, mutedUntil: null });
    const adminAction = (await admin(cast.admin, 'PATCH', `/api/admin/comments/${c.id}`, { spoiler: false })).json();
    expect(adminAction.data.author.email).toBe(a.email);
  });
});

describe('the moderation queue', () => {
  it('lists reported comments first with their reasons, then the newest; filters by state, title, member and text', async () => {
    const [a, b, r1, r2] = [await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app)];
    const old = await comment(a, 'یک دیدگاه قدیمی و گزارش‌شده دربارهٔ جدایی');
    const fresh = await comment(b, 'دیدگاه تازه بدون گزارش');
    await call('POST', `/api/user/comments/${old.id}/report`, r1, { reason: 'فحاشی' });
    await call('POST', `/api/user/comments/${old.id}/report`, r2, { reason: 'هرزنامه' });

    const list = (await admin(cast.editor, 'GET', '/api/admin/comments?per_page=100')).json();
    expect(list.data[0]).toMatchObject({ id: old.id, openReports: 2, reportCount: 2, state: 'visible', author: { id: a.id, name: a.name } });
    expect(list.data[0].reports.map((r: { reason: string }) => r.reason).sort()).toEqual(['فحاشی', 'هرزنامه']);
    expect(list.data[1].id).toBe(fresh.id);

    const reported = (await admin(cast.editor, 'GET', '/api/admin/comments?filter=reported')).json();
    expect(reported.data.map((c: { id: number }) => c.id)).toContain(old.id);
    expect(reported.data.map((c: { id: number }) => c.id)).not.toContain(fresh.id);
    const byMember = (await admin(cast.editor, 'GET', `/api/admin/comments?member_id=${b.id}`)).json();
    expect(byMember.data.map((c: { id: number }) => c.id)).toEqual([fresh.id]);
    const byText = (await admin(cast.editor, 'GET', `/api/admin/comments?q=${encodeURIComponent('قدیمی')}&title_id=${titleId}`)).json();
    expect(byText.data.map((c: { id: number }) => c.id)).toEqual([old.id]);

    // Kept: reviewed, it leaves the reported queue (a new report brings it back).
    const kept = await admin(cast.editor, 'POST', `/api/admin/comments/${old.id}/review`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ openReports: 0, reportCount: 2, state: 'visible' });
    expect((await admin(cast.editor, 'GET', '/api/admin/comments?filter=reported')).json().data.map((c: { id: number }) => c.id)).not.toContain(old.id);
    expect(await auditOf(ctx.database, 'comment', old.id)).toEqual([expect.objectContaining({ action: 'comment.review', actor_id: cast.editor.id })]);
    const r3 = await registerMember(ctx.app);
    await call('POST', `/api/user/comments/${old.id}/report`, r3, { reason: 'باز هم' });
    expect((await admin(cast.editor, 'GET', '/api/admin/comments?filter=reported')).json().data[0]).toMatchObject({ id: old.id, openReports: 1, reportCount: 3 });
  });

  it('refuses bad filters and inputs with Persian field messages', async () => {
    const bad = await admin(cast.editor, 'GET', '/api/admin/comments?filter=secret&member_id=-1');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['filter', 'member_id']);
    const a = await registerMember(ctx.app);
    const c = await comment(a, 'برای ورودی نادرست');
    const hide = await admin(cast.editor, 'POST', `/api/admin/comments/${c.id}/hide`, { reason: '' });
    expect(hide.statusCode).toBe(422);
    expect(hide.json().errors.reason[0]).toMatch(persian);
    const spoiler = await admin(cast.editor, 'PATCH', `/api/admin/comments/${c.id}`, { spoiler: 'yes' });
    expect(spoiler.statusCode).toBe(422);
    expect(spoiler.json().errors.spoiler[0]).toMatch(persian);
    const mute = await admin(cast.editor, 'PUT', `/api/admin/muted-members/${a.id}`, { days: 0 });
    expect(mute.statusCode).toBe(422);
    expect(mute.json().errors.days[0]).toMatch(persian);
    expect((await admin(cast.editor, 'POST', '/api/admin/comments/99999999/hide', { reason: 'دلیل کافی' })).statusCode).toBe(404);
    expect(await auditOf(ctx.database, 'comment', c.id)).toEqual([]);
  });
});

describe('hidden and deleted comments', () => {
  it('leave every public list, count and thread, replies under them too, and come back on restore', async () => {
    const [a, b, c] = [await registerMember(ctx.app), await registerMember(ctx.app), await registerMember(ctx.app)];
    const parent = await comment(a, 'دیدگاه اصلی که پنهان می‌شود');
    const reply = await comment(b, 'پاسخی زیر آن', { parent_id: parent.id });
    const keep = await comment(c, 'دیدگاهی که می‌ماند');
    const keptReply = await comment(a, 'پاسخ ماندنی', { parent_id: keep.id });
    const badReply = await comment(b, 'پاسخ نامناسب', { parent_id: keep.id });
    const before = await publicView();
    expect(before.all).toEqual(expect.arrayContaining([parent.id, reply.id, keep.id, keptReply.id, badReply.id]));

    // Hiding the top comment takes its thread away, and the total goes down.
    const hidden = await admin(cast.editor, 'POST', `/api/admin/comments/${parent.id}/hide`, { reason: 'لو دادن پایان فیلم' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ state: 'hidden', hiddenReason: 'لو دادن پایان فیلم' });
    let view = await publicView();
    expect(view.all).not.toContain(parent.id);
    expect(view.all).not.toContain(reply.id);
    expect(view.total).toBe(before.total - 1);

    // Deleting a reply: gone from its thread and from the thread's reply count.
    const deleted = await admin(cast.editor, 'POST', `/api/admin/comments/${badReply.id}/delete`);
    expect(deleted.json().data).toMatchObject({ state: 'deleted' });
    view = await publicView();
    expect(view.replies[keep.id]).toEqual({ ids: [keptReply.id], count: 1 });

    // Members cannot reply to, like or report what is hidden; the author cannot edit what was deleted.
    const replyToHidden = await call('POST', '/api/user/comment', c, { title_id: titleId, body: 'پاسخ به پنهان', parent_id: parent.id });
    expect(replyToHidden.statusCode).toBe(422);
    expect((await call('POST', `/api/user/comments/${parent.id}/like`, c)).statusCode).toBe(404);
    expect((await call('POST', `/api/user/comments/${reply.id}/report`, c, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/user/comments/${badReply.id}`, b, { body: 'ویرایش پس از حذف' })).statusCode).toBe(404);

    // The moderators still see them, with the reply marked as under a removed comment.
    const listed = (await admin(cast.editor, 'GET', `/api/admin/comments?filter=hidden&title_id=${titleId}`)).json();
    expect(listed.data.map((x: { id: number }) => x.id)).toEqual([parent.id]);
    const underHidden = (await admin(cast.editor, 'GET', `/api/admin/comments?member_id=${b.id}&filter=visible`)).json();
    expect(underHidden.data.find((x: { id: number }) => x.id === reply.id)).toMatchObject({ parentRemoved: true });

    // Restore brings both back.
    await admin(cast.editor, 'POST', `/api/admin/comments/${parent.id}/restore`);
    await admin(cast.admin, 'POST', `/api/admin/comments/${badReply.id}/restore`);
    view = await publicView();
    expect(view.all).toEqual(expect.arrayContaining([parent.id, reply.id, keep.id, keptReply.id, badReply.id]));
    expect(view.total).toBe(before.total);
    expect(view.replies[keep.id]!.count).toBe(2);

    expect((await auditOf(ctx.database, 'comment', parent.id)).map((e) => e.action)).toEqual(['comment.hide', 'comment.restore']);
    expect((await auditOf(ctx.database, 'comment', badReply.id)).map((e) => [e.action, e.actor_id])).toEqual([
      ['comment.delete', cast.editor.id],
      ['comment.restore', cast.admin.id],
    ]);
    // Doing it twice changes nothing and writes nothing.
    await admin(cast.editor, 'POST', `/api/admin/comments/${parent.id}/restore`);
    expect(await auditOf(ctx.database, 'comment', parent.id)).toHaveLength(2);
  });

  it('fixes the spoiler flag, with an audit entry', async () => {
    const a = await registerMember(ctx.app);
    const c = await comment(a, 'آخرش قهرمان می‌میرد');
    const res = await admin(cast.editor, 'PATCH', `/api/admin/comments/${c.id}`, { spoiler: true });
    expect(res.json().data.spoiler).toBe(true);
    const thread = (await call('GET', `/api/titles/${titleId}/topcomments?per_page=50`)).json().data.find((t: { id: number }) => t.id === c.id);
    expect(thread.spoiler).toBe(true);
    expect(await auditOf(ctx.database, 'comment', c.id)).toEqual([expect.objectContaining({ action: 'comment.set_spoiler', before: expect.objectContaining({ spoiler: false }), after: expect.objectContaining({ spoiler: true }) })]);
  });
});

describe('muting a member', () => {
  it('blocks new comments and replies with a Persian message saying until when (Jalali), until unmuted', async () => {
    const [a, b] = [await registerMember(ctx.app), await registerMember(ctx.app)];
    const top = await comment(b, 'دیدگاهی که پاسخ می‌گیرد');
    const mine = await comment(a, 'پیش از بسته شدن');
    const res = await admin(cast.editor, 'PUT', `/api/admin/muted-members/${a.id}`, { days: 3, reason: 'توهین پیاپی به دیگران' });
    expect(res.statusCode).toBe(200);
    const until = res.json().data.mutedUntil as string;
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);

    for (const payload of [
      { title_id: titleId, body: 'دیدگاه تازه' },
      { title_id: titleId, body: 'پاسخ تازه', parent_id: top.id },
    ]) {
      const refused = await call('POST', '/api/user/comment', a, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MEMBER_MUTED');
      expect(refused.json().message).toContain(formatJalali(until, 'datetime'));
      expect(refused.json().message).toMatch(persian);
    }
    expect((await call('PATCH', `/api/user/comments/${mine.id}`, a, { body: 'ویرایش در زمان بسته بودن' })).statusCode).toBe(403);
    // Others are not affected.
    expect((await call('POST', '/api/user/comment', b, { title_id: titleId, body: 'من می‌توانم' })).statusCode).toBe(201);
    // The queue shows the mute beside the author.
    const listed = (await admin(cast.editor, 'GET', `/api/admin/comments?member_id=${a.id}`)).json();
    expect(listed.data[0].author.mutedUntil).toBe(until);

    const unmuted = await admin(cast.editor, 'DELETE', `/api/admin/muted-members/${a.id}`);
    expect(unmuted.json().data).toEqual({ memberId: a.id, mutedUntil: null });
    expect((await call('POST', '/api/user/comment', a, { title_id: titleId, body: 'دوباره آزاد' })).statusCode).toBe(201);

    const audit = await auditOf(ctx.database, 'member', a.id);
    expect(audit.map((e) => e.action)).toEqual(['member.mute', 'member.unmute']);
    expect(audit[0]!.after).toMatchObject({ days: 3, reason: 'توهین پیاپی به دیگران', mutedUntil: until });
    // Unmuting someone who is not muted changes nothing.
    await admin(cast.editor, 'DELETE', `/api/admin/muted-members/${a.id}`);
    expect(await auditOf(ctx.database, 'member', a.id)).toHaveLength(2);
    expect((await admin(cast.editor, 'PUT', '/api/admin/muted-members/99999999', { days: 1 })).statusCode).toBe(404);
  });

  it('ends by itself when its time has passed', async () => {
    const a = await registerMember(ctx.app);
    await ctx.database.pool.query(`UPDATE users SET muted_until = now() - interval '1 minute' WHERE id = $1`, [a.id]);
    expect((await call('POST', '/api/user/comment', a, { title_id: titleId, body: 'زمانش گذشت' })).statusCode).toBe(201);
  });
});
