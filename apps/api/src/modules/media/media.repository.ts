import type { PlayInfo } from '@parde/contract';
import type pg from 'pg';
import type { AssetAudio, AssetRendition, AssetSubtitle } from '../../db/schema/media';
import { kidsAnd } from '../catalogue/kids';

export interface AssetRow {
  id: number;
  key: string;
  location: 'data' | 'seed';
  titleId: number;
  episodeId: number | null;
  episode: PlayInfo['episode'];
  durationSec: number;
  renditions: AssetRendition[];
  audio: AssetAudio[];
  subtitles: AssetSubtitle[];
  screenshots: number;
  introStartSec: number | null;
  introEndSec: number | null;
}

const ASSET_COLUMNS = `a.id, a.key, a.location, a.title_id, a.episode_id, a.duration_sec, a.renditions, a.audio, a.subtitles, a.screenshots, a.intro_start_sec, a.intro_end_sec,
  e.season_number, e.episode_number, e.name_fa, e.name_en`;

interface Row {
  id: number;
  key: string;
  location: 'data' | 'seed';
  title_id: number;
  episode_id: number | null;
  duration_sec: number;
  renditions: AssetRendition[];
  audio: AssetAudio[];
  subtitles: AssetSubtitle[];
  screenshots: number;
  intro_start_sec: number | null;
  intro_end_sec: number | null;
  season_number: number | null;
  episode_number: number | null;
  name_fa: string | null;
  name_en: string | null;
}

const toAsset = (r: Row): AssetRow => ({
  id: r.id,
  key: r.key,
  location: r.location,
  titleId: r.title_id,
  episodeId: r.episode_id,
  episode: r.episode_id ? { id: r.episode_id, seasonNumber: r.season_number!, episodeNumber: r.episode_number!, nameFa: r.name_fa, nameEn: r.name_en } : null,
  durationSec: r.duration_sec,
  renditions: r.renditions,
  audio: r.audio,
  subtitles: r.subtitles,
  screenshots: r.screenshots,
  introStartSec: r.intro_start_sec,
  introEndSec: r.intro_end_sec,
});

/** Resume from where the member stopped, unless that was the last minute (then from the start). */
const NEAR_THE_END_SEC = 60;

export class MediaRepository {
  constructor(private readonly pool: pg.Pool) {}

  async assetByKey(key: string): Promise<AssetRow | null> {
    const { rows } = await this.pool.query<Row>(`SELECT ${ASSET_COLUMNS} FROM media_assets a LEFT JOIN episodes e ON e.id = a.episode_id WHERE a.key = $1`, [key]);
    return rows[0] ? toAsset(rows[0]) : null;
  }

  /**
   * A movie's media, or an episode's. For a series without an episode named: the episode the
   * member should watch is the caller's choice; here, its first playable episode.
   */
  async assetFor(titleId: number, episodeId: number | null): Promise<AssetRow | null> {
    const { rows } = await this.pool.query<Row>(
      `SELECT ${ASSET_COLUMNS} FROM media_assets a LEFT JOIN episodes e ON e.id = a.episode_id
       WHERE a.title_id = $1 AND ($2::int IS NULL OR a.episode_id = $2)
       ORDER BY a.episode_id IS NOT NULL, e.season_number, e.episode_number LIMIT 1`,
      [titleId, episodeId],
    );
    return rows[0] ? toAsset(rows[0]) : null;
  }

  /** Every asset of a title: the movie's, or each episode's in order. */
  async assetsOfTitle(titleId: number): Promise<AssetRow[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT ${ASSET_COLUMNS} FROM media_assets a LEFT JOIN episodes e ON e.id = a.episode_id WHERE a.title_id = $1 ORDER BY e.season_number NULLS FIRST, e.episode_number`,
      [titleId],
    );
    return rows.map(toAsset);
  }

  /** A public title (for a kids profile: one rated for children). */
  async titleExists(titleId: number, kids = false): Promise<boolean> {
    return (await this.pool.query(`SELECT 1 FROM titles t WHERE t.id = $1 AND t.published${kidsAnd(kids)}`, [titleId])).rowCount === 1;
  }

  /** Where this profile stopped in the title or episode (0 near the end: it starts over). */
  async resumeAt(profileId: number, titleId: number, episodeId: number | null, durationSec: number): Promise<number> {
    const { rows } = await this.pool.query<{ position_sec: number }>(
      'SELECT position_sec FROM watch_history WHERE profile_id = $1 AND title_id = $2 AND coalesce(episode_id, 0) = coalesce($3::int, 0)',
      [profileId, titleId, episodeId],
    );
    const at = rows[0]?.position_sec ?? 0;
    return at > 0 && at < durationSec - Math.min(NEAR_THE_END_SEC, durationSec * 0.1) ? at : 0;
  }

  /** The next episode that can be played: the same season's next one, or the next season's first. */
  async nextEpisode(episodeId: number): Promise<PlayInfo['next']> {
    const { rows } = await this.pool.query<{ id: number; season_number: number; episode_number: number; name_fa: string | null; name_en: string | null }>(
      `SELECT n.id, n.season_number, n.episode_number, n.name_fa, n.name_en
       FROM episodes c JOIN episodes n ON n.title_id = c.title_id AND (n.season_number, n.episode_number) > (c.season_number, c.episode_number)
       WHERE c.id = $1 AND EXISTS (SELECT 1 FROM media_assets a WHERE a.episode_id = n.id)
       ORDER BY n.season_number, n.episode_number LIMIT 1`,
      [episodeId],
    );
    const n = rows[0];
    return n ? { id: n.id, seasonNumber: n.season_number, episodeNumber: n.episode_number, nameFa: n.name_fa, nameEn: n.name_en } : null;
  }
}
