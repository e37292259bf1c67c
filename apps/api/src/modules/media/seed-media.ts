/**
 * The demo titles' media, shipped in `apps/api/seed/media` (made by `npm run media:demo`): at
 * start each entry whose title is in the catalogue and has no media yet becomes a media asset
 * served from there, with its files rows — so a fresh `npm start` can play without ffmpeg.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import type { AssetAudio, AssetRendition, AssetSubtitle } from '../../db/schema/media';
import { catalogueChangedHere } from '../../lib/catalogue-version';
import { writeFileRows } from './ingest';

export interface SeedMediaEntry {
  key: string;
  tconst: string;
  episode: { season: number; episode: number } | null;
  durationSec: number;
  renditions: AssetRendition[];
  audio: AssetAudio[];
  subtitles: AssetSubtitle[];
  screenshots: number;
  intro: { start: number; end: number } | null;
  totalBytes: number;
}

export function readSeedMedia(seedDir: string): SeedMediaEntry[] {
  const file = path.join(seedDir, 'index.json');
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as SeedMediaEntry[]).filter((e) => fs.existsSync(path.join(seedDir, e.key, 'master.m3u8')));
}

/** Registers the demo media that is missing, and refreshes what changed; answers how many assets it added or changed. */
export async function registerSeedMedia(database: Database, seedDir: string): Promise<number> {
  const entries = readSeedMedia(seedDir);
  if (entries.length === 0) return 0;
  const client = await database.pool.connect();
  let added = 0;
  try {
    await client.query('BEGIN');
    for (const e of entries) {
      const { rows } = await client.query<{ title_id: number; episode_id: number | null }>(
        `SELECT t.id AS title_id, e.id AS episode_id FROM titles t
         LEFT JOIN episodes e ON e.title_id = t.id AND e.season_number = $2 AND e.episode_number = $3
         WHERE t.imdb_id = $1`,
        [e.tconst, e.episode?.season ?? null, e.episode?.episode ?? null],
      );
      const target = rows[0];
      if (!target || (e.episode && !target.episode_id)) continue;
      const inserted = await client.query(
        `INSERT INTO media_assets (key, title_id, episode_id, location, duration_sec, renditions, audio, subtitles, screenshots, intro_start_sec, intro_end_sec, total_bytes)
         SELECT $1, $2, $3, 'seed', $4, $5, $6, $7, $8, $9, $10, $11
         WHERE NOT EXISTS (SELECT 1 FROM media_assets WHERE key = $1 OR (title_id = $2 AND coalesce(episode_id, 0) = coalesce($3::int, 0)))`,
        [
          e.key,
          target.title_id,
          target.episode_id,
          e.durationSec,
          JSON.stringify(e.renditions),
          JSON.stringify(e.audio),
          JSON.stringify(e.subtitles),
          e.screenshots,
          e.intro?.start ?? null,
          e.intro?.end ?? null,
          e.totalBytes,
        ],
      );
      if (inserted.rowCount === 0) {
        // Already served from the repository: take up what a newer checkout says of the same
        // files (edition names, sizes), so the player names them as the files themselves do.
        const refreshed = await client.query(
          `UPDATE media_assets SET audio = $2, total_bytes = $3
           WHERE key = $1 AND location = 'seed' AND (audio IS DISTINCT FROM $2::jsonb OR total_bytes IS DISTINCT FROM $3)`,
          [e.key, JSON.stringify(e.audio), e.totalBytes],
        );
        if (refreshed.rowCount) added++;
        continue;
      }
      const dubIds = new Map<string, number>();
      for (const a of e.audio.filter((x) => x.studio)) {
        const dub = await client.query<{ id: number }>(
          `INSERT INTO dubs (title_id, studio, language) VALUES ($1, $2, $3) ON CONFLICT (title_id, studio) DO UPDATE SET language = excluded.language RETURNING id`,
          [target.title_id, a.studio, a.language],
        );
        dubIds.set(a.id, dub.rows[0]!.id);
      }
      await writeFileRows(client, { titleId: target.title_id, episodeId: target.episode_id }, { renditions: e.renditions, subtitles: e.subtitles, durationSeconds: e.durationSec }, e.audio, dubIds);
      added++;
    }
    if (added > 0) await client.query('UPDATE search_index_state SET version = version + 1 WHERE id = 1');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  if (added > 0) catalogueChangedHere();
  return added;
}
