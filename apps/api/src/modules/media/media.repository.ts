import type { PlayInfo } from '@parde/contract';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../../db/executor';
import { mediaIngests } from '../../db/schema/index';
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

/** What an ingest packages for: the title (or episode), its asset key, and the title's original language. */
export type IngestTargetRow = {
  title_id: number;
  episode_id: number | null;
  request: unknown;
  title_imdb: string;
  episode_imdb: string | null;
  lang: string | null;
  lang_name: string | null;
};

/** An asset row as an ingest or the demo media writes it; the JSON columns arrive as JSON text. */
export interface AssetValues {
  key: string;
  titleId: number;
  episodeId: number | null;
  durationSec: number;
  renditions: string;
  audio: string;
  subtitles: string;
  screenshots: number;
  introStartSec: number | null;
  introEndSec: number | null;
  totalBytes: number;
}

/** One row of the files page. */
export interface FileRowValues {
  titleId: number;
  episodeId: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  quality: string;
  sizeMb: number;
  dubId: number | null;
  subtitles: string[];
  durationSec: number;
}

/** Ingests (`media_ingests`) and what they write: assets, dubs and the files page's rows. */
export class IngestsRepository {
  async create(db: Executor, titleId: number, episodeId: number | null, request: unknown): Promise<number> {
    const [row] = await db.insert(mediaIngests).values({ titleId, episodeId, request }).returning({ id: mediaIngests.id });
    return row!.id;
  }

  async setJob(db: Executor, id: number, jobId: string | null): Promise<void> {
    await db.update(mediaIngests).set({ jobId }).where(eq(mediaIngests.id, id));
  }

  async state(db: Executor, id: number): Promise<{ status: string; progress: number; error: string | null } | undefined> {
    const [row] = await db.select({ status: mediaIngests.status, progress: mediaIngests.progress, error: mediaIngests.error }).from(mediaIngests).where(eq(mediaIngests.id, id));
    return row;
  }

  /** The pg-boss job's own state (hand-written: pg-boss's table is not in our schema). */
  async jobState(db: Executor, id: number): Promise<string | undefined> {
    const { rows } = await db.execute<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE id = (SELECT job_id FROM media_ingests WHERE id = ${id})`);
    return rows[0]?.state;
  }

  /** Takes the ingest for this worker (again after a failure or a dead worker); false when it is done or gone. */
  async claim(db: Executor, id: number, worker: string): Promise<boolean> {
    const rows = await db
      .update(mediaIngests)
      .set({ status: 'running', progress: 0, error: null, worker, attempts: sql`${mediaIngests.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(mediaIngests.id, id), sql`${mediaIngests.status} IN ('queued', 'running', 'failed')`))
      .returning({ id: mediaIngests.id });
    return rows.length > 0;
  }

  async target(db: Executor, id: number): Promise<IngestTargetRow | undefined> {
    // Hand-written: a lateral join picks the title's first original language with its Persian name.
    const { rows } = await db.execute<IngestTargetRow>(sql`
      SELECT i.title_id, i.episode_id, i.request, t.imdb_id AS title_imdb, e.imdb_id AS episode_imdb, o.language_code AS lang, o.name_fa AS lang_name
      FROM media_ingests i JOIN titles t ON t.id = i.title_id LEFT JOIN episodes e ON e.id = i.episode_id
      LEFT JOIN LATERAL (SELECT l.language_code, n.name_fa FROM title_languages l LEFT JOIN languages n ON n.code = l.language_code
                         WHERE l.title_id = t.id ORDER BY l.position LIMIT 1) o ON true
      WHERE i.id = ${id}`);
    return rows[0];
  }

  async languageName(db: Executor, code: string): Promise<string | null> {
    const { rows } = await db.execute<{ name_fa: string }>(sql`SELECT name_fa FROM languages WHERE code = ${code}`);
    return rows[0]?.name_fa ?? null;
  }

  /** Progress only grows; it doubles as the heartbeat. */
  async progress(db: Executor, id: number, percent: number): Promise<void> {
    await db
      .update(mediaIngests)
      .set({ progress: sql`greatest(${mediaIngests.progress}, ${percent})`, updatedAt: sql`now()` })
      .where(and(eq(mediaIngests.id, id), eq(mediaIngests.status, 'running')));
  }

  async fail(db: Executor, id: number, error: string): Promise<void> {
    await db.update(mediaIngests).set({ status: 'failed', error, updatedAt: sql`now()` }).where(eq(mediaIngests.id, id));
  }

  async done(tx: Executor, id: number, assetId: number): Promise<void> {
    await tx.update(mediaIngests).set({ status: 'done', progress: 100, assetId, error: null, updatedAt: sql`now()` }).where(eq(mediaIngests.id, id));
  }

  /** The title's dub by this studio, made or with its language brought up to date. */
  async upsertDub(tx: Executor, titleId: number, studio: string, language: string): Promise<number> {
    // Hand-written: ON CONFLICT on the (title, studio) index that answers the existing row's id too.
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO dubs (title_id, studio, language) VALUES (${titleId}, ${studio}, ${language})
      ON CONFLICT (title_id, studio) DO UPDATE SET language = excluded.language RETURNING id`);
    return rows[0]!.id;
  }

  /** The packaged asset of a title or episode, replacing whatever it had. */
  async replaceAsset(tx: Executor, a: AssetValues): Promise<number> {
    // Hand-written: the episode is matched with IS NOT DISTINCT FROM (a movie's is null), and the key's row is taken over whole.
    await tx.execute(sql`DELETE FROM media_assets WHERE title_id = ${a.titleId} AND episode_id IS NOT DISTINCT FROM ${a.episodeId}`);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO media_assets (key, title_id, episode_id, location, duration_sec, renditions, audio, subtitles, screenshots, intro_start_sec, intro_end_sec, total_bytes)
      VALUES (${a.key}, ${a.titleId}, ${a.episodeId}, 'data', ${a.durationSec}, ${a.renditions}, ${a.audio}, ${a.subtitles}, ${a.screenshots}, ${a.introStartSec}, ${a.introEndSec}, ${a.totalBytes})
      ON CONFLICT (key) DO UPDATE SET title_id = excluded.title_id, episode_id = excluded.episode_id, location = 'data', duration_sec = excluded.duration_sec,
        renditions = excluded.renditions, audio = excluded.audio, subtitles = excluded.subtitles, screenshots = excluded.screenshots,
        intro_start_sec = excluded.intro_start_sec, intro_end_sec = excluded.intro_end_sec, total_bytes = excluded.total_bytes, created_at = now()
      RETURNING id`);
    return rows[0]!.id;
  }

  /** A demo asset served from the repository, unless its key or its title (or episode) has media already; false then. */
  async insertSeedAsset(tx: Executor, a: AssetValues): Promise<boolean> {
    // Hand-written: INSERT … SELECT … WHERE NOT EXISTS checks the key and the title's slot in one statement.
    const inserted = await tx.execute(sql`
      INSERT INTO media_assets (key, title_id, episode_id, location, duration_sec, renditions, audio, subtitles, screenshots, intro_start_sec, intro_end_sec, total_bytes)
      SELECT ${a.key}, ${a.titleId}, ${a.episodeId}, 'seed', ${a.durationSec}, ${a.renditions}, ${a.audio}, ${a.subtitles}, ${a.screenshots}, ${a.introStartSec}, ${a.introEndSec}, ${a.totalBytes}
      WHERE NOT EXISTS (SELECT 1 FROM media_assets WHERE key = ${a.key} OR (title_id = ${a.titleId} AND coalesce(episode_id, 0) = coalesce(${a.episodeId}::int, 0)))`);
    return (inserted.rowCount ?? 0) > 0;
  }

  /** A demo asset takes up what a newer checkout says of the same files; false when nothing changed. */
  async refreshSeedAsset(tx: Executor, key: string, audio: string, totalBytes: number): Promise<boolean> {
    const refreshed = await tx.execute(sql`
      UPDATE media_assets SET audio = ${audio}, total_bytes = ${totalBytes}
      WHERE key = ${key} AND location = 'seed' AND (audio IS DISTINCT FROM ${audio}::jsonb OR total_bytes IS DISTINCT FROM ${totalBytes})`);
    return (refreshed.rowCount ?? 0) > 0;
  }

  /** The title, and the episode when one is asked for (null when it has no such episode), by IMDb ids and numbers. */
  async titleByImdb(db: Executor, tconst: string, season: number | null, episode: number | null): Promise<{ title_id: number; episode_id: number | null } | undefined> {
    const { rows } = await db.execute<{ title_id: number; episode_id: number | null }>(sql`
      SELECT t.id AS title_id, e.id AS episode_id FROM titles t
      LEFT JOIN episodes e ON e.title_id = t.id AND e.season_number = ${season} AND e.episode_number = ${episode}
      WHERE t.imdb_id = ${tconst}`);
    return rows[0];
  }

  async episodeNumbers(tx: Executor, episodeId: number): Promise<{ season_number: number; episode_number: number } | undefined> {
    const { rows } = await tx.execute<{ season_number: number; episode_number: number }>(sql`SELECT season_number, episode_number FROM episodes WHERE id = ${episodeId}`);
    return rows[0];
  }

  async deleteFileRows(tx: Executor, titleId: number, episodeId: number | null): Promise<void> {
    await tx.execute(sql`DELETE FROM media_files WHERE title_id = ${titleId} AND episode_id IS NOT DISTINCT FROM ${episodeId}`);
  }

  async insertFileRow(tx: Executor, f: FileRowValues): Promise<void> {
    await tx.execute(sql`
      INSERT INTO media_files (title_id, episode_id, season_number, episode_number, quality, size_mb, codec, source, dub_id, subtitles, duration_sec)
      VALUES (${f.titleId}, ${f.episodeId}, ${f.seasonNumber}, ${f.episodeNumber}, ${f.quality}, ${f.sizeMb}, 'H.264', 'HLS', ${f.dubId}, ${sql.param(f.subtitles)}, ${f.durationSec})`);
  }

  async markDubbed(tx: Executor, titleId: number): Promise<void> {
    await tx.execute(sql`UPDATE titles SET has_dub = true WHERE id = ${titleId}`);
  }
}
