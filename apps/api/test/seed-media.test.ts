import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSeedMedia, type SeedMediaEntry } from '../src/modules/media/seed-media';
import { loadFixtureCatalogue } from './helpers/catalogue';
import { createTestDatabase } from './helpers/database';

/**
 * Demo media served from the repository: registered once at start, and brought up to date when
 * a newer checkout names the same files differently (a site started before the edition names
 * were corrected shows the new names, as its master playlists already do).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let seedDir: string;

const entry = (label: string, totalBytes: number): SeedMediaEntry => ({
  key: 'tt0000001',
  tconst: 'tt0000001',
  episode: null,
  durationSec: 8,
  renditions: [{ height: 360, width: 640, label: '360p', bandwidth: 180_000, bytes: 100_000 }],
  audio: [
    { id: 'orig', label: 'صدای اصلی — انگلیسی', language: 'en', default: true, studio: null, bytes: 50_000 },
    { id: 'dub1', label, language: 'fa', default: false, studio: 'سورن', bytes: 50_000 },
  ],
  subtitles: [{ language: 'fa', label: 'فارسی' }],
  screenshots: 0,
  intro: null,
  totalBytes,
});
const writeIndex = (e: SeedMediaEntry) => fs.writeFileSync(path.join(seedDir, 'index.json'), JSON.stringify([e]));

beforeAll(async () => {
  database = await createTestDatabase();
  await loadFixtureCatalogue(database);
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-seed-media-'));
  fs.mkdirSync(path.join(seedDir, 'tt0000001'));
  fs.writeFileSync(path.join(seedDir, 'tt0000001', 'master.m3u8'), '#EXTM3U\n');
}, 120_000);
afterAll(async () => {
  await database?.drop();
  if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
});

describe('registerSeedMedia', () => {
  it('registers once, then takes up the names and sizes a newer checkout gives the same files', async () => {
    writeIndex(entry('دوبله‌ی فارسی — سورن', 200_000));
    expect(await registerSeedMedia(database, seedDir)).toBe(1);
    expect(await registerSeedMedia(database, seedDir)).toBe(0);

    writeIndex(entry('دوبلهٔ فارسی — سورن', 200_040));
    expect(await registerSeedMedia(database, seedDir)).toBe(1);
    const { rows } = await database.pool.query<{ audio: { label: string }[]; total_bytes: string | number; n: number }>(
      `SELECT audio, total_bytes, (SELECT count(*)::int FROM media_files f JOIN titles t ON t.id = f.title_id WHERE t.imdb_id = 'tt0000001') AS n
       FROM media_assets WHERE key = 'tt0000001'`,
    );
    expect(rows[0]!.audio.map((a) => a.label)).toEqual(['صدای اصلی — انگلیسی', 'دوبلهٔ فارسی — سورن']);
    expect(Number(rows[0]!.total_bytes)).toBe(200_040);
    // The files page's rows were written once, not again.
    expect(rows[0]!.n).toBe(2);
    expect(await registerSeedMedia(database, seedDir)).toBe(0);
  });
});
