import fs from 'node:fs';
import path from 'node:path';
import { makeTestVideo, makeToneAudio } from '@parde/media';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSecretOf } from '../src/modules/media/media-secret';
import { reclaimOrphans, startQueue } from '../src/modules/media/queue';
import { mediaSignature } from '../src/modules/media/signed-urls';
import { enqueueIngest, startMediaWorker, type MediaWorker } from '../src/modules/media/worker';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createMemberTestApp, registerMember, type MemberTestContext, type TestMember } from './helpers/members';
import { buy, paySandbox, seedPlans, type SeededPlans } from './helpers/premium';
import { eventually } from './helpers/site';

/**
 * From a video file to a member watching it: the ingest job on the real queue and ffmpeg, then
 * the signed-address rules over the real routes, on both databases.
 */
let ctx: MemberTestContext;
let plans: SeededPlans;
let worker: MediaWorker;
let inputs: string;
let premiumTitle: number;
let freeTitle: number;
let premium: TestMember;
let plain: TestMember;

const srt = (lines: string[]) => lines.map((l, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${l}\r\n`).join('\r\n');

async function ingestAndWait(titleId: number, request: Parameters<typeof enqueueIngest>[3]) {
  const id = await enqueueIngest(ctx.database, worker.boss, { titleId, episodeId: null }, request);
  const { value } = await eventually(
    async () => {
      const { rows } = await ctx.database.pool.query<{ status: string; progress: number; error: string | null; attempts: number }>('SELECT status, progress, error, attempts FROM media_ingests WHERE id = $1', [id]);
      if (rows[0]!.status !== 'done' && rows[0]!.status !== 'failed') throw new Error(`still ${rows[0]!.status} ${rows[0]!.progress}%`);
      return rows[0]!;
    },
    90_000,
    200,
  );
  return { id, ...value };
}

beforeAll(async () => {
  ctx = await createMemberTestApp();
  plans = await seedPlans(ctx.database);
  await loadFixtureCatalogue(ctx.database);
  const ids = await ctx.database.pool.query<{ id: number; imdb_id: string }>(`SELECT id, imdb_id FROM titles WHERE imdb_id IN ('tt0000001', 'tt0000012')`);
  premiumTitle = ids.rows.find((r) => r.imdb_id === 'tt0000001')!.id;
  freeTitle = ids.rows.find((r) => r.imdb_id === 'tt0000012')!.id;

  inputs = path.join(ctx.dataDir, 'inputs');
  await makeTestVideo({ out: path.join(inputs, 'film.mp4'), seconds: 7, width: 640, height: 360, tone: 440, frameRate: 24 });
  await makeToneAudio({ out: path.join(inputs, 'dub.m4a'), seconds: 7, frequency: 660, beepEvery: 1 });
  // The two encodings old Persian subtitles come in: Windows-1256 (Arabic yeh, Latin digits) and UTF-16.
  fs.writeFileSync(path.join(inputs, 'fa.srt'), iconv.encode(srt(['سلام، دنيا!', 'ساعت 12 است.']), 'win1256'));
  fs.writeFileSync(path.join(inputs, 'en.srt'), iconv.encode(`\ufeff${srt(['Hello, world!'])}`, 'utf-16le'));

  worker = await startMediaWorker({ database: ctx.database, dataDir: ctx.dataDir, log: () => {}, onError: () => {} });
  premium = await registerMember(ctx.app);
  const { url } = await buy(ctx.app, premium, '/api/user/join2', { plan_id: plans.monthly.id });
  await paySandbox(ctx.app, url);
  plain = await registerMember(ctx.app);
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

describe('media:ingest as a queued job', () => {
  it('packages the ladder, the original and the dub, subtitles from Windows-1256 and UTF-16, and writes the rows', async () => {
    const done = await ingestAndWait(premiumTitle, {
      video: path.join(inputs, 'film.mp4'),
      audio: [{ kind: 'original' }, { kind: 'dub', studio: 'سورن', file: path.join(inputs, 'dub.m4a') }],
      subtitles: [
        { language: 'fa', file: path.join(inputs, 'fa.srt') },
        { language: 'en', file: path.join(inputs, 'en.srt') },
      ],
      intro: { start: 1, end: 3 },
      preset: 'ultrafast',
    });
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null, attempts: 1 });
    const { rows: assets } = await ctx.database.pool.query('SELECT * FROM media_assets WHERE title_id = $1', [premiumTitle]);
    expect(assets).toHaveLength(1);
    const asset = assets[0];
    expect(asset.key).toBe('tt0000001');
    expect(asset.renditions.map((r: { label: string }) => r.label)).toEqual(['360p']);
    expect(asset.audio.map((a: { id: string; studio: string | null }) => [a.id, a.studio])).toEqual([
      ['orig', null],
      ['dub1', 'سورن'],
    ]);
    expect(asset.duration_sec).toBeGreaterThan(6.5);
    const dir = path.join(ctx.dataDir, 'media', 'tt0000001');
    const master = fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    // Safari's and TV players' own audio menus read these names: the original by its language.
    expect(master).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="صدای اصلی — انگلیسی",LANGUAGE="en",DEFAULT=YES');
    expect(master).toContain('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="دوبلهٔ فارسی — سورن",LANGUAGE="fa",DEFAULT=NO');
    expect(master).toContain('TYPE=SUBTITLES');
    const vtt = fs.readFileSync(path.join(dir, 's-fa', 'subs.vtt'), 'utf8');
    // Arabic yeh became Persian yeh, the digits Persian, and the line is kept right-to-left.
    expect(vtt).toContain('\u200fسلام، دنیا!\u200f');
    expect(vtt).toContain('00:00:01.000 --> 00:00:01.900\n\u200fساعت ۱۲ است.\u200f');
    expect(fs.readFileSync(path.join(dir, 's-en', 'subs.vtt'), 'utf8')).toContain('Hello, world!');
    // The files page: one row per quality and audio edition, with sizes and subtitles.
    const files = (await ctx.app.inject({ url: `/api/titles/${premiumTitle}/files` })).json().data;
    expect(files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ quality: '360p', source: 'HLS', audio: { kind: 'original', studio: null }, subtitles: ['fa', 'en'] }),
        expect.objectContaining({ quality: '360p', source: 'HLS', audio: { kind: 'dub', studio: 'سورن' } }),
      ]),
    );
    expect(files.filter((f: { source: string }) => f.source === 'HLS')).toHaveLength(2);

    // Importing the catalogue again keeps what was packaged: its rows, and the dub they are in.
    await loadFixtureCatalogue(ctx.database);
    const again = (await ctx.app.inject({ url: `/api/titles/${premiumTitle}/files` })).json().data;
    expect(again.map((f: { source: string; audio: { studio: string | null } }) => [f.source, f.audio.studio])).toEqual([
      ['HLS', null],
      ['HLS', 'سورن'],
    ]);
  }, 120_000);

  it('says why a job failed, in Persian, and does not try bad input again', async () => {
    fs.writeFileSync(path.join(inputs, 'not-a-video.mp4'), 'this is text');
    const failed = await ingestAndWait(freeTitle, { video: path.join(inputs, 'not-a-video.mp4'), audio: [], subtitles: [] });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/[\u0600-\u06FF]/);
    expect(failed.attempts).toBe(1);
    expect((await ctx.database.pool.query('SELECT 1 FROM media_assets WHERE title_id = $1', [freeTitle])).rowCount).toBe(0);
  }, 60_000);

  it('hands a job whose worker died back to the queue, and it completes', async () => {
    // A job taken by a worker that then died: running, its worker a process that no longer exists.
    const boss = await startQueue(ctx.database, () => {});
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `INSERT INTO media_ingests (title_id, request, status, worker, updated_at) VALUES ($1, $2, 'queued', NULL, now()) RETURNING id`,
      [freeTitle, JSON.stringify({ video: path.join(inputs, 'film.mp4'), audio: [], subtitles: [], preset: 'ultrafast' })],
    );
    const id = rows[0]!.id;
    await worker.stop();
    const jobId = await boss.send('media-ingest', { ingestId: id });
    await ctx.database.pool.query('UPDATE media_ingests SET job_id = $2 WHERE id = $1', [id, jobId]);
    const [taken] = await boss.fetch('media-ingest');
    expect(taken?.id).toBe(jobId);
    await ctx.database.pool.query(`UPDATE media_ingests SET status = 'running', worker = $2, progress = 40 WHERE id = $1`, [id, `${(await import('node:os')).hostname()}:999999999:1`]);
    await boss.stop({ graceful: false, wait: true });

    // A new worker starts (a restart): it gives the job back and runs it to the end.
    worker = await startMediaWorker({ database: ctx.database, dataDir: ctx.dataDir, log: () => {}, onError: () => {} });
    expect(await reclaimOrphans(ctx.database, worker.boss)).toBe(0); // the start already did
    const { value } = await eventually(
      async () => {
        const r = (await ctx.database.pool.query<{ status: string; progress: number }>('SELECT status, progress FROM media_ingests WHERE id = $1', [id])).rows[0]!;
        if (r.status !== 'done') throw new Error(r.status);
        return r;
      },
      90_000,
      200,
    );
    expect(value).toEqual({ status: 'done', progress: 100 });
  }, 120_000);
});

describe('signed media addresses', () => {
  const play = (titleId: number, who?: TestMember) => ctx.app.inject({ url: `/api/titles/${titleId}/play`, headers: who?.headers ?? {} });
  const pathOf = (url: string) => new URL(url).pathname;

  it('no premium, no address: a visitor is asked to sign in, a member without premium to go premium', async () => {
    expect((await play(premiumTitle)).statusCode).toBe(401);
    const res = await play(premiumTitle, plain);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
  });

  it('gives a premium member the master playlist, editions, subtitles and qualities with their data per hour', async () => {
    const res = await play(premiumTitle, premium);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const info = res.json().data;
    expect(info.masterUrl).toMatch(new RegExp(`/media/\\d+/${premium.id}/[\\w-]{22}/tt0000001/master\\.m3u8$`));
    expect(info.audio.map((a: { kind: string; studio: string | null; label: string; language: string }) => [a.kind, a.studio, a.label, a.language])).toEqual([
      ['original', null, 'صدای اصلی — انگلیسی', 'en'],
      ['dub', 'سورن', 'دوبلهٔ فارسی — سورن', 'fa'],
    ]);
    expect(info.subtitles.map((s: { language: string }) => s.language)).toEqual(['fa', 'en']);
    expect(info.qualities[0]).toMatchObject({ height: 360, label: '360p' });
    expect(info.qualities[0].bytesPerHour).toBe(Math.round((info.qualities[0].bandwidth / 8) * 3600));
    expect(info.intro).toEqual({ startSec: 1, endSec: 3 });
    expect(info.resumeSec).toBe(0);

    const master = await ctx.app.inject({ url: pathOf(info.masterUrl), headers: premium.headers });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-cache');
    const variant = /^(v\d+\/index\.m3u8)$/m.exec(master.body)![1]!;
    const media = await ctx.app.inject({ url: pathOf(info.masterUrl).replace('master.m3u8', variant) });
    const segment = /^(\S+\.ts)$/m.exec(media.body)![1]!;
    const segUrl = pathOf(info.masterUrl).replace('master.m3u8', `${variant.split('/')[0]}/${segment}`);
    const whole = await ctx.app.inject({ url: segUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp2t');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    const range = await ctx.app.inject({ url: segUrl, headers: { range: 'bytes=100-299' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-299/${whole.rawPayload.length}`);
    expect(range.rawPayload).toEqual(whole.rawPayload.subarray(100, 300));
    expect((await ctx.app.inject({ url: segUrl, headers: { range: `bytes=${whole.rawPayload.length + 10}-` } })).statusCode).toBe(416);
    const vtt = await ctx.app.inject({ url: pathOf(info.subtitles[0].url) });
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
  });

  it('answers 403 to an expired, tampered or another member’s address, and to one for other media', async () => {
    const info = (await play(premiumTitle, premium)).json().data;
    const url = pathOf(info.masterUrl);
    const [, , exp, uid, sig, asset] = url.split('/');
    const secret = mediaSecretOf(ctx.config);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `/media/${past}/${uid}/${mediaSignature({ expires: past, member: Number(uid), asset: asset! }, secret)}/${asset}/master.m3u8`;
    const cases = {
      expired,
      tampered: `/media/${exp}/${uid}/${sig!.slice(0, -2)}xx/${asset}/master.m3u8`,
      'another member in the address': `/media/${exp}/${plain.id}/${sig}/${asset}/master.m3u8`,
      'another title': `/media/${exp}/${uid}/${sig}/tt0000012/master.m3u8`,
      'outside the folder': url.replace('master.m3u8', '../tt0000012/master.m3u8'),
    };
    for (const [what, bad] of Object.entries(cases)) {
      const res = await ctx.app.inject({ url: bad });
      expect(res.statusCode, what).toBe(403);
      expect(res.json().message, what).toMatch(/[\u0600-\u06FF]/);
    }
    // The right address in another member's browser.
    expect((await ctx.app.inject({ url, headers: { cookie: `token=${plain.token}` } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url, headers: { cookie: `token=${premium.token}` } })).statusCode).toBe(200);
  });

  it('never gates a trailer: a visitor gets it without any address or premium', async () => {
    const { rows } = await ctx.database.pool.query<{ id: number }>(`SELECT id FROM titles WHERE trailer_youtube_id IS NOT NULL AND NOT is_free LIMIT 1`);
    const res = await ctx.app.inject({ url: `/api/titles/${rows[0]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.trailer).toMatchObject({ youtubeId: expect.any(String), path: expect.stringMatching(/^\/watch\/trailer\/tt\d+$/) });
    // The full title stays gated for the same visitor.
    expect((await play(rows[0]!.id)).statusCode).toBe(401);
  });

  it('lets everyone play a free title, with an address for no member', async () => {
    await ingestAndWait(freeTitle, { video: path.join(inputs, 'film.mp4'), audio: [], subtitles: [], preset: 'ultrafast' }).catch(() => {});
    const res = await play(freeTitle);
    expect(res.statusCode).toBe(200);
    const url = pathOf(res.json().data.masterUrl);
    expect(url).toMatch(/^\/media\/\d+\/0\//);
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    expect((await play(freeTitle, plain)).statusCode).toBe(200);
    // It packages a video first (ffmpeg), which took over 30 s while CI's lanes shared the machine.
  }, 120_000);

  it('lists downloads for premium members only: one MP4 per quality and edition, with sizes, saved as attachments', async () => {
    expect((await ctx.app.inject({ url: `/api/titles/${premiumTitle}/downloads` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/titles/${premiumTitle}/downloads`, headers: plain.headers })).statusCode).toBe(403);
    const res = await ctx.app.inject({ url: `/api/titles/${premiumTitle}/downloads`, headers: premium.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { quality: string; audio: { kind: string; studio: string | null }; bytes: number; url: string }[];
    expect(items.map((d) => [d.quality, d.audio.kind, d.audio.studio])).toEqual([
      ['360p', 'dub', 'سورن'],
      ['360p', 'original', null],
    ]);
    const file = await ctx.app.inject({ url: pathOf(items[1]!.url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['content-disposition']).toBe('attachment; filename="tt0000001-360-orig.mp4"');
    expect(file.rawPayload.length).toBe(items[1]!.bytes);
    // An MP4 whose index is at the front (+faststart): 'moov' before 'mdat'.
    const head = file.rawPayload.subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(file.rawPayload.toString('latin1').indexOf('mdat'));
    const part = await ctx.app.inject({ url: pathOf(items[1]!.url), headers: { range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
  });

  it('resumes where the member left, and not from the last minute', async () => {
    await ctx.app.inject({ method: 'POST', url: `/api/user/history/${premiumTitle}`, headers: premium.headers, payload: { position_sec: 4 } });
    const at = (await play(premiumTitle, premium)).json().data.resumeSec;
    expect(at).toBe(4);
  });
});
