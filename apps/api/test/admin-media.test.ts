/**
 * The panel's media and import area over the real server (listening, raw HTTP for tus), the
 * real queue and ffmpeg, on both databases: resumable uploads that survive a cut connection,
 * the ingest they start, subtitles attached to what was packaged and seen by the player, IMDb
 * imports from uploaded files, refusals in Persian, and the audit trail.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { makeTestVideo } from '@parde/media';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMediaWorker, type MediaWorker } from '../src/modules/media/worker';
import { csrf } from './helpers/app';
import { fixtureDir, loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, pathOf, paySandbox, seedPlans } from './helpers/premium';
import { eventually } from './helpers/site';
import { auditOf, registerCast } from './helpers/staff';

const persian = /[\u0600-\u06FF]/;
const MAX_UPLOAD = 6 * 1024 * 1024;

let ctx: MemberTestContext;
let worker: MediaWorker;
let base: string;
let cast: { member: TestMember; editor: TestMember; admin: TestMember };
let premium: TestMember;
let inputs: string;
let film: number;
let series: number;
let episode: number;
let bareFilm: number;

const tusHeaders = (who: TestMember) => ({ ...who.headers, 'tus-resumable': '1.0.0' });
const metadata = (m: Record<string, string | number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');

/** tus: creates an upload; answers the response and the upload's address. */
async function create(who: TestMember, size: number, meta: Record<string, string | number>, extra: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { ...tusHeaders(who), 'upload-length': String(size), 'upload-metadata': metadata(meta), ...extra } });
  const location = res.headers.get('location');
  return { res, url: location ? new URL(location, base).href : null, body: res.status === 201 ? null : await res.text() };
}

const patch = (who: TestMember, url: string, offset: number, body: Buffer) =>
  fetch(url, { method: 'PATCH', headers: { ...tusHeaders(who), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body });

const head = async (who: TestMember, url: string) => {
  const res = await fetch(url, { method: 'HEAD', headers: tusHeaders(who) });
  return { status: res.status, offset: Number(res.headers.get('upload-offset')), length: Number(res.headers.get('upload-length')) };
};

/** A whole file in one PATCH. */
async function upload(who: TestMember, body: Buffer, meta: Record<string, string | number>) {
  const created = await create(who, body.length, meta);
  expect(created.res.status, created.body ?? '').toBe(201);
  const res = await patch(who, created.url!, 0, body);
  return { url: created.url!, id: created.url!.split('/').pop()!, res, text: await res.text() };
}

/** Sends the first `sent` bytes of a PATCH that promised them all, then drops the connection. */
function patchAndDrop(who: TestMember, url: string, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: { ...tusHeaders(who), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, sent), () => {
      setTimeout(() => req.destroy(), 300);
    });
  });
}

const ingestsOf = async (titleId: number) => (await ctx.app.inject({ url: `/api/admin/ingests?title_id=${titleId}`, headers: cast.editor.headers })).json().data as { id: number; status: string; progress: number; error: string | null }[];

async function waitIngest(titleId: number, id: number) {
  const { value } = await eventually(
    async () => {
      const job = (await ingestsOf(titleId)).find((j) => j.id === id);
      if (!job || (job.status !== 'done' && job.status !== 'failed')) throw new Error(`still ${job?.status} ${job?.progress}%`);
      return job;
    },
    120_000,
    500,
  );
  return value;
}

const idOf = async (imdb: string) => (await ctx.database.pool.query<{ id: number }>('SELECT id FROM titles WHERE imdb_id = $1', [imdb])).rows[0]!.id;

beforeAll(async () => {
  ctx = await createMemberTestApp({ UPLOAD_MAX_BYTES: String(MAX_UPLOAD) });
  const plans = await seedPlans(ctx.database);
  await loadFixtureCatalogue(ctx.database);
  film = await idOf('tt0000001');
  bareFilm = await idOf('tt0000002');
  series = await idOf('tt0000007');
  episode = (await ctx.database.pool.query<{ id: number }>(`SELECT id FROM episodes WHERE imdb_id = 'tt0000008'`)).rows[0]!.id;
  cast = await registerCast(ctx.app, ctx.database);
  premium = await registerMember(ctx.app);
  const { url } = await buy(ctx.app, premium, '/api/user/join2', { plan_id: plans.monthly.id });
  await paySandbox(ctx.app, url);

  inputs = path.join(ctx.dataDir, 'inputs');
  await makeTestVideo({ out: path.join(inputs, 'clip.mp4'), seconds: 4, width: 320, height: 180, frameRate: 15 });
  worker = await startMediaWorker({ database: ctx.database, dataDir: ctx.dataDir, log: () => {}, onError: () => {} });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

describe('who may use the media area', () => {
  it('answers a visitor 401, a member 403 and an editor, on every endpoint', async () => {
    const { cookie, header } = await csrf(ctx.app);
    const visitor = { cookie, ...header };
    const reads = [`/api/admin/titles/${film}/media`, `/api/admin/ingests?title_id=${film}`, '/api/admin/uploads', '/api/admin/imports'];
    for (const url of reads) {
      expect((await ctx.app.inject({ url, headers: visitor })).statusCode, url).toBe(401);
      const member = await ctx.app.inject({ url, headers: cast.member.headers });
      expect(member.statusCode, url).toBe(403);
      expect(member.json().code).toBe('STAFF_ONLY');
      expect((await ctx.app.inject({ url, headers: cast.editor.headers })).statusCode, url).toBe(200);
      expect((await ctx.app.inject({ url, headers: cast.admin.headers })).statusCode, url).toBe(200);
    }
    const post = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers, payload: { upload_ids: ['0123456789abcdef'] } });
    expect((await post(visitor)).statusCode).toBe(401);
    expect((await post(cast.member.headers)).statusCode).toBe(403);
    expect((await post(cast.editor.headers)).statusCode).toBe(422);

    // tus itself: every request is checked, before a byte is stored.
    const meta = { kind: 'subtitle', filename: 'x.srt', title_id: film, language: 'fa' };
    const anon = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': metadata(meta) } });
    expect(anon.status).toBe(419); // no CSRF token and no bearer: refused like every other write
    const anonWithToken = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { ...visitor, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': metadata(meta) } });
    expect(anonWithToken.status).toBe(401);
    expect((await create(cast.member, 10, meta)).res.status).toBe(403);
    const mine = await create(cast.editor, 200, { kind: 'dataset', filename: 'title.ratings.tsv' });
    expect(mine.res.status).toBe(201);
    expect((await fetch(mine.url!, { method: 'HEAD', headers: tusHeaders(cast.member) })).status).toBe(403);
    expect((await fetch(mine.url!, { method: 'PATCH', headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...visitor }, body: 'x' })).status).toBe(401);
    expect((await head(cast.editor, mine.url!)).offset).toBe(0);
  });
});

describe('a video uploaded with tus', () => {
  it('resumes after a cut connection from the offset the server has, then starts an ingest that finishes', async () => {
    const body = fs.readFileSync(path.join(inputs, 'clip.mp4'));
    const half = Math.floor(body.length / 2);
    const created = await create(cast.editor, body.length, { kind: 'video', filename: 'clip.mp4', title_id: film, edition: 'original' });
    expect(created.res.status, created.body ?? '').toBe(201);
    const url = created.url!;

    await patchAndDrop(cast.editor, url, body, half);
    const { value: resumed } = await eventually(async () => {
      const h = await head(cast.editor, url);
      if (h.offset !== half) throw new Error(`offset ${h.offset}`);
      return h;
    }, 10_000);
    expect(resumed).toMatchObject({ status: 200, offset: half, length: body.length });
    // Nothing started from half a file.
    expect(await ingestsOf(film)).toEqual([]);

    const rest = await patch(cast.editor, url, half, body.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(body.length));
    const ingestId = Number(rest.headers.get('parde-ingest-id'));
    expect(ingestId).toBeGreaterThan(0);

    const job = await waitIngest(film, ingestId);
    expect(job).toMatchObject({ status: 'done', progress: 100, error: null });
    const media = (await ctx.app.inject({ url: `/api/admin/titles/${film}/media`, headers: cast.editor.headers })).json().data;
    expect(media.assets).toHaveLength(1);
    expect(media.assets[0]).toMatchObject({ location: 'data', episode: null, renditions: [expect.objectContaining({ label: '180p', height: 180 })], audio: [expect.objectContaining({ id: 'orig', studio: null })] });
    expect(media.assets[0].durationSec).toBeGreaterThan(3.5);
    expect(media.ingests[0]).toMatchObject({ id: ingestId, status: 'done', fileName: 'clip.mp4', audio: [{ kind: 'original', studio: null }] });
    // The uploaded copy is gone once packaged (removed right after the job is marked done: waited
    // for, as a loaded machine may read the job between the two); the row says what it became.
    const id = url.split('/').pop()!;
    await vi.waitFor(() => expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', id))).toBe(false), { timeout: 10_000, interval: 50 });
    const uploads = (await ctx.app.inject({ url: `/api/admin/uploads?kind=video`, headers: cast.editor.headers })).json().data;
    expect(uploads.find((u: { id: string }) => u.id === id)).toMatchObject({ status: 'used', ingestId, size: body.length });

    const audit = await auditOf(ctx.database, 'media', film);
    expect(audit).toEqual([expect.objectContaining({ action: 'media.ingest_start', actor_id: cast.editor.id, after: expect.objectContaining({ ingestId, fileName: 'clip.mp4', edition: 'original' }) })]);
    const shown = (await ctx.app.inject({ url: `/api/admin/audit?entity=media&entity_id=${film}`, headers: cast.admin.headers })).json().data;
    expect(shown[0].actionLabel).toMatch(persian);
  }, 180_000);

  it('attaches subtitles (Windows-1256 SRT, UTF-16 VTT) to the packaged video, and the player lists them', async () => {
    const srt = '1\r\n00:00:00,500 --> 00:00:02,000\r\nسلام، دنيا!\r\n\r\n2\r\n00:00:02,500 --> 00:00:03,500\r\nخداحافظ\r\n';
    const fa = await upload(cast.editor, iconv.encode(srt, 'win1256'), { kind: 'subtitle', filename: 'film.fa.srt', title_id: film, language: 'fa' });
    expect(fa.res.status, fa.text).toBe(204);
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello there\n';
    const en = await upload(cast.editor, iconv.encode(`\ufeff${vtt}`, 'utf-16le'), { kind: 'subtitle', filename: 'film.en.vtt', title_id: film, language: 'en' });
    expect(en.res.status, en.text).toBe(204);

    const play = await ctx.app.inject({ url: `/api/titles/${film}/play`, headers: premium.headers });
    expect(play.statusCode).toBe(200);
    const info = play.json().data;
    expect(info.subtitles.map((s: { language: string; label: string }) => [s.language, s.label])).toEqual([
      ['fa', 'فارسی'],
      ['en', 'انگلیسی'],
    ]);
    const faVtt = await ctx.app.inject({ url: pathOf(info.subtitles[0].url), headers: premium.headers });
    expect(faVtt.statusCode).toBe(200);
    expect(faVtt.body).toContain('سلام، دنیا!'); // Arabic yeh made Persian
    const master = await ctx.app.inject({ url: pathOf(info.masterUrl), headers: premium.headers });
    expect(master.body).toContain('TYPE=SUBTITLES,GROUP-ID="subs",NAME="فارسی",LANGUAGE="fa"');
    expect(master.body).toContain('LANGUAGE="en"');
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"/);
    const dir = path.join(ctx.dataDir, 'media', 'tt0000001');
    const segment = fs.readFileSync(path.join(dir, 's-fa', '00000.vtt'), 'utf8');
    expect(segment).toMatch(/X-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00.000/);
    expect(fs.readFileSync(path.join(dir, 's-fa', 'index.m3u8'), 'utf8')).toContain('#EXT-X-ENDLIST');
    const files = (await ctx.app.inject({ url: `/api/titles/${film}/files` })).json().data;
    expect(files.find((f: { source: string }) => f.source === 'HLS').subtitles.sort()).toEqual(['en', 'fa']);

    const audit = (await auditOf(ctx.database, 'media', film)).filter((a) => a.action === 'media.subtitle_attach');
    expect(audit.map((a) => (a.after as { language: string }).language)).toEqual(['fa', 'en']);
    expect(audit[1]!.before).toEqual(expect.objectContaining({ subtitles: ['fa'] }));
  }, 60_000);

  it('packages a new upload as a dub edition and keeps the subtitles attached before', async () => {
    const body = fs.readFileSync(path.join(inputs, 'clip.mp4'));
    const done = await upload(cast.editor, body, { kind: 'video', filename: 'clip-dub.mp4', title_id: film, edition: 'dub', studio: 'سورن' });
    expect(done.res.status, done.text).toBe(204);
    const job = await waitIngest(film, Number(done.res.headers.get('parde-ingest-id')));
    expect(job.status).toBe('done');
    const asset = (await ctx.app.inject({ url: `/api/admin/titles/${film}/media`, headers: cast.editor.headers })).json().data.assets[0];
    expect(asset.audio).toEqual([expect.objectContaining({ studio: 'سورن', default: true })]);
    expect(asset.subtitles.map((s: { language: string }) => s.language).sort()).toEqual(['en', 'fa']);
    const info = (await ctx.app.inject({ url: `/api/titles/${film}/play`, headers: premium.headers })).json().data;
    expect(info.audio[0]).toMatchObject({ kind: 'dub', studio: 'سورن' });
    expect(info.subtitles).toHaveLength(2);
  }, 180_000);
});

describe('refusals', () => {
  it('refuses bad metadata, unknown titles, wrong episodes and oversized files before storing anything', async () => {
    const expectRefused = async (res: { res: Response; body: string | null }, status: number, field?: string) => {
      expect(res.res.status, res.body ?? '').toBe(status);
      const json = JSON.parse(res.body!);
      expect(json.message).toMatch(persian);
      if (field) expect(Object.keys(json.errors)).toContain(field);
    };
    const count = async () => (await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM media_uploads')).rows[0]!.n;
    const rowsBefore = await count();
    await expectRefused(await create(cast.editor, 100, { kind: 'poster', filename: 'a.jpg', title_id: film }), 422, 'kind');
    await expectRefused(await create(cast.editor, 100, { kind: 'video', filename: 'a.mp4', title_id: 99_999_999 }), 404);
    await expectRefused(await create(cast.editor, 100, { kind: 'video', filename: 'a.mp4', title_id: series }), 422, 'episode_id');
    await expectRefused(await create(cast.editor, 100, { kind: 'video', filename: 'a.mp4', title_id: film, episode_id: episode }), 422, 'episode_id');
    await expectRefused(await create(cast.editor, 100, { kind: 'video', filename: 'notes.txt', title_id: film }), 422, 'filename');
    await expectRefused(await create(cast.editor, 100, { kind: 'video', filename: 'a.mp4', title_id: film, edition: 'dub' }), 422, 'studio');
    await expectRefused(await create(cast.editor, 100, { kind: 'subtitle', filename: 'a.srt', title_id: film, language: 'xx' }), 422, 'language');
    await expectRefused(await create(cast.editor, 100, { kind: 'subtitle', filename: 'a.srt', title_id: bareFilm, language: 'fa' }), 409);
    await expectRefused(await create(cast.editor, 100, { kind: 'dataset', filename: 'movies.csv' }), 422, 'filename');
    const big = await create(cast.editor, MAX_UPLOAD + 1, { kind: 'video', filename: 'a.mp4', title_id: film });
    await expectRefused(big, 413);
    expect(JSON.parse(big.body!).code).toBe('UPLOAD_TOO_LARGE');
    await expectRefused(await create(cast.editor, 3 * 1024 * 1024, { kind: 'subtitle', filename: 'a.srt', title_id: film, language: 'fa' }), 413);
    const deferred = await fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...tusHeaders(cast.editor), 'upload-defer-length': '1', 'upload-metadata': metadata({ kind: 'dataset', filename: 'title.basics.tsv' }) },
    });
    expect(deferred.status).toBe(422);
    // A PATCH that would run past the declared length is refused too.
    const small = await create(cast.editor, 10, { kind: 'dataset', filename: 'title.ratings.tsv' });
    expect((await patch(cast.editor, small.url!, 0, Buffer.alloc(20))).status).toBe(413);
    // Only the one upload that was accepted left a record.
    expect(await count()).toBe(rowsBefore + 1);
  });

  it('refuses a finished file that is not a video (422, Persian), removes it and starts nothing', async () => {
    const before = (await ingestsOf(bareFilm)).length;
    const res = await upload(cast.editor, Buffer.from('this is not a film at all\n'.repeat(50)), { kind: 'video', filename: 'fake.mp4', title_id: bareFilm });
    expect(res.res.status).toBe(422);
    const json = JSON.parse(res.text);
    expect(json.code).toBe('UPLOAD_REJECTED');
    expect(json.message).toMatch(persian);
    expect(json.message).toContain('fake.mp4');
    expect(await ingestsOf(bareFilm)).toHaveLength(before);
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', res.id))).toBe(false);
    expect((await head(cast.editor, res.url)).status).toBe(404);
    const row = (await ctx.database.pool.query('SELECT status, error FROM media_uploads WHERE id = $1', [res.id])).rows[0];
    expect(row.status).toBe('rejected');
    expect(row.error).toMatch(persian);
    expect(await auditOf(ctx.database, 'media', bareFilm)).toEqual([]);
  });

  it('cancels an unfinished upload (tus DELETE) and keeps a used one', async () => {
    const created = await create(cast.editor, 100, { kind: 'dataset', filename: 'title.crew.tsv' });
    const del = await fetch(created.url!, { method: 'DELETE', headers: tusHeaders(cast.editor) });
    expect(del.status).toBe(204);
    expect((await head(cast.editor, created.url!)).status).toBe(404);
    expect((await ctx.database.pool.query('SELECT status FROM media_uploads WHERE id = $1', [created.url!.split('/').pop()])).rows[0].status).toBe('cancelled');
    const used = (await ctx.database.pool.query<{ id: string }>(`SELECT id FROM media_uploads WHERE kind = 'subtitle' AND status = 'used' LIMIT 1`)).rows[0]!;
    const refused = await fetch(`${base}/api/admin/uploads/${used.id}`, { method: 'DELETE', headers: tusHeaders(cast.editor) });
    expect(refused.status).toBe(409);
    expect(JSON.parse(await refused.text()).message).toMatch(persian);
    expect((await fetch(`${base}/api/admin/uploads/${used.id}`, { method: 'DELETE', headers: tusHeaders(cast.member) })).status).toBe(403);
  });

  it('refuses a subtitle file without a single cue', async () => {
    const res = await upload(cast.editor, Buffer.from('just some words\nand more words\n'), { kind: 'subtitle', filename: 'broken.srt', title_id: film, language: 'fa' });
    expect(res.res.status).toBe(422);
    expect(JSON.parse(res.text).message).toMatch(persian);
    const info = (await ctx.app.inject({ url: `/api/titles/${film}/play`, headers: premium.headers })).json().data;
    expect(info.subtitles).toHaveLength(2);
  });

  it('says so in Persian when the disk refuses the bytes, keeps the upload resumable and marks nothing complete', async () => {
    const body = fs.readFileSync(path.join(fixtureDir, 'title.ratings.tsv'));
    const created = await create(cast.editor, body.length, { kind: 'dataset', filename: 'title.ratings.tsv' });
    const id = created.url!.split('/').pop()!;
    const file = path.join(ctx.dataDir, 'uploads', id);
    // A full disk, as Linux gives one: every write to /dev/full fails with ENOSPC.
    fs.rmSync(file);
    fs.symlinkSync('/dev/full', file);
    const failed = await patch(cast.editor, created.url!, 0, body);
    expect([500, 507]).toContain(failed.status);
    const json = JSON.parse(await failed.text());
    expect(json.code).toMatch(/^UPLOAD_(WRITE_FAILED|DISK_FULL)$/);
    expect(json.message).toMatch(persian);
    expect((await ctx.database.pool.query('SELECT status FROM media_uploads WHERE id = $1', [id])).rows[0].status).toBe('uploading');

    // Room again: the upload goes on from what the server has, and only then is it complete.
    fs.rmSync(file);
    fs.writeFileSync(file, '');
    const h = await head(cast.editor, created.url!);
    expect(h.offset).toBe(0);
    const ok = await patch(cast.editor, created.url!, h.offset, body);
    expect(ok.status).toBe(204);
    expect((await ctx.database.pool.query('SELECT status FROM media_uploads WHERE id = $1', [id])).rows[0].status).toBe('complete');
  });
});

describe('an IMDb import from uploaded files', () => {
  const fixture = (name: string) => fs.readFileSync(path.join(fixtureDir, name), 'utf8');

  it('runs as a job on the uploaded files, records what it read and counted, and imports the titles', async () => {
    const basics = `${fixture('title.basics.tsv').trimEnd()}\ntt9999991\tmovie\tUploaded Film\tUploaded Film\t0\t2024\t\\N\t95\tDrama\n`;
    const ratings = `${fixture('title.ratings.tsv').trimEnd()}\ntt9999991\t8.1\t4321\n`;
    const files = [
      await upload(cast.editor, zlib.gzipSync(basics), { kind: 'dataset', filename: 'title.basics.tsv.gz' }),
      await upload(cast.editor, Buffer.from(ratings), { kind: 'dataset', filename: 'title.ratings.tsv' }),
      await upload(cast.editor, Buffer.from(fixture('name.basics.tsv')), { kind: 'dataset', filename: 'name.basics.tsv' }),
      await upload(cast.editor, Buffer.from(fixture('title.principals.tsv')), { kind: 'dataset', filename: 'title.principals.tsv' }),
      await upload(cast.editor, Buffer.from(fixture('title.episode.tsv')), { kind: 'dataset', filename: 'title.episode.tsv' }),
      await upload(cast.editor, Buffer.from(fixture('supplement.json')), { kind: 'dataset', filename: 'supplement.json' }),
    ];
    for (const f of files) expect(f.res.status, f.text).toBe(204);
    const listed = (await ctx.app.inject({ url: '/api/admin/uploads?kind=dataset&status=complete', headers: cast.editor.headers })).json().data;
    expect(listed.map((u: { dataset: string }) => u.dataset)).toEqual(expect.arrayContaining(['title.basics', 'title.ratings', 'name.basics', 'title.principals', 'title.episode', 'supplement']));

    const started = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: cast.editor.headers, payload: { upload_ids: files.map((f) => f.id) } });
    expect(started.statusCode, started.body).toBe(202);
    const importId = started.json().data.id;
    expect(started.json().data).toMatchObject({ status: 'queued', phase: 'queued', percent: 0 });
    // The same files again while it is queued or running: one import, not two.
    const twice = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: cast.editor.headers, payload: { upload_ids: files.map((f) => f.id) } });
    expect([409, 422]).toContain(twice.statusCode);

    const { value: done } = await eventually(
      async () => {
        const one = (await ctx.app.inject({ url: `/api/admin/imports/${importId}`, headers: cast.editor.headers })).json().data;
        if (one.status !== 'done' && one.status !== 'failed') throw new Error(`still ${one.status} ${one.phase}`);
        return one;
      },
      60_000,
      300,
    );
    expect(done).toMatchObject({ status: 'done', phase: 'done', percent: 100, error: null, createdBy: { id: cast.editor.id } });
    expect(done.rowsRead).toBeGreaterThan(30);
    expect(done.bytesRead).toBe(done.bytesTotal);
    const { rows } = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM titles');
    expect(done.counts.titles).toBe(rows[0]!.n);
    const imported = await ctx.database.pool.query(`SELECT title_en, rating, votes FROM titles WHERE imdb_id = 'tt9999991'`);
    expect(imported.rows[0]).toMatchObject({ title_en: 'Uploaded Film', votes: 4321 });
    expect(imported.rows[0].rating).toBeCloseTo(8.1);
    // Its files were used up: gone from the disk (removed right after the import is marked done, so
    // a crash between the two leaves the import done rather than its files missing), and marked.
    await vi.waitFor(() => {
      for (const f of files) expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', f.id))).toBe(false);
    }, { timeout: 10_000, interval: 50 });
    const used = (await ctx.database.pool.query(`SELECT DISTINCT status, import_id FROM media_uploads WHERE id = ANY($1::text[])`, [files.map((f) => f.id)])).rows;
    expect(used).toEqual([{ status: 'used', import_id: importId }]);
    expect(await auditOf(ctx.database, 'import', importId)).toEqual([expect.objectContaining({ action: 'import.start', actor_id: cast.editor.id })]);
    const list = (await ctx.app.inject({ url: '/api/admin/imports', headers: cast.editor.headers })).json();
    expect(list.data[0]).toMatchObject({ id: importId, status: 'done' });
    // Used files do not start another.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: cast.editor.headers, payload: { upload_ids: [files[0]!.id] } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.upload_ids[0]).toMatch(persian);
  }, 120_000);

  it('refuses a dataset file whose columns are not IMDb’s when it arrives, and an import without title.basics', async () => {
    const wrong = await upload(cast.editor, Buffer.from('id\tname\n1\tx\n'), { kind: 'dataset', filename: 'title.basics.tsv' });
    expect(wrong.res.status).toBe(422);
    expect(JSON.parse(wrong.text).message).toMatch(/tconst/);
    const ratings = await upload(cast.editor, Buffer.from(fixture('title.ratings.tsv')), { kind: 'dataset', filename: 'title.ratings.tsv' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: cast.editor.headers, payload: { upload_ids: [ratings.id] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.upload_ids.join(' ')).toContain('title.basics');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: cast.editor.headers, payload: { upload_ids: ['not an id!'] } });
    expect(unknown.statusCode).toBe(422);
  });

  it('fails an import of a damaged file with a Persian reason, and changes nothing', async () => {
    const titlesBefore = (await ctx.database.pool.query('SELECT count(*)::int AS n FROM titles')).rows[0].n;
    // A header IMDb would write, then gzip cut short: found only while reading.
    const whole = zlib.gzipSync(`${fixture('title.basics.tsv').trimEnd()}\n${'tt8888888\tmovie\tCut Short\tCut Short\t0\t2020\t\\N\t90\tDrama\n'.repeat(2000)}`);
    const cut = await upload(cast.editor, whole.subarray(0, Math.floor(whole.length * 0.6)), { kind: 'dataset', filename: 'title.basics.tsv.gz' });
    expect(cut.res.status, cut.text).toBe(204);
    const started = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: cast.editor.headers, payload: { upload_ids: [cut.id] } });
    expect(started.statusCode).toBe(202);
    const { value } = await eventually(
      async () => {
        const one = (await ctx.app.inject({ url: `/api/admin/imports/${started.json().data.id}`, headers: cast.editor.headers })).json().data;
        if (one.status !== 'failed' && one.status !== 'done') throw new Error(one.status);
        return one;
      },
      60_000,
      300,
    );
    expect(value.status).toBe('failed');
    expect(value.error).toMatch(persian);
    expect(value.attempts).toBe(1);
    expect((await ctx.database.pool.query('SELECT count(*)::int AS n FROM titles')).rows[0].n).toBe(titlesBefore);
    // Its file stays for another try.
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', cut.id))).toBe(true);
  }, 90_000);
});
