import fs from 'node:fs';
import path from 'node:path';
import { dubLabel, parseWebVttCues, persianCueText, type HlsManifest } from '@parde/media';
import { describe, expect, it } from 'vitest';
import { readSeedMedia } from './seed-media';

/**
 * The demo media committed under apps/api/seed/media is what a fresh site plays and hands out
 * as downloads, read as it is by Safari's own player: its Persian subtitles and edition names
 * must be what the packager writes today.
 */
const seedDir = path.resolve(import.meta.dirname, '../../../seed/media');
const entries = readSeedMedia(seedDir);
const vttFiles = (key: string) =>
  fs
    .readdirSync(path.join(seedDir, key, 's-fa'))
    .filter((n) => n.endsWith('.vtt'))
    .map((n) => path.join(seedDir, key, 's-fa', n));

describe('the committed demo media', () => {
  it('is there', () => {
    expect(entries.map((e) => e.key).sort()).toEqual(['tt0038650', 'tt0111161', 'tt990010101', 'tt990010102']);
  });

  it.each(entries.map((e) => e.key))('%s: Persian cue text in Persian digits and letters, timings and headers as players read them', (key) => {
    for (const file of vttFiles(key)) {
      const vtt = fs.readFileSync(file, 'utf8');
      const cues = parseWebVttCues(vtt);
      expect(cues.length, file).toBeGreaterThan(0);
      for (const cue of cues) {
        expect(cue.text, file).toBe(persianCueText(cue.text));
        expect(cue.text, file).not.toMatch(/[0-9يك]/);
      }
      // Timing lines and the segment header keep Latin digits.
      expect(vtt).toMatch(/^WEBVTT\n/);
      expect(vtt).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}$/m);
      if (path.basename(file) !== 'subs.vtt') expect(vtt).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
    }
    // The Windows-1256 file: Latin digits, a comma and % before packaging.
    if (key === 'tt0111161') expect(fs.readFileSync(path.join(seedDir, key, 's-fa', 'subs.vtt'), 'utf8')).toContain('قیمت: ۴۹٬۰۰۰ تومان (با تخفیف ۱۵٪).');
  });

  it.each(entries.map((e) => e.key))('%s: editions named as the packager names them, in the index, the manifest and the master playlist', (key) => {
    const entry = entries.find((e) => e.key === key)!;
    const manifest = JSON.parse(fs.readFileSync(path.join(seedDir, key, 'manifest.json'), 'utf8')) as HlsManifest;
    const master = fs.readFileSync(path.join(seedDir, key, 'master.m3u8'), 'utf8');
    expect(entry.audio.map((a) => a.label)).toEqual(entry.audio.map((a) => (a.studio ? dubLabel(a.studio) : 'صدای اصلی — انگلیسی')));
    expect(manifest.audio.map((a) => a.label)).toEqual(entry.audio.map((a) => a.label));
    for (const a of entry.audio) expect(master).toContain(`NAME="${a.label}",LANGUAGE="${a.language}"`);
    expect(master).not.toContain('دوبله‌ی');
  });

  it.each(entries.map((e) => e.key))('%s: its size as the packager counts it (all but the manifest and the downloads)', (key) => {
    const entry = entries.find((e) => e.key === key)!;
    const dir = path.join(seedDir, key);
    const bytes = fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && !(e.parentPath === dir && e.name === 'manifest.json') && e.parentPath !== path.join(dir, 'dl'))
      .reduce((n, e) => n + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
    expect(entry.totalBytes).toBe(bytes);
  });
});
