import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath, makeToneAudio } from '@parde/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editionsOf, ingestStage, originalLanguageOf } from './ingest';

/** The original soundtrack's name and language: the title's language, else the file's tag (real ffprobe). */
let dir: string;
const names: Record<string, string> = { de: 'آلمانی', en: 'انگلیسی' };
const nameOf = async (code: string) => names[code] ?? null;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'parde-editions-'));
  await makeToneAudio({ out: path.join(dir, 'plain.m4a'), seconds: 1, frequency: 440 });
  execFileSync(ffmpegPath(), ['-v', 'error', '-i', path.join(dir, 'plain.m4a'), '-c', 'copy', '-metadata:s:a:0', 'language=ger', path.join(dir, 'german.m4a')]);
}, 30_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('originalLanguageOf', () => {
  it("takes the title's original language first, without looking at the file", async () => {
    expect(await originalLanguageOf({ code: 'en', name: 'انگلیسی' }, path.join(dir, 'german.m4a'), nameOf)).toEqual({ code: 'en', name: 'انگلیسی' });
  });

  it("falls back to the source's language tag, named in Persian", async () => {
    expect(await originalLanguageOf({ code: null, name: null }, path.join(dir, 'german.m4a'), nameOf)).toEqual({ code: 'de', name: 'آلمانی' });
  });

  it('knows nothing when neither says', async () => {
    expect(await originalLanguageOf({ code: null, name: null }, path.join(dir, 'plain.m4a'), nameOf)).toEqual({ code: null, name: null });
  });
});

describe('editionsOf', () => {
  const request = { video: '/v.mp4', subtitles: [], audio: [{ kind: 'original' as const }, { kind: 'dub' as const, studio: ' سورن ', file: '/d.m4a' }] };

  it('names the original by its language and the dub by its studio, as every screen does', () => {
    const { packaging, kept } = editionsOf(request, { code: 'en', name: 'انگلیسی' });
    expect(packaging.map((a) => [a.id, a.label, a.language, a.default])).toEqual([
      ['orig', 'صدای اصلی — انگلیسی', 'en', true],
      ['dub1', 'دوبلهٔ فارسی — سورن', 'fa', false],
    ]);
    expect(kept.map((a) => a.studio)).toEqual([null, 'سورن']);
  });

  it('calls an original of unknown language «صدای اصلی», tagged undetermined', () => {
    const { packaging } = editionsOf({ ...request, audio: [] }, { code: null, name: null });
    expect(packaging).toEqual([{ id: 'orig', label: 'صدای اصلی', language: 'und', default: true }]);
  });
});

describe('ingestStage', () => {
  it("names the part of the job each percent belongs to, for the command line's progress line", () => {
    expect(ingestStage('queued', 0)).toBe('waiting for a worker');
    expect([0, 50, 85, 86, 89, 90, 98, 99].map((p) => ingestStage('running', p))).toEqual([
      'encoding',
      'encoding',
      'encoding',
      'poster and screenshots',
      'poster and screenshots',
      'download files',
      'download files',
      'saving',
    ]);
    expect(ingestStage('done', 100)).toBe('packaged');
  });
});
