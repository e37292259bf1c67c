/**
 * The demo titles' media, shipped in `apps/api/seed/media` (made by `npm run media:demo`): at
 * start each entry whose title is in the catalogue and has no media yet becomes a media asset
 * served from there, with its files rows — so a fresh `npm start` can play without ffmpeg.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bumpCatalogueVersion } from '../../db/catalogue-version-store';
import type { Database } from '../../db/client';
import type { AssetAudio, AssetRendition, AssetSubtitle } from '../../db/schema/media';
import { catalogueChangedHere } from '../../lib/catalogue-version';
import { writeFileRows } from './ingest';
import { IngestsRepository } from './media.repository';

const repo = new IngestsRepository();

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
  const added = await database.db.transaction(async (tx) => {
    let added = 0;
    for (const e of entries) {
      const target = await repo.titleByImdb(tx, e.tconst, e.episode?.season ?? null, e.episode?.episode ?? null);
      if (!target || (e.episode && !target.episode_id)) continue;
      const inserted = await repo.insertSeedAsset(tx, {
        key: e.key,
        titleId: target.title_id,
        episodeId: target.episode_id,
        durationSec: e.durationSec,
        renditions: JSON.stringify(e.renditions),
        audio: JSON.stringify(e.audio),
        subtitles: JSON.stringify(e.subtitles),
        screenshots: e.screenshots,
        introStartSec: e.intro?.start ?? null,
        introEndSec: e.intro?.end ?? null,
        totalBytes: e.totalBytes,
      });
      if (!inserted) {
        // Already served from the repository: take up what a newer checkout says of the same
        // files (edition names, sizes), so the player names them as the files themselves do.
        if (await repo.refreshSeedAsset(tx, e.key, JSON.stringify(e.audio), e.totalBytes)) added++;
        continue;
      }
      const dubIds = new Map<string, number>();
      for (const a of e.audio.filter((x) => x.studio)) dubIds.set(a.id, await repo.upsertDub(tx, target.title_id, a.studio!, a.language));
      await writeFileRows(tx, { titleId: target.title_id, episodeId: target.episode_id }, { renditions: e.renditions, subtitles: e.subtitles, durationSeconds: e.durationSec }, e.audio, dubIds);
      added++;
    }
    if (added > 0) await bumpCatalogueVersion(tx);
    return added;
  });
  if (added > 0) catalogueChangedHere();
  return added;
}
