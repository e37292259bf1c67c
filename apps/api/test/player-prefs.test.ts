import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';

/**
 * The player's choices of a profile, as the player keeps them (decision 23): the subtitle
 * language for the original and, apart from it, the one chosen while a Persian dub plays, absent
 * until the viewer chooses (the player then shows none over the dub).
 */
let ctx: MemberTestContext;

beforeAll(async () => {
  ctx = await createMemberTestApp();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (m: TestMember, method: 'GET' | 'PUT', payload?: object) =>
  ctx.app.inject({ method, url: '/api/user/profile/prefs', headers: m.headers as Record<string, string>, ...(payload ? { payload } : {}) });

describe("a profile's subtitles under a dub", () => {
  it('are not chosen at first, then kept apart from the original choice', async () => {
    const m = await registerMember(ctx.app);
    const fresh = (await call(m, 'GET')).json().data;
    expect(fresh).toEqual({ subtitle: 'fa', size: 'm', dataSaver: null, quality: null });
    expect('subtitleWithDub' in fresh).toBe(false);

    const put = await call(m, 'PUT', { ...fresh, subtitleWithDub: 'fa' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(m, 'GET')).json().data).toEqual({ subtitle: 'fa', subtitleWithDub: 'fa', size: 'm', dataSaver: null, quality: null });

    // Off over dubs is a choice too, and the original's stays as it was.
    await call(m, 'PUT', { ...fresh, subtitle: 'en', subtitleWithDub: null });
    expect((await call(m, 'GET')).json().data).toMatchObject({ subtitle: 'en', subtitleWithDub: null });
  });

  it('refuses a language code that is not one, with the field named in Persian', async () => {
    const m = await registerMember(ctx.app);
    const res = await call(m, 'PUT', { subtitle: 'fa', subtitleWithDub: '<b>', size: 'm', dataSaver: null, quality: null });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['subtitleWithDub']);
    expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});
