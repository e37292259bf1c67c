/**
 * Integration test: real ffmpeg on small synthetic media, end to end from an SRT in
 * Windows-1256 and a separate dub track to a playable HLS folder and a download MP4.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError, SubtitleError } from './errors';
import { ffmpegPath, ffprobePath } from './ffmpeg';
import { parseMediaPlaylist } from './hls-playlist';
import { mediaMessages } from './messages';
import { makeDownload } from './download';
import { packageHls, type HlsManifest, type PackageHlsOptions } from './package-hls';
import { makeTestVideo, makeToneAudio } from './test-pattern';

const RLM = '\u200f';
/**
 * A legacy subtitle: Arabic-keyboard letters, the `!` moved to the front for old players, and
 * numbers in Latin digits (Windows-1256 has no Persian ones).
 */
const LEGACY_SRT =
  '1\r\n00:00:01,000 --> 00:00:03,000\r\n!سلام، دنيا\r\n\r\n2\r\n00:00:05,500 --> 00:00:07,500\r\nHello, world!\r\n\r\n' +
  '3\r\n00:00:06,040 --> 00:00:07,250\r\nقيمت: 49,000 تومان، 15% كمتر\r\nRoom 101\r\n';

let dir: string;
const file = (name: string) => path.join(dir, name);

function probeStreams(target: string): { codec_type: string; width?: number; height?: number }[] {
  const out = execFileSync(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_streams', target], { encoding: 'utf8' });
  return (JSON.parse(out) as { streams: { codec_type: string; width?: number; height?: number }[] }).streams;
}

async function isJpeg(target: string): Promise<boolean> {
  const head = (await readFile(target)).subarray(0, 3);
  return head.equals(Buffer.from([0xff, 0xd8, 0xff]));
}

/** Hidden temp folders a run leaves beside its output: there must be none. */
async function leftovers(outDir: string): Promise<string[]> {
  const base = path.basename(outDir);
  return (await readdir(path.dirname(outDir))).filter((name) => name.startsWith(`.${base}.tmp-`));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('packageHls with real ffmpeg', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    if (!existsSync(ffmpegPath()) || !existsSync(ffprobePath())) {
      throw new Error(
        `ffmpeg/ffprobe not found at ${ffmpegPath()} and ${ffprobePath()}: install the ffmpeg package ` +
          '(apt-get install -y ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH. These tests do not skip without it.',
      );
    }
    dir = await mkdtemp(path.join(tmpdir(), 'parde-media-'));
    await Promise.all([
      makeTestVideo({ out: file('small.mp4'), seconds: 8, width: 640, height: 360, tone: 440 }),
      makeTestVideo({ out: file('hd.mp4'), seconds: 4, width: 1280, height: 720, tone: 550 }),
      makeTestVideo({ out: file('silent.mp4'), seconds: 2, width: 320, height: 240, withAudio: false, pattern: 'smptebars' }),
      makeToneAudio({ out: file('dub.m4a'), seconds: 8, frequency: 330, beepEvery: 1 }),
      writeFile(file('fa.srt'), iconv.encode(LEGACY_SRT, 'windows-1256')),
    ]);
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('an 8 s 640×360 title with a dub and Persian subtitles', () => {
    let manifest: HlsManifest;
    const progress: number[] = [];
    const outDir = () => file('out/small');

    beforeAll(async () => {
      manifest = await packageHls({
        video: file('small.mp4'),
        audio: [
          { id: 'orig', label: 'اصلی', language: 'en' },
          { id: 'dub', label: 'دوبله — استودیو X', language: 'fa', file: file('dub.m4a'), default: true },
        ],
        subtitles: [{ language: 'fa', label: 'فارسی', file: file('fa.srt') }],
        outDir: outDir(),
        preset: 'ultrafast',
        onProgress: (p) => progress.push(p),
      });
    }, 60_000);

    it('lists every rendition, audio edition and subtitle language in the master playlist', async () => {
      const master = await readFile(path.join(outDir(), 'master.m3u8'), 'utf8');
      expect(master).toContain(
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="اصلی",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="a-orig/index.m3u8"',
      );
      expect(master).toContain(
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="دوبله — استودیو X",LANGUAGE="fa",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="a-dub/index.m3u8"',
      );
      expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="فارسی",LANGUAGE="fa",.*URI="s-fa\/index.m3u8"/);
      const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
      expect(variants.map((v) => v[2])).toEqual(['v360/index.m3u8']);
      const attrs = variants[0]![1]!;
      expect(attrs).toMatch(/RESOLUTION=640x360,/);
      expect(attrs).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",AUDIO="aud",SUBTITLES="subs"$/);
      const bandwidth = Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attrs)![1]);
      const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(attrs)![1]);
      expect(bandwidth).toBeGreaterThanOrEqual(average);
      expect(manifest.renditions).toEqual([expect.objectContaining({ label: '360p', width: 640, height: 360, bandwidth, averageBandwidth: average })]);
      // Measured, not the ladder's figure: the segments' bytes over their running time, audio included.
      const videoBytes = manifest.renditions[0]!.bytes;
      expect(average).toBeGreaterThan((videoBytes * 8) / 8.5);
    });

    it('writes media playlists with short segments that all exist', async () => {
      for (const sub of ['v360', 'a-orig', 'a-dub', 's-fa']) {
        const playlist = parseMediaPlaylist(await readFile(path.join(outDir(), sub, 'index.m3u8'), 'utf8'));
        expect(playlist.targetDuration, sub).toBeGreaterThan(0);
        expect(playlist.targetDuration, sub).toBeLessThanOrEqual(7);
        expect(playlist.segments.length, sub).toBe(2);
        const total = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
        expect(total, sub).toBeCloseTo(8, 0);
        for (const s of playlist.segments) expect((await stat(path.join(outDir(), sub, s.uri))).size, `${sub}/${s.uri}`).toBeGreaterThan(0);
      }
    });

    it('converts the Windows-1256 subtitles to right-to-left WebVTT', async () => {
      const vtt = await readFile(path.join(outDir(), 's-fa/subs.vtt'), 'utf8');
      expect(vtt.startsWith('WEBVTT\n')).toBe(true);
      expect(vtt).toContain(`00:00:01.000 --> 00:00:03.000\n${RLM}سلام، دنیا!${RLM}\n`);
      expect(vtt).toContain('00:00:05.500 --> 00:00:07.500\nHello, world!\n');
      const firstSegment = await readFile(path.join(outDir(), 's-fa/00000.vtt'), 'utf8');
      expect(firstSegment).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
      expect(firstSegment).toContain('سلام، دنیا!');
    });

    it('writes Persian digits and letters into the Persian cues, and nothing else', async () => {
      const vtt = await readFile(path.join(outDir(), 's-fa/subs.vtt'), 'utf8');
      // The cue text: Persian digits, ٬ and ٪, ی and ک; the English line keeps its digits.
      expect(vtt).toContain(`00:00:06.040 --> 00:00:07.250\n${RLM}قیمت: ۴۹٬۰۰۰ تومان، ۱۵٪ کمتر${RLM}\nRoom 101\n`);
      expect(vtt).not.toMatch(/[يك]/);
      // Timings and headers stay in the digits players read.
      expect([...vtt.matchAll(/^(\S+) --> (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
        '00:00:01.000 00:00:03.000',
        '00:00:05.500 00:00:07.500',
        '00:00:06.040 00:00:07.250',
      ]);
      const secondSegment = await readFile(path.join(outDir(), 's-fa/00001.vtt'), 'utf8');
      expect(secondSegment).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n\n/);
      expect(secondSegment).toContain(`00:00:06.040 --> 00:00:07.250\n${RLM}قیمت: ۴۹٬۰۰۰ تومان، ۱۵٪ کمتر${RLM}\nRoom 101\n`);
    });

    it('takes a poster and six screenshots as JPEG', async () => {
      expect(manifest.posterFile).toBe('poster.jpg');
      expect(manifest.screenshotFiles).toEqual(['01', '02', '03', '04', '05', '06'].map((n) => `shots/${n}.jpg`));
      for (const image of [manifest.posterFile, ...manifest.screenshotFiles]) {
        expect(await isJpeg(path.join(outDir(), image)), image).toBe(true);
      }
      expect(probeStreams(path.join(outDir(), 'poster.jpg'))[0]).toMatchObject({ width: 640, height: 360 });
    });

    it('reports progress from 0 to 100, always rising', () => {
      expect(progress[0]).toBe(0);
      expect(progress.at(-1)).toBe(100);
      expect(progress.length).toBeGreaterThan(3);
      progress.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(progress[i]!));
    });

    it('writes manifest.json and leaves no temp folder', async () => {
      expect(JSON.parse(await readFile(path.join(outDir(), 'manifest.json'), 'utf8'))).toEqual(manifest);
      expect(manifest.durationSeconds).toBeCloseTo(8, 1);
      expect(manifest.audio.map((a) => [a.id, a.default, a.bytes > 0])).toEqual([
        ['orig', false, true],
        ['dub', true, true],
      ]);
      expect(manifest.subtitles).toEqual([{ language: 'fa', label: 'فارسی', playlist: 's-fa/index.m3u8', file: 's-fa/subs.vtt' }]);
      expect(manifest.totalBytes).toBeGreaterThan(manifest.renditions[0]!.bytes + manifest.audio[0]!.bytes + manifest.audio[1]!.bytes);
      expect(await leftovers(outDir())).toEqual([]);
    });

    it('makes a download MP4 with one video and one audio stream', async () => {
      const out = file('downloads/small-dub.mp4');
      const size = await makeDownload({ hlsDir: outDir(), height: 360, audioId: 'dub', out });
      expect(size).toBe((await stat(out)).size);
      expect(size).toBeGreaterThan(10_000);
      const streams = probeStreams(out);
      expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
      expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 360 });
      // +faststart: the index (moov) comes before the media data (mdat).
      const head = (await readFile(out)).subarray(0, 4096).toString('latin1');
      expect(head.indexOf('moov')).toBeGreaterThan(-1);
      expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
      expect(await readdir(file('downloads'))).toEqual(['small-dub.mp4']);
    });

    it('refuses a download of a rendition that does not exist', async () => {
      const error = await rejection(makeDownload({ hlsDir: outDir(), height: 1080, audioId: 'dub', out: file('downloads/x.mp4') }));
      expect(error).toBeInstanceOf(MediaError);
      expect(error).toMatchObject({ code: 'INPUT_NOT_FOUND' });
    });
  });

  it('encodes a 720p source into three aligned rungs, replacing an earlier package', async () => {
    const outDir = file('out/hd');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'stale.txt'), 'from an earlier run');
    const manifest = await packageHls({
      video: file('hd.mp4'),
      audio: [{ id: 'orig', label: 'اصلی', language: 'en' }],
      subtitles: [],
      outDir,
      segmentSeconds: 2,
      preset: 'ultrafast',
      screenshots: 2,
    });
    expect(manifest.renditions.map((r) => `${r.label} ${r.width}x${r.height}`)).toEqual(['360p 640x360', '480p 854x480', '720p 1280x720']);
    const master = await readFile(path.join(outDir, 'master.m3u8'), 'utf8');
    expect([...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])).toEqual(['640x360', '854x480', '1280x720']);
    expect(master).not.toContain('SUBTITLES');
    // Every rung cut at the same instants, so players can switch at any segment.
    const cuts = await Promise.all(
      ['v360', 'v480', 'v720'].map(async (v) => parseMediaPlaylist(await readFile(path.join(outDir, v, 'index.m3u8'), 'utf8')).segments.map((s) => s.duration)),
    );
    expect(cuts[0]).toEqual([2, 2]);
    expect(cuts[1]).toEqual(cuts[0]);
    expect(cuts[2]).toEqual(cuts[0]);
    const bandwidths = manifest.renditions.map((r) => r.bandwidth);
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    expect(existsSync(path.join(outDir, 'stale.txt'))).toBe(false);
    expect(manifest.screenshotFiles).toHaveLength(2);
    expect(await leftovers(outDir)).toEqual([]);
  });

  it('leaves no output when aborted', async () => {
    const outDir = file('out/aborted');
    const controller = new AbortController();
    const seen: number[] = [];
    const error = await rejection(
      packageHls({
        video: file('hd.mp4'),
        audio: [{ id: 'orig', label: 'اصلی', language: 'en' }],
        subtitles: [{ language: 'fa', label: 'فارسی', file: file('fa.srt') }],
        outDir,
        preset: 'ultrafast',
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p);
          if (p > 0) controller.abort();
        },
      }),
    );
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ code: 'ABORTED', message: mediaMessages.ABORTED });
    expect(seen.at(-1)).toBeLessThan(100);
    expect(existsSync(outDir)).toBe(false);
    expect(await leftovers(outDir)).toEqual([]);

    const already = await rejection(packageHls({ ...baseOptions(outDir), signal: AbortSignal.abort() }));
    expect(already).toMatchObject({ code: 'ABORTED' });
    expect(existsSync(outDir)).toBe(false);
  });

  describe('failures', () => {
    it('reports a missing input before doing any work', async () => {
      const error = await rejection(packageHls({ ...baseOptions(file('out/missing')), video: file('nope.mp4') }));
      expect(error).toBeInstanceOf(MediaError);
      expect(error).toMatchObject({ code: 'INPUT_NOT_FOUND', message: mediaMessages.INPUT_NOT_FOUND, detail: file('nope.mp4') });
      expect(existsSync(file('out/missing'))).toBe(false);
    });

    it('reports a file ffprobe cannot read, with its stderr', async () => {
      await writeFile(file('garbage.mp4'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
      const error = await rejection(packageHls({ ...baseOptions(file('out/garbage')), video: file('garbage.mp4') }));
      expect(error).toMatchObject({ code: 'PROBE_FAILED', message: mediaMessages.PROBE_FAILED });
      expect((error as MediaError).stderrTail).toMatch(/invalid data|could not find/i);
      expect(existsSync(file('out/garbage'))).toBe(false);
    });

    it('reports a video file without a picture', async () => {
      // ffprobe reads an SRT happily, as a file with one subtitle stream.
      const error = await rejection(packageHls({ ...baseOptions(file('out/no-picture')), video: file('fa.srt') }));
      expect(error).toMatchObject({ code: 'NO_VIDEO_STREAM', message: mediaMessages.NO_VIDEO_STREAM });
    });

    it('reports a dub file that has no sound', async () => {
      const options = baseOptions(file('out/no-sound'));
      const error = await rejection(
        packageHls({ ...options, audio: [{ id: 'dub', label: 'دوبله', language: 'fa', file: file('silent.mp4') }] }),
      );
      expect(error).toMatchObject({ code: 'NO_AUDIO_STREAM', detail: file('silent.mp4') });
    });

    it('rejects broken subtitles before encoding anything', async () => {
      await writeFile(file('broken.srt'), 'not a subtitle file');
      const options = baseOptions(file('out/broken-subs'));
      const error = await rejection(packageHls({ ...options, subtitles: [{ language: 'fa', label: 'فارسی', file: file('broken.srt') }] }));
      expect(error).toBeInstanceOf(SubtitleError);
      expect(existsSync(file('out/broken-subs'))).toBe(false);
    });

    it('rejects unsafe ids and clashing languages', async () => {
      const options = baseOptions(file('out/invalid'));
      for (const bad of [
        { audio: [{ id: '../x', label: 'اصلی', language: 'en' }] },
        { audio: [{ id: 'a', label: 'اصلی', language: 'en' }, { id: 'A', label: 'دوبله', language: 'fa' }] },
        { subtitles: [{ language: 'fa', label: 'فارسی', file: file('fa.srt') }, { language: 'fa', label: 'دوم', file: file('fa.srt') }] },
        { segmentSeconds: 0 },
      ] satisfies Partial<PackageHlsOptions>[]) {
        expect(await rejection(packageHls({ ...options, ...bad }))).toMatchObject({ code: 'INVALID_OPTIONS' });
      }
    });

    it('turns an ffmpeg failure into FFMPEG_FAILED with the end of its stderr', async () => {
      // An output name ffmpeg has no container for: a real ffmpeg error, raised by ffmpeg itself.
      const error = await rejection(makeTestVideo({ out: file('clip.nosuchformat'), seconds: 1, width: 320, height: 240 }));
      expect(error).toBeInstanceOf(MediaError);
      expect(error).toMatchObject({ code: 'FFMPEG_FAILED', message: mediaMessages.FFMPEG_FAILED });
      expect((error as MediaError).stderrTail).toMatch(/suitable output format/);
    });
  });
});

function baseOptions(outDir: string): PackageHlsOptions {
  return {
    video: file('small.mp4'),
    audio: [{ id: 'orig', label: 'اصلی', language: 'en' }],
    subtitles: [],
    outDir,
    preset: 'ultrafast',
  };
}
